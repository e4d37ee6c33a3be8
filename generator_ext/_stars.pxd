# The exact solution counter for k stars (Star Battle: k stars in every row, column and
# region, no two touching, diagonals included), for k = 1, 2 or 3 under the touch rule.
from libc.stdint cimport int8_t, uint32_t, uint64_t

from generator_ext._core cimport MAX_N, Board, popcount32
from generator_ext._rng cimport Rng

cdef const uint64_t EVEN_BITS = 0x5555555555555555


cdef inline int fit_in_line(uint32_t cells) noexcept nogil:
    """The most stars that fit, none touching, on a line's open positions `cells` (the one
    home of this count for the compiled k-star code: the counter here, the closures and the
    step finder; stars_logic._fit_in_line is the plain reading's). Taken greedily from the low
    end, which is optimal on a line: every other position of each run of open ones, counted
    without a loop (it is most of what broken() costs). A run is taken from its start, so at
    even positions when it starts at one, else at odd ones; adding its start bit carries
    through the run, which marks the runs that start at even positions."""
    cdef uint64_t x = cells
    cdef uint64_t even_runs = x & ~(x + (x & ~(x << 1) & EVEN_BITS))
    return popcount32(<uint32_t>((even_runs & EVEN_BITS) | (x & ~even_runs & ~EVEN_BITS)))


cdef struct StarState:
    uint32_t open_rows[MAX_N]  # [r]: columns of row r that may still take a star
    uint32_t open_cols[MAX_N]  # [c]: rows of column c that may still take a star
    uint32_t star_rows[MAX_N]  # [r]: columns of row r holding a star
    int8_t need_row[MAX_N]  # stars each row still needs
    int8_t need_col[MAX_N]
    int8_t need_reg[MAX_N]


cdef struct StarSearch:
    int stars
    uint64_t limit
    uint64_t count
    uint64_t nodes
    uint64_t node_budget  # 0: none
    bint aborted
    uint32_t first[MAX_N]  # the first two solutions found, as each row's star columns
    uint32_t second[MAX_N]
    bint randomize  # branch on a random open cell of the tightest unit (random placements)
    int symmetry  # SYMMETRY_*: only placements that are their own image (designed maps)
    Rng rng


cdef enum:
    SYMMETRY_NONE = 0
    SYMMETRY_TURN = 1  # the half turn: (r, c) -> (n-1-r, n-1-c)
    SYMMETRY_DIAGONAL = 2  # the flip about the main diagonal: (r, c) -> (c, r)


cdef void star_state_init(const Board* b, int stars, StarState* s) noexcept nogil
cdef bint star_place(const Board* b, StarState* s, int r, int c) noexcept nogil
cdef void star_cross(const Board* b, StarState* s, int r, int c) noexcept nogil
cdef bint star_propagate(const Board* b, StarState* s) noexcept nogil
cdef void star_search_init(StarSearch* q, int stars, uint64_t limit,
                           uint64_t node_budget) noexcept nogil
cdef void star_search_run(const Board* b, StarState* s, StarSearch* q) noexcept nogil
# A search's found rows (bitmasks) as lists of star columns, as the Python side takes them.
cdef list rows_of(const uint32_t* rows, int n)
