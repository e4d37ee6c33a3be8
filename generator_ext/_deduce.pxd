# The deduction engine: a solver that reasons like a person, one technique at a time.
from libc.stdint cimport int8_t, uint32_t

from generator_ext._core cimport MAX_N, Board
from generator_ext._marks cimport Marks

cdef enum:
    # Techniques, easiest first (docs/architecture.md §5).
    T_LAST_CELL = 1
    T_NEIGHBOURS = 2
    T_CONFINEMENT = 3
    T_GROUP = 4
    T_ELIMINATION = 5
    T_CONTRADICTION = 6
    # What a closure ends in.
    STATUS_OPEN = 0
    STATUS_CONTRADICTION = 1
    STATUS_SOLVED = 2
    # Tiers, by code: 0 none (logic cannot finish), 1 easy .. 4 expert.
    TIER_EASY = 1
    TIER_EXPERT = 4


# The one tier-technique mapping: a tier is named by the hardest technique it needs (easy:
# up to confinement, 3; medium: group confinement, 4; hard: elimination, 5; expert:
# contradiction, 6). Everything else, compiled or Python, derives from these two.
cdef inline int tier_technique(int tier) noexcept nogil:
    """The hardest technique a level of this tier needs."""
    return tier + T_CONFINEMENT - TIER_EASY


cdef inline int technique_tier(int technique) noexcept nogil:
    """The tier of a level whose hardest technique is this one."""
    return TIER_EASY if technique <= T_CONFINEMENT else technique - T_CONFINEMENT + TIER_EASY


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


cdef int closure(const Board* b, Marks* m, int level) noexcept nogil
cdef int next_step(const Board* b, Marks* m, StepRec* s) noexcept nogil
cdef void apply_step(const Board* b, Marks* m, const StepRec* s) noexcept nogil
cdef int logic_tier(const Board* b) noexcept nogil
cdef int residue(const Board* b, int level, uint32_t* undecided) noexcept nogil
