# Repair of a full map by local search, and the level builder's fix built on it.
from libc.math cimport INFINITY
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memset

from generator_ext._core cimport MAX_N, Board, board_from_grid, ctz32, neighbours4, region_connected
from generator_ext._core cimport touches_region
from generator_ext._deduce cimport residue
from generator_ext._plant cimport FULL_COUNT_BUDGET, BestMove, GenStats, best_move_start
from generator_ext._plant cimport draw_border_move, move_cell, offer_move
from generator_ext._rng cimport Rng, rng_below, rng_seed, rng_shuffle
from generator_ext._search cimport Search, State, count_board, search_init, search_run, state_init

cdef int REPAIR_STEPS_PER_N = 40
cdef int REPAIR_TABU = 4
cdef enum:
    MAX_PATH = 8  # longest path carved out of a region in one repair move


cdef inline bint all_at_least(const int* size, int n, int min_size) noexcept nogil:
    cdef int g
    for g in range(n):
        if size[g] < min_size:
            return False
    return True


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


cdef int feed_undersized(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                         uint32_t closed) noexcept nogil:
    """Move one cell into the first region below the minimum from a neighbour that can spare
    it (not a closed one). 1 when a cell moved, 0 when no region is too small, -1 when one
    is and no neighbour can give it a cell."""
    cdef int n = b.n
    cdef int g, h, cell, ties = 0, best_cell = -1
    for g in range(n):
        # A closed region stays as drawn: a motif, or a one-cell region (a given queen).
        if size[g] >= min_size or (closed >> g) & 1:
            continue
        for cell in range(n * n):
            h = b.region[cell]
            if h == g or q[cell // n] == cell % n or size[h] <= min_size or (closed >> h) & 1:
                continue
            if not touches_region(b, cell, g) or not region_connected(n, b.region, h, cell):
                continue
            ties += 1
            if rng_below(rng, ties) == 0:
                best_cell = cell
        if best_cell < 0:
            return -1
        move_cell(b, size, best_cell, g)
        return 1
    return 0


cdef int second_solution(Board* b, const int8_t* q, int* cells, GenStats* st) noexcept nogil:
    """Count b's solutions up to two. -1 when the count was abandoned (st.aborts counts it),
    0 when q is the only one, else how many queen cells of the other solution q does not
    share, listed in cells by row: moving any of them out of its region kills that one."""
    cdef int n = b.n
    cdef Search srch
    cdef State s
    cdef const int8_t* other
    cdef int r, ncells = 0
    cdef bint is_q = True
    state_init(b, &s)
    search_init(&srch, 2, FULL_COUNT_BUDGET)
    search_run(b, &s, &srch)
    if srch.aborted:
        st.aborts += 1
        return -1
    if srch.count == 1:
        return 0
    for r in range(n):
        if srch.first[r] != q[r]:
            is_q = False
            break
    other = &srch.second[0] if is_q else &srch.first[0]
    for r in range(n):
        if other[r] != q[r]:
            cells[ncells] = r * n + other[r]
            ncells += 1
    return ncells


cdef int undecided_cells(int n, const uint32_t* undecided, const int8_t* q,
                         int* cells) noexcept nogil:
    """The cells residue left undecided (by row, as bitmasks), but q's queens', listed in
    cells. Returns how many."""
    cdef int r, c, ncells = 0
    cdef uint32_t m
    for r in range(n):
        m = undecided[r]
        while m:
            c = ctz32(m)
            m &= m - 1
            if q[r] != c:
                cells[ncells] = r * n + c
                ncells += 1
    return ncells


cdef bint random_border_move(Rng* rng, Board* b, const int8_t* q, int* size,
                             int min_size) noexcept nogil:
    """A random legal move of one border cell to a neighbouring region: a kick for the
    local search when no move kills the second solution."""
    cdef int n = b.n
    cdef int tries, cell, g
    for tries in range(4 * n * n):
        if draw_border_move(rng, b, q, size, min_size, &cell, &g):
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
    cdef int cells[MAX_N]
    cdef int8_t first[MAX_N]
    cdef int step, cell, g, h, i, j, p, npaths, best_len
    cdef int ncells, evaluated, sweep
    cdef int path_cells[MAX_N * MAX_PATH]
    cdef int path_len[MAX_N]
    cdef int path_target[MAX_N]
    cdef int best_path[MAX_PATH]
    cdef uint64_t count
    cdef BestMove best
    cdef int max_steps = REPAIR_STEPS_PER_N * n
    cdef bint aborted
    for cell in range(n * n):
        tabu[cell] = -1
    for step in range(max_steps):
        st.repair_steps += 1
        if feed_undersized(rng, b, q, size, min_size, 0) < 0:
            st.fail_undersized += 1
            return False
        ncells = second_solution(b, q, cells, st)
        if ncells < 0:
            return False
        if ncells == 0:
            if all_at_least(size, n, min_size):
                return True
            continue
        rng_shuffle(rng, cells, ncells)
        best_move_start(&best, INFINITY)
        best_len = 0
        evaluated = 0
        # First sweep honours the tabu list; a second ignores it if the first found nothing.
        for sweep in range(2):
            for j in range(ncells):
                if evaluated >= REPAIR_SAMPLE or best.cost == 1:
                    break
                cell = cells[j]
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
                    if not offer_move(rng, &best, cell, g, <double>count):
                        continue
                    best_len = path_len[p]
                    for i in range(best_len):
                        best_path[i] = path_cells[p * MAX_PATH + i]
                    if best.cost == 1:
                        break
            if best.cell >= 0:
                break
        if best.cell < 0:
            st.fail_nomove += 1
            if not random_border_move(rng, b, q, size, min_size):
                return False
            continue
        for i in range(best_len):
            move_cell(b, size, best_path[i], best.g)
        tabu[best.cell] = step + REPAIR_TABU
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
    cdef int step, left, ncells, k, cell, h, g, tries, evaluated, after
    cdef BestMove best
    for step in range(REPAIR_STEPS_PER_N * n):
        st.repair_steps += 1
        if feed_undersized(rng, b, q, size, min_size, 0) < 0:
            st.fail_undersized += 1
            return False
        left = residue(b, level, undecided)
        if left == 0:
            if all_at_least(size, n, min_size):
                return True
            continue
        if left < 0:
            return False
        ncells = undecided_cells(n, undecided, q, cells)
        if ncells == 0:
            return False
        # A move may leave one cell more undecided than now, no more.
        best_move_start(&best, left + 1)
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
            offer_move(rng, &best, cell, g, after)
        if best.cell < 0:
            st.fail_nomove += 1
            if not random_border_move(rng, b, q, size, min_size):
                return False
            continue
        move_cell(b, size, best.cell, best.g)
    st.fail_steps += 1
    return False


cdef void undo_needless_moves(Board* b, const int8_t* q, int* size, const int8_t* grid,
                              int level) noexcept nogil:
    """Give moved cells back to their first region wherever the map stays connected and
    solved by the techniques up to `level`: the repair wanders, the proposal should not."""
    cdef int n = b.n
    cdef int cell, h, g
    cdef bint changed = True
    while changed:
        changed = False
        for cell in range(n * n):
            h = b.region[cell]
            g = grid[cell]
            if h == g or size[h] <= 1 or q[cell // n] == cell % n:
                continue
            if not touches_region(b, cell, g) or not region_connected(n, b.region, h, cell):
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
