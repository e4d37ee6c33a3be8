# The design-led generator. A composition (near-symmetric, with strokes, shapes and maybe a
# motif) gets a solution of its own, then the fewest cell moves that make the techniques of
# the tier solve it (a symmetric map has the mirrored solution too, so some border must
# break), each move chosen for what it leaves undecided and what it costs the look. Of
# several such levels the best by the design score is kept.
from libc.math cimport INFINITY
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from generator_ext._compose cimport (
    FAMILY_LOOSE, FAMILY_MOTIF, FAMILY_STROKES, SYM_ANTIDIAGONAL, SYM_DIAGONAL, SYM_FLIP, SYM_MIRROR, SYM_NONE, SYM_TURN,
    compose_family, symmetry_map,
)
from generator_ext._core cimport MAX_N, Board, board_add_cell, board_from_grid, board_init
from generator_ext._core cimport neighbours4, region_connected
from generator_ext._core cimport touches_region
from generator_ext._grow cimport join_smallest, try_cell
from generator_ext._repair cimport REPAIR_EVAL_LIMIT, REPAIR_EVAL_NODES, REPAIR_SAMPLE
from generator_ext._repair cimport feed_undersized, second_solution, undecided_cells
from generator_ext._deduce cimport T_CONTRADICTION, TIER_EXPERT, logic_tier, residue
from generator_ext._deduce cimport tier_technique
from generator_ext._plant cimport CHECK_NODE_BUDGET, DESIGN_POLISH_TRIES_PER_N
from generator_ext._plant cimport BestMove, GenStats, ask_judge, best_move_start
from generator_ext._plant cimport move_cell, offer_move, relabel
from generator_ext._rng cimport Rng, rng_below, rng_shuffle
from generator_ext._search cimport count_board

# Styles, by the codes levels.py passes: any symmetry, or one family of them.
cdef enum:
    STYLE_ANY = -1
    STYLE_MIRROR = 0
    STYLE_TURN = 1
    STYLE_DIAGONAL = 2

cdef enum:
    MOTIF_REGION = 0  # compose draws a motif as region 0

# The repairs: the steps they may take per board side, and what one whole point of design
# score is worth when they choose a move.
cdef enum:
    DESIGN_REPAIR_STEPS_PER_N = 8
    UNIQUE_STEPS_PER_N = 4
    REPAIR_PATIENCE = 6  # steps without a new fewest-undecided before giving up
cdef double DESIGN_PULL = 6.0  # in cells left undecided
cdef double UNIQUE_PULL = 2.0  # in solutions left

# The look (what the repairs and the choice among candidates keep).
cdef double TWO_CELL_COST = 0.5  # a family's: what a two-cell region's share costs
# The strokes': what notches (one-cell bumps, shapes.notches) per region cost, so the
# repairs prefer moves that keep a border straight, and the choice the straighter level.
cdef double NOTCH_COST = 0.25
cdef double STROKES_SYMMETRY_PULL = 1.0
# A notch smoothed away may cost the symmetry figure this much (its three border edges,
# matched under the symmetry, leave the share): straight borders are worth a little of it.
cdef double SMOOTH_SYMMETRY_COST = 0.01

# Compositions tried before the level is grown instead: so many for each candidate level, or
# from LARGE_N on so many in all.
cdef enum:
    DESIGN_ATTEMPTS_PER_CANDIDATE = 40
    # Few compositions need contradiction: past these, an expert level is grown.
    EXPERT_ATTEMPTS_PER_CANDIDATE = 12
    # Past 16 most compositions do not come out (no solution, or not made unique), and each
    # costs a few milliseconds: up to 96 before the level is grown (12 left 7 of 8 grown at 20).
    LARGE_N = 17
    LARGE_ATTEMPTS = 96

# What the combined score measures against: hand-made boards' medians (shapes.HAND_MADE)
# and the band the largest region's share is held to (shapes.LARGEST_BAND).
cdef double HAND_SYMMETRY = 0.70
cdef double HAND_DENSITY = 0.42
cdef double HAND_THIN = 0.25
cdef double LARGEST_LOW = 0.31
cdef double LARGEST_HIGH = 0.40


cdef inline int image(int n, int k, int r, int c) noexcept nogil:
    """(r, c) under the k-th symmetry of the square other than the identity, in the order of
    shapes.SYMMETRIES."""
    if k == 0:
        return r * n + n - 1 - c
    if k == 1:
        return (n - 1 - r) * n + c
    if k == 2:
        return c * n + r
    if k == 3:
        return (n - 1 - c) * n + n - 1 - r
    if k == 4:
        return c * n + n - 1 - r
    if k == 5:
        return (n - 1 - r) * n + n - 1 - c
    return (n - 1 - c) * n + r


cdef inline double closeness(double value, double target) noexcept nogil:
    return 1.0 if value >= target else value / target


cdef double design_value(int n, const int8_t* grid, bint symmetry_only=False) noexcept nogil:
    """shapes.design_score(...).score, unrounded, for a full map (symmetry_only: its symmetry
    figure alone)."""
    cdef int area[MAX_N]
    cdef int kept[7]
    cdef int r, c, x, k, g, borders = 0, thin = 0, same, regions = 0, two = 0, one = 0
    cdef int largest = 0, best = 0
    cdef double symmetry, density, share, band, score
    for g in range(n):
        area[g] = 0
    for k in range(7):
        kept[k] = 0
    for r in range(n):
        for c in range(n):
            x = r * n + c
            g = grid[x]
            area[g] += 1
            same = 0
            if r > 0 and grid[x - n] == g:
                same += 1
            if r < n - 1 and grid[x + n] == g:
                same += 1
            if c > 0 and grid[x - 1] == g:
                same += 1
            if c < n - 1 and grid[x + 1] == g:
                same += 1
            thin += same <= 1
            if c < n - 1 and grid[x + 1] != g:
                borders += 1
                for k in range(7):
                    kept[k] += grid[image(n, k, r, c)] != grid[image(n, k, r, c + 1)]
            if r < n - 1 and grid[x + n] != g:
                borders += 1
                for k in range(7):
                    kept[k] += grid[image(n, k, r, c)] != grid[image(n, k, r + 1, c)]
    for k in range(7):
        if kept[k] > best:
            best = kept[k]
    if symmetry_only:
        return <double>best / borders if borders else 0.0
    for g in range(n):
        if area[g]:
            regions += 1
            two += area[g] == 2
            one += area[g] == 1
            if area[g] > largest:
                largest = area[g]
    symmetry = <double>best / borders if borders else 0.0
    density = borders / (2.0 * n * (n - 1))
    share = <double>largest / (n * n)
    if LARGEST_LOW <= share <= LARGEST_HIGH:
        band = 1.0
    else:
        band = min(abs_double(share - LARGEST_LOW), abs_double(share - LARGEST_HIGH))
        band = max(0.0, 1.0 - band * 5)
    score = (closeness(symmetry, HAND_SYMMETRY) + closeness(density, HAND_DENSITY)
             + closeness(<double>thin / (n * n), HAND_THIN) + band) / 4
    return score * max(0.0, 1.0 - <double>two / regions - 2.0 * one / regions)


cdef inline double abs_double(double x) noexcept nogil:
    return x if x >= 0 else -x


cdef double look(int n, const int8_t* grid, const int8_t* layout) noexcept nogil:
    """What the repairs and the choice among candidates keep: the design score less what its
    notches cost (strokes drawn as strokes), or for a family drawn as its own layout (frames, stripes, islands...) the share of cells still in
    their layout region, so that a frame stays a frame and a border stays straight rather
    than every family pulled to the same medians."""
    cdef int area[MAX_N]
    cdef int x, g, kept = 0, two = 0
    if layout == NULL:
        return design_value(n, grid) - NOTCH_COST * bump_count(n, grid) / n
    for g in range(n):
        area[g] = 0
    for x in range(n * n):
        kept += grid[x] == layout[x]
        area[grid[x]] += 1
    for g in range(n):
        two += area[g] == 2
    # A two-cell region is a stub the layout did not draw: it costs as the design score's do.
    return <double>kept / (n * n) - TWO_CELL_COST * two / n


cdef int draw_move(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                   uint32_t closed, int cell, int* g) noexcept nogil:
    """Move cell to a random other region among its neighbours' (g), when that is legal:
    neither region closed (a motif), no queen on the cell, and its own region keeps
    min_size cells and stays connected. Returns the region it left, -1 when no move."""
    cdef int nbs[4]
    cdef int others[4]
    cdef int n = b.n, k, i, j, h = b.region[cell], count = 0, other
    if q[cell // n] == cell % n or size[h] <= min_size or (closed >> h) & 1:
        return -1
    k = neighbours4(n, cell, nbs)
    for i in range(k):
        other = b.region[nbs[i]]
        if other == h or (closed >> other) & 1:
            continue
        for j in range(count):
            if others[j] == other:
                break
        else:
            others[count] = other
            count += 1
    if count == 0:
        return -1
    g[0] = others[rng_below(rng, count)]
    if not region_connected(n, b.region, h, cell):
        return -1
    move_cell(b, size, cell, g[0])
    return h


cdef bint movable(const Board* b, const int8_t* q, const int* size, int min_size,
                  uint32_t closed, int cell) noexcept nogil:
    """Could cell join another region at all: no queen on it, its region open and above
    min_size, and an open region beside it?"""
    cdef int nbs[4]
    cdef int n = b.n, k, i, h = b.region[cell], other
    if q[cell // n] == cell % n or size[h] <= min_size or (closed >> h) & 1:
        return False
    k = neighbours4(n, cell, nbs)
    for i in range(k):
        other = b.region[nbs[i]]
        if other != h and not (closed >> other) & 1:
            return region_connected(n, b.region, h, cell)
    return False


cdef bint design_repair(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                        int level, uint32_t closed, const int8_t* layout,
                        GenStats* st) noexcept nogil:
    """Move cells the techniques up to `level` leave undecided into neighbouring regions
    until those techniques solve the map; among a few sampled moves take the one with the
    fewest cells left undecided less DESIGN_PULL times its design score."""
    cdef int n = b.n
    cdef uint32_t undecided[MAX_N]
    cdef int cells[MAX_N * MAX_N]
    cdef int step, left, ncells, i, tries, evaluated, cell, h, g, after
    cdef double cost
    cdef BestMove best
    cdef int fewest = MAX_N * MAX_N, stalled = 0
    for step in range(DESIGN_REPAIR_STEPS_PER_N * n):
        st.repair_steps += 1
        left = residue(b, level, undecided)
        if left <= 0:
            return left == 0
        # A composition the moves stop improving is dropped: a fresh one costs less.
        if left < fewest:
            fewest = left
            stalled = 0
        else:
            stalled += 1
            if stalled > REPAIR_PATIENCE:
                break
        # The undecided cells that can move at all, the ones a move is drawn for.
        ncells = 0
        for i in range(undecided_cells(n, undecided, q, cells)):
            if movable(b, q, size, min_size, closed, cells[i]):
                cells[ncells] = cells[i]
                ncells += 1
        best_move_start(&best, INFINITY)
        evaluated = 0
        for tries in range(4 * REPAIR_SAMPLE):
            if evaluated >= REPAIR_SAMPLE or ncells == 0:
                break
            cell = cells[rng_below(rng, ncells)]
            h = draw_move(rng, b, q, size, min_size, closed, cell, &g)
            if h < 0:
                continue
            after = residue(b, level, NULL)
            cost = after - DESIGN_PULL * look(n, b.region, layout)
            move_cell(b, size, cell, h)
            evaluated += 1
            if after >= 0:
                offer_move(rng, &best, cell, g, cost)
        if not take_best(rng, b, q, size, min_size, closed, &best, st):
            return False
    st.fail_steps += 1
    return False


cdef bint take_best(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                    uint32_t closed, const BestMove* best, GenStats* st) noexcept nogil:
    """Make the best move a step found or, when it found none, a random legal one (kick).
    False when there is no legal move left."""
    if best.cell < 0:
        st.fail_nomove += 1
        return kick(rng, b, q, size, min_size, closed)
    move_cell(b, size, best.cell, best.g)
    return True


cdef bint trace(Rng* rng, const int8_t* layout, const int8_t* q, const int8_t* motif, int n,
                int rule, uint32_t closed, Board* b, int* size, GenStats* st) noexcept nogil:
    """Redraw the layout on b around the solution q, cell by cell outward from the queens,
    keeping q the only solution: a cell joins its layout region unless a solution would then
    use it; a refused cell joins another neighbouring region that keeps q unique, or, when
    none does, the smallest (and make_unique mends it). The cells that moved are the
    layout's broken symmetry, no more of them than uniqueness asked for. No cell joins a
    closed region (the motif): False when cells are left that only a closed region touches
    (a pocket the motif walls in), which no region can then take."""
    cdef int order[MAX_N * MAX_N]
    cdef uint32_t refused[MAX_N * MAX_N]
    cdef int x, g, j, left
    cdef long before
    cdef bint progress
    board_init(b, n, rule)
    for g in range(n):
        size[g] = 0
    for x in range(n * n):
        refused[x] = 0
        order[x] = x
        # A motif keeps all its cells (it holds one queen and no other can reach it).
        if (motif != NULL and motif[x]) or q[x // n] == x % n:
            board_add_cell(b, x // n, x % n, layout[x])
            size[layout[x]] += 1
    progress = True
    while progress:
        progress = False
        rng_shuffle(rng, order, n * n)
        for j in range(n * n):
            x = order[j]
            g = layout[x]
            if b.region[x] >= 0 or (refused[x] >> g) & 1 or not touches_region(b, x, g):
                continue
            # Refused by its own region: a neighbouring one takes it now, while regions are
            # still small and a cell costs them least.
            if (try_cell(b, x, g, size, refused, 0, st)
                    or join_neighbour(b, x, g, size, refused, closed, st)):
                progress = True
    # What uniqueness refused: any neighbouring region that keeps q unique, else the smallest.
    left = 1
    while left:
        left = 0
        progress = False
        for x in range(n * n):
            if b.region[x] < 0:
                if join_neighbour(b, x, -1, size, refused, closed, st):
                    progress = True
                else:
                    left += 1
        if left and not progress:
            before = st.leftovers
            join_smallest(NULL, b, size, closed, True, st)
            if st.leftovers == before:  # walled in by closed regions: no one takes them
                return False
    return True


cdef bint join_neighbour(Board* b, int x, int own, int* size, uint32_t* refused,
                         uint32_t closed, GenStats* st) noexcept nogil:
    """Give cell x to the first neighbouring region, other than `own` and the closed ones,
    that keeps the solution unique (try_cell). False when none does."""
    cdef int nbs[4]
    cdef int k = neighbours4(b.n, x, nbs)
    cdef int i, h
    for i in range(k):
        h = b.region[nbs[i]]
        if h < 0 or h == own or (refused[x] >> h) & 1 or (closed >> h) & 1:
            continue
        if try_cell(b, x, h, size, refused, 0, st):
            return True
    return False


cdef bint feed_small(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                     uint32_t closed) noexcept nogil:
    """Regions the trace left below min_size take cells from neighbours that can spare them
    (make_unique then mends what that costs). False when one cannot be fed."""
    cdef int rounds, fed
    for rounds in range(b.n * b.n):
        fed = feed_undersized(rng, b, q, size, min_size, closed)
        if fed <= 0:
            return fed == 0
    return False


cdef bint make_unique(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                     uint32_t closed, const int8_t* layout, GenStats* st) noexcept nogil:
    """Counting is far cheaper than deduction, so uniqueness comes first: while a second
    solution exists, move one of its queens' cells into a neighbouring region (which kills
    it), taking among a few the move that leaves the fewest solutions, then the best look."""
    cdef int n = b.n
    cdef int8_t scratch[MAX_N]
    cdef int cells[MAX_N]
    cdef int step, ncells, j, cell, h, g
    cdef uint64_t count
    cdef double cost
    cdef BestMove best
    cdef bint aborted
    for step in range(UNIQUE_STEPS_PER_N * n):
        st.repair_steps += 1
        ncells = second_solution(b, q, cells, st)
        if ncells <= 0:
            return ncells == 0
        best_move_start(&best, INFINITY)
        for j in range(ncells):
            cell = cells[j]
            if not movable(b, q, size, min_size, closed, cell):
                continue
            h = draw_move(rng, b, q, size, min_size, closed, cell, &g)
            if h < 0:
                continue
            count = count_board(b, REPAIR_EVAL_LIMIT, REPAIR_EVAL_NODES, scratch, &aborted)
            if aborted:
                count = REPAIR_EVAL_LIMIT
            cost = count - UNIQUE_PULL * look(n, b.region, layout)
            move_cell(b, size, cell, h)
            offer_move(rng, &best, cell, g, cost)
        if not take_best(rng, b, q, size, min_size, closed, &best, st):
            return False
    return False


cdef bint kick(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
               uint32_t closed) noexcept nogil:
    """A random legal move: the way out when no sampled move helps."""
    cdef int n = b.n
    cdef int tries, g
    for tries in range(4 * n * n):
        if draw_move(rng, b, q, size, min_size, closed, rng_below(rng, n * n), &g) >= 0:
            return True
    return False


cdef int off_symmetry(const Board* b, const int* sym, int* cells) noexcept nogil:
    """The cells on a border whose image under sym is no border, or the other way round:
    where a move could mend the look. Returns how many."""
    cdef int n = b.n
    cdef int8_t mark[MAX_N * MAX_N]
    cdef int x, y, d, count = 0
    cdef bint here, there
    for x in range(n * n):
        mark[x] = 0
    for x in range(n * n):
        for d in range(2):
            if d == 0:
                if x % n == n - 1:
                    continue
                y = x + 1
            else:
                if x // n == n - 1:
                    continue
                y = x + n
            here = b.region[x] != b.region[y]
            there = b.region[sym[x]] != b.region[sym[y]]
            if here != there:
                mark[x] = 1
                mark[y] = 1
                mark[sym[x]] = 1
                mark[sym[y]] = 1
    for x in range(n * n):
        if mark[x]:
            cells[count] = x
            count += 1
    return count


cdef void design_polish(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                        int tier, uint32_t closed, int kind, GenStats* st) noexcept nogil:
    """Move cells where the layout's symmetry is broken, wherever that raises the design
    score and the level keeps its tier."""
    cdef int n = b.n
    cdef int sym[MAX_N * MAX_N]
    cdef int cells[MAX_N * MAX_N]
    cdef int tries, cell, g, h, count
    cdef double before = design_value(n, b.region, True), after
    symmetry_map(n, kind, sym)
    count = off_symmetry(b, sym, cells)
    for tries in range(DESIGN_POLISH_TRIES_PER_N * n):
        if count == 0:
            return
        cell = cells[rng_below(rng, count)]
        h = draw_move(rng, b, q, size, min_size, closed, cell, &g)
        if h < 0:
            continue
        after = design_value(n, b.region)
        if after > before + 1e-9 and logic_tier(b) == tier:
            before = after
            st.polish_moves += 1
            count = off_symmetry(b, sym, cells)
        else:
            move_cell(b, size, cell, h)


cdef void restore_layout(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                         int tier, uint32_t closed, const int8_t* layout,
                         GenStats* st) noexcept nogil:
    """The polish of a family drawn as its own layout: cells the repairs moved go back to
    their layout region wherever the level keeps its tier (borders straight again)."""
    cdef int n = b.n
    cdef int order[MAX_N * MAX_N]
    cdef int x, j, h, g
    for x in range(n * n):
        order[x] = x
    rng_shuffle(rng, order, n * n)
    for j in range(n * n):
        x = order[j]
        g = layout[x]
        h = b.region[x]
        if h == g or (closed >> g) & 1 or not movable(b, q, size, min_size, closed, x):
            continue
        if not touches_region(b, x, g):
            continue
        move_keeping_tier(b, size, x, g, tier, st)


cdef inline bint move_keeping_tier(Board* b, int* size, int x, int g, int tier,
                                   GenStats* st) noexcept nogil:
    """Cell x joins region g, and goes back unless the level keeps its tier."""
    cdef int h = b.region[x]
    move_cell(b, size, x, g)
    if logic_tier(b) == tier:
        st.polish_moves += 1
        return True
    move_cell(b, size, x, h)
    return False


cdef int bump_into(int n, const int8_t* grid, int x) noexcept nogil:
    """The region cell x juts into as a notch: a one-cell bump off a straight border of its
    own region (its one side on its own region leads to a cell whose both sides across are
    its region too, and all its other sides are that one other region's). A stroke's tip is
    no bump: the cell it leads to has other regions across. -1 when x is no bump
    (shapes.notches counts the same cells)."""
    cdef int r = x // n, c = x % n, h = grid[x], g = -1, own = -1, others = 0, d
    cdef int dr, dc, own_dr = 0, own_dc = 0, yr, yc, pr, pc, side, across = 0
    for d in range(4):
        dr = -1 if d == 0 else (1 if d == 1 else 0)
        dc = -1 if d == 2 else (1 if d == 3 else 0)
        if not (0 <= r + dr < n and 0 <= c + dc < n):
            continue
        if grid[(r + dr) * n + c + dc] == h:
            if own >= 0:
                return -1
            own, own_dr, own_dc = d, dr, dc
        elif g < 0 or grid[(r + dr) * n + c + dc] == g:
            g = grid[(r + dr) * n + c + dc]
            others += 1
        else:
            return -1
    if own < 0 or others < 2:
        return -1
    yr, yc = r + own_dr, c + own_dc
    for side in range(2):
        pr = yr + (own_dc if side == 0 else -own_dc)
        pc = yc + (own_dr if side == 0 else -own_dr)
        if 0 <= pr < n and 0 <= pc < n:
            if grid[pr * n + pc] != h:
                return -1
            across += 1
    return g if across else -1


cdef int bump_count(int n, const int8_t* grid) noexcept nogil:
    cdef int x, count = 0
    for x in range(n * n):
        count += bump_into(n, grid, x) >= 0
    return count


cdef void smooth_bumps(Board* b, const int8_t* q, int* size, int min_size, int tier,
                       uint32_t closed, int kind, GenStats* st) noexcept nogil:
    """Strokes drawn as strokes: each notch the repairs or the strokes' spurs left goes into
    the region it juts into, with its twin under the composition's symmetry when that is a
    notch too, wherever the level keeps its tier and its symmetry: a notch stays only where
    the tier (and so uniqueness) needs it. A bump's region keeps its other cells joined (the
    bump had one side on it)."""
    cdef int n = b.n
    cdef int sym[MAX_N * MAX_N]
    cdef int rounds, x, y, g, h, g2, h2
    cdef bint changed = True
    cdef double before = design_value(n, b.region, True), after
    symmetry_map(n, kind, sym)
    for rounds in range(3):
        if not changed:
            return
        changed = False
        for x in range(n * n):
            g = bump_into(n, b.region, x)
            h = b.region[x]
            if g < 0 or not smoothable(b, q, size, min_size, closed, x, g):
                continue
            move_cell(b, size, x, g)
            y, h2 = sym[x], -1
            if y != x:
                g2 = bump_into(n, b.region, y)
                if g2 >= 0 and smoothable(b, q, size, min_size, closed, y, g2):
                    h2 = b.region[y]
                    move_cell(b, size, y, g2)
            after = design_value(n, b.region, True)
            if after >= before - SMOOTH_SYMMETRY_COST and logic_tier(b) == tier:
                before = after
                st.polish_moves += 1
                changed = True
                continue
            if h2 >= 0:
                move_cell(b, size, y, h2)
            move_cell(b, size, x, h)


cdef inline bint smoothable(const Board* b, const int8_t* q, const int* size, int min_size,
                            uint32_t closed, int x, int g) noexcept nogil:
    """May bump x go into g: no queen on it, its region open and above min_size, g open."""
    cdef int h = b.region[x]
    return not (q[x // b.n] == x % b.n or size[h] <= min_size or (closed >> h) & 1
                or (closed >> g) & 1)


cdef void grow_stubs(Board* b, const int8_t* q, int* size, int tier, uint32_t closed,
                     GenStats* st) noexcept nogil:
    """Two-cell regions the repairs left take a cell from a roomy neighbour wherever the
    level keeps its tier (a layout family draws none of two cells)."""
    cdef int n = b.n
    cdef int x, g, h
    for x in range(n * n):
        h = b.region[x]
        if q[x // n] == x % n or size[h] <= 3 or (closed >> h) & 1:
            continue
        for g in range(n):
            if size[g] != 2 or g == h or (closed >> g) & 1 or not touches_region(b, x, g):
                continue
            if not region_connected(n, b.region, h, x):
                break
            move_keeping_tier(b, size, x, g, tier, st)
            break


cdef int pick_symmetry(Rng* rng, int style) noexcept nogil:
    """A symmetry of the style; for any style, mirrors most often, as on hand-made boards."""
    cdef int u
    if style == STYLE_MIRROR:
        return SYM_MIRROR if rng_below(rng, 4) else SYM_FLIP
    if style == STYLE_TURN:
        return SYM_TURN
    if style == STYLE_DIAGONAL:
        return SYM_DIAGONAL if rng_below(rng, 2) else SYM_ANTIDIAGONAL
    u = rng_below(rng, 100)
    if u < 40:
        return SYM_MIRROR
    if u < 50:
        return SYM_FLIP
    if u < 70:
        return SYM_TURN
    return SYM_DIAGONAL if u < 85 else SYM_ANTIDIAGONAL


cdef int candidates_for(int n) noexcept nogil:
    """How many finished levels a call compares: more where each costs little."""
    if n <= 9:
        return 6
    if n <= 11:
        return 4
    if n <= 16:
        return 2
    return 1


cdef bint gen_designed(Rng* rng, int n, int rule, int min_size, int tier, long max_attempts,
                       int style, int family, int singles, const int8_t* motif,
                       bint patient, void* judge, int8_t* out, int8_t* solution,
                       GenStats* st) noexcept nogil:
    """A level of the tier (1 easy .. 4 expert) composed in the family (FAMILY_*; the strokes
    and motif ones under the style's symmetries, around the motif when not NULL) with
    `singles` one-cell regions (given queens, kept as drawn), the best by design score of
    candidates_for(n) finished ones. A patient call (a motif asked for) composes up to
    max_attempts; the others stop at their cap and the caller grows the level instead.
    A judge (not NULL: ask_judge) sees each candidate once polished, before it is compared
    with the others: one it turns down is abandoned and the next drawn, but keeps its place
    among the candidates_for(n) (so a judged call costs what an unjudged one does, and keeps
    the best of those the judge kept; none kept, no level), and is no composition that
    failed (the cap). st.judged_out tells the caller."""
    cdef Board b
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int8_t best_grid[MAX_N * MAX_N]
    cdef int8_t q[MAX_N]
    cdef int8_t best_q[MAX_N]
    cdef int size[MAX_N]
    cdef int found = 0, want = candidates_for(n), got, kind
    cdef int level = T_CONTRADICTION if tier == TIER_EXPERT else tier_technique(tier)
    cdef uint32_t closed = <uint32_t>1 << MOTIF_REGION if motif != NULL else 0
    cdef uint32_t fixed
    cdef int g
    # The strokes and motif families are judged by the design score; the others by how
    # much of their own layout they keep.
    cdef const int8_t* layout = (NULL if family == FAMILY_STROKES or family == FAMILY_MOTIF
                                 else grid)
    cdef double value, best = -1.0
    cdef bint aborted
    cdef int verdict
    # Past this many compositions without a level, the caller falls back to growth (a motif
    # asked for has no fallback: it keeps composing up to max_attempts).
    cdef long cap = (EXPERT_ATTEMPTS_PER_CANDIDATE if tier == TIER_EXPERT
                     else DESIGN_ATTEMPTS_PER_CANDIDATE) * want
    if n >= LARGE_N:
        cap = LARGE_ATTEMPTS
    while ((max_attempts <= 0 or st.attempts < max_attempts) and found + st.judged_out < want
           and (patient or st.attempts - st.judged_out < cap)):
        st.attempts += 1
        kind = SYM_NONE if family == FAMILY_LOOSE else pick_symmetry(rng, style)
        if not compose_family(rng, n, family, kind, motif, min_size, singles, grid, size):
            st.fail_undersized += 1
            continue
        # The one-cell regions hold their queens as drawn: closed, like a motif.
        fixed = closed
        for g in range(n):
            if singles and size[g] == 1:
                fixed |= <uint32_t>1 << g
        board_from_grid(&b, n, rule, grid)
        # The composition's own first solution becomes the level's.
        if count_board(&b, 1, CHECK_NODE_BUDGET, q, &aborted) == 0 or aborted:
            st.aborts += aborted
            st.no_solution += 1
            continue
        if not trace(rng, grid, q, motif, n, rule, fixed, &b, size, st):
            st.undersized += 1
            continue
        if not feed_small(rng, &b, q, size, min_size, fixed):
            st.undersized += 1
            continue
        if not make_unique(rng, &b, q, size, min_size, fixed, layout, st):
            st.not_unique += 1
            continue
        if not design_repair(rng, &b, q, size, min_size, level, fixed, layout, st):
            st.not_logical += 1
            continue
        got = logic_tier(&b)
        if got != tier:
            st.tier_misses += 1
            continue
        if layout == NULL:
            design_polish(rng, &b, q, size, min_size, tier, fixed, kind, st)
            smooth_bumps(&b, q, size, min_size, tier, fixed, kind, st)
        else:
            restore_layout(rng, &b, q, size, min_size, tier, fixed, layout, st)
            grow_stubs(&b, q, size, tier, fixed, st)
        verdict = ask_judge(judge, n, b.region, q, tier, st)
        if verdict < 0:
            return False
        if verdict == 0:
            continue
        value = look(n, b.region, layout)
        # Of a family's own layouts the strictest wins, but for the loose family's; of
        # strokes the more symmetric (straightened, they keep less of it).
        if layout != NULL and family != FAMILY_LOOSE:
            value += design_value(n, b.region, True)
        elif layout == NULL:
            value += STROKES_SYMMETRY_PULL * design_value(n, b.region, True)
        found += 1
        if value > best:
            best = value
            memcpy(best_grid, b.region, n * n)
            memcpy(best_q, q, n)
    if not found:
        return False
    st.tier_found = tier
    relabel(n, best_grid, best_q, out, solution)
    return True


cdef int grid_of(regions, int8_t* grid) except -1:
    """A full map given as rows, as a grid; returns n."""
    cdef int n = len(regions), r, c
    for r in range(n):
        for c in range(n):
            grid[r * n + c] = regions[r][c]
    return n


def bump_count_of(regions):
    """bump_count for a full map given as rows (for the parity test with shapes.notches)."""
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int n = grid_of(regions, grid)
    return bump_count(n, grid)


def design_value_of(regions):
    """design_value for a full map given as rows (for the parity test with
    shapes.design_score, whose formula it repeats in C for the generator's choices)."""
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int n = grid_of(regions, grid)
    return design_value(n, grid)
