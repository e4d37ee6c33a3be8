# The k-star deduction's closures (_stars_logic.pyx): the marks, the view read off them, and
# what the compiled step finder (_stars_steps.pyx) shares with the closures.
from libc.stdint cimport uint32_t, uint64_t

from generator_ext._core cimport MAX_N, Board, popcount32
from generator_ext._stars cimport fit_in_line

cdef extern from *:
    int ctz64 "__builtin_ctzll"(unsigned long long x) nogil

cdef enum:
    GROUP_MAX = 4  # stars_logic.GROUP_MAX: the most lines or regions a group confinement takes
    SOLVED = 1
    STUCK = 0
    CONTRA = -1

cdef struct Marks:
    uint32_t star[MAX_N]  # [r]: star columns of row r
    uint32_t cross[MAX_N]  # [r]: crossed columns of row r


cdef struct View:
    # Read off the marks once a pass: open cells by row and column, and what each unit needs.
    uint32_t open_r[MAX_N]
    uint32_t open_c[MAX_N]
    int need_r[MAX_N]
    int need_c[MAX_N]
    int need_g[MAX_N]
    int open_g[MAX_N]  # open cells of each region
    uint32_t rows_g[MAX_N]  # rows holding an open cell of region g
    uint32_t cols_g[MAX_N]
    uint32_t regs_r[MAX_N]  # regions with an open cell in row r
    uint32_t regs_c[MAX_N]


cdef struct Changes:
    # The marks added since a point where group confinement found nothing, by unit.
    uint32_t star_rows
    uint32_t star_cols
    uint32_t star_regs
    uint32_t rows  # units holding any cell marked since
    uint32_t cols
    uint32_t regs


cdef void read_view(const Board* b, int k, const Marks* m, View* v) noexcept nogil
cdef int pair_blocks(int n, uint32_t positions) noexcept nogil
cdef bint solved(const Board* b, const View* v) noexcept nogil
cdef void star_with_consequences(const Board* b, int k, Marks* m, int r, int c) noexcept nogil
cdef int closure(const Board* b, int k, Marks* m, int level) noexcept nogil
cdef int closure_from(const Board* b, int k, Marks* m, const Marks* quiet) noexcept nogil
cdef void changes_since(const Board* b, const Marks* m, const Marks* quiet,
                        Changes* d) noexcept nogil
cdef int first_elimination(const Board* b, int k, const Marks* m) noexcept nogil
cdef int load(object regions, object stars, Board* b) except -1
