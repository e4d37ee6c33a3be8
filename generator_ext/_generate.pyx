# Level generators. "naive" is the seed's reject-and-retry algorithm, kept as the baseline;
# "fast" grows regions around a planted solution and never lets a second solution in.
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memset

from generator_ext._rng cimport Rng, rng_below, rng_seed, rng_unit
from generator_ext._core cimport (
    MAX_N, ctz32, RULE_CLASSIC, Board, all_regions_connected, board_add_cell, board_from_grid,
    board_init, board_remove_cell, neighbours4, region_connected,
)
from generator_ext._deduce cimport logic_tier, residue
from generator_ext._search cimport (
    Search, State, count_board, search_init, search_run, state_init, state_place,
)

cdef enum:
    NAIVE = 0
    FAST = 1
    UNIQUE = 2

STRATEGY_NAIVE = NAIVE
STRATEGY_FAST = FAST
STRATEGY_UNIQUE = UNIQUE

# Budgets count search nodes and attempts, never seconds, so a seed always gives one level.
cdef uint64_t PLANT_NODE_BUDGET = 20000
cdef uint64_t CHECK_NODE_BUDGET = 20000
# A full count with this many nodes is abandoned with its attempt: no seed runs unbounded.
cdef uint64_t FULL_COUNT_BUDGET = 400000
cdef int REPAIR_STEPS_PER_N = 40
cdef uint64_t REPAIR_EVAL_LIMIT = 3
cdef uint64_t REPAIR_EVAL_NODES = 3000
cdef int REPAIR_TABU = 4
# The designed look: the background region's share of the board, and how often growth takes
# a random border cell instead of the snuggest (so shapes do not all come out square).
cdef double DESIGN_BACKGROUND_LOW = 0.25
cdef double DESIGN_BACKGROUND_HIGH = 0.40
cdef double DESIGN_WANDER = 0.15
cdef int PENALTY_SMALL_REGION = 12
cdef int PENALTY_LOOSE_CELL = 2
cdef int POLISH_TRIES_PER_N = 30
cdef int REPAIR_SAMPLE = 8  # moves evaluated per repair step
cdef enum:
    MAX_PATH = 8  # longest path carved out of a region in one repair move


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
    int tier_found          # the tier of the level returned (0: not rated)


cdef inline int abs_int(int x) noexcept nogil:
    return x if x >= 0 else -x


cdef bint plant_row(Rng* rng, int n, bint classic, int r, int8_t* q, uint32_t used,
                    uint64_t* nodes) noexcept nogil:
    cdef int cands[MAX_N]
    cdef int k = 0, c, i, j, t
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
    for i in range(k - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = cands[i]
        cands[i] = cands[j]
        cands[j] = t
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


# ---------------------------------------------------------------- naive (the seed's)

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


# ---------------------------------------------------------------- fast (ours)

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


cdef void try_cell(Board* b, int cell, int g, int* size, uint32_t* refused, int level,
                   GenStats* st) noexcept nogil:
    """Add cell to region g if that keeps the map unique (level 0) or solvable by the
    techniques up to `level`; otherwise refuse the pair. Either property can only be lost
    by growth, never regained, so a refusal stands."""
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


cdef int compactness(const Board* b, int cell, int g) noexcept nogil:
    """How snugly a cell fits region g: its sides on g count double, its corners once; a
    cell that would only dangle off one side (a stub) scores lowest."""
    cdef int n = b.n
    cdef int r = cell // n, c = cell % n, dr, dc, rr, cc, score = 0
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            if dr == 0 and dc == 0:
                continue
            rr = r + dr
            cc = c + dc
            if 0 <= rr < n and 0 <= cc < n and b.region[rr * n + cc] == g:
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
            k = neighbours4(n, cell, nbs)
            for i in range(k):
                if b.region[nbs[i]] == best:
                    break
            else:
                continue
            score = compactness(b, cell, best)
            if rng_unit(rng) < DESIGN_WANDER:
                score += 8
            if score > best_score:
                best_score = score
                pick_cell = cell
                ties = 1
            elif score == best_score:
                ties += 1
                if rng_below(rng, ties) == 0:
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
        if best < 0 or ratio < best_ratio:
            best = g
            best_ratio = ratio
            ties = 1
        elif ratio == best_ratio:
            ties += 1
            if rng_below(rng, ties) == 0:
                best = g
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


cdef void fill_leftovers(Rng* rng, Board* b, int* size, GenStats* st) noexcept nogil:
    """Cells growth could not place join their smallest neighbouring region."""
    cdef int n = b.n
    cdef int nbs[4]
    cdef int cell, i, k, g, best, ties
    cdef bint left = True
    while left:
        left = False
        for cell in range(n * n):
            if b.region[cell] >= 0:
                continue
            k = neighbours4(n, cell, nbs)
            best = -1
            ties = 0
            for i in range(k):
                g = b.region[nbs[i]]
                if g < 0:
                    continue
                if best < 0 or size[g] < size[best]:
                    best = g
                    ties = 1
                elif g != best and size[g] == size[best]:
                    ties += 1
                    if rng_below(rng, ties) == 0:
                        best = g
            if best < 0:
                left = True
                continue
            st.leftovers += 1
            board_add_cell(b, cell // n, cell % n, best)
            size[best] += 1


cdef int carve_paths(const Board* b, const int8_t* q, int start, int* cells, int* lengths,
                     int* targets) noexcept nogil:
    """The shortest paths inside start's region from start to each neighbouring region, not
    through the region's queen: moving a path to that region takes start out of its own
    and keeps the receiving region connected. Returns how many paths were found."""
    cdef int n = b.n
    cdef int h = b.region[start]
    cdef int queen_cell = h * n + q[h]
    cdef int parent[MAX_N * MAX_N]
    cdef int depth[MAX_N * MAX_N]
    cdef int queue[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int head = 0, tail = 0, found = 0, u, v, i, k, g, length
    cdef uint32_t reached = 0
    for u in range(n * n):
        parent[u] = -2
    parent[start] = -1
    depth[start] = 1
    queue[tail] = start
    tail += 1
    while head < tail:
        u = queue[head]
        head += 1
        k = neighbours4(n, u, nbs)
        for i in range(k):
            v = nbs[i]
            g = b.region[v]
            if g == h:
                if parent[v] == -2 and v != queen_cell and depth[u] < MAX_PATH:
                    parent[v] = u
                    depth[v] = depth[u] + 1
                    queue[tail] = v
                    tail += 1
            elif g >= 0 and not ((reached >> g) & 1):
                reached |= <uint32_t>1 << g
                targets[found] = g
                length = 0
                v = u
                while v >= 0:
                    cells[found * MAX_PATH + length] = v
                    length += 1
                    v = parent[v]
                lengths[found] = length
                found += 1
    return found


cdef inline void move_cell(Board* b, int* size, int cell, int g) noexcept nogil:
    size[b.region[cell]] -= 1
    board_remove_cell(b, cell // b.n, cell % b.n)
    board_add_cell(b, cell // b.n, cell % b.n, g)
    size[g] += 1


cdef bint feed_undersized(Rng* rng, Board* b, const int8_t* q, int* size,
                          int min_size) noexcept nogil:
    """Move one cell into a region below the minimum from a neighbour that can spare it.
    False when some region is too small and no neighbour can give it a cell."""
    cdef int n = b.n
    cdef int nbs[4]
    cdef int g, h, cell, i, k, ties = 0, best_cell = -1
    for g in range(n):
        if size[g] >= min_size:
            continue
        for cell in range(n * n):
            h = b.region[cell]
            if h == g or q[cell // n] == cell % n or size[h] <= min_size:
                continue
            k = neighbours4(n, cell, nbs)
            for i in range(k):
                if b.region[nbs[i]] == g:
                    break
            else:
                continue
            if not region_connected(b.n, b.region, h, cell):
                continue
            ties += 1
            if rng_below(rng, ties) == 0:
                best_cell = cell
        if best_cell < 0:
            return False
        move_cell(b, size, best_cell, g)
        return True
    return True


cdef bint random_border_move(Rng* rng, Board* b, const int8_t* q, int* size,
                             int min_size) noexcept nogil:
    """A random legal move of one border cell to a neighbouring region: a kick for the
    local search when no move kills the second solution."""
    cdef int n = b.n
    cdef int nbs[4]
    cdef int tries, cell, h, g, k
    for tries in range(4 * n * n):
        cell = rng_below(rng, n * n)
        h = b.region[cell]
        if q[cell // n] == cell % n or size[h] <= min_size:
            continue
        k = neighbours4(n, cell, nbs)
        g = b.region[nbs[rng_below(rng, k)]]
        if g == h or not region_connected(b.n, b.region, h, cell):
            continue
        move_cell(b, size, cell, g)
        return True
    return False


cdef bint repair_regions(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                         GenStats* st) noexcept nogil:
    """Local search on a full map. While a second solution S exists, carve one of S's queen
    cells out of its region into a neighbouring one (which kills S); among a few sampled
    moves take the one that leaves the fewest solutions."""
    cdef int n = b.n
    cdef int tabu[MAX_N * MAX_N]
    cdef int rows[MAX_N]
    cdef int8_t first[MAX_N]
    cdef Search srch
    cdef State s
    cdef int8_t* other
    cdef int step, r, cell, g, h, i, j, t, best_cell, best_g, ties, p, npaths, best_len
    cdef int nrows, evaluated, sweep
    cdef int path_cells[MAX_N * MAX_PATH]
    cdef int path_len[MAX_N]
    cdef int path_target[MAX_N]
    cdef int best_path[MAX_PATH]
    cdef uint64_t count, best_count
    cdef int max_steps = REPAIR_STEPS_PER_N * n
    cdef bint is_q, aborted
    for cell in range(n * n):
        tabu[cell] = -1
    for step in range(max_steps):
        st.repair_steps += 1
        if not feed_undersized(rng, b, q, size, min_size):
            st.fail_undersized += 1
            return False
        state_init(b, &s)
        search_init(&srch, 2, FULL_COUNT_BUDGET)
        search_run(b, &s, &srch)
        if srch.aborted:
            st.aborts += 1
            return False
        if srch.count == 1:
            for g in range(n):
                if size[g] < min_size:
                    break
            else:
                return True
            continue
        is_q = True
        for r in range(n):
            if srch.first[r] != q[r]:
                is_q = False
                break
        other = &srch.second[0] if is_q else &srch.first[0]
        nrows = 0
        for r in range(n):
            if other[r] != q[r]:
                rows[nrows] = r
                nrows += 1
        for i in range(nrows - 1, 0, -1):
            j = rng_below(rng, i + 1)
            t = rows[i]
            rows[i] = rows[j]
            rows[j] = t
        best_cell = -1
        best_count = <uint64_t>-1
        best_len = 0
        ties = 0
        evaluated = 0
        # First sweep honours the tabu list; a second ignores it if the first found nothing.
        for sweep in range(2):
            for j in range(nrows):
                if evaluated >= REPAIR_SAMPLE or best_count == 1:
                    break
                r = rows[j]
                cell = r * n + other[r]
                if sweep == 0 and tabu[cell] > step:
                    continue
                h = b.region[cell]
                npaths = carve_paths(b, q, cell, path_cells, path_len, path_target)
                for p in range(npaths):
                    if size[h] - path_len[p] < min_size:
                        continue
                    g = path_target[p]
                    for i in range(path_len[p]):
                        move_cell(b, size, path_cells[p * MAX_PATH + i], g)
                    count = <uint64_t>-1
                    if region_connected(b.n, b.region, h, -1):
                        count = count_board(b, REPAIR_EVAL_LIMIT, REPAIR_EVAL_NODES, first,
                                            &aborted)
                        if aborted:
                            count = REPAIR_EVAL_LIMIT
                        evaluated += 1
                    for i in range(path_len[p]):
                        move_cell(b, size, path_cells[p * MAX_PATH + i], h)
                    if count == <uint64_t>-1:
                        continue
                    if count < best_count:
                        best_count = count
                        ties = 1
                    else:
                        if count > best_count:
                            continue
                        ties += 1
                        if rng_below(rng, ties) != 0:
                            continue
                    best_cell = cell
                    best_g = g
                    best_len = path_len[p]
                    for i in range(best_len):
                        best_path[i] = path_cells[p * MAX_PATH + i]
                    if best_count == 1:
                        break
            if best_cell >= 0:
                break
        if best_cell < 0:
            st.fail_nomove += 1
            if not random_border_move(rng, b, q, size, min_size):
                return False
            continue
        for i in range(best_len):
            move_cell(b, size, best_path[i], best_g)
        tabu[best_cell] = step + REPAIR_TABU
    st.fail_steps += 1
    return False


cdef bint repair_logic(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                       int level, GenStats* st) noexcept nogil:
    """Local search on a full map until the techniques up to `level` solve it: move one
    cell that they leave undecided into a neighbouring region, taking among a few sampled
    moves the one that leaves the fewest cells undecided."""
    cdef int n = b.n
    cdef uint32_t undecided[MAX_N]
    cdef int cells[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int step, left, ncells, r, c, i, k, cell, h, g, tries, evaluated, ties
    cdef int best_left, best_cell, best_g, after
    cdef uint32_t m
    for step in range(REPAIR_STEPS_PER_N * n):
        st.repair_steps += 1
        if not feed_undersized(rng, b, q, size, min_size):
            st.fail_undersized += 1
            return False
        left = residue(b, level, undecided)
        if left == 0:
            for g in range(n):
                if size[g] < min_size:
                    break
            else:
                return True
            continue
        if left < 0:
            return False
        ncells = 0
        for r in range(n):
            m = undecided[r]
            while m:
                c = ctz32(m)
                m &= m - 1
                if q[r] != c:
                    cells[ncells] = r * n + c
                    ncells += 1
        if ncells == 0:
            return False
        best_left = left + 1
        best_cell = -1
        best_g = -1
        ties = 0
        evaluated = 0
        for tries in range(4 * REPAIR_SAMPLE):
            if evaluated >= REPAIR_SAMPLE:
                break
            cell = cells[rng_below(rng, ncells)]
            h = b.region[cell]
            if size[h] <= min_size:
                continue
            k = neighbours4(n, cell, nbs)
            g = b.region[nbs[rng_below(rng, k)]]
            if g == h or not region_connected(n, b.region, h, cell):
                continue
            move_cell(b, size, cell, g)
            after = residue(b, level, NULL)
            move_cell(b, size, cell, h)
            evaluated += 1
            if after < 0:
                continue
            if after < best_left:
                best_left = after
                best_cell = cell
                best_g = g
                ties = 1
            elif after == best_left:
                ties += 1
                if rng_below(rng, ties) == 0:
                    best_cell = cell
                    best_g = g
        if best_cell < 0:
            st.fail_nomove += 1
            if not random_border_move(rng, b, q, size, min_size):
                return False
            continue
        move_cell(b, size, best_cell, best_g)
    st.fail_steps += 1
    return False


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
    cdef int nbs[4]
    cdef int tries, cell, h, g, k, before, after
    before = shape_penalty(b, size)
    for tries in range(POLISH_TRIES_PER_N * n):
        cell = rng_below(rng, n * n)
        h = b.region[cell]
        if q[cell // n] == cell % n or size[h] <= min_size:
            continue
        k = neighbours4(n, cell, nbs)
        g = b.region[nbs[rng_below(rng, k)]]
        if g == h or not region_connected(n, b.region, h, cell):
            continue
        move_cell(b, size, cell, g)
        after = shape_penalty(b, size)
        if after < before and logic_tier(b) == tier:
            before = after
            st.polish_moves += 1
        else:
            move_cell(b, size, cell, h)


cdef void plant_seeds(Rng* rng, int n, int rule, Board* b, int8_t* q, int* size) noexcept nogil:
    """A random queen placement that obeys the rule, and a one-cell region on each queen."""
    cdef int r
    plant_solution(rng, n, rule == RULE_CLASSIC, q)
    board_init(b, n, rule)
    for r in range(n):
        board_add_cell(b, r, q[r], r)
        size[r] = 1


cdef bint gen_logic(Rng* rng, int n, int rule, int min_size, int tier, long max_attempts,
                    int8_t* out, int8_t* solution, GenStats* st) noexcept nogil:
    """Grow regions around a planted solution while the techniques of `tier` (1 easy ..
    3 hard) still solve the map, repair what is left, and keep the level if its tier is
    exactly the one asked for."""
    cdef Board b
    cdef int8_t q[MAX_N]
    cdef int size[MAX_N]
    cdef int got
    cdef int level = tier + 2
    # Growth checks every cell, so it stays with techniques 1-5 even for expert levels; the
    # repair then makes contradiction (6) finish what growth left.
    cdef int grow_level = level if level < 5 else 5
    while max_attempts <= 0 or st.attempts < max_attempts:
        st.attempts += 1
        plant_seeds(rng, n, rule, &b, q, size)
        grow_regions(rng, &b, size, grow_level, st)
        fill_leftovers(rng, &b, size, st)
        if not repair_logic(rng, &b, q, size, min_size, level, st):
            continue
        got = logic_tier(&b)
        if got != tier:
            st.tier_misses += 1
            continue
        polish(rng, &b, q, size, min_size, tier, st)
        st.tier_found = tier
        relabel(n, b.region, q, out, solution)
        return True
    return False


cdef bint gen_unique(Rng* rng, int n, int rule, int min_size, int tier, long max_attempts,
                     int8_t* out, int8_t* solution, GenStats* st) noexcept nogil:
    """Grow regions while the planted solution stays the only one, repair what is left, and
    keep the level if logic solves it (and, when `tier` is set, at exactly that tier)."""
    cdef Board b
    cdef int8_t q[MAX_N]
    cdef int size[MAX_N]
    cdef int got
    cdef bint aborted
    while max_attempts <= 0 or st.attempts < max_attempts:
        st.attempts += 1
        plant_seeds(rng, n, rule, &b, q, size)
        grow_regions(rng, &b, size, 0, st)
        fill_leftovers(rng, &b, size, st)
        if not repair_regions(rng, &b, q, size, min_size, st):
            continue
        # The growth keeps the planted solution the only one; recount to be sure.
        if count_board(&b, 2, FULL_COUNT_BUDGET, NULL, &aborted) != 1 or aborted:
            st.aborts += aborted
            continue
        got = logic_tier(&b)
        if got == 0 or (tier and got != tier):
            st.tier_misses += 1
            continue
        polish(rng, &b, q, size, min_size, got, st)
        st.tier_found = got
        relabel(n, b.region, q, out, solution)
        return True
    return False


def generate_raw(int n, int rule, uint64_t seed, int strategy, int min_size, long max_attempts,
                 int tier=0, weights=None):
    """(regions, solution, stats) for checked arguments; regions None past max_attempts.
    tier 0 draws one from `weights` (easy, medium, hard, expert) with the level's own PRNG
    (the fast strategy); the naive strategy with tier 0 is the seed's, unrated."""
    cdef Rng rng
    cdef GenStats st
    cdef int8_t out[MAX_N * MAX_N]
    cdef int8_t solution[MAX_N]
    cdef bint ok
    st.attempts = 0
    st.checks = 0
    st.refusals = 0
    st.nodes = 0
    st.aborts = 0
    st.accept_nodes = 0
    st.repair_steps = 0
    st.leftovers = 0
    st.fail_undersized = 0
    st.fail_nomove = 0
    st.fail_steps = 0
    st.tier_misses = 0
    st.polish_moves = 0
    st.tier_found = 0
    cdef int w[4]
    cdef int i, total = 0, pick
    cdef Rng draw
    rng_seed(&rng, seed)
    if strategy == FAST and tier == 0:
        for i in range(4):
            w[i] = weights[i]
            total += w[i]
        # A stream of its own that also depends on n, so one seed's tier differs by size.
        rng_seed(&draw, seed ^ (<uint64_t>n * <uint64_t>0x9E3779B97F4A7C15ULL))
        pick = rng_below(&draw, total)
        tier = 1
        while pick >= w[tier - 1]:
            pick -= w[tier - 1]
            tier += 1
    with nogil:
        if strategy == NAIVE:
            ok = gen_naive(&rng, n, rule, min_size, tier, max_attempts, out, solution, &st)
        elif strategy == UNIQUE or tier == 4:
            # Growth checked by contradiction would cost n² hypotheses a cell, so expert
            # levels come from unique growth, kept when they need technique 6.
            ok = gen_unique(&rng, n, rule, min_size, tier, max_attempts, out, solution, &st)
        else:
            ok = gen_logic(&rng, n, rule, min_size, tier, max_attempts, out, solution, &st)
    stats = {"attempts": st.attempts, "checks": st.checks, "refusals": st.refusals,
             "nodes": st.nodes, "aborts": st.aborts,
             "accept_nodes": st.accept_nodes, "repair_steps": st.repair_steps,
             "leftovers": st.leftovers, "fail_undersized": st.fail_undersized,
             "fail_nomove": st.fail_nomove, "fail_steps": st.fail_steps,
             "tier_misses": st.tier_misses, "polish_moves": st.polish_moves}
    stats["tier"] = st.tier_found
    if not ok:
        return None, None, stats
    regions = [[out[r * n + c] for c in range(n)] for r in range(n)]
    return regions, [solution[r] for r in range(n)], stats


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


cdef void undo_needless_moves(Board* b, const int8_t* q, int* size, const int8_t* grid,
                              int level) noexcept nogil:
    """Give moved cells back to their first region wherever the map stays connected and
    solved by the techniques up to `level`: the repair wanders, the proposal should not."""
    cdef int n = b.n
    cdef int nbs[4]
    cdef int cell, h, g, k, i
    cdef bint changed = True, touches
    while changed:
        changed = False
        for cell in range(n * n):
            h = b.region[cell]
            g = grid[cell]
            if h == g or size[h] <= 1 or q[cell // n] == cell % n:
                continue
            k = neighbours4(n, cell, nbs)
            touches = False
            for i in range(k):
                touches = touches or b.region[nbs[i]] == g
            if not touches or not region_connected(n, b.region, h, cell):
                continue
            move_cell(b, size, cell, g)
            if residue(b, level, NULL) == 0:
                changed = True
            else:
                move_cell(b, size, cell, h)


def fix_raw(regions, int rule, solution, uint64_t seed, int attempts, int level):
    """The level builder's fix: a map near `regions` (a full, valid map) that the techniques
    up to `level` solve, with `solution` (one of its solutions) as its only one. Repair moves
    single border cells between neighbouring regions and never moves a queen's cell. Of
    `attempts` repairs (seeds seed, seed+1, ...) the one that moved the fewest cells wins:
    (new regions, moved cells), or None when none succeeded."""
    cdef Board b
    cdef Rng rng
    cdef GenStats st
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int8_t best[MAX_N * MAX_N]
    cdef int8_t q[MAX_N]
    cdef int size[MAX_N]
    cdef int n = len(regions)
    cdef int attempt, i, moved, best_moved = -1
    cdef bint ok
    for i in range(n):
        for j in range(n):
            grid[i * n + j] = regions[i][j]
        q[i] = solution[i]
    memset(&st, 0, sizeof(GenStats))
    for attempt in range(attempts):
        board_from_grid(&b, n, rule, grid)
        for i in range(n):
            size[i] = 0
        for i in range(n * n):
            size[grid[i]] += 1
        rng_seed(&rng, seed + <uint64_t>attempt)
        with nogil:
            ok = repair_logic(&rng, &b, q, size, 1, level, &st)
        if not ok:
            continue
        with nogil:
            undo_needless_moves(&b, q, size, grid, level)
        moved = 0
        for i in range(n * n):
            moved += b.region[i] != grid[i]
        if best_moved < 0 or moved < best_moved:
            best_moved = moved
            for i in range(n * n):
                best[i] = b.region[i]
    if best_moved < 0:
        return None
    fixed = [[best[r * n + c] for c in range(n)] for r in range(n)]
    moved_cells = [[r, c] for r in range(n) for c in range(n) if best[r * n + c] != grid[r * n + c]]
    return fixed, moved_cells
