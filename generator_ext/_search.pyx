# The exact solution counter: depth-first search over bitmasks that always branches on
# the row, column or region with the fewest open cells, and prunes when one has none.
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from generator_ext._core cimport MAX_N, RULE_CLASSIC, Board, bit, ctz32, full_mask, match_units
from generator_ext._core cimport popcount32, region_scan


cdef void state_init(const Board* b, State* s) noexcept nogil:
    cdef int n = b.n
    cdef int r, c
    cdef uint32_t full = full_mask(n)
    memset(s.avail, 0, sizeof(s.avail))
    memset(s.availT, 0, sizeof(s.availT))
    memset(s.queens, -1, sizeof(s.queens))
    for r in range(n):
        for c in range(n):
            if b.region[r * n + c] >= 0:
                s.avail[r] |= <uint32_t>1 << c
                s.availT[c] |= <uint32_t>1 << r
    s.rows_left = full
    s.cols_left = full
    # A region without cells stays open with no candidates, so the search finds nothing.
    s.regs_left = full


cdef bint state_place(const Board* b, State* s, int r, int c) noexcept nogil:
    cdef int n = b.n
    cdef int g, i
    cdef uint32_t bit_c, bit_r, near_c, near_r
    if not ((s.avail[r] >> c) & 1):
        return False
    g = b.region[r * n + c]
    bit_c = <uint32_t>1 << c
    bit_r = <uint32_t>1 << r
    s.queens[r] = <int8_t>c
    s.rows_left &= ~bit_r
    s.cols_left &= ~bit_c
    s.regs_left &= ~(<uint32_t>1 << g)
    s.avail[r] = 0
    s.availT[c] = 0
    for i in range(n):
        s.avail[i] &= ~bit_c
        s.availT[i] &= ~bit_r
    # Two cells touch exactly when they share a 2x2 block.
    near_c = bit_c | (bit_c << 1) | (bit_c >> 1)
    near_r = bit_r | (bit_r << 1) | (bit_r >> 1)
    if r > 0:
        s.avail[r - 1] &= ~near_c
    if r < n - 1:
        s.avail[r + 1] &= ~near_c
    if c > 0:
        s.availT[c - 1] &= ~near_r
    if c < n - 1:
        s.availT[c + 1] &= ~near_r
    for i in range(b.rmin[g], b.rmax[g] + 1):
        s.avail[i] &= ~b.reg_rows[g][i]
    for i in range(b.cmin[g], b.cmax[g] + 1):
        s.availT[i] &= ~b.reg_cols[g][i]
    if b.rule == RULE_CLASSIC:
        clear_diagonals(s.avail, n, r, c)
        clear_diagonals(s.availT, n, c, r)
    return True


cdef inline void clear_diagonals(uint32_t* lines, int n, int at, int pos) noexcept nogil:
    """A queen at position `pos` of line `at` rules out its diagonals on the lines two or
    more away (the touching ones went with its block); `lines` holds the open columns by
    row, or the open rows by column."""
    cdef int i, d
    for i in range(n):
        d = i - at if i > at else at - i
        if d > 1:
            if pos - d >= 0:
                lines[i] &= ~(<uint32_t>1 << (pos - d))
            if pos + d < n:
                lines[i] &= ~(<uint32_t>1 << (pos + d))


cdef void search_init(Search* q, uint64_t limit, uint64_t node_budget) noexcept nogil:
    q.limit = limit
    q.node_budget = node_budget
    q.count = 0
    q.nodes = 0
    q.aborted = False
    memset(q.first, -1, sizeof(q.first))
    memset(q.second, -1, sizeof(q.second))


cdef inline bint has_perfect_matching(int k, const uint32_t* adj) noexcept nogil:
    """Can each of k units take a distinct line from its mask (Hall's condition)?"""
    cdef int match_line[MAX_N]
    return match_units(full_mask(k), adj, match_line) < 0


cdef inline void restrict_line(uint32_t* lines, uint32_t* across, int i,
                               uint32_t keep) noexcept nogil:
    """Keep only the `keep` cells of line i open: `lines` holds the open cells by row (or
    column), `across` the same cells by column (or row), kept in step."""
    cdef uint32_t removed = lines[i] & ~keep
    cdef uint32_t bit_i = ~(<uint32_t>1 << i)
    lines[i] &= keep
    while removed:
        across[ctz32(removed)] &= bit_i
        removed &= removed - 1


cdef inline int propagate_lines(const Board* b, State* s, bint by_col) noexcept nogil:
    """One pass over the open rows (columns when by_col): a line with one open cell takes
    its queen; a line confined to one region owns that region. -1 on a line without an
    open cell, else whether anything changed. Called with a constant by_col, so C folds
    each call into its own loop."""
    cdef int n = b.n
    cdef uint32_t* lines = &s.availT[0] if by_col else &s.avail[0]
    cdef uint32_t* across = &s.avail[0] if by_col else &s.availT[0]
    cdef uint32_t m = s.cols_left if by_col else s.rows_left
    cdef const uint32_t* own
    cdef uint32_t cells
    cdef int i, j, x, g, lo, hi
    cdef int changed = 0
    while m:
        i = ctz32(m)
        m &= m - 1
        cells = lines[i]
        if cells == 0:
            return -1
        x = ctz32(cells)
        if cells & (cells - 1) == 0:
            if by_col:
                state_place(b, s, x, i)
            else:
                state_place(b, s, i, x)
            changed = 1
            continue
        g = b.region[x * n + i] if by_col else b.region[i * n + x]
        own = &b.reg_cols[g][0] if by_col else &b.reg_rows[g][0]
        if cells & ~own[i] == 0:
            lo = b.cmin[g] if by_col else b.rmin[g]
            hi = b.cmax[g] if by_col else b.rmax[g]
            for j in range(lo, hi + 1):
                if j != i and lines[j] & own[j]:
                    restrict_line(lines, across, j, ~own[j])
                    changed = 1
    return changed


cdef bint propagate(const Board* b, State* s) noexcept nogil:
    """Apply forced moves and single confinements until nothing changes; False on a dead end.

    A line with one open cell takes its queen; a region confined to one row (column) owns
    that row (column); a row (column) confined to one region owns that region."""
    cdef int g, r, c, k, rows, cols
    cdef uint32_t m, rmask, cmask
    cdef bint changed = True
    while changed:
        rows = propagate_lines(b, s, False)
        if rows < 0:
            return False
        cols = propagate_lines(b, s, True)
        if cols < 0:
            return False
        changed = rows or cols
        m = s.regs_left
        while m:
            g = ctz32(m)
            m &= m - 1
            k = region_scan(b, s.avail, g, &rmask, &cmask)
            if k == 0:
                return False
            if k == 1:
                r = ctz32(rmask)
                state_place(b, s, r, ctz32(cmask))
                changed = True
                continue
            if rmask & (rmask - 1) == 0:
                r = ctz32(rmask)
                if s.avail[r] & ~b.reg_rows[g][r]:
                    restrict_line(s.avail, s.availT, r, b.reg_rows[g][r])
                    changed = True
            if cmask & (cmask - 1) == 0:
                c = ctz32(cmask)
                if s.availT[c] & ~b.reg_cols[g][c]:
                    restrict_line(s.availT, s.avail, c, b.reg_cols[g][c])
                    changed = True
    return True


cdef struct Pick:
    int best  # open cells of the tightest unit so far
    int kind  # 0 row, 1 column, 2 region
    int idx


cdef inline bint tighter(Pick* p, int kind, int i, int k) noexcept nogil:
    """Take unit i if its k open cells are fewer than the best so far; False when k is 0
    (the branch is dead)."""
    if k < p.best:
        if k == 0:
            return False
        p.best = k
        p.kind = kind
        p.idx = i
    return True


cdef inline bint tightest_line(uint32_t left, const uint32_t* lines, int kind,
                               Pick* p) noexcept nogil:
    """tighter() over the open lines `left` (rows or columns by `lines`)."""
    cdef int i
    while left:
        i = ctz32(left)
        left &= left - 1
        if not tighter(p, kind, i, popcount32(lines[i])):
            return False
    return True


cdef inline bint branch(const Board* b, const State* s, Search* q, int r, int c) noexcept nogil:
    """Search on with a queen at (r, c); True once the search should stop."""
    cdef State child = s[0]
    state_place(b, &child, r, c)
    search_run(b, &child, q)
    return q.count >= q.limit or q.aborted


cdef void search_run(const Board* b, State* s, Search* q) noexcept nogil:
    cdef int i, r, c
    cdef uint32_t m, cells
    cdef Pick p
    cdef uint32_t reg_row_adj[MAX_N]
    cdef uint32_t reg_col_adj[MAX_N]
    cdef int nregs = 0
    if out_of_nodes(&q.nodes, q.node_budget, &q.aborted) or not propagate(b, s):
        return
    if s.rows_left == 0:
        if q.count < 2:  # keep the first two solutions
            memcpy(&q.second[0] if q.count else &q.first[0], s.queens, sizeof(q.first))
        q.count += 1
        return
    # Pick the most constrained row, column or region; an empty one ends this branch.
    p.best = MAX_N * MAX_N + 1
    p.kind = -1
    p.idx = -1
    if not tightest_line(s.rows_left, s.avail, 0, &p):
        return
    if not tightest_line(s.cols_left, s.availT, 1, &p):
        return
    m = s.regs_left
    while m:
        i = ctz32(m)
        m &= m - 1
        if not tighter(&p, 2, i, region_scan(b, s.avail, i, &reg_row_adj[nregs],
                                             &reg_col_adj[nregs])):
            return
        nregs += 1
    # Before branching, check that the regions can still take distinct rows and distinct
    # columns: this cuts most dead subtrees of partial maps at once.
    if p.best > 1 and (not has_perfect_matching(nregs, reg_row_adj)
                       or not has_perfect_matching(nregs, reg_col_adj)):
        return
    if p.kind == 2:
        for r in range(b.rmin[p.idx], b.rmax[p.idx] + 1):
            cells = s.avail[r] & b.reg_rows[p.idx][r]
            while cells:
                c = ctz32(cells)
                cells &= cells - 1
                if branch(b, s, q, r, c):
                    return
        return
    cells = s.avail[p.idx] if p.kind == 0 else s.availT[p.idx]
    while cells:
        i = ctz32(cells)
        cells &= cells - 1
        if branch(b, s, q, p.idx, i) if p.kind == 0 else branch(b, s, q, i, p.idx):
            return


cdef uint64_t count_board(const Board* b, uint64_t limit, uint64_t node_budget,
                          int8_t* first, bint* aborted) noexcept nogil:
    cdef State s
    cdef Search q
    cdef int i
    state_init(b, &s)
    search_init(&q, limit, node_budget)
    search_run(b, &s, &q)
    if first != NULL:
        for i in range(b.n):
            first[i] = q.first[i]
    if aborted != NULL:
        aborted[0] = q.aborted
    return q.count
