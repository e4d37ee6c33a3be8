# The generators' shared ground: their statistics, their search budgets, a planted queen
# placement, region relabelling, moving one cell between regions and choosing the best of
# the moves a repair tried.
from libc.math cimport INFINITY, fabs
from libc.stdint cimport int8_t, uint32_t, uint64_t

from generator_ext._core cimport Board, board_add_cell, board_remove_cell, neighbours4
from generator_ext._core cimport region_connected
from generator_ext._rng cimport Rng, rng_below, wins_tie

# Budgets count search nodes and attempts, never seconds, so a seed always gives one level.
cdef enum:
    PLANT_NODE_BUDGET = 20000
    CHECK_NODE_BUDGET = 20000
    # A full count with this many nodes is abandoned with its attempt: no seed runs unbounded.
    FULL_COUNT_BUDGET = 400000
    # The polishes' tries per board side, side by side because they differ on purpose and
    # every seed's level depends on both (one count for both changes the golden levels):
    # _grow's polish runs once a level and draws any cell, where most draws are no legal
    # move; _design's runs on each of a few finished candidates and draws only cells where
    # the symmetry is broken.
    GROW_POLISH_TRIES_PER_N = 30
    DESIGN_POLISH_TRIES_PER_N = 12
    # Growth (which returns its first level) stops once its judge has turned down this many
    # candidates: no level (levels.JudgedOut). The design strategy's judged candidates keep
    # their places among the few it compares (_design.gen_designed), so it needs none.
    JUDGED_OUT_LIMIT = 48


cdef struct GenStats:
    long attempts
    long checks
    long refusals
    long nodes
    long aborts
    long accept_nodes
    long repair_steps
    long leftovers
    long fail_undersized
    long fail_nomove
    long fail_steps
    long tier_misses
    long polish_moves
    long no_solution        # design: compositions with no solution of their own
    long undersized         # design: traced maps with a region below the minimum
    long not_unique         # design: maps make_unique could not mend
    long not_logical        # design: maps the logic repair could not finish
    long judged_out         # candidates the caller's judge turned down (ask_judge)
    int fallback            # design: 1 when no composition came out and growth made the level
    int tier_found          # the tier of the level returned (0: not rated)


cdef inline int abs_int(int x) noexcept nogil:
    return x if x >= 0 else -x


cdef inline void move_cell(Board* b, int* size, int cell, int g) noexcept nogil:
    size[b.region[cell]] -= 1
    board_remove_cell(b, cell // b.n, cell % b.n)
    board_add_cell(b, cell // b.n, cell % b.n, g)
    size[g] += 1


cdef inline bint draw_border_move(Rng* rng, Board* b, const int8_t* q, const int* size,
                                  int min_size, int* cell, int* g) noexcept nogil:
    """One draw of a random move: a cell (not a queen's, of a region above min_size) to a
    random neighbour's region, legal when that region differs and the cell's own region stays
    connected. The draws are the ones every seed's levels depend on: the cell, then the
    neighbour."""
    cdef int nbs[4]
    cdef int n = b.n, k, h
    cell[0] = rng_below(rng, n * n)
    h = b.region[cell[0]]
    if q[cell[0] // n] == cell[0] % n or size[h] <= min_size:
        return False
    k = neighbours4(n, cell[0], nbs)
    g[0] = b.region[nbs[rng_below(rng, k)]]
    return g[0] != h and region_connected(n, b.region, h, cell[0])


# The best of the moves a repair step tries (one cell to region g), the lowest cost kept and
# ties broken uniformly (wins_tie). Costs within MOVE_COST_TIE of the best count as equal.
# The one home of that choice for the repairs (_repair: repair_regions, repair_logic;
# _design: design_repair, make_unique), which sample and price their moves each their own way.
cdef struct BestMove:
    int cell  # -1: none taken yet
    int g
    int ties
    double cost


cdef const double MOVE_COST_TIE = 1e-9


cdef inline void best_move_start(BestMove* m, double bound) noexcept nogil:
    """No move yet. A move must cost less than `bound` to be taken, or as much as a tie
    (INFINITY: any move)."""
    m.cell = -1
    m.g = -1
    m.ties = 0
    m.cost = bound


cdef inline bint offer_move(Rng* rng, BestMove* m, int cell, int g, double cost) noexcept nogil:
    """Keep cell -> g if it costs less than the best so far, or as much and wins the tie
    (one draw per equal move, none otherwise: every seed's levels depend on it). True when
    kept."""
    if wins_tie(rng, &m.ties, cost < m.cost - MOVE_COST_TIE, fabs(cost - m.cost) <= MOVE_COST_TIE):
        m.cell = cell
        m.g = g
        m.cost = cost
        return True
    return False


cdef void plant_solution(Rng* rng, int n, bint classic, int8_t* q) noexcept nogil
cdef void plant_seeds(Rng* rng, int n, int rule, Board* b, int8_t* q, int* size) noexcept nogil
cdef void relabel(int n, const int8_t* grid, const int8_t* planted, int8_t* out,
                  int8_t* solution) noexcept nogil
cdef int ask_judge(void* judge, int n, const int8_t* grid, const int8_t* q, int tier,
                   GenStats* st) noexcept nogil
