# The k-star step finder, compiled: the next step of generator_ext/stars_logic.py's reading
# (the same technique, cells, because and reason data), found in the same order of search,
# and a whole solve from given marks without Python between the steps. stars_steps.py turns
# the records into the reading's RawSteps; the tests hold the two readings step for step.
from cpython.mem cimport PyMem_Calloc, PyMem_Free, PyMem_Malloc
from libc.stdint cimport uint32_t

from generator_ext._core cimport MAX_N, Board, bit, ctz32, full_mask, popcount32
from generator_ext._stars cimport fit_in_line
from generator_ext._stars_logic cimport (
    CONTRA,
    GROUP_MAX,
    SOLVED,
    STUCK,
    Changes,
    Marks,
    View,
    changes_since,
    closure,
    closure_from,
    first_elimination,
    load,
    pair_blocks,
    read_view,
    solved,
    star_with_consequences,
)

cdef enum:  # unit kinds: unit u is index u % n of kind u // n, as in stars_logic
    ROW = 0
    COL = 1
    REGION = 2

cdef enum:  # the techniques, numbered from 0 as stars_logic.STAR_TECHNIQUES lists them
    LAST_CELL
    NEIGHBOURS
    CONFINEMENT
    GROUP_CONFINEMENT
    BLOCKS
    ELIMINATION
    CONTRADICTION

cdef enum:  # what a step says: stars_steps.SAYS
    LAST_STARS
    STAR_NEIGHBOURS
    UNIT_FULL
    STARS_CONFINED
    BLOCK_SINGLE
    BLOCKS_IN_LINE
    STAR_ELIMINATION
    STAR_CONTRADICTION

cdef enum:  # what is broken: stars_steps.WHY, after NOTHING
    NOTHING
    STARS_TOUCH
    TOO_MANY_STARS
    NO_ROOM
    LINES_NO_ROOM

cdef enum:  # what find_step finds
    FOUND = 1
    NONE = 0
    BROKEN = -1


cdef struct Outcome:
    # The first broken rule, as StarState.check names it; -1 for what it does not name.
    int why
    int cell  # row-major index
    int unit
    int lines  # the first of two neighbouring lines (a unit)
    int count


cdef struct Step:
    # A step as data: cells as each row's column bits, units as in stars_logic; -1 for what
    # its reason does not name.
    int technique
    int says
    uint32_t stars[MAX_N]
    uint32_t crosses[MAX_N]
    uint32_t because[MAX_N]
    int cell
    int unit
    int lines
    int inner_kind  # a confinement's units: a kind and that kind's indexes as bits
    uint32_t inner
    int outer_kind
    uint32_t outer
    int count
    int held
    Outcome outcome


# ---------------------------------------------------------------- units as row masks
cdef inline int need_of(const View* v, int n, int u) noexcept nogil:
    if u < n:
        return v.need_r[u]
    if u < 2 * n:
        return v.need_c[u - n]
    return v.need_g[u - 2 * n]


cdef inline int open_count(const View* v, int n, int u) noexcept nogil:
    if u < n:
        return popcount32(v.open_r[u])
    if u < 2 * n:
        return popcount32(v.open_c[u - n])
    return v.open_g[u - 2 * n]


cdef void add_cells(const Board* b, const View* v, int u, bint only_open,
                    uint32_t* rows) noexcept nogil:
    """ORs unit u's cells (its open ones when only_open) into `rows`."""
    cdef int n = b.n
    cdef int i = u % n, r
    cdef uint32_t full = full_mask(n)
    if u < n:
        rows[i] |= v.open_r[i] if only_open else full
    elif u < 2 * n:
        for r in range(n):
            if not only_open or (v.open_c[i] >> r) & 1:
                rows[r] |= bit(i)
    else:
        for r in range(b.rmin[i], b.rmax[i] + 1):
            rows[r] |= b.reg_rows[i][r] & (v.open_r[r] if only_open else full)


cdef void add_units(const Board* b, const View* v, int kind, uint32_t indexes, bint only_open,
                    uint32_t* rows) noexcept nogil:
    while indexes:
        add_cells(b, v, kind * b.n + ctz32(indexes), only_open, rows)
        indexes &= indexes - 1


cdef int need_sum(const View* v, int n, int kind, uint32_t indexes) noexcept nogil:
    cdef int need = 0
    while indexes:
        need += need_of(v, n, kind * n + ctz32(indexes))
        indexes &= indexes - 1
    return need


cdef inline bint around(int n, const uint32_t* rows, int r, int c, uint32_t* out) noexcept nogil:
    """The cells of `rows` touching (r, c), ORed into `out` when it is given: any?"""
    cdef int i
    cdef uint32_t near = ((bit(c) << 1) | bit(c) | (bit(c) >> 1)) & full_mask(n), found
    cdef bint any_found = False
    for i in range(r - 1, r + 2):
        if 0 <= i < n:
            found = rows[i] & (near if i != r else near & ~bit(c))
            any_found = any_found or found != 0
            if out != NULL:
                out[i] |= found
    return any_found


# ---------------------------------------------------------------- the step record
cdef void begin(Step* s, int technique, int says) noexcept nogil:
    cdef int r
    s.technique = technique
    s.says = says
    for r in range(MAX_N):
        s.stars[r] = 0
        s.crosses[r] = 0
        s.because[r] = 0
    s.cell = s.unit = s.lines = -1
    s.inner_kind = s.outer_kind = -1
    s.inner = s.outer = 0
    s.count = s.held = 0
    s.outcome.why = NOTHING


cdef inline void add_cell(int n, int cell, uint32_t* rows) noexcept nogil:
    rows[cell // n] |= bit(cell % n)


cdef void add_pair(const Board* b, const View* v, Step* s, int kind, int first) noexcept nogil:
    """Two neighbouring lines (blocks): their cells in `because`, the first named."""
    s.lines = kind * b.n + first
    add_cells(b, v, s.lines, False, s.because)
    add_cells(b, v, s.lines + 1, False, s.because)


# ---------------------------------------------------------------- StarState.check
cdef bint check(const Board* b, int k, const Marks* m, const View* v, Outcome* o) noexcept nogil:
    """The first broken rule in StarState.check's order, into `o`: broken?"""
    cdef int n = b.n
    cdef int r, c, u, need, fit
    cdef uint32_t cells
    o.cell = o.unit = o.lines = -1
    o.count = 0
    for r in range(n):  # stars in cell order: one touching another
        cells = m.star[r]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            if around(n, m.star, r, c, NULL):
                o.why, o.cell = STARS_TOUCH, r * n + c
                return True
    for u in range(3 * n):  # rows, columns, regions: too many stars, or too little room
        need = need_of(v, n, u)
        if need < 0:
            o.why, o.unit, o.count = TOO_MANY_STARS, u, k
            return True
        if u < n:
            fit = fit_in_line(v.open_r[u])
        elif u < 2 * n:
            fit = fit_in_line(v.open_c[u - n])
        else:
            fit = v.open_g[u - 2 * n]
        if fit < need:
            o.why, o.unit, o.count = NO_ROOM, u, need
            return True
    for u in range(n - 1):  # neighbouring rows, then columns: too few 2×2 blocks
        if pair_broken(v.open_r, v.need_r, u, n, o):
            o.lines = ROW * n + u
            return True
    for u in range(n - 1):
        if pair_broken(v.open_c, v.need_c, u, n, o):
            o.lines = COL * n + u
            return True
    o.why = NOTHING
    return False


cdef inline bint pair_broken(const uint32_t* open_line, const int* need_line, int first, int n,
                             Outcome* o) noexcept nogil:
    cdef int need = need_line[first] + need_line[first + 1]
    if pair_blocks(n, open_line[first] | open_line[first + 1]) < need:
        o.why, o.count = LINES_NO_ROOM, need
        return True
    return False


# ---------------------------------------------------------------- techniques 1-3
cdef void unit_step(const Board* b, const View* v, int technique, int says, int u,
                    bint stars, int count, Step* s) noexcept nogil:
    """A step on the whole of unit u: its open cells take stars (else crosses), because of
    the unit's cells."""
    begin(s, technique, says)
    add_cells(b, v, u, True, &s.stars[0] if stars else &s.crosses[0])
    add_cells(b, v, u, False, s.because)
    s.unit, s.count = u, count


cdef bint last_cells(const Board* b, const View* v, Step* s) noexcept nogil:
    cdef int n = b.n
    cdef int u, need
    for u in range(3 * n):
        need = need_of(v, n, u)
        if need and open_count(v, n, u) == need:
            unit_step(b, v, LAST_CELL, LAST_STARS, u, True, need, s)
            return True
    return False


cdef bint neighbours(const Board* b, int k, const Marks* m, const View* v,
                     Step* s) noexcept nogil:
    cdef int n = b.n
    cdef int r, c, u
    cdef uint32_t cells
    for r in range(n):  # stars in cell order, then units
        cells = m.star[r]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            if around(n, v.open_r, r, c, NULL):
                begin(s, NEIGHBOURS, STAR_NEIGHBOURS)
                around(n, v.open_r, r, c, s.crosses)
                add_cell(n, r * n + c, s.because)
                s.cell = r * n + c
                return True
    for u in range(3 * n):
        if open_count(v, n, u) and need_of(v, n, u) == 0:
            unit_step(b, v, NEIGHBOURS, UNIT_FULL, u, False, k, s)
            return True
    return False


cdef bint confined(const Board* b, const View* v, int technique, int inner_kind, uint32_t inner,
                   int outer_kind, uint32_t outer, Step* s) noexcept nogil:
    """stars_logic._confinement_step: the open cells of `outer` beyond `inner` when inner's
    open cells all lie in outer and they need as many stars."""
    cdef int n = b.n
    cdef int need = need_sum(v, n, inner_kind, inner), r
    cdef uint32_t room_in[MAX_N]
    cdef uint32_t room_out[MAX_N]
    cdef bint any_in = False, beyond = False
    if need != need_sum(v, n, outer_kind, outer):  # the cheapest test first
        return False
    for r in range(n):
        room_in[r] = room_out[r] = 0
    add_units(b, v, inner_kind, inner, True, room_in)
    add_units(b, v, outer_kind, outer, True, room_out)
    for r in range(n):
        if room_in[r] & ~room_out[r]:
            return False
        any_in = any_in or room_in[r] != 0
        beyond = beyond or (room_out[r] & ~room_in[r]) != 0
    if not (any_in and beyond):
        return False
    begin(s, technique, STARS_CONFINED)
    for r in range(n):
        s.crosses[r] = room_out[r] & ~room_in[r]
    add_units(b, v, inner_kind, inner, False, s.because)
    add_units(b, v, outer_kind, outer, False, s.because)
    s.inner_kind, s.inner, s.outer_kind, s.outer = inner_kind, inner, outer_kind, outer
    s.count = need
    return True


cdef bint confinement(const Board* b, const View* v, Step* s) noexcept nogil:
    """Regions g, then lines (rows, columns): [g] in [line] before [line] in [g]. Only
    where one's open cells all lie in the other (confined asks that too, after its sums)."""
    cdef int n = b.n
    cdef int g, line, i
    cdef uint32_t lines_of_g, regions_of_line
    for g in range(n):
        for line in range(2 * n):
            i = line % n
            if line < n:
                lines_of_g, regions_of_line = v.rows_g[g], v.regs_r[i]
            else:
                lines_of_g, regions_of_line = v.cols_g[g], v.regs_c[i]
            if lines_of_g == bit(i) and confined(b, v, CONFINEMENT, REGION, bit(g), line // n,
                                                 bit(i), s):
                return True
            if regions_of_line == bit(g) and confined(b, v, CONFINEMENT, line // n, bit(i),
                                                      REGION, bit(g), s):
                return True
    return False


# ---------------------------------------------------------------- 4: group confinement
cdef struct Combinations:
    # itertools.combinations(members, size) for size 2..last, in its order, as unit bits.
    uint32_t member[MAX_N]  # each member's bit
    int count
    int size
    int last
    int at[GROUP_MAX]
    uint32_t taken[GROUP_MAX]  # [j]: the bits of the members at places 0..j
    bint started


cdef void combinations_start(Combinations* g, uint32_t members) noexcept nogil:
    g.count = 0
    while members:
        g.member[g.count] = members & (~members + 1)
        g.count += 1
        members &= members - 1
    # stars_logic: sizes range(2, min(len(units), GROUP_MAX + 1)), never all the units
    g.last = g.count - 1 if g.count - 1 < GROUP_MAX else GROUP_MAX
    g.size = 2
    g.started = False
    g.at[0], g.at[1] = 0, 1


cdef inline bint combinations_next(Combinations* g, uint32_t* out) noexcept nogil:
    cdef int i = 0, j
    if g.started:
        i = g.size - 1  # the last place that can still move on
        while i >= 0 and g.at[i] == g.count - g.size + i:
            i -= 1
        if i >= 0:
            g.at[i] += 1
            for j in range(i + 1, g.size):
                g.at[j] = g.at[j - 1] + 1
        else:
            g.size += 1
            if g.size > g.last:
                return False
            i = 0
            for j in range(g.size):
                g.at[j] = j
    elif g.size > g.last:
        return False
    g.started = True
    for j in range(i, g.size):  # the places from the one that moved on
        g.taken[j] = (g.taken[j - 1] if j else 0) | g.member[g.at[j]]
    out[0] = g.taken[g.size - 1]
    return True


cdef uint32_t inside(const uint32_t* spread, uint32_t candidates, uint32_t group) noexcept nogil:
    """The candidates with open cells, all of them within `group` (spread[u]: the units of
    the other kind that u's open cells lie in)."""
    cdef uint32_t found = 0
    cdef int u
    while candidates:
        u = ctz32(candidates)
        candidates &= candidates - 1
        if spread[u] and not spread[u] & ~group:
            found |= bit(u)
    return found


cdef struct Since:
    # Marks at which group confinement found nothing, for a solve that asks it again and
    # again: only the groups the marks added since can have set off are tried (the same
    # argument as _stars_logic.groups_since, for the step's order of search).
    Marks quiet
    bint known


cdef bint can_hold(const uint32_t* spread, uint32_t candidates, uint32_t members,
                   int most) noexcept nogil:
    """Can a group of `most` members at most have one of the candidates inside it?"""
    cdef int u
    while candidates:
        u = ctz32(candidates)
        candidates &= candidates - 1
        if spread[u] and not spread[u] & ~members and popcount32(spread[u]) <= most:
            return True
    return False


cdef inline bint groups_confine(const Board* b, const View* v, Step* s, bint every,
                               uint32_t members, int member_kind, uint32_t star_members,
                               uint32_t candidates, int candidate_kind,
                               uint32_t changed_candidates,
                               const uint32_t* spread) noexcept nogil:
    """group_confinement one way: the first group of `members` (units of member_kind) that
    the candidates inside it (by `spread`, units of candidate_kind) confine, into s. Unless
    `every`, a group with no member in star_members and no candidate of changed_candidates
    inside it is passed."""
    cdef Combinations groups
    cdef uint32_t group, found
    combinations_start(&groups, members)
    if not (every or members & star_members
            or can_hold(spread, candidates & changed_candidates, members, groups.last)):
        groups.last = 0  # no group of them can have changed: none to try
    while combinations_next(&groups, &group):
        if not (group & star_members or inside(spread, candidates & changed_candidates, group)):
            continue
        found = inside(spread, candidates, group)
        if found and confined(b, v, GROUP_CONFINEMENT, candidate_kind, found, member_kind,
                              group, s):
            return True
    return False


cdef bint group_confinement(const Board* b, const Marks* m, const View* v, Step* s,
                            Since* since) noexcept nogil:
    """Rows, then columns: groups of lines (the regions inside), then groups of regions (the
    lines inside), of the units that need stars. A group has two units or more and what is
    inside one or more, so the reading's `len(inside) + len(group) > 2` always holds.
    With `since` (or NULL) known, a group is passed when it has no member with a new star
    and no candidate with new marks inside it: its need, what lies inside it and what they
    need are as they were at since.quiet, where it crossed nothing, and it has no more open
    cells to cross now; so the first group that crosses is the one a full search finds."""
    cdef int n = b.n
    cdef int kind, u
    cdef uint32_t lines, regions = 0
    cdef uint32_t star_lines = ~<uint32_t>0, star_regions = ~<uint32_t>0  # all, until known
    cdef uint32_t changed_lines = ~<uint32_t>0, changed_regions = ~<uint32_t>0
    cdef const uint32_t* lines_of_region
    cdef const uint32_t* regions_of_line
    cdef Changes d
    cdef bint every = since == NULL or not since.known
    if not every:
        changes_since(b, m, &since.quiet, &d)
        star_regions, changed_regions = d.star_regs, d.regs
    for u in range(n):
        if v.need_g[u]:
            regions |= bit(u)
    for kind in range(ROW, COL + 1):
        if kind == ROW:
            lines_of_region, regions_of_line = &v.rows_g[0], &v.regs_r[0]
            if not every:
                star_lines, changed_lines = d.star_rows, d.rows
        else:
            lines_of_region, regions_of_line = &v.cols_g[0], &v.regs_c[0]
            if not every:
                star_lines, changed_lines = d.star_cols, d.cols
        lines = 0
        for u in range(n):
            if need_of(v, n, kind * n + u):
                lines |= bit(u)
        if groups_confine(b, v, s, every, lines, kind, star_lines, regions, REGION,
                          changed_regions, lines_of_region):
            return True
        if groups_confine(b, v, s, every, regions, REGION, star_regions, lines, kind,
                          changed_lines, regions_of_line):
            return True
    if since != NULL:
        since.quiet, since.known = m[0], True
    return False


# ---------------------------------------------------------------- 5: 2×2 blocks
cdef inline int line_cell(int n, int kind, int line, int position) noexcept nogil:
    """The cell at `position` along row (kind ROW) or column `line`."""
    return line * n + position if kind == ROW else position * n + line


cdef bint blocks(const Board* b, const View* v, Step* s) noexcept nogil:
    """Neighbouring rows, then columns, whose open cells fit in as many 2×2 blocks (laid from
    the low end) as the stars they need: a block with one open cell, else a crossing line
    whose one star the pair gives it."""
    cdef int n = b.n
    cdef int kind, first, need, p
    cdef uint32_t a, z, positions, single
    cdef const uint32_t* open_line
    cdef const int* need_line
    for kind in range(ROW, COL + 1):
        if kind == ROW:
            open_line, need_line = &v.open_r[0], &v.need_r[0]
        else:
            open_line, need_line = &v.open_c[0], &v.need_c[0]
        for first in range(n - 1):
            a, z = open_line[first], open_line[first + 1]
            need = need_line[first] + need_line[first + 1]
            if not need or pair_blocks(n, a | z) != need:
                continue
            positions, single = a | z, 0
            while positions:
                p = ctz32(positions)
                positions &= ~(<uint32_t>3 << p)
                if popcount32(a & (<uint32_t>3 << p)) + popcount32(z & (<uint32_t>3 << p)) == 1:
                    begin(s, BLOCKS, BLOCK_SINGLE)
                    if a & (<uint32_t>3 << p):
                        s.cell = line_cell(n, kind, first, ctz32(a & (<uint32_t>3 << p)))
                    else:
                        s.cell = line_cell(n, kind, first + 1, ctz32(z & (<uint32_t>3 << p)))
                    add_cell(n, s.cell, s.stars)
                    add_pair(b, v, s, kind, first)
                    s.count = need
                    return True
                if not (a | z) & (<uint32_t>2 << p):
                    single |= bit(p)  # a block lying in the crossing line p
            if blocks_in_line(b, v, s, kind, first, need, single):
                return True
    return False


cdef bint blocks_in_line(const Board* b, const View* v, Step* s, int kind, int first, int need,
                         uint32_t single) noexcept nogil:
    """The first crossing line that a block lies in and needs one star: the rest of it is
    empty. (Blocks share no position, so a crossing line holds one block at most.)"""
    cdef int n = b.n
    cdef int line, u, i
    cdef uint32_t rest
    while single:
        line = ctz32(single)
        single &= single - 1
        u = (1 - kind) * n + line
        rest = (v.open_c[line] if kind == ROW else v.open_r[line]) & ~(<uint32_t>3 << first)
        if need_of(v, n, u) != 1 or not rest:
            continue
        begin(s, BLOCKS, BLOCKS_IN_LINE)
        for i in range(n):
            if (rest >> i) & 1:
                add_cell(n, line_cell(n, 1 - kind, line, i), s.crosses)
        add_pair(b, v, s, kind, first)
        add_cells(b, v, u, False, s.because)
        s.unit, s.count, s.held = u, need, 1
        return True
    return False


# ---------------------------------------------------------------- 6, 7: assumptions
cdef void places(const Board* b, int k, const Marks* m, Marks* t, int r, int c) noexcept nogil:
    """stars_logic._places: a star on (r, c), the cells touching it crossed, and the open
    cells of the units it completes."""
    cdef View v
    cdef int n = b.n, i, u
    cdef int units[3]
    cdef uint32_t nearby = ((bit(c) << 1) | bit(c) | (bit(c) >> 1)) & full_mask(n)
    t[0] = m[0]
    t.star[r] |= bit(c)
    for i in range(r - 1, r + 2):
        if 0 <= i < n:
            t.cross[i] |= nearby & ~t.star[i]
    read_view(b, k, t, &v)
    units[0], units[1], units[2] = r, n + c, 2 * n + b.region[r * n + c]
    for u in units:
        if need_of(&v, n, u) == 0:
            add_cells(b, &v, u, True, t.cross)


cdef bint breaks(const Board* b, int k, const Marks* t, Outcome* o) noexcept nogil:
    cdef View v
    read_view(b, k, t, &v)
    return check(b, k, t, &v, o)


cdef bint elimination(const Board* b, int k, const Marks* m, const View* v,
                      Step* s) noexcept nogil:
    """The first cell, from the compiled test's on (as the reading does), where a star and
    what it plainly rules out break a rule."""
    cdef int n = b.n
    cdef int first = first_elimination(b, k, m), cell
    cdef Marks t
    if first < 0:
        return False
    for cell in range(first, n * n):
        if (v.open_r[cell // n] >> (cell % n)) & 1:
            places(b, k, m, &t, cell // n, cell % n)
            if breaks(b, k, &t, &s.outcome):
                return assumed(s, n, ELIMINATION, STAR_ELIMINATION, cell)
    return False


cdef struct Assumed:
    # Per cell, the marks where a star there and techniques 1-6 came to rest without a
    # contradiction, from earlier marks of the same solve: the search starts there again
    # (closure_from), and a star on any star of such marks that still hold the marks now
    # leads to no more than they do. Why that is the closure's own answer: a technique's
    # conclusion at marks A still holds at any marks B ⊇ A that extend to a solution (a
    # confinement's needs stay equal there, a last cell's unit keeps its count, a star's
    # neighbours stay empty), so from marks that extend to a solution every order of the
    # techniques comes to rest at the same marks. From marks that extend to none the order
    # can matter in principle (a star a last cell forces where a confinement would cross:
    # crossing first breaks the unit at once; the star first leaves the confinement's
    # needs unequal, and the closure may stop without a contradiction). The search leans
    # on the closures meeting there as well; the tests hold it to the reading's closures
    # from scratch.
    Marks* rest
    bint* known


cdef inline bint within(int n, const Marks* a, const Marks* z) noexcept nogil:
    cdef int r
    for r in range(n):
        if a.star[r] & ~z.star[r] or a.cross[r] & ~z.cross[r]:
            return False
    return True


cdef bint star_breaks_closure(const Board* b, int k, const Marks* m, int r, int c,
                              Assumed* seen, uint32_t* safe) noexcept nogil:
    """Does a star on (r, c) and the closure of 1-6 break a rule? `seen` (or NULL) keeps
    where each cell's closure came to rest, to start from there next time. When none breaks,
    the stars where it came to rest go into `safe`: a star on one of them leads to no more
    than that, so to nothing broken either."""
    cdef int n = b.n, cell = r * n + c
    cdef Marks t
    cdef const Marks* quiet = NULL
    if seen != NULL and seen.known[cell] and within(n, m, &seen.rest[cell]):
        t = seen.rest[cell]  # still where it came to rest
    else:
        if seen != NULL and seen.known[cell] and joins(n, &seen.rest[cell], m, &t):
            quiet = &seen.rest[cell]
        else:
            t = m[0]
            star_with_consequences(b, k, &t, r, c)
        if closure_from(b, k, &t, quiet) == CONTRA:
            return True
        if seen != NULL:
            seen.rest[cell] = t
            seen.known[cell] = True
    for r in range(n):
        safe[r] |= t.star[r]
    return False


cdef bint joins(int n, const Marks* rest, const Marks* m, Marks* t) noexcept nogil:
    """rest and m together into t, unless one crosses a cell the other has a star on (the
    closure is then retraced from m)."""
    cdef int r
    for r in range(n):
        if rest.star[r] & m.cross[r] or rest.cross[r] & m.star[r]:
            return False
    t[0] = rest[0]
    for r in range(n):
        t.star[r] |= m.star[r]
        t.cross[r] |= m.cross[r]
    return True


cdef bint contradiction(const Board* b, int k, const Marks* m, const View* v, Step* s,
                        Assumed* seen) noexcept nogil:
    """The first cell where a star and the closure of techniques 1-6 break a rule, worded by
    the rule broken where that closure stops from the marks now (as stars_logic's
    contradiction_marks_raw and check do). Cells a closure before showed safe are passed."""
    cdef int n = b.n
    cdef int r, c, cell
    cdef uint32_t cells
    cdef uint32_t safe[MAX_N]
    cdef Marks t
    for r in range(n):
        safe[r] = 0
    if seen != NULL:  # every cell's last rest that still holds the marks
        for cell in range(n * n):
            if seen.known[cell] and within(n, m, &seen.rest[cell]):
                for r in range(n):
                    safe[r] |= seen.rest[cell].star[r]
    for r in range(n):
        cells = v.open_r[r]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            if (safe[r] >> c) & 1:
                continue
            if star_breaks_closure(b, k, m, r, c, seen, safe):
                t = m[0]
                star_with_consequences(b, k, &t, r, c)
                closure(b, k, &t, 6)
                if breaks(b, k, &t, &s.outcome):
                    return assumed(s, n, CONTRADICTION, STAR_CONTRADICTION, r * n + c)
    return False


cdef bint assumed(Step* s, int n, int technique, int says, int cell) noexcept nogil:
    """A step that crosses `cell` because a star there breaks: `s.outcome` says how."""
    cdef Outcome outcome = s.outcome
    begin(s, technique, says)
    s.outcome = outcome
    s.cell = cell
    add_cell(n, cell, s.crosses)
    add_cell(n, cell, s.because)
    return True


# ---------------------------------------------------------------- the step, the solve
cdef int find_step(const Board* b, int k, const Marks* m, Step* s, Assumed* seen,
                   Since* since) noexcept nogil:
    """stars_logic.next_step: FOUND, NONE, or BROKEN (s.outcome names the broken rule)."""
    cdef View v
    read_view(b, k, m, &v)
    if check(b, k, m, &v, &s.outcome):
        return BROKEN
    if (last_cells(b, &v, s) or neighbours(b, k, m, &v, s) or confinement(b, &v, s)
            or group_confinement(b, m, &v, s, since) or blocks(b, &v, s)
            or elimination(b, k, m, &v, s) or contradiction(b, k, m, &v, s, seen)):
        return FOUND
    return NONE


cdef void apply(Marks* m, const Step* s) noexcept nogil:
    """StarState.apply."""
    cdef int r
    for r in range(MAX_N):
        m.star[r] |= s.stars[r]
        m.cross[r] |= s.crosses[r] & ~m.star[r]


cdef bint is_solved(const Board* b, int k, const Marks* m) noexcept nogil:
    cdef View v
    read_view(b, k, m, &v)
    return solved(b, &v)


# ---------------------------------------------------------------- Python entry points
cdef int load_masks(int n, Marks* m, object stars, object crosses) except -1:
    """The marks from cell bitmasks (bit r * n + c), as StarState holds them."""
    cdef int r
    full = (1 << n) - 1
    if stars >> (n * n) or crosses >> (n * n) or stars < 0 or crosses < 0:
        raise ValueError(f"marks off the {n}×{n} board")
    for r in range(MAX_N):
        m.star[r] = (stars >> (r * n)) & full if r < n else 0
        m.cross[r] = (crosses >> (r * n)) & full if r < n else 0
    return 0


cdef object cell_mask(int n, const uint32_t* rows):
    mask = 0
    for r in range(n - 1, -1, -1):
        mask = (mask << n) | rows[r]
    return mask


cdef object indexes(int kind, uint32_t bits, int n):
    """The units of `kind` whose indexes are `bits`, ascending, as stars_logic numbers them."""
    out = []
    while bits:
        out.append(kind * n + ctz32(bits))
        bits &= bits - 1
    return out


cdef object outcome_data(const Outcome* o):
    return (o.why - 1, o.cell, o.unit, o.lines, o.count)


cdef object step_data(int n, const Step* s):
    """(technique, says, stars, crosses, because, cell, unit, lines, inner, outer, count,
    held, outcome): stars_steps.py reads it."""
    return (s.technique, s.says, cell_mask(n, s.stars), cell_mask(n, s.crosses),
            cell_mask(n, s.because), s.cell, s.unit, s.lines,
            indexes(s.inner_kind, s.inner, n), indexes(s.outer_kind, s.outer, n), s.count,
            s.held, outcome_data(&s.outcome) if s.outcome.why != NOTHING else None)


def next_step_raw(regions, stars, star_mask, cross_mask):
    """The next step from the marks (cell bitmasks): a step's data, None when no technique
    applies, or ("broken", outcome) when the marks break a rule."""
    cdef Board b
    cdef Marks m
    cdef Step s
    cdef int n = load(regions, stars, &b)
    cdef int k = stars, found
    load_masks(n, &m, star_mask, cross_mask)
    with nogil:
        found = find_step(&b, k, &m, &s, NULL, NULL)
    if found == BROKEN:
        return "broken", outcome_data(&s.outcome)
    return step_data(n, &s) if found == FOUND else None


def deduce_raw(regions, stars, star_mask, cross_mask):
    """stars_logic.deduce from the marks: (outcome, steps' data, broken): outcome 1 solved,
    0 stuck, -1 a rule broken (`broken` names it; the steps are those before)."""
    cdef Board b
    cdef Marks m
    cdef Assumed seen
    cdef int n = load(regions, stars, &b)
    load_masks(n, &m, star_mask, cross_mask)
    seen.rest = <Marks*>PyMem_Malloc(n * n * sizeof(Marks))
    seen.known = <bint*>PyMem_Calloc(n * n, sizeof(bint))
    try:
        if seen.rest == NULL or seen.known == NULL:
            raise MemoryError()
        return solve(&b, stars, &m, &seen)
    finally:
        PyMem_Free(seen.rest)
        PyMem_Free(seen.known)


cdef object solve(const Board* b, int k, Marks* m, Assumed* seen):
    """deduce_raw's loop: a step found without the GIL, its data taken with it."""
    cdef int found = FOUND
    cdef bint done
    cdef Step s
    cdef Since since
    since.known = False
    steps = []
    while True:
        with nogil:
            done = is_solved(b, k, m)
            if not done:
                found = find_step(b, k, m, &s, seen, &since)
                if found == FOUND:
                    apply(m, &s)
        if done:
            break
        if found == BROKEN:
            return CONTRA, steps, outcome_data(&s.outcome)
        if found == NONE:
            return STUCK, steps, None
        steps.append(step_data(b.n, &s))
    with nogil:
        done = breaks(b, k, m, &s.outcome)
    return (CONTRA, steps, outcome_data(&s.outcome)) if done else (SOLVED, steps, None)


def search_tests_raw(regions, stars, earlier_stars, earlier_crosses, later_stars, later_crosses):
    """For the tests: the open cells (cell bitmasks, as marks are given) where a star and
    techniques 1-6 break a rule at the later marks, as the contradiction search finds them
    after a search of every open cell at the earlier ones (within the later), and from
    scratch; and the cells the search takes as safe from the rests it keeps."""
    cdef Board b
    cdef Marks early, late, t
    cdef Assumed seen
    cdef int n = load(regions, stars, &b)
    cdef int k = stars, r, c
    cdef uint32_t ignored[MAX_N]
    cdef uint32_t kept[MAX_N]  # the stars of the rests at the later marks
    cdef object cell  # a Python int, for the shifts
    load_masks(n, &early, earlier_stars, earlier_crosses)
    load_masks(n, &late, later_stars, later_crosses)
    seen.rest = <Marks*>PyMem_Malloc(n * n * sizeof(Marks))
    seen.known = <bint*>PyMem_Calloc(n * n, sizeof(bint))
    search = scratch = safe = 0
    try:
        if seen.rest == NULL or seen.known == NULL:
            raise MemoryError()
        for r in range(n):
            for c in range(n):
                if not ((early.star[r] | early.cross[r]) >> c) & 1:
                    star_breaks_closure(&b, k, &early, r, c, &seen, ignored)
        for r in range(MAX_N):
            kept[r] = 0
        for r in range(n):
            for c in range(n):
                if ((late.star[r] | late.cross[r]) >> c) & 1:
                    continue
                if seen.known[r * n + c] and within(n, &late, &seen.rest[r * n + c]):
                    safe |= cell_mask(n, seen.rest[r * n + c].star)
                t = late
                star_with_consequences(&b, k, &t, r, c)
                cell = r * n + c
                if closure(&b, k, &t, 6) == CONTRA:
                    scratch |= 1 << cell
                if star_breaks_closure(&b, k, &late, r, c, &seen, kept):
                    search |= 1 << cell
        return search, scratch, safe | cell_mask(n, kept)
    finally:
        PyMem_Free(seen.rest)
        PyMem_Free(seen.known)
