# The bitmask search shared by the solver and the generator.
from libc.stdint cimport int8_t, uint32_t, uint64_t

cdef extern from *:
    int popcount32 "__builtin_popcount"(unsigned int x) nogil
    int ctz32 "__builtin_ctz"(unsigned int x) nogil

cdef enum:
    MAX_N = 32
    RULE_TOUCH = 0
    RULE_CLASSIC = 1


cdef struct Board:
    # A (possibly partial) region map: cells with region -1 may not hold a queen.
    int n
    int rule
    int8_t region[MAX_N * MAX_N]
    uint32_t reg_rows[MAX_N][MAX_N]  # [g][r]: columns of region g in row r
    uint32_t reg_cols[MAX_N][MAX_N]  # [g][c]: rows of region g in column c
    int rmin[MAX_N]
    int rmax[MAX_N]
    int cmin[MAX_N]
    int cmax[MAX_N]


cdef struct State:
    uint32_t avail[MAX_N]   # row r -> columns that may still take a queen
    uint32_t availT[MAX_N]  # column c -> rows that may still take a queen
    uint32_t rows_left
    uint32_t cols_left
    uint32_t regs_left
    int8_t queens[MAX_N]    # queens[r] = column, -1 while row r is open


cdef struct Search:
    uint64_t limit        # stop once this many solutions are found
    uint64_t node_budget  # 0: unlimited; otherwise abort past this many nodes
    uint64_t count
    uint64_t nodes
    bint aborted
    int8_t first[MAX_N]   # the first solution found
    int8_t second[MAX_N]  # and the second, if any


cdef void board_init(Board* b, int n, int rule) noexcept nogil
cdef void board_add_cell(Board* b, int r, int c, int g) noexcept nogil
cdef void board_remove_cell(Board* b, int r, int c) noexcept nogil
cdef void state_init(const Board* b, State* s) noexcept nogil
cdef bint state_place(const Board* b, State* s, int r, int c) noexcept nogil
cdef void search_init(Search* q, uint64_t limit, uint64_t node_budget) noexcept nogil
cdef void search_run(const Board* b, State* s, Search* q) noexcept nogil
cdef uint64_t count_board(const Board* b, uint64_t limit, uint64_t node_budget,
                          int8_t* first, bint* aborted) noexcept nogil
