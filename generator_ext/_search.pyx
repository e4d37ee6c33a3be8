# The exact solution counter: depth-first search over bitmasks that always branches on
# the row, column or region with the fewest open cells, and prunes when one has none.
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.string cimport memset

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
    cdef int g, i, d
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
        for i in range(n):
            d = i - r if i > r else r - i
            if d > 1:
                if c - d >= 0:
                    s.avail[i] &= ~(<uint32_t>1 << (c - d))
                if c + d < n:
                    s.avail[i] &= ~(<uint32_t>1 << (c + d))
            d = i - c if i > c else c - i
            if d > 1:
                if r - d >= 0:
                    s.availT[i] &= ~(<uint32_t>1 << (r - d))
                if r + d < n:
                    s.availT[i] &= ~(<uint32_t>1 << (r + d))
    return True


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


cdef inline void restrict_row(State* s, int r, uint32_t keep) noexcept nogil:
    """Keep only the `keep` columns of row r open."""
    cdef uint32_t removed = s.avail[r] & ~keep
    cdef uint32_t bit_r = ~(<uint32_t>1 << r)
    s.avail[r] &= keep
    while removed:
        s.availT[ctz32(removed)] &= bit_r
        removed &= removed - 1


cdef inline void restrict_col(State* s, int c, uint32_t keep) noexcept nogil:
    """Keep only the `keep` rows of column c open."""
    cdef uint32_t removed = s.availT[c] & ~keep
    cdef uint32_t bit_c = ~(<uint32_t>1 << c)
    s.availT[c] &= keep
    while removed:
        s.avail[ctz32(removed)] &= bit_c
        removed &= removed - 1


cdef bint propagate(const Board* b, State* s) noexcept nogil:
    """Apply forced moves and single confinements until nothing changes; False on a dead end.

    A line with one open cell takes its queen; a region confined to one row (column) owns
    that row (column); a row (column) confined to one region owns that region."""
    cdef int n = b.n
    cdef int g, i, r, c, k
    cdef uint32_t m, rmask, cmask, cells
    cdef bint changed = True
    while changed:
        changed = False
        m = s.rows_left
        while m:
            r = ctz32(m)
            m &= m - 1
            cells = s.avail[r]
            if cells == 0:
                return False
            if cells & (cells - 1) == 0:
                state_place(b, s, r, ctz32(cells))
                changed = True
                continue
            g = b.region[r * n + ctz32(cells)]
            if cells & ~b.reg_rows[g][r] == 0:
                for i in range(b.rmin[g], b.rmax[g] + 1):
                    if i != r and s.avail[i] & b.reg_rows[g][i]:
                        restrict_row(s, i, ~b.reg_rows[g][i])
                        changed = True
        m = s.cols_left
        while m:
            c = ctz32(m)
            m &= m - 1
            cells = s.availT[c]
            if cells == 0:
                return False
            if cells & (cells - 1) == 0:
                state_place(b, s, ctz32(cells), c)
                changed = True
                continue
            g = b.region[ctz32(cells) * n + c]
            if cells & ~b.reg_cols[g][c] == 0:
                for i in range(b.cmin[g], b.cmax[g] + 1):
                    if i != c and s.availT[i] & b.reg_cols[g][i]:
                        restrict_col(s, i, ~b.reg_cols[g][i])
                        changed = True
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
                    restrict_row(s, r, b.reg_rows[g][r])
                    changed = True
            if cmask & (cmask - 1) == 0:
                c = ctz32(cmask)
                if s.availT[c] & ~b.reg_cols[g][c]:
                    restrict_col(s, c, b.reg_cols[g][c])
                    changed = True
    return True


cdef void search_run(const Board* b, State* s, Search* q) noexcept nogil:
    cdef int n = b.n
    cdef int best = MAX_N * MAX_N + 1
    cdef int kind = -1
    cdef int idx = -1
    cdef int i, k, r, c
    cdef uint32_t m, cells
    cdef State child
    cdef uint32_t reg_row_adj[MAX_N]
    cdef uint32_t reg_col_adj[MAX_N]
    cdef int nregs = 0
    cdef uint32_t rmask, cmask
    q.nodes += 1
    if q.node_budget and q.nodes > q.node_budget:
        q.aborted = True
        return
    if not propagate(b, s):
        return
    if s.rows_left == 0:
        if q.count == 0:
            for i in range(n):
                q.first[i] = s.queens[i]
        elif q.count == 1:
            for i in range(n):
                q.second[i] = s.queens[i]
        q.count += 1
        return
    # Pick the most constrained row, column or region; an empty one ends this branch.
    m = s.rows_left
    while m:
        i = ctz32(m)
        m &= m - 1
        k = popcount32(s.avail[i])
        if k < best:
            if k == 0:
                return
            best = k
            kind = 0
            idx = i
    m = s.cols_left
    while m:
        i = ctz32(m)
        m &= m - 1
        k = popcount32(s.availT[i])
        if k < best:
            if k == 0:
                return
            best = k
            kind = 1
            idx = i
    m = s.regs_left
    while m:
        i = ctz32(m)
        m &= m - 1
        k = region_scan(b, s.avail, i, &rmask, &cmask)
        reg_row_adj[nregs] = rmask
        reg_col_adj[nregs] = cmask
        nregs += 1
        if k < best:
            if k == 0:
                return
            best = k
            kind = 2
            idx = i
    # Before branching, check that the regions can still take distinct rows and distinct
    # columns: this cuts most dead subtrees of partial maps at once.
    if best > 1 and (not has_perfect_matching(nregs, reg_row_adj)
                     or not has_perfect_matching(nregs, reg_col_adj)):
        return
    if kind == 0:
        cells = s.avail[idx]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            child = s[0]
            state_place(b, &child, idx, c)
            search_run(b, &child, q)
            if q.count >= q.limit or q.aborted:
                return
    elif kind == 1:
        cells = s.availT[idx]
        while cells:
            r = ctz32(cells)
            cells &= cells - 1
            child = s[0]
            state_place(b, &child, r, idx)
            search_run(b, &child, q)
            if q.count >= q.limit or q.aborted:
                return
    else:
        for r in range(b.rmin[idx], b.rmax[idx] + 1):
            cells = s.avail[r] & b.reg_rows[idx][r]
            while cells:
                c = ctz32(cells)
                cells &= cells - 1
                child = s[0]
                state_place(b, &child, r, c)
                search_run(b, &child, q)
                if q.count >= q.limit or q.aborted:
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
