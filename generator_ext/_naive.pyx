# The seed's generator exactly: a random flood fill around a planted solution, kept when a
# full count finds it unique. The baseline every benchmark measures against.
from libc.stdint cimport int8_t, uint64_t
from libc.string cimport memset

from generator_ext._core cimport MAX_N, Board, all_regions_connected, board_from_grid, neighbours4
from generator_ext._deduce cimport logic_tier
from generator_ext._plant cimport FULL_COUNT_BUDGET, GenStats, plant_solution, relabel
from generator_ext._rng cimport Rng, rng_below, rng_seed, rng_unit
from generator_ext._search cimport count_board


cdef void naive_partition(Rng* rng, int n, const int8_t* q, int8_t* grid) noexcept nogil:
    """One region seeded on each queen, grown by a multi-source flood fill in which region g
    takes each neighbour with its own probability p[g] in [0.3, 0.5]; cells the fill never
    reached then take the region of a random neighbour."""
    cdef double p[MAX_N]
    cdef int queue[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int own[4]
    cdef int head = 0, tail = 0, cell, k, i, g, m, left
    memset(grid, -1, n * n)
    for g in range(n):
        p[g] = 0.3 + 0.2 * rng_unit(rng)
        grid[g * n + q[g]] = <int8_t>g
        queue[tail] = g * n + q[g]
        tail += 1
    while head < tail:
        cell = queue[head]
        head += 1
        g = grid[cell]
        k = neighbours4(n, cell, nbs)
        for i in range(k):
            if grid[nbs[i]] < 0 and rng_unit(rng) < p[g]:
                grid[nbs[i]] = <int8_t>g
                queue[tail] = nbs[i]
                tail += 1
    left = n * n - tail
    while left > 0:
        for cell in range(n * n):
            if grid[cell] >= 0:
                continue
            k = neighbours4(n, cell, nbs)
            m = 0
            for i in range(k):
                if grid[nbs[i]] >= 0:
                    own[m] = grid[nbs[i]]
                    m += 1
            if m:
                grid[cell] = <int8_t>own[rng_below(rng, m)]
                left -= 1


cdef bint naive_acceptable(int n, int rule, int min_size, const int8_t* grid) noexcept nogil:
    cdef Board b
    cdef bint aborted
    cdef int size[MAX_N]
    cdef int singles = 0, g, cell
    for g in range(n):
        size[g] = 0
    for cell in range(n * n):
        size[grid[cell]] += 1
    for g in range(n):
        if size[g] == 1:
            singles += 1
        if size[g] < min_size:
            return False
    if singles > 1 or not all_regions_connected(n, grid):
        return False
    board_from_grid(&b, n, rule, grid)
    # A count that spends its budget rejects the map, like any other failed check.
    return count_board(&b, 2, FULL_COUNT_BUDGET, NULL, &aborted) == 1 and not aborted


cdef bint gen_naive(Rng* rng, int n, int rule, int min_size, int tier, long max_attempts,
                    int8_t* out, int8_t* solution, GenStats* st) noexcept nogil:
    """The seed's reject-and-retry generator; with `tier` set, its unique maps are also
    rated and kept only at that tier."""
    cdef Board b
    cdef int8_t q[MAX_N]
    cdef int8_t grid[MAX_N * MAX_N]
    while max_attempts <= 0 or st.attempts < max_attempts:
        st.attempts += 1
        plant_solution(rng, n, True, q)
        naive_partition(rng, n, q, grid)
        st.checks += 1
        if naive_acceptable(n, rule, min_size, grid):
            if tier:
                board_from_grid(&b, n, rule, grid)
                if logic_tier(&b) != tier:
                    st.tier_misses += 1
                    continue
                st.tier_found = tier
            relabel(n, grid, q, out, solution)
            return True
    return False


def naive_partition_for_seed(int n, uint64_t seed):
    """The seed's first partition for this seed, before any filter: the solver's benchmark set."""
    cdef Rng rng
    cdef int8_t q[MAX_N]
    cdef int8_t grid[MAX_N * MAX_N]
    rng_seed(&rng, seed)
    with nogil:
        plant_solution(&rng, n, True, q)
        naive_partition(&rng, n, q, grid)
    return [[grid[r * n + c] for c in range(n)] for r in range(n)]
