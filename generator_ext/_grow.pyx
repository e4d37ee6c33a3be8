# Growth around a planted solution, and the polish toward a designed look.
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memset

from generator_ext._core cimport MAX_N, Board, board_add_cell, board_remove_cell, neighbours4
from generator_ext._core cimport region_connected, touches_region
from generator_ext._deduce cimport logic_tier, residue
from generator_ext._plant cimport CHECK_NODE_BUDGET, GROW_POLISH_TRIES_PER_N, GenStats
from generator_ext._plant cimport draw_border_move, move_cell
from generator_ext._rng cimport Rng, rng_below, rng_unit, wins_tie
from generator_ext._search cimport Search, State, search_init, search_run, state_init, state_place

# The designed look: the background region's share of the board, and how often growth takes
# a random border cell instead of the snuggest (so shapes do not all come out square).
cdef double DESIGN_BACKGROUND_LOW = 0.25
cdef double DESIGN_BACKGROUND_HIGH = 0.40
cdef double DESIGN_WANDER = 0.15
cdef int PENALTY_SMALL_REGION = 12
cdef int PENALTY_LOOSE_CELL = 2


cdef bint adds_no_solution(Board* b, int cell, GenStats* st) noexcept nogil:
    """With `cell` just added, is there still no solution that puts a queen on it?

    Every other solution was ruled out before the cell came, and adding a cell can only add
    solutions that use it, so this one search keeps the level unique."""
    cdef State s
    cdef Search q
    state_init(b, &s)
    state_place(b, &s, cell // b.n, cell % b.n)
    search_init(&q, 1, CHECK_NODE_BUDGET)
    search_run(b, &s, &q)
    st.nodes += q.nodes
    st.aborts += q.aborted
    if q.count == 0:
        st.accept_nodes += q.nodes
    return q.count == 0 and not q.aborted


cdef bint try_cell(Board* b, int cell, int g, int* size, uint32_t* refused, int level,
                   GenStats* st) noexcept nogil:
    """Add cell to region g if that keeps the map unique (level 0) or solvable by the
    techniques up to `level`; otherwise refuse the pair. Either property can only be lost
    by growth, never regained, so a refusal stands. True when the cell joined."""
    cdef bint ok
    board_add_cell(b, cell // b.n, cell % b.n, g)
    st.checks += 1
    if level == 0:
        ok = adds_no_solution(b, cell, st)
    else:
        ok = residue(b, level, NULL) == 0
    if ok:
        size[g] += 1
    else:
        board_remove_cell(b, cell // b.n, cell % b.n)
        refused[cell] |= <uint32_t>1 << g
        st.refusals += 1
    return ok


cdef struct Design:
    # The look growth aims for: one background region of about a third of the board that
    # frames smaller compact shapes of varied sizes.
    int background
    int target[MAX_N]


cdef void plan_design(Rng* rng, int n, Design* d) noexcept nogil:
    cdef double weight[MAX_N]
    cdef double total = 0.0, share, u
    cdef int g
    d.background = rng_below(rng, n)
    share = DESIGN_BACKGROUND_LOW + (DESIGN_BACKGROUND_HIGH - DESIGN_BACKGROUND_LOW) * rng_unit(rng)
    for g in range(n):
        u = rng_unit(rng)
        weight[g] = 0.4 + 1.6 * u * u
        if g != d.background:
            total += weight[g]
    for g in range(n):
        if g == d.background:
            d.target[g] = <int>(share * n * n)
        else:
            d.target[g] = <int>((1.0 - share) * n * n * weight[g] / total + 0.5)
        if d.target[g] < 3:
            d.target[g] = 3


cdef int compactness(int n, const int8_t* grid, int cell, int g) noexcept nogil:
    """How snugly a cell fits region g: its sides on g count double, its corners once; a
    cell that would only dangle off one side (a stub) scores lowest."""
    cdef int r = cell // n, c = cell % n, dr, dc, rr, cc, score = 0
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            if dr == 0 and dc == 0:
                continue
            rr = r + dr
            cc = c + dc
            if 0 <= rr < n and 0 <= cc < n and grid[rr * n + cc] == g:
                score += 1 if dr and dc else 2
    return score


cdef void grow_regions(Rng* rng, Board* b, int* size, int level, GenStats* st) noexcept nogil:
    """Grow the regions while the planted solution stays the only one (level 0) or the
    techniques up to `level` still solve the map. Cells with a single region left to join
    go first; then the shape furthest below its planned size takes its snuggest border
    cell, the background region once the shapes are done, and any region after that. A
    refused cell-region pair stays refused: growth elsewhere can only undo either property."""
    cdef int n = b.n
    cdef Design d
    cdef int cand_count[MAX_N]
    cdef uint32_t refused[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int cell, g, i, k, best, ties, urgent_cell, urgent_count, open_nbs, score, best_score
    cdef int pick_cell
    cdef double ratio, best_ratio
    cdef uint32_t offered
    memset(refused, 0, sizeof(refused))
    plan_design(rng, n, &d)
    while True:
        for g in range(n):
            cand_count[g] = 0
        urgent_cell = -1
        urgent_count = 0
        for cell in range(n * n):
            if b.region[cell] >= 0:
                continue
            k = neighbours4(n, cell, nbs)
            offered = 0
            open_nbs = 0
            for i in range(k):
                g = b.region[nbs[i]]
                if g < 0:
                    open_nbs += 1
                elif not ((refused[cell] >> g) & 1) and not ((offered >> g) & 1):
                    offered |= <uint32_t>1 << g
                    cand_count[g] += 1
            # An enclosed cell with one region left to join: take it before growth
            # elsewhere makes that region refuse it too.
            if open_nbs == 0 and offered and offered & (offered - 1) == 0:
                urgent_count += 1
                if rng_below(rng, urgent_count) == 0:
                    urgent_cell = cell
        if urgent_cell >= 0:
            g = first_open_region(b, urgent_cell, refused[urgent_cell])
            try_cell(b, urgent_cell, g, size, refused, level, st)
            continue
        best = choose_region(rng, n, &d, size, cand_count, True)
        if best < 0 and cand_count[d.background]:
            best = d.background
        if best < 0:
            best = choose_region(rng, n, &d, size, cand_count, False)
        if best < 0:
            return
        # The snuggest border cell of the chosen region, now and then any border cell.
        pick_cell = -1
        best_score = -1
        ties = 0
        for cell in range(n * n):
            if b.region[cell] >= 0 or (refused[cell] >> best) & 1:
                continue
            if not touches_region(b, cell, best):
                continue
            score = compactness(b.n, b.region, cell, best)
            if rng_unit(rng) < DESIGN_WANDER:
                score += 8
            if wins_tie(rng, &ties, score > best_score, score == best_score):
                best_score = score
                pick_cell = cell
        try_cell(b, pick_cell, best, size, refused, level, st)


cdef int choose_region(Rng* rng, int n, const Design* d, const int* size,
                       const int* cand_count, bint shapes_only) noexcept nogil:
    """The region furthest below its planned size that can still grow: among the shapes
    still below their plan (shapes_only), or among all regions."""
    cdef int g, best = -1, ties = 0
    cdef double ratio, best_ratio = 0.0
    for g in range(n):
        if cand_count[g] == 0:
            continue
        if shapes_only and (g == d.background or size[g] >= d.target[g]):
            continue
        ratio = <double>size[g] / d.target[g]
        if wins_tie(rng, &ties, best < 0 or ratio < best_ratio, ratio == best_ratio):
            best = g
            best_ratio = ratio
    return best


cdef int first_open_region(const Board* b, int cell, uint32_t refused) noexcept nogil:
    """The first neighbouring region of cell that has not refused it."""
    cdef int nbs[4]
    cdef int k = neighbours4(b.n, cell, nbs)
    cdef int i, g
    for i in range(k):
        g = b.region[nbs[i]]
        if g >= 0 and not ((refused >> g) & 1):
            return g
    return -1


cdef int smallest_neighbour(Rng* rng, int n, const int8_t* grid, const int* size, int cell,
                            uint32_t closed) noexcept nogil:
    """The smallest region beside cell that is not in `closed`, -1 when none: ties drawn
    with rng (wins_tie), or the first of them when rng is NULL (no draw)."""
    cdef int nbs[4]
    cdef int k = neighbours4(n, cell, nbs)
    cdef int i, g, best = -1, ties = 0
    for i in range(k):
        g = grid[nbs[i]]
        if g < 0 or (closed >> g) & 1:
            continue
        if wins_tie(rng, &ties, best < 0 or size[g] < size[best],
                    rng != NULL and best >= 0 and g != best and size[g] == size[best]):
            best = g
    return best


cdef bint join_smallest(Rng* rng, Board* b, int* size, uint32_t closed, bint first_only,
                        GenStats* st) noexcept nogil:
    """In cell order, unplaced cells join their smallest neighbouring region not in `closed`
    (smallest_neighbour; only the first that can when first_only). True when some unplaced
    cell seen had no region to join."""
    cdef int n = b.n
    cdef int cell, g
    cdef bint left = False
    for cell in range(n * n):
        if b.region[cell] >= 0:
            continue
        g = smallest_neighbour(rng, n, b.region, size, cell, closed)
        if g < 0:
            left = True
            continue
        st.leftovers += 1
        board_add_cell(b, cell // n, cell % n, g)
        size[g] += 1
        if first_only:
            break
    return left


cdef void fill_leftovers(Rng* rng, Board* b, int* size, GenStats* st) noexcept nogil:
    """Cells growth could not place join their smallest neighbouring region."""
    while join_smallest(rng, b, size, 0, False, st):
        pass


cdef int shape_penalty(const Board* b, const int* size) noexcept nogil:
    """How far a map is from the designed look: two-cell regions, cells in no 2×2 block of
    their region (stripes and stubs) and the length of the borders between regions."""
    cdef int n = b.n
    cdef int pen = 0, g, r, c, cell
    cdef int8_t blocked[MAX_N * MAX_N]
    for g in range(n):
        if size[g] <= 2:
            pen += PENALTY_SMALL_REGION
    memset(blocked, 0, n * n)
    for r in range(n - 1):
        for c in range(n - 1):
            cell = r * n + c
            g = b.region[cell]
            if b.region[cell + 1] == g and b.region[cell + n] == g and b.region[cell + n + 1] == g:
                blocked[cell] = 1
                blocked[cell + 1] = 1
                blocked[cell + n] = 1
                blocked[cell + n + 1] = 1
    for cell in range(n * n):
        if not blocked[cell]:
            pen += PENALTY_LOOSE_CELL
        if cell % n < n - 1 and b.region[cell] != b.region[cell + 1]:
            pen += 1
        if cell // n < n - 1 and b.region[cell] != b.region[cell + n]:
            pen += 1
    return pen


cdef void polish(Rng* rng, Board* b, const int8_t* q, int* size, int min_size, int tier,
                 GenStats* st) noexcept nogil:
    """Move border cells where that makes the look more designed and the level keeps its
    tier (so it stays unique and solved by logic)."""
    cdef int n = b.n
    cdef int tries, cell, h, g, before, after
    before = shape_penalty(b, size)
    for tries in range(GROW_POLISH_TRIES_PER_N * n):
        if not draw_border_move(rng, b, q, size, min_size, &cell, &g):
            continue
        h = b.region[cell]
        move_cell(b, size, cell, g)
        after = shape_penalty(b, size)
        if after < before and logic_tier(b) == tier:
            before = after
            st.polish_moves += 1
        else:
            move_cell(b, size, cell, h)
