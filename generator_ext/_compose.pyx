# Compositions: a near-symmetric layout of n regions drawn before any queen is placed, the
# way a designer draws one. One region is the background (about a third of the board); the
# others are strokes one cell wide (with their tips and branches) or compact shapes; each is
# either its own mirror image or the mirror image of a partner, so the borders land on
# borders under the chosen symmetry. A motif, when asked, is one region that stays as drawn.
from libc.stdint cimport int8_t, uint32_t
from libc.string cimport memcpy, memset

from generator_ext._core cimport MAX_N, neighbours4, region_connected, square_image
from generator_ext._grow cimport compactness, smallest_neighbour
from generator_ext._rng cimport Rng, rng_below, rng_seed, rng_unit, wins_tie

cdef double BACKGROUND_LOW = 0.26
cdef double BACKGROUND_HIGH = 0.36
cdef double STROKE_SHARE = 0.55      # of the shapes, how many are strokes
cdef double STROKE_WEIGHT = 0.6      # a stroke plans fewer cells than a shape of equal weight
cdef int MIN_TARGET = 3
cdef int POCKET_COMPOSED_PER_N = 2  # a pocket of 2n cells or more gets shapes of its own

cdef enum:
    SHAPE_BLOB = 0
    SHAPE_STROKE = 1
    SHAPE_FIXED = 2          # a motif: drawn, never grown
    SHAPE_BACKGROUND = 3     # takes what the others leave


cdef struct Layout:
    int n
    int sym[MAX_N * MAX_N]   # cell -> its mirror image
    int partner[MAX_N]       # region -> the region its mirror image belongs to
    int shape[MAX_N]
    int target[MAX_N]
    bint done[MAX_N]


cdef void symmetry_map(int n, int kind, int* sym) noexcept nogil:
    """sym[cell] = the cell's image under the symmetry `kind` (SYM_*)."""
    cdef int r, c, rr, cc
    for r in range(n):
        for c in range(n):
            if kind == SYM_MIRROR:
                rr, cc = r, n - 1 - c
            elif kind == SYM_FLIP:
                rr, cc = n - 1 - r, c
            elif kind == SYM_DIAGONAL:
                rr, cc = c, r
            elif kind == SYM_ANTIDIAGONAL:
                rr, cc = n - 1 - c, n - 1 - r
            elif kind == SYM_NONE:
                rr, cc = r, c
            else:
                rr, cc = n - 1 - r, n - 1 - c
            sym[r * n + c] = rr * n + cc


cdef inline bint touches(int n, const int8_t* grid, int cell, int g) noexcept nogil:
    cdef int nbs[4]
    cdef int k = neighbours4(n, cell, nbs), i
    for i in range(k):
        if grid[nbs[i]] == g:
            return True
    return False


cdef inline bint crowded(int n, const int8_t* grid, int cell) noexcept nogil:
    """Does the cell touch a region already (a seed there would leave its shape no room)?"""
    cdef int nbs[4]
    cdef int k = neighbours4(n, cell, nbs), i
    for i in range(k):
        if grid[nbs[i]] >= 0:
            return True
    return False


cdef bint seed_self(Rng* rng, Layout* L, int8_t* grid, int g, int max_path,
                    bint spaced) noexcept nogil:
    """Seed region g as its own mirror image: a random cell, the shortest free path from it to
    its image (at most max_path steps), and that path's image."""
    cdef int n = L.n
    cdef int parent[MAX_N * MAX_N]
    cdef int depth[MAX_N * MAX_N]
    cdef int queue[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int tries, x, goal, head, tail, u, v, i, k
    for tries in range(4 * n * n):
        x = rng_below(rng, n * n)
        goal = L.sym[x]
        if grid[x] >= 0 or grid[goal] >= 0 or (spaced and crowded(n, grid, x)):
            continue
        for u in range(n * n):
            parent[u] = -2
        parent[x] = -1
        depth[x] = 0
        head = 0
        tail = 1
        queue[0] = x
        while head < tail and parent[goal] == -2:
            u = queue[head]
            head += 1
            if depth[u] >= max_path:
                continue
            k = neighbours4(n, u, nbs)
            for i in range(k):
                v = nbs[i]
                if grid[v] < 0 and parent[v] == -2:
                    parent[v] = u
                    depth[v] = depth[u] + 1
                    queue[tail] = v
                    tail += 1
        if parent[goal] == -2:
            continue
        # The path's image must be free as well (it is, unless a motif broke the symmetry).
        u = goal
        while u >= 0:
            if grid[L.sym[u]] >= 0 and grid[L.sym[u]] != g:
                break
            grid[u] = <int8_t>g
            grid[L.sym[u]] = <int8_t>g
            u = parent[u]
        if u < 0:
            return True
        # Undo a half-drawn seed.
        for u in range(n * n):
            if grid[u] == g:
                grid[u] = -1
    return False


cdef bint seed_pair(Rng* rng, Layout* L, int8_t* grid, int g, int h, bint spaced) noexcept nogil:
    """Seed regions g and h as each other's mirror images: a random cell and its image."""
    cdef int n = L.n
    cdef int tries, x, y
    for tries in range(4 * n * n):
        x = rng_below(rng, n * n)
        y = L.sym[x]
        if x == y or grid[x] >= 0 or grid[y] >= 0:
            continue
        if spaced and (crowded(n, grid, x) or crowded(n, grid, y)):
            continue
        grid[x] = <int8_t>g
        grid[y] = <int8_t>h
        return True
    return False


cdef bint orbit_free(const Layout* L, const int8_t* grid, int x, int g) noexcept nogil:
    """Can region g take cell x while its partner takes x's image?"""
    cdef int y = L.sym[x]
    cdef int p = L.partner[g]
    if p == g:
        return y == x or grid[y] == g or (grid[y] < 0 and (touches(L.n, grid, y, g)
                                                          or touches_cell(L.n, x, y)))
    return y != x and grid[y] < 0 and touches(L.n, grid, y, p)


cdef inline bint touches_cell(int n, int a, int b) noexcept nogil:
    cdef int dr = a // n - b // n, dc = a % n - b % n
    return (dr == 0 and (dc == 1 or dc == -1)) or (dc == 0 and (dr == 1 or dr == -1))


cdef int stroke_score(Rng* rng, int n, const int8_t* grid, int x, int g) noexcept nogil:
    """How well cell x extends stroke g (-1: it would widen the stroke). A stroke is a tree one
    cell wide: x may touch it at one side only and at no corner off that side; going on
    straight from a tip scores best, a turn or a branch (which makes another tip) less."""
    cdef int r = x // n, c = x % n
    cdef int nbs[4]
    cdef int k = neighbours4(n, x, nbs), i, nb = -1, same = 0, dr, dc, rr, cc, beyond
    cdef int score, tip_links
    for i in range(k):
        if grid[nbs[i]] == g:
            same += 1
            nb = nbs[i]
    if same != 1:
        return -1
    for dr in range(-1, 2, 2):
        for dc in range(-1, 2, 2):
            rr = r + dr
            cc = c + dc
            if 0 <= rr < n and 0 <= cc < n and grid[rr * n + cc] == g:
                if nb != rr * n + c and nb != r * n + cc:
                    return -1
    score = 2
    beyond = 2 * nb - x  # the cell past nb, in line with x
    if 0 <= beyond < n * n and touches_cell(n, nb, beyond) and grid[beyond] == g:
        score += 3
    k = neighbours4(n, nb, nbs)
    tip_links = 0
    for i in range(k):
        tip_links += grid[nbs[i]] == g
    if tip_links <= 1:
        score += 2
    return score + <int>rng_below(rng, 4)


cdef int blob_score(Rng* rng, int n, const int8_t* grid, int x, int g) noexcept nogil:
    """How snugly x fits shape g (growth's compactness); now and then any border cell, so
    shapes do not all come out square."""
    cdef int score = compactness(n, grid, x, g)
    if rng_unit(rng) < 0.2:
        score += 6
    return score


cdef void take(Layout* L, int8_t* grid, int* size, int x, int g) noexcept nogil:
    """Cell x joins g and its image joins g's partner (g itself for a self-mirrored region)."""
    cdef int y = L.sym[x]
    grid[x] = <int8_t>g
    size[g] += 1
    if y != x and grid[y] < 0:
        grid[y] = <int8_t>L.partner[g]
        size[L.partner[g]] += 1


cdef bint grow_step(Rng* rng, Layout* L, int8_t* grid, int* size) noexcept nogil:
    """One cell (and its image) for the shape furthest below its plan; False when none can."""
    cdef int n = L.n
    cdef int g, best = -1, ties = 0, x, score, best_score, pick
    cdef double ratio, best_ratio = 0.0
    while True:
        best = -1
        ties = 0
        for g in range(n):
            if L.done[g] or L.partner[g] < g or size[g] >= L.target[g]:
                continue
            if L.shape[g] != SHAPE_BLOB and L.shape[g] != SHAPE_STROKE:
                continue
            ratio = <double>size[g] / L.target[g]
            if wins_tie(rng, &ties, best < 0 or ratio < best_ratio, ratio == best_ratio):
                best = g
                best_ratio = ratio
        if best < 0:
            return False
        pick = -1
        best_score = -1
        ties = 0
        for x in range(n * n):
            if grid[x] >= 0 or not touches(n, grid, x, best) or not orbit_free(L, grid, x, best):
                continue
            if L.shape[best] == SHAPE_STROKE:
                score = stroke_score(rng, n, grid, x, best)
            else:
                score = blob_score(rng, n, grid, x, best)
            if score >= 0 and wins_tie(rng, &ties, score > best_score, score == best_score):
                best_score = score
                pick = x
        if pick >= 0:
            take(L, grid, size, pick, best)
            return True
        L.done[best] = True
        L.done[L.partner[best]] = True


cdef void flood_background(Layout* L, int8_t* grid, int* size, int g) noexcept nogil:
    """The background takes every free cell it can reach."""
    cdef int n = L.n
    cdef int stack[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int top = 0, u, v, i, k
    for u in range(n * n):
        if grid[u] == g:
            stack[top] = u
            top += 1
    while top:
        top -= 1
        u = stack[top]
        k = neighbours4(n, u, nbs)
        for i in range(k):
            v = nbs[i]
            if grid[v] < 0:
                grid[v] = <int8_t>g
                size[g] += 1
                stack[top] = v
                top += 1


cdef bint absorb_leftovers(Rng* rng, Layout* L, int8_t* grid, int* size) noexcept nogil:
    """Free cells the background could not reach join their smallest growable neighbour,
    their images its partner. False when a pocket touches only a motif."""
    cdef int n = L.n
    cdef int x, y, g, best
    cdef uint32_t fixed = 0
    cdef bint left = True, progress = True
    for g in range(n):
        if L.shape[g] == SHAPE_FIXED:
            fixed |= <uint32_t>1 << g
    while left and progress:
        left = False
        progress = False
        for x in range(n * n):
            if grid[x] >= 0:
                continue
            best = smallest_neighbour(rng, n, grid, size, x, fixed)
            if best < 0:
                left = True
                continue
            progress = True
            y = L.sym[x]
            if y != x and grid[y] < 0 and orbit_free(L, grid, x, best):
                take(L, grid, size, x, best)
            else:
                grid[x] = <int8_t>best
                size[best] += 1
    return not left


cdef int fill_pockets(Layout* L, int8_t* grid, int* size, int min_size) noexcept nogil:
    """The free cells a motif cuts off from the rest (the inside of an O, the sides of an H)
    become one region each, drawn as they are; the largest free area and roomy pockets are
    left for the composition. Returns the first region left to plan, or -1 when the pockets
    use up the regions."""
    cdef int n = L.n
    cdef int8_t label[MAX_N * MAX_N]
    cdef int area[MAX_N * MAX_N]
    cdef int stack[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int x, u, v, i, k, top, pieces = 0, largest = -1, g = 1
    for x in range(n * n):
        label[x] = -1
    for x in range(n * n):
        if grid[x] >= 0 or label[x] >= 0:
            continue
        if pieces == n * n:
            return -1
        area[pieces] = 0
        label[x] = <int8_t>(pieces if pieces < 127 else 127)
        stack[0] = x
        top = 1
        while top:
            top -= 1
            u = stack[top]
            area[pieces] += 1
            k = neighbours4(n, u, nbs)
            for i in range(k):
                v = nbs[i]
                if grid[v] < 0 and label[v] < 0:
                    label[v] = label[x]
                    stack[top] = v
                    top += 1
        if largest < 0 or area[pieces] > area[largest]:
            largest = pieces
        pieces += 1
        if pieces > 120:
            return -1
    for i in range(pieces):
        # The largest area, and any other roomy enough for shapes of its own (the inside of
        # a ring), are composed; a pocket too small to be a region fills in the motif.
        if i == largest or area[i] >= POCKET_COMPOSED_PER_N * n:
            continue
        if area[i] < min_size:
            for x in range(n * n):
                if label[x] == i:
                    grid[x] = 0
                    size[0] += 1
            continue
        if g >= n - 1:
            return -1
        for x in range(n * n):
            if label[x] == i:
                grid[x] = <int8_t>g
        size[g] = area[i]
        L.partner[g] = g
        L.shape[g] = SHAPE_FIXED
        g += 1
    return g


cdef void plan_shapes(Rng* rng, Layout* L, int first, int motif_cells,
                      bint asymmetric) noexcept nogil:
    """Region `first` is the background (its own image); the rest are strokes and shapes,
    a few their own images and the others in mirrored pairs (all their own images under no
    symmetry), with planned sizes."""
    cdef int n = L.n
    cdef int rest = n - first - 1, selves, g, i
    cdef double weight[MAX_N]
    cdef double total = 0.0, u, share, free_cells
    L.partner[first] = first
    L.shape[first] = SHAPE_BACKGROUND
    selves = rest % 2 + 2 * <int>rng_below(rng, 1 + rest // 6)
    if asymmetric:
        selves = rest
    g = first + 1
    for i in range(selves):
        L.partner[g] = g
        g += 1
    while g + 1 < n:
        L.partner[g] = g + 1
        L.partner[g + 1] = g
        g += 2
    for g in range(first + 1, n):
        if L.partner[g] < g:
            L.shape[g] = L.shape[L.partner[g]]
            weight[g] = weight[L.partner[g]]
        else:
            L.shape[g] = SHAPE_STROKE if rng_unit(rng) < STROKE_SHARE else SHAPE_BLOB
            u = rng_unit(rng)
            weight[g] = (0.4 + 1.6 * u * u) * (STROKE_WEIGHT if L.shape[g] == SHAPE_STROKE
                                               else 1.0)
        total += weight[g]
    share = BACKGROUND_LOW + (BACKGROUND_HIGH - BACKGROUND_LOW) * rng_unit(rng)
    free_cells = n * n * (1.0 - share) - motif_cells
    L.target[first] = <int>(share * n * n)
    for g in range(first + 1, n):
        L.target[g] = <int>(free_cells * weight[g] / total + 0.5)
        if L.target[g] < MIN_TARGET:
            L.target[g] = MIN_TARGET


cdef bint compose(Rng* rng, int n, int kind, const int8_t* motif, int min_size,
                  int8_t* grid, int* size) noexcept nogil:
    """Draw a layout of n regions under the symmetry `kind` into grid (and the region sizes
    into size). motif (NULL: none) marks the cells of region 0, kept as drawn. False when
    this draw did not come out whole (a seed found no room, a region below min_size)."""
    cdef Layout L
    cdef int g, first = 0, motif_count = 0, x
    L.n = n
    symmetry_map(n, kind, L.sym)
    memset(grid, -1, n * n)
    for g in range(n):
        size[g] = 0
        L.done[g] = False
    if motif != NULL:
        for x in range(n * n):
            if motif[x]:
                grid[x] = 0
                motif_count += 1
        size[0] = motif_count
        L.partner[0] = 0
        L.shape[0] = SHAPE_FIXED
        first = fill_pockets(&L, grid, size, min_size)
        if first < 0:
            return False
        for g in range(first):
            motif_count += size[g] if g else 0
    plan_shapes(rng, &L, first, motif_count, kind == SYM_NONE)
    # The background's seed sits on the axis (a short path to its own image); strokes and
    # shapes get room of their own where the board allows it.
    if not seed_self(rng, &L, grid, first, 2, False):
        return False
    for g in range(first + 1, n):
        if L.partner[g] < g:
            continue
        if L.partner[g] == g:
            if not (seed_self(rng, &L, grid, g, 1 + <int>rng_below(rng, n // 2), True)
                    or seed_self(rng, &L, grid, g, n, False)):
                return False
        elif not (seed_pair(rng, &L, grid, g, L.partner[g], True)
                  or seed_pair(rng, &L, grid, g, L.partner[g], False)):
            return False
    for x in range(n * n):
        if grid[x] >= 0 and L.shape[grid[x]] != SHAPE_FIXED:
            size[grid[x]] += 1
    while grow_step(rng, &L, grid, size):
        pass
    flood_background(&L, grid, size, first)
    if not absorb_leftovers(rng, &L, grid, size):
        return False
    for g in range(n):
        if size[g] < min_size:
            return False
    return True


# The families past the strokes: each draws its own layout of n regions with straight
# borders where it can (rectangles cut straight, rings, a spiral), turned by any of the eight
# symmetries of the square; compose_family checks it whole and adds the one-cell regions.
cdef double SPLIT_EVEN = 0.6         # frames: how often a ring's arcs are of one length
cdef double MIRRORED_BLOCKS = 0.75   # blocks: how often one half mirrors the other
cdef double PALINDROME_BANDS = 0.5   # stripes: how often the bands read the same both ways
cdef double THICK_STRIP = 0.3        # islands: how often an edge strip is two cells deep
cdef int RECT_CELLS = 3               # the fewest cells a cut rect is planned for
cdef int RUN_CELLS = 3                # the fewest cells an arc or a spiral's run is drawn with
cdef double SMALL_ISLAND = 0.04      # islands: how often one is two cells
cdef int ISLAND_ROOM = 7             # islands: background cells an island wants around it
# islands: how often no strip is drawn, the background then all but small islands (the
# hand-made boards whose second-largest region is under a tenth of the board)
cdef double NO_STRIPS = 0.55


cdef struct Rect:
    int r
    int c
    int h
    int w


cdef inline Rect rect(int r, int c, int h, int w) noexcept nogil:
    cdef Rect R
    R.r = r
    R.c = c
    R.h = h
    R.w = w
    return R


cdef void paint(int n, int8_t* grid, Rect R, int g) noexcept nogil:
    cdef int r, c
    for r in range(R.r, R.r + R.h):
        for c in range(R.c, R.c + R.w):
            grid[r * n + c] = <int8_t>g


cdef bint split_rect(Rng* rng, Rect whole, int m, int across, Rect* out,
                    int* count) noexcept nogil:
    """Cut `whole` with straight cuts into m rects appended to out (across 1: cuts between
    rows only, 2: between columns only, 0: either). Each part gets a share of the m regions
    by its area, and no more of them than its rows or its columns (a region needs a row and a
    column of its own for its queen: Hall's condition, so the layout keeps a solution), and
    RECT_CELLS cells each. False when no cut fits."""
    cdef Rect stack[MAX_N]
    cdef int counts[MAX_N]
    cdef int top = 1, tries, pos, length, m1, m2, k
    cdef Rect R, A, B
    cdef bint rows, done
    stack[0] = whole
    counts[0] = m
    while top:
        top -= 1
        R = stack[top]
        k = counts[top]
        if k == 1:
            out[count[0]] = R
            count[0] += 1
            continue
        done = False
        for tries in range(24):
            if across == 0:
                rows = (R.h > R.w if rng_below(rng, 4) else rng_below(rng, 2) == 0) \
                    if R.h != R.w else rng_below(rng, 2) == 0
            else:
                rows = across == 1
            length = R.h if rows else R.w
            if length < 2:
                continue
            pos = 1 + <int>rng_below(rng, length - 1)
            if rows:
                A = rect(R.r, R.c, pos, R.w)
                B = rect(R.r + pos, R.c, R.h - pos, R.w)
            else:
                A = rect(R.r, R.c, R.h, pos)
                B = rect(R.r, R.c + pos, R.h, R.w - pos)
            # Shares by area, drawn loosely so that some regions come out large.
            m1 = <int>(k * <double>(A.h * A.w) / (R.h * R.w) * (0.25 + 1.5 * rng_unit(rng))
                       + rng_unit(rng))
            if m1 < 1:
                m1 = 1
            if m1 > k - 1:
                m1 = k - 1
            m2 = k - m1
            if (m1 > A.h or m1 > A.w or m2 > B.h or m2 > B.w
                    or A.h * A.w < RECT_CELLS * m1 or B.h * B.w < RECT_CELLS * m2):
                continue
            stack[top] = A
            counts[top] = m1
            stack[top + 1] = B
            counts[top + 1] = m2
            top += 2
            done = True
            break
        if not done:
            return False
    return True


cdef void orient(Rng* rng, int n, int8_t* grid) noexcept nogil:
    """Turn the layout by one of the eight symmetries of the square (the identity too)."""
    cdef int8_t copy[MAX_N * MAX_N]
    cdef int t = rng_below(rng, 8), r, c, rr, cc
    if t == 0:
        return
    memcpy(copy, grid, n * n)
    for r in range(n):
        for c in range(n):
            rr, cc = square_image(t, n, r, c)
            grid[rr * n + cc] = copy[r * n + c]


cdef bint draw_blocks(Rng* rng, int n, int8_t* grid) noexcept nogil:
    """Rectangles cut straight; mostly the left half's mirrored onto the right (an odd board's
    middle column its own region)."""
    cdef Rect rects[MAX_N]
    cdef int count = 0, half = n // 2, g
    cdef Rect R
    if rng_unit(rng) < MIRRORED_BLOCKS:
        if not split_rect(rng, rect(0, 0, n, half), half, 0, rects, &count):
            return False
        for g in range(half):
            R = rects[g]
            paint(n, grid, R, g)
            paint(n, grid, rect(R.r, n - R.c - R.w, R.h, R.w), g + half)
        if n % 2:
            paint(n, grid, rect(0, half, n, 1), 2 * half)
        return True
    if not split_rect(rng, rect(0, 0, n, n), n, 0, rects, &count):
        return False
    for g in range(n):
        paint(n, grid, rects[g], g)
    return True


cdef bint draw_stripes(Rng* rng, int n, int8_t* grid) noexcept nogil:
    """Bands across the board (their heights sometimes a palindrome), a band of h rows cut
    straight along its length into h regions (so a one-row band is one stripe)."""
    cdef Rect rects[MAX_N]
    cdef int heights[MAX_N]
    cdef int starts[MAX_N]
    cdef int k
    cdef int bands = n // 3 + <int>rng_below(rng, n - n // 3 - 1), i, r = 0, left, count = 0
    cdef bint palindrome = rng_unit(rng) < PALINDROME_BANDS
    if bands < 2:
        bands = 2
    for i in range(bands):
        heights[i] = 1
    left = n - bands
    while left > 0:
        i = rng_below(rng, bands)
        if palindrome and left >= 2 and i != bands - 1 - i:
            heights[i] += 1
            heights[bands - 1 - i] += 1
            left -= 2
        elif not palindrome or i == bands - 1 - i or left == 1:
            heights[i] += 1
            left -= 1
    for i in range(bands):
        if palindrome and i > bands - 1 - i and heights[i] == heights[bands - 1 - i]:
            # The mirror band's cuts again: the stripes read the same both ways.
            for k in range(starts[bands - 1 - i], starts[bands - 1 - i] + heights[i]):
                rects[count] = rect(r, rects[k].c, rects[k].h, rects[k].w)
                count += 1
        elif not split_rect(rng, rect(r, 0, heights[i], n), heights[i], 2, rects, &count):
            return False
        starts[i] = count - heights[i]
        r += heights[i]
    for i in range(n):
        paint(n, grid, rects[i], i)
    return True


cdef bint draw_cross(Rng* rng, int n, int8_t* grid) noexcept nogil:
    """A plus one cell wide across the board and its four corners cut straight: opposite
    corners hold as many regions each, and a corner's pair along a side fills exactly the
    rows (columns) they share, so the layout keeps a solution; an odd board's corners mirror
    each other."""
    cdef Rect rects[MAX_N]
    cdef Rect corner[4]
    cdef int want[4]
    cdef int a = (n - 1) // 2, b, count = 0, g, i, t
    cdef Rect R
    if n % 2 == 0 and rng_below(rng, 2):
        a = n // 2
    b = n - 1 - a
    if a < 2 or b < 2:
        return False
    corner[0] = rect(0, 0, a, a)
    corner[1] = rect(0, a + 1, a, b)
    corner[2] = rect(a + 1, 0, b, a)
    corner[3] = rect(a + 1, a + 1, b, b)
    t = 1 + <int>rng_below(rng, (a if a < b else b) - 1)
    if a == b and a % 2 == 0 and rng_below(rng, 2):
        t = a // 2
    want[1] = t
    want[2] = t
    want[0] = a - t
    want[3] = b - t
    for i in range(4):
        if want[i] < 1:
            return False
    if a == b:
        # Odd n: the top-left corner's cuts turned half round into the bottom-right, the
        # top-right's into the bottom-left.
        if not split_rect(rng, corner[0], want[0], 0, rects, &count):
            return False
        for i in range(want[0]):
            R = rects[i]
            rects[count] = rect(n - R.r - R.h, n - R.c - R.w, R.h, R.w)
            count += 1
        if not split_rect(rng, corner[1], want[1], 0, rects, &count):
            return False
        for i in range(want[0] * 2, want[0] * 2 + want[1]):
            R = rects[i]
            rects[count] = rect(n - R.r - R.h, n - R.c - R.w, R.h, R.w)
            count += 1
    else:
        for i in range(4):
            if not split_rect(rng, corner[i], want[i], 0, rects, &count):
                return False
    for i in range(n * n):
        grid[i] = 0
    for g in range(n - 1):
        paint(n, grid, rects[g], g + 1)
    return True


cdef int ring_cell(int n, int k, int i) noexcept nogil:
    """The i-th cell of ring k (k cells in from the edge), clockwise from its top-left."""
    cdef int s = n - 2 * k, lo = k, hi = n - 1 - k
    if s == 1:
        return lo * n + lo
    if i < s - 1:
        return lo * n + lo + i
    i -= s - 1
    if i < s - 1:
        return (lo + i) * n + hi
    i -= s - 1
    if i < s - 1:
        return hi * n + hi - i
    i -= s - 1
    return (hi - i) * n + lo


cdef bint draw_frames(Rng* rng, int n, int8_t* grid) noexcept nogil:
    """Concentric rings one cell wide around a centre block, each ring cut into arcs (often of
    one length) so that the regions number n."""
    cdef int rings = (n - 1) // 2 - <int>rng_below(rng, 2), inner, k, g = 0, i, j, cut
    cdef int arcs[MAX_N]
    cdef int perimeter, need, pick, offset, length, total
    cdef bint even
    if rings < 1:
        rings = 1
    inner = n - 2 * rings
    if inner == 1:
        rings -= 1
        inner = 3
    need = n - rings - (1 if inner > 0 else 0)
    for k in range(rings):
        arcs[k] = 1
    while need > 0:
        total = 0
        for k in range(rings):
            total += 4 * (n - 2 * k - 1) // (arcs[k] + 1)
        pick = rng_below(rng, total)
        k = 0
        while pick >= 4 * (n - 2 * k - 1) // (arcs[k] + 1):
            pick -= 4 * (n - 2 * k - 1) // (arcs[k] + 1)
            k += 1
        if RUN_CELLS * (arcs[k] + 1) > 4 * (n - 2 * k - 1):
            return False
        arcs[k] += 1
        need -= 1
    if inner > 0:
        paint(n, grid, rect(rings, rings, inner, inner), 0)
        g = 1
    for k in range(rings):
        perimeter = 4 * (n - 2 * k - 1)
        offset = rng_below(rng, perimeter)
        even = rng_unit(rng) < SPLIT_EVEN
        cut = 0
        for j in range(arcs[k]):
            if even:
                length = (perimeter * (j + 1)) // arcs[k] - (perimeter * j) // arcs[k]
            else:
                length = RUN_CELLS + <int>rng_below(
                    rng, 1 + perimeter - cut - RUN_CELLS * (arcs[k] - j))
            if j == arcs[k] - 1:
                length = perimeter - cut
            if length < RUN_CELLS:
                return False
            for i in range(cut, cut + length):
                grid[ring_cell(n, k, (i + offset) % perimeter)] = <int8_t>g
            cut += length
            g += 1
    return g == n


cdef bint draw_spiral(Rng* rng, int n, int8_t* grid) noexcept nogil:
    """One path spiralling in from a corner, cut into n runs of varied lengths."""
    cdef int order[MAX_N * MAX_N]
    cdef double weight[MAX_N]
    cdef double total = 0.0, u
    cdef int k, i, m = 0, g, length, cut = 0, left
    for k in range((n + 1) // 2):
        for i in range(max(1, 4 * (n - 2 * k - 1))):
            order[m] = ring_cell(n, k, i)
            m += 1
    for g in range(n):
        u = rng_unit(rng)
        weight[g] = 0.4 + 1.6 * u * u
        total += weight[g]
    for g in range(n):
        left = n * n - cut
        length = <int>(n * n * weight[g] / total + 0.5)
        if length < RUN_CELLS:
            length = RUN_CELLS
        if length > left - RUN_CELLS * (n - 1 - g):
            length = left - RUN_CELLS * (n - 1 - g)
        if g == n - 1:
            length = left
        if length < RUN_CELLS:
            return False
        for i in range(cut, cut + length):
            grid[order[i]] = <int8_t>g
        cut += length
    return True


cdef bint draw_islands(Rng* rng, int n, int8_t* grid) noexcept nogil:
    """One large background (region 0) with small islands on it, and a few strips cut off
    its edges; False when an island found no room or cut the background in two."""
    cdef Rect rects[MAX_N]
    cdef int count = 0, strips = (0 if rng_unit(rng) < NO_STRIPS
                                  else <int>rng_below(rng, 1 + (n - 1) // 2))
    cdef int side, deep, pieces
    cdef int top = 0, left = 0, bottom = n, right = n, g, tries, r, c, h, w, x, y
    cdef int dr, dc
    cdef bint ok
    cdef Rect strip
    # Strips as drawn, and more while the islands left would crowd the background.
    while ((strips > 0 or (n - 1 - count) * ISLAND_ROOM > (bottom - top) * (right - left))
           and bottom - top >= 5 and right - left >= 5):
        if strips < 1:
            strips = 1
        side = rng_below(rng, 4)
        deep = 2 if rng_unit(rng) < THICK_STRIP else 1
        if side == 0:
            strip = rect(top, left, deep, right - left)
            top += deep
        elif side == 1:
            strip = rect(bottom - deep, left, deep, right - left)
            bottom -= deep
        elif side == 2:
            strip = rect(top, left, bottom - top, deep)
            left += deep
        else:
            strip = rect(top, right - deep, bottom - top, deep)
            right -= deep
        # A strip of d rows holds at most d regions (each needs a row for its queen).
        pieces = 1 + <int>rng_below(rng, deep if deep < strips else strips)
        if not split_rect(rng, strip, pieces, 2 if side < 2 else 1, rects, &count):
            return False
        strips -= pieces
    for x in range(n * n):
        grid[x] = 0
    for g in range(count):
        paint(n, grid, rects[g], g + 1)
    for g in range(count + 1, n):
        for tries in range(120):
            if rng_unit(rng) < SMALL_ISLAND:
                h = 1
                w = 2
            elif rng_below(rng, 3) == 0:
                h = 2
                w = 2
            else:
                h = 1
                w = 3 + <int>rng_below(rng, 2)
            if bottom - top - h < 0 or right - left - w < 0:
                continue
            r = top + <int>rng_below(rng, bottom - top - h + 1)
            c = left + <int>rng_below(rng, right - left - w + 1)
            # Room: the island and background on its every side (islands may touch corners).
            ok = True
            for dr in range(-1, h + 1):
                for dc in range(-1, w + 1):
                    y = r + dr
                    x = c + dc
                    if (dr < 0 or dr == h) and (dc < 0 or dc == w):
                        continue
                    # Past half the tries an island may touch another one.
                    if tries >= 60 and (dr < 0 or dr == h or dc < 0 or dc == w):
                        continue
                    if 0 <= y < n and 0 <= x < n and grid[y * n + x] != 0:
                        ok = False
            if ok:
                paint(n, grid, rect(r, c, h, w), g)
                break
        else:
            return False
    return region_connected(n, grid, 0, -1)


cdef bint add_singles(Rng* rng, int n, int8_t* grid, int* size, int singles,
                      int min_size) noexcept nogil:
    """Make `singles` one-cell regions (given queens): the smallest region joins its smallest
    neighbour to free a label, and a cell of a region that can spare it, drawn uniformly
    (large regions most often) and touching no other one-cell region, takes it."""
    cdef int s, g, h, x, free, best, ties, pick, count
    cdef int nbs[4]
    cdef int k, i
    for s in range(singles):
        free = -1
        ties = 0
        for g in range(n):
            if size[g] > 1 and wins_tie(rng, &ties, free < 0 or size[g] < size[free],
                                        size[g] == size[free]):
                free = g
        best = -1
        ties = 0
        for x in range(n * n):
            if grid[x] != free:
                continue
            k = neighbours4(n, x, nbs)
            for i in range(k):
                h = grid[nbs[i]]
                if h != free and size[h] > 1 and wins_tie(
                        rng, &ties, best < 0 or size[h] < size[best], size[h] == size[best]):
                    best = h
        if best < 0:
            return False
        for x in range(n * n):
            if grid[x] == free:
                grid[x] = <int8_t>best
        size[best] += size[free]
        size[free] = 0
        count = 0
        pick = -1
        for x in range(n * n):
            g = grid[x]
            if g == free or size[g] <= min_size + 1 or single_beside(n, grid, size, x):
                continue
            if not region_connected(n, grid, g, x):
                continue
            count += 1
            if rng_below(rng, count) == 0:
                pick = x
        if pick < 0:
            return False
        size[grid[pick]] -= 1
        grid[pick] = <int8_t>free
        size[free] = 1
    return True


cdef inline bint single_beside(int n, const int8_t* grid, const int* size,
                               int x) noexcept nogil:
    cdef int nbs[4]
    cdef int k = neighbours4(n, x, nbs), i
    for i in range(k):
        if size[grid[nbs[i]]] == 1:
            return True
    return False


cdef bint compose_family(Rng* rng, int n, int family, int kind, const int8_t* motif,
                         int min_size, int singles, int8_t* grid, int* size) noexcept nogil:
    """A layout of the family (FAMILY_*) into grid and its region sizes into size: the
    strokes and motif families are compose's under the symmetry `kind`, loose is compose's
    under none, the others draw their own and are turned at random. Then `singles` one-cell
    regions. False when this draw did not come out whole: a region disconnected, missing, or
    below min_size other than the one-cell ones."""
    cdef int g, x, ones = 0
    cdef bint ok
    if family == FAMILY_STROKES or family == FAMILY_MOTIF or motif != NULL:
        ok = compose(rng, n, kind, motif, min_size, grid, size)
    elif family == FAMILY_LOOSE:
        ok = compose(rng, n, SYM_NONE, NULL, min_size, grid, size)
    else:
        memset(grid, -1, n * n)
        if family == FAMILY_FRAMES:
            ok = draw_frames(rng, n, grid)
        elif family == FAMILY_SPIRAL:
            ok = draw_spiral(rng, n, grid)
        elif family == FAMILY_STRIPES:
            ok = draw_stripes(rng, n, grid)
        elif family == FAMILY_CROSS:
            ok = draw_cross(rng, n, grid)
        elif family == FAMILY_ISLANDS:
            ok = draw_islands(rng, n, grid)
        else:
            ok = draw_blocks(rng, n, grid)
        if ok:
            orient(rng, n, grid)
            for g in range(n):
                size[g] = 0
            for x in range(n * n):
                if grid[x] < 0:
                    return False
                size[grid[x]] += 1
    if not ok:
        return False
    if singles and not add_singles(rng, n, grid, size, singles, min_size):
        return False
    for g in range(n):
        ones += size[g] == 1
        if size[g] == 0 or (size[g] < min_size and size[g] != 1):
            return False
        if not region_connected(n, grid, g, -1):
            return False
    return min_size == 1 or ones == singles


def family_layout(int n, int family, unsigned long long seed, int singles=0, int min_size=2):
    """A family's layout as rows of region ids before any queen (None: the draw did not come
    out whole), with SYM_MIRROR for the symmetric families: for the tests and the sheets."""
    from generator_ext._core import check_size

    check_size(n)
    if not 0 <= family < FAMILIES or family == FAMILY_MOTIF:
        raise ValueError(f"family must be a FAMILY_* code other than the motif's, not {family}")
    cdef Rng rng
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int size[MAX_N]
    cdef bint ok
    rng_seed(&rng, seed)
    with nogil:
        ok = compose_family(&rng, n, family, SYM_MIRROR, NULL, min_size, singles, grid, size)
    if not ok:
        return None
    return [[grid[r * n + c] for c in range(n)] for r in range(n)]
