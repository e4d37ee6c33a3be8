# The Python entry points of the exact solver.
from libc.stdint cimport int8_t, uint64_t

from generator_ext._core cimport MAX_N, Board, check_stars_c, load_board
from generator_ext._search cimport Search, State, count_board, search_init, search_run, state_init

from generator_ext._stars_logic import count_after_closure_raw

# k-star counts search from the marks of all seven techniques: a level that logic finishes
# is counted without a search (the plain counter took minutes on some 16×16 3★ levels).
COUNT_LEVEL = 7
# And they first try short searches, the first in the counter's order, the others branching at
# random, in rounds of growing budgets: on some planted 16×16 3★ maps with two solutions the
# fixed order took 10-80 s where a random restart found both in under a second (CP-SAT,
# tests/engine/stars_cpsat.py, took 0.1-0.35 s). Only when every short search runs out (on
# those 40 maps none did) does one go on to the end; the rounds cost about 2 M nodes then.
RESTART_ROUNDS = ((16, 20_000), (8, 200_000))  # (searches, nodes each)
RESTART_SEED = 1


def count_stars(regions, stars, limit, node_budget=0):
    """count_after_closure_raw's (count, first two solutions, nodes, aborted) from all seven
    techniques' marks: the short rounds, then one search of `node_budget` nodes (0: none)."""
    nodes = 0
    for round_, (tries, budget) in enumerate(RESTART_ROUNDS):
        count, found, spent, aborted = count_after_closure_raw(
            regions, stars, limit, budget, COUNT_LEVEL, tries, RESTART_SEED + round_)
        nodes += spent
        if not aborted:
            return count, found, nodes, aborted
    count, found, spent, aborted = count_after_closure_raw(regions, stars, limit, node_budget,
                                                           COUNT_LEVEL)
    return count, found, nodes + spent, aborted


def count_solutions(regions, rule="touch", limit=2, stars=1) -> int:
    """The exact number of solutions, counting stops once it reaches `limit` (None: no limit).
    `stars`: stars per row, column and region (Star Battle; 1 is Queens)."""
    cdef Board b
    cdef uint64_t cap
    cdef uint64_t found
    if limit is None:
        cap = <uint64_t>-1
    elif isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive integer or None, not {limit!r}")
    else:
        cap = <uint64_t>min(limit, 2**63)
    cdef int n = load_board(regions, rule, &b)
    if check_stars_c(stars, n, b.rule) > 1:
        return count_stars(regions, stars, cap)[0]
    with nogil:
        found = count_board(&b, cap, 0, NULL, NULL)
    return found


def solve(regions, rule="touch", stars=1):
    """A solution as solution[row] = column (with `stars` > 1: solution[row] = the sorted
    columns of that row's stars), or None when the puzzle has none."""
    cdef Board b
    cdef int8_t first[MAX_N]
    cdef uint64_t found
    cdef int n = load_board(regions, rule, &b)
    if check_stars_c(stars, n, b.rule) > 1:
        count, found_rows, _, _ = count_stars(regions, stars, 1)
        return found_rows[0] if count else None
    with nogil:
        found = count_board(&b, 1, 0, first, NULL)
    if not found:
        return None
    return [first[i] for i in range(n)]


def count_with_nodes(regions, rule="touch", limit=2):
    """(solutions up to limit, search nodes visited): for benchmarks and tuning."""
    cdef Board b
    cdef State s
    cdef Search q
    cdef uint64_t cap = limit
    load_board(regions, rule, &b)
    with nogil:
        state_init(&b, &s)
        search_init(&q, cap, 0)
        search_run(&b, &s, &q)
    return q.count, q.nodes


def two_solutions(regions, rule="touch", node_budget=0):
    """Up to two solutions (solution[row] = column) of a valid map: [], [one] or [one, other].
    A search past `node_budget` nodes (0: none) raises ValueError: a request's board never
    costs more than its budget, whatever it is."""
    cdef Board b
    cdef State s
    cdef Search q
    cdef uint64_t budget = node_budget
    cdef int n = load_board(regions, rule, &b)
    with nogil:
        state_init(&b, &s)
        search_init(&q, 2, budget)
        search_run(&b, &s, &q)
    if q.aborted:
        raise ValueError("this board has too many ways to try for its solutions to be counted "
                         "quickly; give its regions clearer shapes")
    found = []
    if q.count >= 1:
        found.append([q.first[i] for i in range(n)])
    if q.count >= 2:
        found.append([q.second[i] for i in range(n)])
    return found
