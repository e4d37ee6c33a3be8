# The k-star deduction's closures, compiled: the techniques of generator_ext/stars_logic.py
# (its docstring numbers them 1-7), each applied to every instance it finds at once, easiest
# first, until nothing changes. The tier of a level is the lowest technique level whose
# closure solves it. stars_logic.py is the plain reading (and the steps' reasons); a test
# holds the two closures equal. The structs are in _stars_logic.pxd, shared with the compiled
# step finder (_stars_steps.pyx).
from libc.stdint cimport uint32_t, uint64_t

from generator_ext._core cimport MAX_N, RULE_TOUCH, Board, bit, check_stars_c, ctz32, full_mask
from generator_ext._core cimport load_board, popcount32
from generator_ext._rng cimport Rng, rng_next, rng_seed
from generator_ext._stars cimport (StarSearch, StarState, rows_of, star_cross, star_place,
                                   star_search_init, star_search_run, star_state_init)


cdef void read_view(const Board* b, int k, const Marks* m, View* v) noexcept nogil:
    cdef int n = b.n
    cdef int r, c, g
    cdef uint32_t full = full_mask(n), cells, row_open
    for c in range(n):
        v.open_c[c] = 0
        v.need_c[c] = k
        v.need_g[c] = k
        v.open_g[c] = 0
        v.rows_g[c] = 0
        v.cols_g[c] = 0
        v.regs_c[c] = 0
    for r in range(n):
        row_open = full & ~(m.star[r] | m.cross[r])
        v.open_r[r] = row_open
        v.need_r[r] = k - popcount32(m.star[r])
        v.regs_r[r] = 0
        cells = m.star[r]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            v.need_c[c] -= 1
            v.need_g[b.region[r * n + c]] -= 1
        cells = row_open
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            g = b.region[r * n + c]
            v.open_c[c] |= bit(r)
            v.open_g[g] += 1
            v.rows_g[g] |= bit(r)
            v.cols_g[g] |= bit(c)
            v.regs_r[r] |= bit(g)
            v.regs_c[c] |= bit(g)


cdef inline void set_cross(Marks* m, int r, int c) noexcept nogil:
    if not (m.star[r] >> c) & 1:
        m.cross[r] |= bit(c)


cdef int pair_blocks(int n, uint32_t positions) noexcept nogil:
    """The fewest 2×2 blocks covering two neighbouring lines' open positions, laid from the
    low end: a block per position taken, the next one skipped, as fit_in_line counts."""
    return fit_in_line(positions)


cdef bint broken(const Board* b, int k, const Marks* m, const View* v) noexcept nogil:
    """A rule broken, or a unit (or two neighbouring lines) without room for its stars."""
    cdef int n = b.n
    cdef int r, c, g
    cdef uint32_t s, near
    for r in range(n):
        s = m.star[r]
        near = (s << 1) | (s >> 1)
        if s & near:
            return True
        if r + 1 < n and (m.star[r + 1] & (s | near)):
            return True
        if v.need_r[r] < 0 or v.need_c[r] < 0 or v.need_g[r] < 0:
            return True
        if fit_in_line(v.open_r[r]) < v.need_r[r] or fit_in_line(v.open_c[r]) < v.need_c[r]:
            return True
        if v.open_g[r] < v.need_g[r]:
            return True
    for r in range(n - 1):
        if pair_blocks(n, v.open_r[r] | v.open_r[r + 1]) < v.need_r[r] + v.need_r[r + 1]:
            return True
        if pair_blocks(n, v.open_c[r] | v.open_c[r + 1]) < v.need_c[r] + v.need_c[r + 1]:
            return True
    return False


cdef bint solved(const Board* b, const View* v) noexcept nogil:
    cdef int u
    for u in range(b.n):
        if v.need_r[u] or v.need_c[u] or v.need_g[u]:
            return False
    return True


# ---------------------------------------------------------------- techniques 1-5
cdef bint last_cells(const Board* b, Marks* m, const View* v) noexcept nogil:
    cdef int n = b.n
    cdef int u, i
    cdef bint changed = False
    for u in range(n):
        if v.need_r[u] and popcount32(v.open_r[u]) == v.need_r[u]:
            m.star[u] |= v.open_r[u]
            changed = True
        if v.need_c[u] and popcount32(v.open_c[u]) == v.need_c[u]:
            for i in range(n):
                if (v.open_c[u] >> i) & 1:
                    m.star[i] |= bit(u)
            changed = True
        if v.need_g[u] and v.open_g[u] == v.need_g[u]:
            for i in range(b.rmin[u], b.rmax[u] + 1):
                m.star[i] |= v.open_r[i] & b.reg_rows[u][i]
            changed = True
    return changed


cdef bint neighbours(const Board* b, Marks* m, const View* v) noexcept nogil:
    cdef int n = b.n
    cdef int r, i, g
    cdef uint32_t full = full_mask(n), s, around
    cdef bint changed = False
    for r in range(n):
        s = m.star[r]
        if not s:
            continue
        around = (s | (s << 1) | (s >> 1)) & full
        for i in range(r - 1, r + 2):
            if 0 <= i < n and v.open_r[i] & around:
                m.cross[i] |= v.open_r[i] & around & ~m.star[i]
                changed = True
    for r in range(n):
        if v.need_r[r] == 0 and v.open_r[r]:
            m.cross[r] |= v.open_r[r]
            changed = True
        if v.need_c[r] == 0 and v.open_c[r]:
            for i in range(n):
                if (v.open_c[r] >> i) & 1:
                    m.cross[i] |= bit(r)
            changed = True
        g = r
        if v.need_g[g] == 0 and v.open_g[g]:
            for i in range(b.rmin[g], b.rmax[g] + 1):
                m.cross[i] |= v.open_r[i] & b.reg_rows[g][i]
            changed = True
    return changed


cdef bint cross_open(const Board* b, Marks* m, const View* v, uint32_t lines, bint in_lines,
                     uint32_t regions, bint in_regions, bint by_column) noexcept nogil:
    """Crosses the open cells that lie in rows `lines` (columns when by_column), outside
    them when not in_lines, and in `regions`, outside them when not in_regions: any?"""
    cdef int n = b.n
    cdef int i, c
    cdef uint32_t cells
    cdef bint changed = False
    for i in range(n):
        cells = v.open_r[i]
        if by_column:
            cells &= lines if in_lines else ~lines
        elif ((lines >> i) & 1) != in_lines:
            continue
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            if ((regions >> b.region[i * n + c]) & 1) == in_regions:
                m.cross[i] |= bit(c)
                changed = True
    return changed


cdef inline bint cross_rows_outside(const Board* b, Marks* m, const View* v, uint32_t rows,
                                    uint32_t regions, bint by_column) noexcept nogil:
    """Crosses the open cells of `rows` (columns when by_column) outside `regions`."""
    return cross_open(b, m, v, rows, True, regions, False, by_column)


cdef inline bint cross_regions_outside(const Board* b, Marks* m, const View* v,
                                       uint32_t regions, uint32_t lines,
                                       bint by_column) noexcept nogil:
    """Crosses the open cells of `regions` outside rows `lines` (columns when by_column)."""
    return cross_open(b, m, v, lines, False, regions, True, by_column)


cdef enum:
    CHUNK = 8  # bits a lookup table takes at once
    TABLE = 256  # 1 << CHUNK entries
    CHUNKS = 4  # MAX_N / CHUNK tables


cdef struct Subsets:
    # The subsets of a mask with 1..GROUP_MAX members, smallest first and within a size in
    # increasing order, without walking all 2^n: Gosper's hack over the members' indices,
    # each subset put back in place by a table per CHUNK indices.
    uint32_t spread[CHUNKS][TABLE]  # [chunk][indices]: their members' bits
    int count
    int size
    uint64_t x


cdef void chunk_tables(const uint32_t* values, int count,
                       uint32_t table[][TABLE]) noexcept nogil:
    """table[c][bits]: the OR of values[c * CHUNK + j] over the bits j set."""
    cdef int c, bits, size
    for c in range((count + CHUNK - 1) // CHUNK):
        size = 1 << min(CHUNK, count - c * CHUNK)
        table[c][0] = 0
        for bits in range(1, size):
            table[c][bits] = table[c][bits & (bits - 1)] | values[c * CHUNK + ctz32(bits)]


cdef inline uint32_t chunk_or(const uint32_t table[][TABLE], uint64_t bits) noexcept nogil:
    cdef uint32_t out = 0
    cdef int c = 0
    while bits:
        out |= table[c][bits & (TABLE - 1)]
        bits >>= CHUNK
        c += 1
    return out


cdef inline void subsets_start(Subsets* s, uint32_t mask) noexcept nogil:
    cdef uint32_t members[MAX_N]
    s.count = 0
    while mask:
        members[s.count] = bit(ctz32(mask))
        s.count += 1
        mask &= mask - 1
    chunk_tables(members, s.count, s.spread)
    s.size = 1
    s.x = 1


cdef inline bint subsets_next(Subsets* s, uint32_t* out) noexcept nogil:
    cdef uint64_t x = s.x, low, ripple
    while s.size <= GROUP_MAX and s.size <= s.count:
        if x < (<uint64_t>1 << s.count):
            out[0] = chunk_or(s.spread, x)
            low = x & (~x + 1)  # the next x with as many bits (Gosper's hack, no division)
            ripple = x + low
            s.x = ripple | (((ripple ^ x) >> 2) >> ctz64(low))
            return True
        s.size += 1
        x = s.x = (<uint64_t>1 << s.size) - 1
    return False


cdef struct Groups:
    # One side of technique 4: groups of `members` (lines when lines_group, else regions),
    # the `candidates` (units of the other kind, needing stars) that may lie inside one.
    uint32_t members
    uint32_t candidates
    uint32_t touching[CHUNKS][TABLE]  # [chunk][members]: the candidates they touch
    const int* need_member
    const int* need_candidate
    bint lines_group
    bint by_column


cdef void groups_start(Groups* g, int n, uint32_t members, uint32_t candidates,
                       const uint32_t* spread, const int* need_member, const int* need_candidate,
                       bint lines_group, bint by_column) noexcept nogil:
    """spread[u]: the candidates that member u's open cells touch."""
    g.members, g.candidates = members, candidates
    chunk_tables(spread, n, g.touching)
    g.need_member, g.need_candidate = need_member, need_candidate
    g.lines_group, g.by_column = lines_group, by_column


cdef inline uint32_t inside_of(const Board* b, const Groups* g, uint32_t subset) noexcept nogil:
    """The candidates within a subset of the members: touched by no member outside it."""
    return g.candidates & ~chunk_or(g.touching, full_mask(b.n) & ~subset)


cdef inline bint group_crosses(const Board* b, Marks* m, const View* v, const Groups* g,
                               uint32_t subset) noexcept nogil:
    """Technique 4 on one subset of the members: the candidates within it, and when they
    need as many stars as it, its open cells outside them crossed: any?"""
    cdef uint32_t inside = inside_of(b, g, subset)
    return inside != 0 and inside_crosses(b, m, v, g, subset, inside)


cdef bint inside_crosses(const Board* b, Marks* m, const View* v, const Groups* g,
                         uint32_t subset, uint32_t inside) noexcept nogil:
    """group_crosses once the candidates `inside` the subset are known (some)."""
    cdef uint32_t bits
    cdef int need_in = 0, need_out = 0
    bits = inside
    while bits:
        need_in += g.need_candidate[ctz32(bits)]
        bits &= bits - 1
    bits = subset
    while bits:
        need_out += g.need_member[ctz32(bits)]
        bits &= bits - 1
    if need_in != need_out:
        return False
    if g.lines_group:
        return cross_rows_outside(b, m, v, subset, inside, g.by_column)
    return cross_regions_outside(b, m, v, subset, inside, g.by_column)


cdef bint groups_confined(const Board* b, Marks* m, const View* v, const Groups* g,
                          uint32_t star_members, uint32_t changed_candidates) noexcept nogil:
    """Technique 4 over every subset of the members, up to GROUP_MAX of them. Stops at the
    first that crosses any. A subset with no member in `star_members` and no candidate of
    `changed_candidates` inside it is passed: the caller knows it crossed nothing before
    (groups_since says why it crosses nothing now); all ones: every subset is tried."""
    cdef uint32_t subset, inside
    cdef Subsets groups
    subsets_start(&groups, g.members)
    while subsets_next(&groups, &subset):
        inside = inside_of(b, g, subset)
        if not inside or not (subset & star_members or inside & changed_candidates):
            continue
        if inside_crosses(b, m, v, g, subset, inside):
            return True
    return False


cdef bint supersets_cross(const Board* b, Marks* m, const View* v, const Groups* g,
                          uint32_t subset, uint32_t rest, int room) noexcept nogil:
    """group_crosses on `subset` and on it with up to `room` more of `rest`, each once."""
    cdef uint32_t low
    if group_crosses(b, m, v, g, subset):
        return True
    while room > 0 and rest:
        low = rest & (~rest + 1)
        rest &= rest - 1
        if supersets_cross(b, m, v, g, subset | low, rest, room - 1):
            return True
    return False


cdef bint groups_holding(const Board* b, Marks* m, const View* v, const Groups* g,
                         uint32_t required) noexcept nogil:
    """Technique 4 on the subsets of the members that hold `required`."""
    cdef int room = GROUP_MAX - popcount32(required)
    if not required or required & ~g.members or room < 0:
        return False
    return supersets_cross(b, m, v, g, required, g.members & ~required, room)


cdef bint confinement(const Board* b, Marks* m, const View* v, bint groups,
                      const Changes* since) noexcept nogil:
    """Technique 3 (single units; `groups`: technique 4, up to GROUP_MAX of them): regions whose
    open cells lie within some lines and need as many stars as those lines; lines whose open
    cells lie within some regions and need as many stars as those regions. `since` (or
    NULL): the marks added since technique 4 last crossed nothing; only the groups they can
    have set off are tried, in the same order, so the first that crosses is the same."""
    cdef int n = b.n
    cdef int side, u, i
    cdef uint32_t needing_lines, needing_regs
    cdef const uint32_t* lines_of_reg
    cdef const uint32_t* regs_of_line
    cdef const int* need_line
    cdef bint by_column
    cdef Groups lines_groups, region_groups
    cdef uint32_t all_units = ~<uint32_t>0
    cdef uint32_t star_lines = all_units, star_regs = all_units
    cdef uint32_t changed_lines = all_units, changed_regs = all_units
    if since != NULL:
        star_regs, changed_regs = since.star_regs, since.regs
    for side in range(2):
        by_column = side == 1
        if by_column:
            lines_of_reg, regs_of_line, need_line = &v.cols_g[0], &v.regs_c[0], &v.need_c[0]
            if since != NULL:
                star_lines, changed_lines = since.star_cols, since.cols
        else:
            lines_of_reg, regs_of_line, need_line = &v.rows_g[0], &v.regs_r[0], &v.need_r[0]
            if since != NULL:
                star_lines, changed_lines = since.star_rows, since.rows
        needing_lines = 0
        needing_regs = 0
        for u in range(n):
            if need_line[u]:
                needing_lines |= bit(u)
            if v.need_g[u]:
                needing_regs |= bit(u)
        if not groups:
            # One region in one line; one line in one region.
            for u in range(n):
                if v.need_g[u] and popcount32(lines_of_reg[u]) == 1:
                    i = ctz32(lines_of_reg[u])
                    if v.need_g[u] == need_line[i]:
                        if cross_rows_outside(b, m, v, bit(i), bit(u), by_column):
                            return True
                if need_line[u] and popcount32(regs_of_line[u]) == 1:
                    i = ctz32(regs_of_line[u])
                    if need_line[u] == v.need_g[i]:
                        if cross_regions_outside(b, m, v, bit(i), bit(u), by_column):
                            return True
            continue
        # Every small group of the lines that need stars: the regions inside it; then the
        # reverse.
        groups_start(&lines_groups, n, needing_lines, needing_regs, regs_of_line, need_line,
                     &v.need_g[0], True, by_column)
        if groups_confined(b, m, v, &lines_groups, star_lines, changed_regs):
            return True
        groups_start(&region_groups, n, needing_regs, needing_lines, lines_of_reg,
                     &v.need_g[0], need_line, False, by_column)
        if groups_confined(b, m, v, &region_groups, star_regs, changed_lines):
            return True
    return False


cdef bint blocks(const Board* b, Marks* m, const View* v) noexcept nogil:
    """Technique 5: two neighbouring lines whose open cells need as many 2×2 blocks as
    stars: a block with one open cell holds a star; blocks confined to one crossing line that
    give it all the stars it needs empty the rest of it."""
    cdef int n = b.n
    cdef int side, first, p, i, held, line, count
    cdef uint32_t positions, block_cells_a, block_cells_b, open_a, open_b
    cdef uint32_t held_lines[MAX_N]
    cdef int held_count[MAX_N]
    cdef bint by_column, changed = False
    cdef const uint32_t* open_line
    cdef const int* need_line
    cdef const int* need_cross
    for side in range(2):
        by_column = side == 1
        if by_column:
            open_line, need_line, need_cross = &v.open_c[0], &v.need_c[0], &v.need_r[0]
        else:
            open_line, need_line, need_cross = &v.open_r[0], &v.need_r[0], &v.need_c[0]
        for first in range(n - 1):
            open_a, open_b = open_line[first], open_line[first + 1]
            positions = open_a | open_b
            count = pair_blocks(n, positions)
            if count == 0 or count != need_line[first] + need_line[first + 1]:
                continue
            for i in range(n):
                held_count[i] = 0
            while positions:
                p = ctz32(positions)
                positions &= ~(<uint32_t>3 << p)
                block_cells_a = open_a & (<uint32_t>3 << p)
                block_cells_b = open_b & (<uint32_t>3 << p)
                if popcount32(block_cells_a) + popcount32(block_cells_b) == 1:
                    if block_cells_a:
                        place_star(m, by_column, first, ctz32(block_cells_a))
                    else:
                        place_star(m, by_column, first + 1, ctz32(block_cells_b))
                    changed = True
                elif popcount32(block_cells_a | block_cells_b) == 1:
                    held_count[ctz32(block_cells_a | block_cells_b)] += 1
            if changed:
                return True
            for line in range(n):
                held = held_count[line]
                if held and held == need_cross[line]:
                    # the crossing line's open cells outside the pair
                    for i in range(n):
                        if i == first or i == first + 1:
                            continue
                        if by_column:
                            if (v.open_r[line] >> i) & 1:
                                m.cross[line] |= bit(i)
                                changed = True
                        else:
                            if (v.open_c[line] >> i) & 1:
                                m.cross[i] |= bit(line)
                                changed = True
            if changed:
                return True
    return False


cdef inline void place_star(Marks* m, bint by_column, int line, int position) noexcept nogil:
    if by_column:
        m.star[position] |= bit(line)
    else:
        m.star[line] |= bit(position)


# ---------------------------------------------------------------- 6, 7 and the closure
cdef void star_with_consequences(const Board* b, int k, Marks* m, int r, int c) noexcept nogil:
    """A star on (r, c), its neighbours crossed, and the units it completes."""
    cdef View v
    cdef int n = b.n
    m.star[r] |= bit(c)
    m.cross[r] &= ~bit(c)
    read_view(b, k, m, &v)
    neighbours(b, m, &v)


cdef bint assume_fails(const Board* b, int k, const Marks* m, int r, int c,
                       int level, const Marks* quiet) noexcept nogil:
    """Does a star on (r, c) break (level 6: at once; level 7: after the closure of 1-6)?
    `quiet` (or NULL): marks within m where technique 4 crossed nothing."""
    cdef Marks t = m[0]
    cdef View v
    star_with_consequences(b, k, &t, r, c)
    if level <= 6:
        read_view(b, k, &t, &v)
        return broken(b, k, &t, &v)
    return closure_since(b, k, &t, 6, quiet, False) == CONTRA


cdef inline void view_drop(const Board* b, View* w, Marks* t, int r, int c) noexcept nogil:
    """(r, c) crossed, in the marks and in the counts broken() reads."""
    if (w.open_r[r] >> c) & 1:
        w.open_r[r] &= ~bit(c)
        w.open_c[c] &= ~bit(r)
        w.open_g[b.region[r * b.n + c]] -= 1
        t.cross[r] |= bit(c)


cdef struct Touched:
    # What a star's test changed in the view, to ask those units and to put it back: the
    # rows, columns and regions as bits, and the cells crossed.
    uint32_t rows
    uint32_t cols
    uint32_t regs
    int count
    int cells[MAX_N * MAX_N]


cdef inline void drop_noting(const Board* b, View* w, int r, int c, Touched* d) noexcept nogil:
    """(r, c) crossed in the counts broken() reads, noted in `d`."""
    cdef int g
    if (w.open_r[r] >> c) & 1:
        g = b.region[r * b.n + c]
        w.open_r[r] &= ~bit(c)
        w.open_c[c] &= ~bit(r)
        w.open_g[g] -= 1
        d.rows |= bit(r)
        d.cols |= bit(c)
        d.regs |= bit(g)
        d.cells[d.count] = r * b.n + c
        d.count += 1


cdef bint star_breaks(const Board* b, int k, const Marks* m, View* v, int r,
                      int c, bint whole) noexcept nogil:
    """Level 6's test, the same answer as assume_fails(..., 6) when techniques 1-5 are stuck
    (no open cell touches a star, no unit that has its stars has open cells), found without
    reading the whole board twice: the view is updated where the star changes it (its
    neighbours and the units it completes are crossed), and put back after. It is most of an
    expert closure's time, so this is where reading the board again would cost the most.
    `whole`: m and v break no rule, so only the units the star changes need asking
    (broken_near); else the whole board is."""
    cdef Marks t
    cdef int n = b.n
    cdef int g = b.region[r * n + c], i, j, cell
    cdef uint32_t cells
    cdef bint found
    cdef Touched d
    d.rows, d.cols, d.regs, d.count = bit(r), bit(c), bit(g), 0
    v.open_r[r] &= ~bit(c)
    v.open_c[c] &= ~bit(r)
    v.open_g[g] -= 1
    v.need_r[r] -= 1
    v.need_c[c] -= 1
    v.need_g[g] -= 1
    for i in range(r - 1, r + 2):
        if 0 <= i < n:
            for j in range(c - 1, c + 2):
                if 0 <= j < n:
                    drop_noting(b, v, i, j, &d)
    if v.need_r[r] == 0:
        cells = v.open_r[r]
        while cells:
            drop_noting(b, v, r, ctz32(cells), &d)
            cells &= cells - 1
    if v.need_c[c] == 0:
        cells = v.open_c[c]
        while cells:
            drop_noting(b, v, ctz32(cells), c, &d)
            cells &= cells - 1
    if v.need_g[g] == 0:
        for i in range(b.rmin[g], b.rmax[g] + 1):
            cells = v.open_r[i] & b.reg_rows[g][i]
            while cells:
                drop_noting(b, v, i, ctz32(cells), &d)
                cells &= cells - 1
    if whole:
        found = broken_near(b, m, v, r, c, &d)
    else:
        t = m[0]
        t.star[r] |= bit(c)
        for i in range(d.count):
            t.cross[d.cells[i] // n] |= bit(d.cells[i] % n)
        found = broken(b, k, &t, v)
    for i in range(d.count):  # the view as it was
        cell = d.cells[i]
        v.open_r[cell // n] |= bit(cell % n)
        v.open_c[cell % n] |= bit(cell // n)
        v.open_g[b.region[cell]] += 1
    v.open_r[r] |= bit(c)
    v.open_c[c] |= bit(r)
    v.open_g[g] += 1
    v.need_r[r] += 1
    v.need_c[c] += 1
    v.need_g[g] += 1
    return found


cdef bint broken_near(const Board* b, const Marks* m, const View* w, int r, int c,
                      const Touched* d) noexcept nogil:
    """broken() after a star on (r, c), asked only of the units `d` whose counts it changed
    (and the pairs of lines holding one), and of the star's own neighbours: every other unit
    reads as before it, where nothing was broken."""
    cdef int n = b.n, i
    cdef uint32_t near = ((bit(c) << 1) | bit(c) | (bit(c) >> 1)) & full_mask(n), bits
    for i in range(r - 1, r + 2):
        if 0 <= i < n and m.star[i] & near:
            return True
    if lines_broken(d.rows, w.need_r, w.open_r) or lines_broken(d.cols, w.need_c, w.open_c):
        return True
    bits = d.regs
    while bits:
        i = ctz32(bits)
        bits &= bits - 1
        if w.need_g[i] < 0 or w.open_g[i] < w.need_g[i]:
            return True
    return (pairs_broken(n, d.rows, w.need_r, w.open_r)
            or pairs_broken(n, d.cols, w.need_c, w.open_c))


cdef inline bint lines_broken(uint32_t lines, const int* need, const uint32_t* open_) noexcept nogil:
    """Some line of `lines` (rows or columns) takes more stars than it needs or can hold."""
    cdef int i
    while lines:
        i = ctz32(lines)
        lines &= lines - 1
        if need[i] < 0 or fit_in_line(open_[i]) < need[i]:
            return True
    return False


cdef inline bint pairs_broken(int n, uint32_t lines, const int* need,
                              const uint32_t* open_) noexcept nogil:
    """Some pair of neighbouring lines holding one of `lines` cannot hold what both need."""
    cdef int i
    cdef uint32_t pairs = (lines | (lines >> 1)) & full_mask(n - 1)  # pair i: lines i, i + 1
    while pairs:
        i = ctz32(pairs)
        pairs &= pairs - 1
        if pair_blocks(n, open_[i] | open_[i + 1]) < need[i] + need[i + 1]:
            return True
    return False


cdef bint by_assumption(const Board* b, int k, Marks* m, const View* v, int level,
                        const Marks* quiet) noexcept nogil:
    """Crosses every open cell where a star breaks (level 6: at once; 7: after the closure of
    1-6), each test seeing the crosses found before it in the same sweep. `quiet` (level 7;
    or NULL): marks within m where technique 4 crossed nothing."""
    cdef int n = b.n
    cdef int r, c
    cdef uint32_t cells
    cdef bint changed = False
    cdef View now = v[0]  # level 6: the view with this sweep's crosses taken out
    cdef bint whole = True  # m and now break no rule (the closure asked before the sweep)
    for r in range(n):
        cells = v.open_r[r]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            if level <= 6:
                if star_breaks(b, k, m, &now, r, c, whole):
                    view_drop(b, &now, m, r, c)
                    whole = whole and not broken(b, k, m, &now)
                    changed = True
            elif assume_fails(b, k, m, r, c, level, quiet):
                m.cross[r] |= bit(c)
                changed = True
    return changed


cdef int closure(const Board* b, int k, Marks* m, int level) noexcept nogil:
    """Techniques 1..level until nothing changes (each pass restarts at the easiest that
    makes progress): SOLVED, STUCK or CONTRA."""
    return closure_since(b, k, m, level, NULL, False)


cdef int closure_since(const Board* b, int k, Marks* m, int level, const Marks* quiet,
                       bint any_order) noexcept nogil:
    """closure(), step for step, where technique 4 is tried only on the groups the marks
    added since it last crossed nothing can have set off (`quiet`, marks within m, or NULL:
    since the pass before of this closure): most of an expert closure's passes try it.
    `any_order`: those groups are tried by groups_since, which finds what crosses but not
    the first a full pass would; for closure_from, which wants only the marks at rest."""
    cdef View v
    cdef Marks rest
    cdef Changes since
    cdef bint changed, known = quiet != NULL
    if known:
        rest = quiet[0]
    while True:
        read_view(b, k, m, &v)
        if broken(b, k, m, &v):
            return CONTRA
        if solved(b, &v):
            return SOLVED
        changed = last_cells(b, m, &v)
        if not changed and level >= 2:
            changed = neighbours(b, m, &v)
        if not changed and level >= 3:
            changed = confinement(b, m, &v, False, NULL)
        if not changed and level >= 4:
            if not known:
                changed = confinement(b, m, &v, True, NULL)
            elif any_order:
                changed = groups_since(b, m, &v, &rest)
            else:
                changes_since(b, m, &rest, &since)
                changed = confinement(b, m, &v, True, &since)
            if not changed:
                rest, known = m[0], True
        if not changed and level >= 5:
            changed = blocks(b, m, &v)
        if not changed and level >= 6:
            changed = by_assumption(b, k, m, &v, 6, NULL)
        if not changed and level >= 7:
            changed = by_assumption(b, k, m, &v, 7, &rest)
        if not changed:
            return STUCK


cdef void changes_since(const Board* b, const Marks* m, const Marks* quiet,
                        Changes* d) noexcept nogil:
    cdef int n = b.n, r, c
    cdef uint32_t new_stars, new_marks
    d.star_rows = d.star_cols = d.star_regs = d.rows = d.cols = d.regs = 0
    for r in range(n):
        new_stars = m.star[r] & ~quiet.star[r]
        new_marks = (m.star[r] | m.cross[r]) & ~(quiet.star[r] | quiet.cross[r])
        if new_stars:
            d.star_rows |= bit(r)
            d.star_cols |= new_stars
        if new_marks:
            d.rows |= bit(r)
            d.cols |= new_marks
        while new_marks:
            c = ctz32(new_marks)
            new_marks &= new_marks - 1
            d.regs |= bit(b.region[r * n + c])
            if (new_stars >> c) & 1:
                d.star_regs |= bit(b.region[r * n + c])


cdef bint side_changed(const Board* b, Marks* m, const View* v, const Groups* g,
                       uint32_t star_members, uint32_t changed_candidates,
                       const uint32_t* spread_of_candidate) noexcept nogil:
    """Technique 4 on the subsets a change can have set off: those holding a member with a
    new star (its need changed), and those holding all of a changed candidate's members
    (it may lie inside them now). All of them when that is fewer."""
    cdef int u, members = popcount32(g.members), tries = 0
    cdef uint32_t bits = star_members & g.members
    while bits:
        tries += holding(members, 1)
        bits &= bits - 1
    bits = changed_candidates & g.candidates
    while bits:
        u = ctz32(bits)
        bits &= bits - 1
        if not spread_of_candidate[u] & ~g.members:
            tries += holding(members, popcount32(spread_of_candidate[u]))
    if tries >= holding(members, 0) - 1:
        return groups_confined(b, m, v, g, star_members, changed_candidates)
    while star_members:
        u = ctz32(star_members)
        star_members &= star_members - 1
        if groups_holding(b, m, v, g, bit(u)):
            return True
    changed_candidates &= g.candidates
    while changed_candidates:
        u = ctz32(changed_candidates)
        changed_candidates &= changed_candidates - 1
        if groups_holding(b, m, v, g, spread_of_candidate[u]):
            return True
    return False


cdef int holding(int members, int required) noexcept nogil:
    """How many subsets of `members` units, up to GROUP_MAX of them, hold `required` given
    ones (the empty one included)."""
    cdef int count = 0, ways = 1, i
    for i in range(GROUP_MAX - required + 1):  # i more of the members - required others
        if i > members - required:
            break
        count += ways
        ways = ways * (members - required - i) // (i + 1)
    return count


cdef bint groups_since(const Board* b, Marks* m, const View* v,
                       const Marks* quiet) noexcept nogil:
    """Technique 4 where it can have changed since `quiet`, at which it found nothing (the
    marks only grow since). Why no other subset can now cross: a subset of members (here
    lines; regions alike) crosses when the candidates inside it need as many stars as it
    and it has open cells outside them. Without a new star in its lines, its need and its
    members' are as they were; a candidate without new marks is inside it or not as before,
    and one with new marks whose open cells are not all in it now was not inside it before
    either (open cells only go); so it has the same candidates inside, needing as much, and
    fewer open cells to cross: nothing, as at `quiet`."""
    cdef int n = b.n, side, u
    cdef uint32_t needing_lines, needing_regs, star_lines, changed_lines
    cdef const uint32_t* lines_of_reg
    cdef const uint32_t* regs_of_line
    cdef const int* need_line
    cdef bint by_column
    cdef Groups groups
    cdef Changes d
    changes_since(b, m, quiet, &d)
    for side in range(2):
        by_column = side == 1
        if by_column:
            lines_of_reg, regs_of_line, need_line = &v.cols_g[0], &v.regs_c[0], &v.need_c[0]
            star_lines, changed_lines = d.star_cols, d.cols
        else:
            lines_of_reg, regs_of_line, need_line = &v.rows_g[0], &v.regs_r[0], &v.need_r[0]
            star_lines, changed_lines = d.star_rows, d.rows
        needing_lines = needing_regs = 0
        for u in range(n):
            if need_line[u]:
                needing_lines |= bit(u)
            if v.need_g[u]:
                needing_regs |= bit(u)
        groups_start(&groups, n, needing_lines, needing_regs, regs_of_line, need_line,
                     &v.need_g[0], True, by_column)
        if side_changed(b, m, v, &groups, star_lines, d.regs, lines_of_reg):
            return True
        groups_start(&groups, n, needing_regs, needing_lines, lines_of_reg, &v.need_g[0],
                     need_line, False, by_column)
        if side_changed(b, m, v, &groups, d.star_regs, changed_lines, regs_of_line):
            return True
    return False


cdef int closure_from(const Board* b, int k, Marks* m, const Marks* quiet) noexcept nogil:
    """closure(m, 6)'s outcome and, when it comes to rest, its marks (the techniques are
    monotone: _stars_steps' Assumed says why the order they act in does not matter), for a
    search that runs many: `quiet` (or NULL) is marks within m where techniques 1-6 came to
    rest, and group confinement (most of a closure's time) is tried only where the marks
    added since can have set it off (groups_since)."""
    return closure_since(b, k, m, 6, quiet, True)


# ---------------------------------------------------------------- Python entry points
TIER_LEVELS = (("easy", 3), ("medium", 4), ("hard", 6), ("expert", 7))


cdef int load(object regions, object stars, Board* b) except -1:
    cdef int n = load_board(regions, "touch", b)
    check_stars_c(stars, n, RULE_TOUCH)
    return n


cdef int load_marked(object regions, object stars, object star_cells, object cross_cells,
                     Board* b, Marks* m) except -1:
    """load(), and the marks from [row, col] pairs (ValueError for a cell off the board)."""
    cdef int n = load(regions, stars, b)
    cdef int r
    for r in range(MAX_N):
        m.star[r] = 0
        m.cross[r] = 0
    for cells in (star_cells, cross_cells):
        for r, c in cells:
            if not (0 <= r < n and 0 <= c < n):
                raise ValueError(f"cell [{r}, {c}] is off the {n}×{n} board")
    for r, c in star_cells:
        m.star[r] |= bit(c)
    for r, c in cross_cells:
        m.cross[r] |= bit(c)
    return n


def closure_raw(regions, stars, star_cells, cross_cells, level):
    """(outcome, stars, crosses) after the closure of techniques 1..level from the marks:
    outcome 1 solved, 0 stuck, -1 contradiction; the marks as sorted [row, col] pairs."""
    cdef Board b
    cdef Marks m
    cdef int n = load_marked(regions, stars, star_cells, cross_cells, &b, &m)
    cdef int k = stars, lvl = level, outcome, r
    with nogil:
        outcome = closure(&b, k, &m, lvl)
    stars_out = [[r, c] for r in range(n) for c in range(n) if (m.star[r] >> c) & 1]
    crosses_out = [[r, c] for r in range(n) for c in range(n)
                   if (m.cross[r] >> c) & 1 and not (m.star[r] >> c) & 1]
    return outcome, stars_out, crosses_out


def first_contradiction_raw(regions, stars, star_cells, cross_cells):
    """The first open cell (row-major index) where a star leads, through techniques 1-6, to a
    contradiction; -1 when none does. The step-by-step reading asks this before it retraces
    that one assumption in Python for the sentence."""
    cdef Board b
    cdef Marks m
    cdef View v
    cdef int n = load_marked(regions, stars, star_cells, cross_cells, &b, &m)
    cdef int k = stars, r, c, found = -1
    cdef uint32_t cells
    with nogil:
        read_view(&b, k, &m, &v)
        for r in range(n):
            cells = v.open_r[r]
            while cells and found < 0:
                c = ctz32(cells)
                cells &= cells - 1
                if assume_fails(&b, k, &m, r, c, 7, NULL):
                    found = r * n + c
            if found >= 0:
                break
    return found


def star_tier_raw(regions, stars):
    """The tier of a k-star level: the easiest whose closure solves it; None when even
    contradiction does not."""
    cdef Board b
    cdef Marks m
    cdef int k, lvl, outcome, r
    load(regions, stars, &b)
    k = stars
    for name, level in TIER_LEVELS:
        lvl = level
        for r in range(MAX_N):
            m.star[r] = 0
            m.cross[r] = 0
        with nogil:
            outcome = closure(&b, k, &m, lvl)
        if outcome == SOLVED:
            return name
        if outcome == CONTRA:
            return None
    return None


def level6_tests_raw(regions, stars, star_cells, cross_cells):
    """For the tests: after the closure of 1-5 from the marks, the open cells (row-major)
    where a star breaks at once, by the fast test and by the full one, which must agree;
    None when 1-5 do not end stuck."""
    cdef Board b
    cdef Marks m
    cdef View v
    cdef int n = load_marked(regions, stars, star_cells, cross_cells, &b, &m)
    cdef int k = stars, r, c
    if closure(&b, k, &m, 5) != STUCK:
        return None
    read_view(&b, k, &m, &v)
    fast, full = [], []
    for r in range(n):
        for c in range(n):
            if (v.open_r[r] >> c) & 1:
                if star_breaks(&b, k, &m, &v, r, c, not broken(&b, k, &m, &v)):
                    fast.append(r * n + c)
                if assume_fails(&b, k, &m, r, c, 6, NULL):
                    full.append(r * n + c)
    return fast, full



cdef int first_elimination(const Board* b, int k, const Marks* m) noexcept nogil:
    """The first open cell (row-major index) where a star breaks at once (technique 6), -1
    when none does."""
    cdef Marks probe = m[0]
    cdef View v
    cdef int n = b.n
    cdef int r, c
    cdef bint settled, whole
    cdef uint32_t cells
    read_view(b, k, m, &v)
    settled = not neighbours(b, &probe, &v)  # star_breaks' precondition; else the full test
    whole = not broken(b, k, m, &v)
    for r in range(n):
        cells = v.open_r[r]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            if (star_breaks(b, k, m, &v, r, c, whole) if settled
                    else assume_fails(b, k, m, r, c, 6, NULL)):
                return r * n + c
    return -1


def first_elimination_raw(regions, stars, star_cells, cross_cells):
    """The first open cell (row-major index) where a star breaks at once (technique 6), -1
    when none does: the step-by-step reading asks this before it words that one cell."""
    cdef Board b
    cdef Marks m
    cdef int n = load_marked(regions, stars, star_cells, cross_cells, &b, &m)
    cdef int k = stars, found
    with nogil:
        found = first_elimination(&b, k, &m)
    return found


def contradiction_marks_raw(regions, stars, star_cells, cross_cells, cell):
    """The marks at which a star on `cell` (row-major index) and techniques 1-6 break a rule,
    as ([stars], [crosses]) of [row, col] pairs; None when they do not: the reading words
    what is broken there instead of retracing the closure a step at a time."""
    cdef Board b
    cdef Marks m
    cdef int n = load_marked(regions, stars, star_cells, cross_cells, &b, &m)
    cdef int k = stars, r, c, outcome
    if not 0 <= cell < n * n:
        raise ValueError(f"cell {cell} is off the {n}×{n} board")
    r, c = divmod(cell, n)
    with nogil:
        star_with_consequences(&b, k, &m, r, c)
        outcome = closure(&b, k, &m, 6)
    if outcome != CONTRA:
        return None
    return ([[r, c] for r in range(n) for c in range(n) if (m.star[r] >> c) & 1],
            [[r, c] for r in range(n) for c in range(n)
             if (m.cross[r] >> c) & 1 and not (m.star[r] >> c) & 1])


cdef bint state_from_marks(const Board* b, const Marks* m, StarState* s) noexcept nogil:
    """The counter's state at the marks: their stars placed, their crosses closed; False when
    a star does not fit (the marks break a rule)."""
    cdef int r
    cdef uint32_t cells
    for r in range(b.n):
        cells = m.star[r]
        while cells:
            if not star_place(b, s, r, ctz32(cells)):
                return False
            cells &= cells - 1
    for r in range(b.n):
        cells = m.cross[r] & ~m.star[r]
        while cells:
            star_cross(b, s, r, ctz32(cells))
            cells &= cells - 1
    return True


def count_after_closure_raw(regions, stars, limit, node_budget, level, tries=1, seed=0):
    """count_star_solutions' (count, first two solutions, nodes, aborted), searched from the
    marks the closure of techniques 1..level leaves on the empty board: the closure is sound,
    so every solution agrees with its marks, and what is left to search is smaller. Up to
    `tries` searches of `node_budget` nodes each, the first in the counter's order, the others
    branching at random (seeded from `seed`): on a map with many solutions one search can
    sink millions of nodes under an early wrong turn where a fresh one finds two in
    thousands. Aborted only when every try ran out."""
    cdef Board b
    cdef Marks m
    cdef StarState start, s
    cdef StarSearch q
    cdef Rng seeds
    cdef int n = load(regions, stars, &b)
    cdef int k = stars, lvl = level, t, count_tries = tries, r
    cdef uint64_t cap = limit, budget = node_budget, nodes = 0
    cdef bint fits = False
    for r in range(MAX_N):
        m.star[r] = 0
        m.cross[r] = 0
    rng_seed(&seeds, seed & 0xFFFFFFFFFFFFFFFF)
    star_search_init(&q, k, cap, budget)
    with nogil:
        if closure(&b, k, &m, lvl) != CONTRA:
            star_state_init(&b, k, &start)
            fits = state_from_marks(&b, &m, &start)
        for t in range(count_tries if fits else 0):
            star_search_init(&q, k, cap, budget)
            if t:
                q.randomize = True
                rng_seed(&q.rng, rng_next(&seeds))
            s = start
            star_search_run(&b, &s, &q)
            nodes += q.nodes
            if not q.aborted:
                break
    found = [rows_of(q.first, n)] if q.count >= 1 else []
    if q.count >= 2:
        found.append(rows_of(q.second, n))
    return q.count, found, nodes, bool(q.aborted)

