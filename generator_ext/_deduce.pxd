# The deduction engine: a solver that reasons like a person, one technique at a time.
from libc.stdint cimport int8_t, uint32_t

from generator_ext._core cimport MAX_N, Board

cdef enum:
    # Techniques, easiest first (DESIGN.md §3).
    T_LAST_CELL = 1
    T_NEIGHBOURS = 2
    T_CONFINEMENT = 3
    T_GROUP = 4
    T_ELIMINATION = 5
    T_CONTRADICTION = 6
    # Units.
    UNIT_ROW = 0
    UNIT_COL = 1
    UNIT_REGION = 2
    # Confinement forms: regions that lie within lines, or lines that lie within regions.
    FORM_REGIONS_IN_LINES = 0
    FORM_LINES_IN_REGIONS = 1
    # What a closure ends in.
    STATUS_OPEN = 0
    STATUS_CONTRADICTION = 1
    STATUS_SOLVED = 2
    # Why an assumption fails.
    WHY_EMPTY_UNIT = 0
    WHY_HALL = 1
    WHY_CLASH = 2


cdef struct Marks:
    # A board state: open (unknown) cells by row and by column, queens, and solved units.
    uint32_t open[MAX_N]
    uint32_t openT[MAX_N]
    int8_t qcol[MAX_N]      # row -> column of its queen, -1 if none
    uint32_t rows_done
    uint32_t cols_done
    uint32_t regs_done
    uint32_t fresh          # rows whose queen may still rule out open cells (technique 2)
    bint clash              # two queens share a unit or touch
    # Why the last closure found a contradiction.
    int why
    int why_kind
    int why_id
    int why_line_kind
    uint32_t why_set
    uint32_t why_lines


cdef struct StepRec:
    int tech
    int form                # techniques 3-4
    int unit_kind           # techniques 1 and 5: the unit reasoned about
    int unit_id
    int line_kind           # techniques 3-4: rows (UNIT_ROW) or columns (UNIT_COL)
    uint32_t set_mask       # techniques 3-4: the regions
    uint32_t line_mask      # techniques 3-4: the rows or columns
    int cell                # 1: the queen placed; 2: the queen; 6: the assumed queen
    int why                 # 6: how the assumption fails (WHY_*)
    int why_kind
    int why_id
    int why_line_kind
    uint32_t why_set
    uint32_t why_lines
    uint32_t crosses[MAX_N]
    uint32_t because[MAX_N]


cdef void marks_init(const Board* b, Marks* m) noexcept nogil
cdef void marks_from_states(const Board* b, const int8_t* states, Marks* m) noexcept nogil
cdef void put_queen(const Board* b, Marks* m, int r, int c) noexcept nogil
cdef int closure(const Board* b, Marks* m, int level) noexcept nogil
cdef int next_step(const Board* b, Marks* m, StepRec* s) noexcept nogil
cdef void apply_step(const Board* b, Marks* m, const StepRec* s) noexcept nogil
cdef int logic_tier(const Board* b) noexcept nogil
cdef int residue(const Board* b, int level, uint32_t* undecided) noexcept nogil
