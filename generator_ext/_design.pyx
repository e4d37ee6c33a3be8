# The design-led generator. A composition (near-symmetric, with strokes, shapes and maybe a
# motif) gets a solution of its own, then the fewest cell moves that make the techniques of
# the tier solve it (a symmetric map has the mirrored solution too, so some border must
# break), each move chosen for what it leaves undecided and what it costs the look. Of
# several such levels the best by the design score is kept.
from libc.math cimport INFINITY
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from generator_ext._compose cimport (
    SYM_ANTIDIAGONAL, SYM_DIAGONAL, SYM_FLIP, SYM_MIRROR, SYM_TURN, compose, symmetry_map,
)
from generator_ext._core cimport MAX_N, Board, board_add_cell, board_from_grid, board_init
from generator_ext._core cimport board_remove_cell, ctz32, neighbours4, region_connected
from generator_ext._core cimport touches_region
from generator_ext._grow cimport adds_no_solution
from generator_ext._deduce cimport T_CONTRADICTION, TIER_EXPERT, logic_tier, residue
from generator_ext._deduce cimport tier_technique
from generator_ext._plant cimport CHECK_NODE_BUDGET, DESIGN_POLISH_TRIES_PER_N, FULL_COUNT_BUDGET
from generator_ext._plant cimport BestMove, GenStats, best_move_start, move_cell, offer_move, relabel
from generator_ext._rng cimport Rng, rng_below, rng_shuffle
from generator_ext._search cimport Search, State, count_board, search_init, search_run, state_init

# Styles, by the codes levels.py passes: any symmetry, or one family of them.
cdef enum:
    STYLE_ANY = -1
    STYLE_MIRROR = 0
    STYLE_TURN = 1
    STYLE_DIAGONAL = 2

cdef int MOTIF_REGION = 0  # compose draws a motif as region 0
cdef int REPAIR_STEPS_PER_N = 8
cdef int REPAIR_SAMPLE = 8
cdef int UNIQUE_STEPS_PER_N = 4
cdef double UNIQUE_PULL = 2.0        # solutions left one point of design score is worth
cdef int REPAIR_PATIENCE = 6        # steps without a new fewest-undecided before giving up
cdef double DESIGN_PULL = 6.0       # undecided cells one whole point of design score is worth
cdef int DESIGN_ATTEMPTS_PER_CANDIDATE = 40
# Past 16, a composition costs tens of milliseconds and most do not come out: a few only.
cdef int LARGE_N = 17
cdef int LARGE_ATTEMPTS = 12
# Few compositions need contradiction: past these, an expert level is grown.
cdef int EXPERT_ATTEMPTS_PER_CANDIDATE = 12
# What the combined score measures against: hand-made boards' medians (shapes.HAND_MADE).
cdef double HAND_SYMMETRY = 0.70
cdef double HAND_DENSITY = 0.42
cdef double HAND_THIN = 0.25
cdef double LARGEST_LOW = 0.28
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


cdef double design_value(int n, const int8_t* grid) noexcept nogil:
    """shapes.design_score(...).score, unrounded, for a full map."""
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


cdef bint draw_move(Rng* rng, Board* b, const int8_t* q, const int* size, int min_size,
                    uint32_t closed, int cell, int* g) noexcept nogil:
    """A random other region among cell's neighbours' for it to join: legal when neither
    region is closed (a motif), the cell holds no queen and its own region keeps min_size
    cells and stays connected."""
    cdef int nbs[4]
    cdef int others[4]
    cdef int n = b.n, k, i, j, h = b.region[cell], count = 0, other
    if q[cell // n] == cell % n or size[h] <= min_size or (closed >> h) & 1:
        return False
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
        return False
    g[0] = others[rng_below(rng, count)]
    return region_connected(n, b.region, h, cell)


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
                        int level, uint32_t closed, GenStats* st) noexcept nogil:
    """Move cells the techniques up to `level` leave undecided into neighbouring regions
    until those techniques solve the map; among a few sampled moves take the one with the
    fewest cells left undecided less DESIGN_PULL times its design score."""
    cdef int n = b.n
    cdef uint32_t undecided[MAX_N]
    cdef int cells[MAX_N * MAX_N]
    cdef int step, left, ncells, r, c, tries, evaluated, cell, h, g, after
    cdef double cost
    cdef BestMove best
    cdef uint32_t m
    cdef int fewest = MAX_N * MAX_N, stalled = 0
    for step in range(REPAIR_STEPS_PER_N * n):
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
        ncells = 0
        for r in range(n):
            m = undecided[r]
            while m:
                c = ctz32(m)
                m &= m - 1
                if movable(b, q, size, min_size, closed, r * n + c):
                    cells[ncells] = r * n + c
                    ncells += 1
        best_move_start(&best, INFINITY)
        evaluated = 0
        for tries in range(4 * REPAIR_SAMPLE):
            if evaluated >= REPAIR_SAMPLE or ncells == 0:
                break
            cell = cells[rng_below(rng, ncells)]
            if not draw_move(rng, b, q, size, min_size, closed, cell, &g):
                continue
            h = b.region[cell]
            move_cell(b, size, cell, g)
            after = residue(b, level, NULL)
            cost = after - DESIGN_PULL * design_value(n, b.region)
            move_cell(b, size, cell, h)
            evaluated += 1
            if after < 0:
                continue
            offer_move(rng, &best, cell, g, cost)
        if best.cell < 0:
            st.fail_nomove += 1
            if not kick(rng, b, q, size, min_size, closed):
                return False
            continue
        move_cell(b, size, best.cell, best.g)
    st.fail_steps += 1
    return False


cdef void trace(Rng* rng, const int8_t* layout, const int8_t* q, const int8_t* motif, int n,
                int rule, Board* b, int* size, GenStats* st) noexcept nogil:
    """Redraw the layout on b around the solution q, cell by cell outward from the queens,
    keeping q the only solution: a cell joins its layout region unless a solution would then
    use it; a refused cell joins another neighbouring region that keeps q unique, or, when
    none does, the smallest (and make_unique mends it). The cells that moved are the
    layout's broken symmetry, no more of them than uniqueness asked for."""
    cdef int order[MAX_N * MAX_N]
    cdef uint32_t refused[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int r, x, g, h, i, k, j, best, left
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
            board_add_cell(b, x // n, x % n, g)
            st.checks += 1
            if adds_no_solution(b, x, st):
                size[g] += 1
                progress = True
                continue
            board_remove_cell(b, x // n, x % n)
            refused[x] |= <uint32_t>1 << g
            st.refusals += 1
            # Refused by its own region: a neighbouring one takes it now, while regions are
            # still small and a cell costs them least.
            k = neighbours4(n, x, nbs)
            for i in range(k):
                h = b.region[nbs[i]]
                if h < 0 or h == g or (refused[x] >> h) & 1 or (motif != NULL and h == MOTIF_REGION):
                    continue
                board_add_cell(b, x // n, x % n, h)
                st.checks += 1
                if adds_no_solution(b, x, st):
                    size[h] += 1
                    progress = True
                    break
                board_remove_cell(b, x // n, x % n)
                refused[x] |= <uint32_t>1 << h
    # What uniqueness refused: any neighbouring region that keeps q unique, else the smallest.
    left = 1
    while left:
        left = 0
        progress = False
        for x in range(n * n):
            if b.region[x] >= 0:
                continue
            k = neighbours4(n, x, nbs)
            best = -1
            for i in range(k):
                g = b.region[nbs[i]]
                if g < 0 or (refused[x] >> g) & 1 or (motif != NULL and g == MOTIF_REGION):
                    continue
                board_add_cell(b, x // n, x % n, g)
                if adds_no_solution(b, x, st):
                    best = g
                    break
                board_remove_cell(b, x // n, x % n)
                refused[x] |= <uint32_t>1 << g
            if best >= 0:
                size[best] += 1
                progress = True
                continue
            left += 1
        if left and not progress:
            for x in range(n * n):
                if b.region[x] >= 0:
                    continue
                k = neighbours4(n, x, nbs)
                best = -1
                for i in range(k):
                    g = b.region[nbs[i]]
                    if g >= 0 and (motif == NULL or g != MOTIF_REGION) and (
                            best < 0 or size[g] < size[best]):
                        best = g
                if best >= 0:
                    board_add_cell(b, x // n, x % n, best)
                    size[best] += 1
                    st.leftovers += 1
                    break


cdef bint feed_small(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                     uint32_t closed) noexcept nogil:
    """Regions the trace left below min_size take cells from neighbours that can spare them
    (make_unique then mends what that costs). False when one cannot be fed."""
    cdef int n = b.n
    cdef int g, h, x, ties, pick, rounds
    for rounds in range(n * n):
        g = -1
        for h in range(n):
            if size[h] < min_size:
                g = h
                break
        if g < 0:
            return True
        pick = -1
        ties = 0
        for x in range(n * n):
            h = b.region[x]
            if h == g or q[x // n] == x % n or size[h] <= min_size or (closed >> h) & 1:
                continue
            if not touches_region(b, x, g) or not region_connected(n, b.region, h, x):
                continue
            ties += 1
            if rng_below(rng, ties) == 0:
                pick = x
        if pick < 0:
            return False
        move_cell(b, size, pick, g)
    return False


cdef bint make_unique(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
                     uint32_t closed, GenStats* st) noexcept nogil:
    """Counting is far cheaper than deduction, so uniqueness comes first: while a second
    solution exists, move one of its queens' cells into a neighbouring region (which kills
    it), taking among a few the move that leaves the fewest solutions, then the best look."""
    cdef int n = b.n
    cdef Search srch
    cdef State s
    cdef int8_t* other
    cdef int8_t scratch[MAX_N]
    cdef int rows[MAX_N]
    cdef int step, r, nrows, j, cell, h, g
    cdef uint64_t count
    cdef double cost
    cdef BestMove best
    cdef bint aborted, is_q
    for step in range(UNIQUE_STEPS_PER_N * n):
        st.repair_steps += 1
        state_init(b, &s)
        search_init(&srch, 2, FULL_COUNT_BUDGET)
        search_run(b, &s, &srch)
        if srch.aborted:
            st.aborts += 1
            return False
        if srch.count == 1:
            return True
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
        best_move_start(&best, INFINITY)
        for j in range(nrows):
            cell = rows[j] * n + other[rows[j]]
            if not movable(b, q, size, min_size, closed, cell):
                continue
            if not draw_move(rng, b, q, size, min_size, closed, cell, &g):
                continue
            h = b.region[cell]
            move_cell(b, size, cell, g)
            count = count_board(b, 3, 3000, scratch, &aborted)
            if aborted:
                count = 3
            cost = count - UNIQUE_PULL * design_value(n, b.region)
            move_cell(b, size, cell, h)
            offer_move(rng, &best, cell, g, cost)
        if best.cell < 0:
            st.fail_nomove += 1
            if not kick(rng, b, q, size, min_size, closed):
                return False
            continue
        move_cell(b, size, best.cell, best.g)
    return False


cdef bint kick(Rng* rng, Board* b, const int8_t* q, int* size, int min_size,
               uint32_t closed) noexcept nogil:
    """A random legal move: the way out when no sampled move helps."""
    cdef int n = b.n
    cdef int tries, cell, g
    for tries in range(4 * n * n):
        cell = rng_below(rng, n * n)
        if draw_move(rng, b, q, size, min_size, closed, cell, &g):
            move_cell(b, size, cell, g)
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
    cdef double before = design_value(n, b.region), after
    symmetry_map(n, kind, sym)
    count = off_symmetry(b, sym, cells)
    for tries in range(DESIGN_POLISH_TRIES_PER_N * n):
        if count == 0:
            return
        cell = cells[rng_below(rng, count)]
        if not draw_move(rng, b, q, size, min_size, closed, cell, &g):
            continue
        h = b.region[cell]
        move_cell(b, size, cell, g)
        after = design_value(n, b.region)
        if after > before + 1e-9 and logic_tier(b) == tier:
            before = after
            st.polish_moves += 1
            count = off_symmetry(b, sym, cells)
        else:
            move_cell(b, size, cell, h)


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
                       int style, const int8_t* motif, int8_t* out, int8_t* solution,
                       GenStats* st) noexcept nogil:
    """A level of the tier (1 easy .. 4 expert) composed under the style's symmetries around
    the motif (NULL: none), the best by design score of candidates_for(n) finished ones."""
    cdef Board b
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int8_t best_grid[MAX_N * MAX_N]
    cdef int8_t q[MAX_N]
    cdef int8_t best_q[MAX_N]
    cdef int size[MAX_N]
    cdef int found = 0, want = candidates_for(n), got, kind
    cdef int level = T_CONTRADICTION if tier == TIER_EXPERT else tier_technique(tier)
    cdef uint32_t closed = 1 if motif != NULL else 0
    cdef double value, best = -1.0
    cdef bint aborted
    # Past this many compositions without a level, the caller falls back to growth (a motif
    # has no fallback: it keeps composing up to max_attempts).
    cdef long cap = (EXPERT_ATTEMPTS_PER_CANDIDATE if tier == TIER_EXPERT
                     else DESIGN_ATTEMPTS_PER_CANDIDATE) * want
    if n >= LARGE_N:
        cap = LARGE_ATTEMPTS
    while ((max_attempts <= 0 or st.attempts < max_attempts) and found < want
           and (motif != NULL or st.attempts < cap)):
        st.attempts += 1
        kind = pick_symmetry(rng, style)
        if not compose(rng, n, kind, motif, min_size, grid, size):
            st.fail_undersized += 1
            continue
        board_from_grid(&b, n, rule, grid)
        # The composition's own first solution becomes the level's.
        if count_board(&b, 1, CHECK_NODE_BUDGET, q, &aborted) == 0 or aborted:
            st.aborts += aborted
            st.no_solution += 1
            continue
        trace(rng, grid, q, motif, n, rule, &b, size, st)
        if not feed_small(rng, &b, q, size, min_size, closed):
            st.undersized += 1
            continue
        if not make_unique(rng, &b, q, size, min_size, closed, st):
            st.not_unique += 1
            continue
        if not design_repair(rng, &b, q, size, min_size, level, closed, st):
            st.not_logical += 1
            continue
        got = logic_tier(&b)
        if got != tier:
            st.tier_misses += 1
            continue
        design_polish(rng, &b, q, size, min_size, tier, closed, kind, st)
        value = design_value(n, b.region)
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


def design_value_of(regions):
    """design_value for a full map given as rows (for the parity test with
    shapes.design_score, whose formula it repeats in C for the generator's choices)."""
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int n = len(regions), r, c
    for r in range(n):
        for c in range(n):
            grid[r * n + c] = regions[r][c]
    return design_value(n, grid)
