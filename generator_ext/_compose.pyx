# Compositions: a near-symmetric layout of n regions drawn before any queen is placed, the
# way a designer draws one. One region is the background (about a third of the board); the
# others are strokes one cell wide (with their tips and branches) or compact shapes; each is
# either its own mirror image or the mirror image of a partner, so the borders land on
# borders under the chosen symmetry. A motif, when asked, is one region that stays as drawn.
from libc.stdint cimport int8_t, uint32_t
from libc.string cimport memset

from generator_ext._core cimport MAX_N, neighbours4
from generator_ext._grow cimport compactness, smallest_neighbour
from generator_ext._rng cimport Rng, rng_below, rng_unit, wins_tie

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


cdef void plan_shapes(Rng* rng, Layout* L, int first, int motif_cells) noexcept nogil:
    """Region `first` is the background (its own image); the rest are strokes and shapes,
    a few their own images and the others in mirrored pairs, with planned sizes."""
    cdef int n = L.n
    cdef int rest = n - first - 1, selves, g, i
    cdef double weight[MAX_N]
    cdef double total = 0.0, u, share, free_cells
    L.partner[first] = first
    L.shape[first] = SHAPE_BACKGROUND
    selves = rest % 2 + 2 * <int>rng_below(rng, 1 + rest // 6)
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
    plan_shapes(rng, &L, first, motif_count)
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
