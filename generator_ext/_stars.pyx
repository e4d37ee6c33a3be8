# The exact solution counter for k stars: depth-first search over bitmasks. Each node
# propagates what is forced (a unit whose open cells are exactly the stars it still needs
# takes them all; a unit that cannot fit its stars without two touching is a dead end), then
# branches on the lowest open cell of the unit with the least slack: a star there, or not.
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from generator_ext._core cimport (MAX_N, RULE_TOUCH, Board, bit, check_stars_c, ctz32,
                                  load_board, popcount32)
from generator_ext._rng cimport rng_below, rng_seed
from generator_ext._search cimport out_of_nodes


cdef void star_state_init(const Board* b, int stars, StarState* s) noexcept nogil:
    cdef int n = b.n
    cdef int r, c
    for r in range(MAX_N):
        s.open_rows[r] = 0
        s.open_cols[r] = 0
        s.star_rows[r] = 0
        s.need_row[r] = 0
        s.need_col[r] = 0
        s.need_reg[r] = 0
    for r in range(n):
        s.need_row[r] = stars
        s.need_col[r] = stars
        s.need_reg[r] = stars
        for c in range(n):
            if b.region[r * n + c] >= 0:
                s.open_rows[r] |= bit(c)
                s.open_cols[c] |= bit(r)


cdef inline void close_cell(StarState* s, int r, int c) noexcept nogil:
    s.open_rows[r] &= ~bit(c)
    s.open_cols[c] &= ~bit(r)


cdef void star_cross(const Board* b, StarState* s, int r, int c) noexcept nogil:
    close_cell(s, r, c)


cdef bint star_place(const Board* b, StarState* s, int r, int c) noexcept nogil:
    """A star at (r, c), and what it rules out: its eight neighbours, and every open cell of
    a row, column or region it completes. False when the cell is not open."""
    cdef int n = b.n
    cdef int g, i, j
    cdef uint32_t m
    if not ((s.open_rows[r] >> c) & 1):
        return False
    g = b.region[r * n + c]
    s.star_rows[r] |= bit(c)
    s.need_row[r] -= 1
    s.need_col[c] -= 1
    s.need_reg[g] -= 1
    # The 3×3 block around the star, three rows and three columns by mask (bits off the
    # board are never open).
    m = bit(c) | (bit(c) << 1) | (bit(c) >> 1)
    for i in range(max(r - 1, 0), min(r + 2, n)):
        s.open_rows[i] &= ~m
    m = bit(r) | (bit(r) << 1) | (bit(r) >> 1)
    for j in range(max(c - 1, 0), min(c + 2, n)):
        s.open_cols[j] &= ~m
    if s.need_row[r] == 0:
        m = s.open_rows[r]
        while m:
            close_cell(s, r, ctz32(m))
            m &= m - 1
    if s.need_col[c] == 0:
        m = s.open_cols[c]
        while m:
            close_cell(s, ctz32(m), c)
            m &= m - 1
    if s.need_reg[g] == 0:
        for i in range(b.rmin[g], b.rmax[g] + 1):
            m = s.open_rows[i] & b.reg_rows[g][i]
            while m:
                close_cell(s, i, ctz32(m))
                m &= m - 1
    return True


cdef int region_open(const Board* b, const StarState* s, int g) noexcept nogil:
    cdef int i, k = 0
    for i in range(b.rmin[g], b.rmax[g] + 1):
        k += popcount32(s.open_rows[i] & b.reg_rows[g][i])
    return k


cdef inline bint place_all_in_line(const Board* b, StarState* s, int u, uint32_t cells,
                                   bint by_col) noexcept nogil:
    """Stars on the `cells` of row u (column u when by_col); False when one does not fit."""
    while cells:
        if not (star_place(b, s, ctz32(cells), u) if by_col
                else star_place(b, s, u, ctz32(cells))):
            return False
        cells &= cells - 1
    return True


cdef inline int force_line(const Board* b, StarState* s, int u, bint by_col) noexcept nogil:
    """Row u (column u when by_col): -1 when it cannot hold the stars it needs, 1 when its
    open cells are exactly those stars (placed), else 0."""
    cdef int need = s.need_col[u] if by_col else s.need_row[u]
    cdef uint32_t cells
    if need < 0:
        return -1
    if need == 0:
        return 0
    cells = s.open_cols[u] if by_col else s.open_rows[u]
    if fit_in_line(cells) < need:
        return -1
    if popcount32(cells) != need:
        return 0
    return 1 if place_all_in_line(b, s, u, cells, by_col) else -1


cdef bint star_propagate(const Board* b, StarState* s) noexcept nogil:
    """Places what is forced until nothing is; False on a contradiction (some unit can no
    longer hold the stars it needs)."""
    cdef int n = b.n
    cdef int u, i, need, open_count, row, col
    cdef bint changed = True
    while changed:
        changed = False
        for u in range(n):
            row = force_line(b, s, u, False)
            if row < 0:
                return False
            col = force_line(b, s, u, True)
            if col < 0:
                return False
            if row or col:
                changed = True
            need = s.need_reg[u]
            if need < 0:
                return False
            if need:
                open_count = region_open(b, s, u)
                if open_count < need or region_fit(b, s, u) < need:
                    return False
                if open_count == need:
                    for i in range(b.rmin[u], b.rmax[u] + 1):
                        if not place_all_in_line(b, s, i, s.open_rows[i] & b.reg_rows[u][i],
                                                 False):
                            return False
                    changed = True
        if not pairs_fit(s, n):
            return False
    return True


cdef bint pairs_fit(const StarState* s, int n) noexcept nogil:
    """The 2×2 argument as a bound: the stars of two neighbouring rows sit in columns no two
    of which are side by side (same row: they would touch; next row: same column or
    diagonal), so the pair's open columns must fit the stars both rows still need; the
    same for two neighbouring columns. False when some pair cannot."""
    cdef int u
    for u in range(n - 1):
        if s.need_row[u] + s.need_row[u + 1] > 1:
            if fit_in_line(s.open_rows[u] | s.open_rows[u + 1]) < s.need_row[u] + s.need_row[u + 1]:
                return False
        if s.need_col[u] + s.need_col[u + 1] > 1:
            if fit_in_line(s.open_cols[u] | s.open_cols[u + 1]) < s.need_col[u] + s.need_col[u + 1]:
                return False
    return True


cdef int region_fit(const Board* b, const StarState* s, int g) noexcept nogil:
    """At most this many stars fit in region `g`'s open cells: its rows taken two by two
    (from its top row), each pair's columns as one line, as in pairs_fit."""
    cdef int i, k = 0
    cdef uint32_t cells
    for i in range(b.rmin[g], b.rmax[g] + 1, 2):
        cells = s.open_rows[i] & b.reg_rows[g][i]
        if i + 1 <= b.rmax[g]:
            cells |= s.open_rows[i + 1] & b.reg_rows[g][i + 1]
        k += fit_in_line(cells)
    return k


cdef void star_search_init(StarSearch* q, int stars, uint64_t limit,
                           uint64_t node_budget) noexcept nogil:
    q.stars = stars
    q.limit = limit
    q.count = 0
    q.nodes = 0
    q.node_budget = node_budget
    q.aborted = False
    q.randomize = False
    q.symmetry = SYMMETRY_NONE


cdef inline int nth_bit(uint32_t m, int k) noexcept nogil:
    while k:
        m &= m - 1
        k -= 1
    return ctz32(m)


cdef bint pick_cell(const Board* b, const StarState* s, StarSearch* q, int* out_r,
                    int* out_c) noexcept nogil:
    """The lowest open cell of the unit with the least slack (open cells beyond the stars it
    needs), or a random one of them when the search is randomized; False when no unit needs
    a star (the board is solved)."""
    cdef int n = b.n
    cdef int u, i, slack
    cdef int best = 1 << 30
    cdef int best_kind = -1, best_unit = -1
    cdef uint32_t cells
    for u in range(n):
        if s.need_row[u]:
            slack = popcount32(s.open_rows[u]) - s.need_row[u]
            if slack < best:
                best, best_kind, best_unit = slack, 0, u
        if s.need_col[u]:
            slack = popcount32(s.open_cols[u]) - s.need_col[u]
            if slack < best:
                best, best_kind, best_unit = slack, 1, u
        if s.need_reg[u]:
            slack = region_open(b, s, u) - s.need_reg[u]
            if slack < best:
                best, best_kind, best_unit = slack, 2, u
    if best_kind < 0:
        return False
    if q.randomize:
        return pick_random(b, s, q, best_kind, best_unit, best + (
            s.need_row[best_unit] if best_kind == 0 else
            s.need_col[best_unit] if best_kind == 1 else s.need_reg[best_unit]), out_r, out_c)
    if best_kind == 0:
        out_r[0], out_c[0] = best_unit, ctz32(s.open_rows[best_unit])
    elif best_kind == 1:
        out_r[0], out_c[0] = ctz32(s.open_cols[best_unit]), best_unit
    else:
        for i in range(b.rmin[best_unit], b.rmax[best_unit] + 1):
            cells = s.open_rows[i] & b.reg_rows[best_unit][i]
            if cells:
                out_r[0], out_c[0] = i, ctz32(cells)
                break
    return True


cdef bint pick_random(const Board* b, const StarState* s, StarSearch* q, int kind, int unit,
                      int open_count, int* out_r, int* out_c) noexcept nogil:
    cdef int k = rng_below(&q.rng, open_count)
    cdef int i, m
    cdef uint32_t cells
    if kind == 0:
        out_r[0], out_c[0] = unit, nth_bit(s.open_rows[unit], k)
    elif kind == 1:
        out_r[0], out_c[0] = nth_bit(s.open_cols[unit], k), unit
    else:
        for i in range(b.rmin[unit], b.rmax[unit] + 1):
            cells = s.open_rows[i] & b.reg_rows[unit][i]
            m = popcount32(cells)
            if k < m:
                out_r[0], out_c[0] = i, nth_bit(cells, k)
                break
            k -= m
    return True


cdef int symmetrize(const Board* b, StarState* s, int symmetry) noexcept nogil:
    """Each star's image a star and each ruled-out cell's image ruled out (propagation forces
    cells one at a time): -1 when some cell and its image disagree, 1 when a mark was added
    (propagate again), 0 when the marks are their own image."""
    cdef int n = b.n
    cdef int r, c, ir, ic
    cdef bint star, open_, image_star, image_open
    cdef int changed = 0
    for r in range(n):
        for c in range(n):
            if symmetry == SYMMETRY_TURN:
                ir, ic = n - 1 - r, n - 1 - c
            else:
                ir, ic = c, r
            star = (s.star_rows[r] >> c) & 1
            open_ = (s.open_rows[r] >> c) & 1
            image_star = (s.star_rows[ir] >> ic) & 1
            image_open = (s.open_rows[ir] >> ic) & 1
            if star and not image_star:
                if not image_open or not star_place(b, s, ir, ic):
                    return -1
                changed = 1
            elif not star and not open_ and image_open:
                close_cell(s, ir, ic)
                changed = 1
    return changed


cdef void star_search_run(const Board* b, StarState* s, StarSearch* q) noexcept nogil:
    cdef StarState branch
    cdef int r = 0, c = 0, marked
    while True:  # the "no star here" branch loops instead of recursing
        if q.count >= q.limit or q.aborted:
            return
        if out_of_nodes(&q.nodes, q.node_budget, &q.aborted) or not star_propagate(b, s):
            return
        if q.symmetry:
            marked = symmetrize(b, s, q.symmetry)
            if marked < 0:
                return
            if marked:
                continue
        if not pick_cell(b, s, q, &r, &c):
            if q.count < 2:  # keep the first two solutions
                memcpy(&q.second[0] if q.count else &q.first[0], s.star_rows, sizeof(q.first))
            q.count += 1
            return
        branch = s[0]
        if star_place(b, &branch, r, c):
            star_search_run(b, &branch, q)
        star_cross(b, s, r, c)


# ---------------------------------------------------------------- Python entry points
cdef list rows_of(const uint32_t* rows, int n):
    out = []
    for r in range(n):
        cols = []
        m = rows[r]
        while m:
            cols.append(ctz32(m))
            m &= m - 1
        out.append(cols)
    return out


def count_star_solutions(regions, stars=2, limit=2, node_budget=0):
    """(solutions up to `limit`, the first two as each row's star columns, nodes, aborted)."""
    cdef Board b
    cdef StarState s
    cdef StarSearch q
    cdef int n = load_board(regions, "touch", &b)
    cdef int k = check_stars_c(stars, n, RULE_TOUCH)
    cdef uint64_t cap = <uint64_t>-1 if limit is None else <uint64_t>limit
    cdef uint64_t budget = node_budget
    with nogil:
        star_state_init(&b, k, &s)
        star_search_init(&q, k, cap, budget)
        star_search_run(&b, &s, &q)
    found = []
    if q.count >= 1:
        found.append(rows_of(q.first, n))
    if q.count >= 2:
        found.append(rows_of(q.second, n))
    return q.count, found, q.nodes, bool(q.aborted)


def random_star_placement(n, stars, seed, node_budget=0, symmetry=0):
    """A random placement of k stars in every row and column of an n×n board, none touching
    (each row's star columns), from a search that branches on random cells; the same seed
    gives the same placement. None when the node budget runs out first. `symmetry` 1 (the
    half turn) or 2 (the main diagonal): only placements that are their own image."""
    cdef Board b
    cdef StarState s
    cdef StarSearch q
    cdef int n2 = load_board([[r] * n for r in range(n)], "touch", &b)
    cdef int k = check_stars_c(stars, n2, RULE_TOUCH)
    cdef uint64_t budget = node_budget
    cdef uint64_t seed64 = seed & 0xFFFFFFFFFFFFFFFF
    cdef int kind = symmetry
    if kind not in (SYMMETRY_NONE, SYMMETRY_TURN, SYMMETRY_DIAGONAL):
        raise ValueError(f"symmetry must be 0, 1 or 2, not {symmetry!r}")
    with nogil:
        star_state_init(&b, k, &s)
        star_search_init(&q, k, 1, budget)
        q.randomize = True
        q.symmetry = kind
        rng_seed(&q.rng, seed64)
        star_search_run(&b, &s, &q)
    return rows_of(q.first, n2) if q.count else None

