# A planted solution: the queen placement every generator grows its regions around.
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memset

from generator_ext._core cimport MAX_N, RULE_CLASSIC, Board, board_add_cell, board_init
from generator_ext._rng cimport Rng, rng_shuffle


cdef bint plant_row(Rng* rng, int n, bint classic, int r, int8_t* q, uint32_t used,
                    uint64_t* nodes) noexcept nogil:
    cdef int cands[MAX_N]
    cdef int k = 0, c, i
    cdef bint ok
    if r == n:
        return True
    nodes[0] += 1
    if nodes[0] > PLANT_NODE_BUDGET:
        return False
    for c in range(n):
        if (used >> c) & 1:
            continue
        if r > 0 and abs_int(c - q[r - 1]) <= 1:
            continue
        ok = True
        if classic:
            for i in range(r):
                if abs_int(c - q[i]) == r - i:
                    ok = False
                    break
        if ok:
            cands[k] = c
            k += 1
    rng_shuffle(rng, cands, k)
    for i in range(k):
        q[r] = <int8_t>cands[i]
        if plant_row(rng, n, classic, r + 1, q, used | (<uint32_t>1 << cands[i]), nodes):
            return True
    return False


cdef void plant_solution(Rng* rng, int n, bint classic, int8_t* q) noexcept nogil:
    """A random queen placement obeying the rule, by randomized backtracking with restarts."""
    cdef uint64_t nodes
    while True:
        nodes = 0
        if plant_row(rng, n, classic, 0, q, 0, &nodes):
            return


cdef void plant_seeds(Rng* rng, int n, int rule, Board* b, int8_t* q, int* size) noexcept nogil:
    """A random queen placement that obeys the rule, and a one-cell region on each queen."""
    cdef int r
    plant_solution(rng, n, rule == RULE_CLASSIC, q)
    board_init(b, n, rule)
    for r in range(n):
        board_add_cell(b, r, q[r], r)
        size[r] = 1


cdef void relabel(int n, const int8_t* grid, const int8_t* planted, int8_t* out,
                  int8_t* solution) noexcept nogil:
    """Number regions in row-major order of first appearance."""
    cdef int8_t label[MAX_N]
    cdef int next_label = 0, i
    memset(label, -1, sizeof(label))
    for i in range(n * n):
        if label[grid[i]] < 0:
            label[grid[i]] = <int8_t>next_label
            next_label += 1
        out[i] = label[grid[i]]
    for i in range(n):
        solution[i] = planted[i]


cdef int ask_judge(void* judge, int n, const int8_t* grid, const int8_t* q, int tier,
                   GenStats* st) noexcept nogil:
    """The caller's judge of a candidate at its checkpoint: the map relabelled as a finished
    level's would be, and its tier code. `judge` is generate_raw's wrapper (never raises),
    or NULL (no judge: 1). 1 go on, 0 abandon the attempt (counted in st.judged_out), -1 the
    judge raised (kept there): stop the call."""
    cdef int8_t out[MAX_N * MAX_N]
    cdef int8_t solution[MAX_N]
    cdef int verdict
    if judge == NULL:
        return 1
    relabel(n, grid, q, out, solution)
    with gil:
        verdict = (<object>judge)([[out[r * n + c] for c in range(n)] for r in range(n)], tier)
    st.judged_out += verdict == 0
    return verdict
