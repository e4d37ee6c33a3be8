# The bitmask search shared by the solver and the generator.
from libc.stdint cimport int8_t, uint32_t, uint64_t

from generator_ext._core cimport MAX_N, RULE_CLASSIC, RULE_TOUCH, Board

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


cdef inline bint out_of_nodes(uint64_t* nodes, uint64_t node_budget, bint* aborted) noexcept nogil:
    """Counts a search node: True, and aborted, once past the budget (0: unlimited). The
    k-star counter (_stars) counts its nodes so too."""
    nodes[0] += 1
    if node_budget and nodes[0] > node_budget:
        aborted[0] = True
        return True
    return False


cdef void state_init(const Board* b, State* s) noexcept nogil
cdef bint state_place(const Board* b, State* s, int r, int c) noexcept nogil
cdef void search_init(Search* q, uint64_t limit, uint64_t node_budget) noexcept nogil
cdef void search_run(const Board* b, State* s, Search* q) noexcept nogil
cdef uint64_t count_board(const Board* b, uint64_t limit, uint64_t node_budget,
                          int8_t* first, bint* aborted) noexcept nogil
