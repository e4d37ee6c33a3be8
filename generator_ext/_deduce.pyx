# The deduction engine. Two modes over the same rules:
# - closure(): apply every instance of techniques up to a level until nothing changes. The
#   techniques are monotone (more marks never disable an inference), so the fixpoint does not
#   depend on order; the tier is the lowest level whose closure solves the board.
# - next_step(): the easiest single instance, described for a person (rate and hint).
from libc.stdint cimport int8_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from generator_ext._core cimport (
    CELL_CROSS, CELL_QUEEN, CELL_UNKNOWN, MAX_N, Board, attacked_in_row, bit, ctz32, full_mask,
    load_board, match_units, popcount32, read_grid, region_pieces, region_scan,
)


# ---------------------------------------------------------------- board state

cdef void marks_init(const Board* b, Marks* m) noexcept nogil:
    cdef int i
    cdef uint32_t full = full_mask(b.n)
    memset(m, 0, sizeof(Marks))
    for i in range(MAX_N):
        m.qcol[i] = -1
    for i in range(b.n):
        m.open[i] = full
        m.openT[i] = full


cdef void marks_from_states(const Board* b, const int8_t* states, Marks* m) noexcept nogil:
    """Marks from a row-major grid of cell states (CELL_UNKNOWN, CELL_CROSS, CELL_QUEEN)."""
    cdef int i
    marks_init(b, m)
    for i in range(b.n * b.n):
        if states[i] == CELL_CROSS:
            m.open[i // b.n] &= ~bit(i % b.n)
            m.openT[i % b.n] &= ~bit(i // b.n)
    for i in range(b.n * b.n):
        if states[i] == CELL_QUEEN:
            put_queen(b, m, i // b.n, i % b.n)


cdef inline void cross_in_row(Marks* m, int r, uint32_t cells) noexcept nogil:
    """Cross the open cells of row r among `cells`."""
    cells &= m.open[r]
    m.open[r] &= ~cells
    while cells:
        m.openT[ctz32(cells)] &= ~bit(r)
        cells &= cells - 1


cdef inline void cross_in_col(Marks* m, int c, uint32_t cells) noexcept nogil:
    """Cross the open cells of column c among `cells` (a mask of rows)."""
    cells &= m.openT[c]
    m.openT[c] &= ~cells
    while cells:
        m.open[ctz32(cells)] &= ~bit(c)
        cells &= cells - 1


cdef void put_queen(const Board* b, Marks* m, int r, int c) noexcept nogil:
    cdef int g = b.region[r * b.n + c]
    cdef uint32_t others = m.rows_done
    cdef int i
    if (m.rows_done >> r) & 1 or (m.cols_done >> c) & 1 or (m.regs_done >> g) & 1:
        m.clash = True
    while others:
        i = ctz32(others)
        others &= others - 1
        if (attacked_in_row(b, i, m.qcol[i], r) >> c) & 1:
            m.clash = True
    m.open[r] &= ~bit(c)
    m.openT[c] &= ~bit(r)
    m.qcol[r] = <int8_t>c
    m.rows_done |= bit(r)
    m.cols_done |= bit(c)
    m.regs_done |= bit(g)
    m.fresh |= bit(r)


cdef int attacked_open(const Board* b, const Marks* m, int r, int c, uint32_t* out) noexcept nogil:
    """The open cells a queen at (r, c) rules out, by row; returns how many."""
    cdef int i, k = 0
    for i in range(b.n):
        out[i] = m.open[i] & attacked_in_row(b, r, c, i)
        k += popcount32(out[i])
    return k


cdef int unit_open(const Board* b, const Marks* m, int kind, int id, uint32_t* rows) noexcept nogil:
    """Open cells of a unit, by row into `rows` (n words); returns how many."""
    cdef int i, k = 0
    for i in range(b.n):
        if kind == UNIT_ROW:
            rows[i] = m.open[i] if i == id else 0
        elif kind == UNIT_COL:
            rows[i] = m.open[i] & bit(id)
        else:
            rows[i] = m.open[i] & b.reg_rows[id][i]
        k += popcount32(rows[i])
    return k


cdef inline int unit_open_count(const Board* b, const Marks* m, int kind, int id) noexcept nogil:
    cdef uint32_t rows, cols
    if kind == UNIT_ROW:
        return popcount32(m.open[id])
    if kind == UNIT_COL:
        return popcount32(m.openT[id])
    return region_scan(b, m.open, id, &rows, &cols)


cdef inline bint unit_done(const Marks* m, int kind, int id) noexcept nogil:
    if kind == UNIT_ROW:
        return (m.rows_done >> id) & 1
    if kind == UNIT_COL:
        return (m.cols_done >> id) & 1
    return (m.regs_done >> id) & 1


cdef void add_unit_cells(const Board* b, int kind, int id, uint32_t* out) noexcept nogil:
    cdef int i
    for i in range(b.n):
        if kind == UNIT_ROW:
            if i == id:
                out[i] |= full_mask(b.n)
        elif kind == UNIT_COL:
            out[i] |= bit(id)
        else:
            out[i] |= b.reg_rows[id][i]


cdef bint find_dead_unit(const Board* b, Marks* m) noexcept nogil:
    """A unit without a queen and without an open cell: record it as the contradiction."""
    cdef int kind, id
    for kind in range(3):
        for id in range(b.n):
            if not unit_done(m, kind, id) and unit_open_count(b, m, kind, id) == 0:
                m.why = WHY_EMPTY_UNIT
                m.why_kind = kind
                m.why_id = id
                return True
    return False


# ---------------------------------------------------------------- regions against lines

cdef struct Graph:
    # Unsolved regions against unsolved rows (or columns): adj[g] = lines with an open cell
    # of g, a perfect matching, and reach[g] = regions reachable by alternating paths.
    int kind
    uint32_t regs
    uint32_t adj[MAX_N]
    int match_line[MAX_N]
    int match_reg[MAX_N]
    uint32_t reach[MAX_N]


cdef bint build_graph(const Board* b, Marks* m, int kind, Graph* gr) noexcept nogil:
    """False when the regions cannot take distinct lines (a Hall violator goes in m.why)."""
    cdef uint32_t lines_left = ~(m.rows_done if kind == UNIT_ROW else m.cols_done) & full_mask(b.n)
    cdef uint32_t rows, cols, mm, grown, s, lines
    cdef int g, h, line, lost
    cdef bint changed
    gr.kind = kind
    gr.regs = ~m.regs_done & full_mask(b.n)
    mm = gr.regs
    while mm:
        g = ctz32(mm)
        mm &= mm - 1
        region_scan(b, m.open, g, &rows, &cols)
        gr.adj[g] = (rows if kind == UNIT_ROW else cols) & lines_left
    lost = match_units(gr.regs, gr.adj, gr.match_line)
    if lost < 0 and popcount32(gr.regs) != popcount32(lines_left):
        lost = ctz32(gr.regs) if gr.regs else -1
        if lost < 0:
            return True
    if lost >= 0:
        # The regions reachable from an unmatched one share fewer lines than they number.
        s = bit(lost)
        while True:
            lines = 0
            mm = s
            while mm:
                lines |= gr.adj[ctz32(mm)]
                mm &= mm - 1
            grown = s
            mm = lines
            while mm:
                line = ctz32(mm)
                mm &= mm - 1
                if gr.match_line[line] >= 0:
                    grown |= bit(gr.match_line[line])
            if grown == s:
                break
            s = grown
        m.why = WHY_HALL
        m.why_set = s
        m.why_lines = lines
        m.why_line_kind = kind
        return False
    for line in range(MAX_N):
        if gr.match_line[line] >= 0:
            gr.match_reg[gr.match_line[line]] = line
    mm = gr.regs
    while mm:
        g = ctz32(mm)
        mm &= mm - 1
        gr.reach[g] = bit(g)
        lines = gr.adj[g]
        while lines:
            line = ctz32(lines)
            lines &= lines - 1
            gr.reach[g] |= bit(gr.match_line[line])
    changed = True
    while changed:
        changed = False
        mm = gr.regs
        while mm:
            g = ctz32(mm)
            mm &= mm - 1
            grown = gr.reach[g]
            s = gr.reach[g]
            while s:
                h = ctz32(s)
                s &= s - 1
                grown |= gr.reach[h]
            if grown != gr.reach[g]:
                gr.reach[g] = grown
                changed = True
    return True


cdef inline uint32_t unusable_lines(const Graph* gr, int g) noexcept nogil:
    """The lines of region g that no assignment of distinct lines can give it: those matched
    to a region that cannot reach g by an alternating path."""
    cdef uint32_t lines = gr.adj[g], out = 0
    cdef int line, h
    while lines:
        line = ctz32(lines)
        lines &= lines - 1
        h = gr.match_line[line]
        if h != g and not (gr.reach[h] >> g) & 1:
            out |= bit(line)
    return out


cdef inline uint32_t matched_lines(const Graph* gr, uint32_t regs) noexcept nogil:
    cdef uint32_t out = 0
    while regs:
        out |= bit(gr.match_reg[ctz32(regs)])
        regs &= regs - 1
    return out


cdef int group_crosses(const Board* b, const Marks* m, int form, int kind, uint32_t regs,
                       uint32_t lines, uint32_t* out) noexcept nogil:
    """What a confinement rules out, by row: regions `regs` lie within `lines` (form
    REGIONS_IN_LINES: other regions leave those lines) or `lines` lie within `regs` (form
    LINES_IN_REGIONS: those regions leave the other lines). Returns how many cells."""
    cdef int i, g, k = 0
    cdef uint32_t own, mm
    for i in range(b.n):
        out[i] = 0
        own = 0
        mm = regs
        while mm:
            g = ctz32(mm)
            mm &= mm - 1
            own |= b.reg_rows[g][i]
        if kind == UNIT_ROW:
            if form == FORM_REGIONS_IN_LINES:
                if (lines >> i) & 1:
                    out[i] = m.open[i] & ~own
            elif not (lines >> i) & 1:
                out[i] = m.open[i] & own
        else:
            if form == FORM_REGIONS_IN_LINES:
                out[i] = m.open[i] & lines & ~own
            else:
                out[i] = m.open[i] & ~lines & own
        k += popcount32(out[i])
    return k


cdef int filter_graph(const Board* b, Marks* m, int kind) noexcept nogil:
    """Cross every region-line pair that no assignment of distinct lines can use (the
    closure of techniques 3 and 4 on this graph). -1 when there is no assignment at all."""
    cdef Graph gr
    cdef uint32_t mm, lines, cells
    cdef int g, line, crossed = 0
    if not build_graph(b, m, kind, &gr):
        return -1
    mm = gr.regs
    while mm:
        g = ctz32(mm)
        mm &= mm - 1
        lines = unusable_lines(&gr, g)
        while lines:
            line = ctz32(lines)
            lines &= lines - 1
            if kind == UNIT_ROW:
                cells = m.open[line] & b.reg_rows[g][line]
                cross_in_row(m, line, cells)
            else:
                cells = m.openT[line] & b.reg_cols[g][line]
                cross_in_col(m, line, cells)
            crossed += popcount32(cells)
    return crossed


# ---------------------------------------------------------------- closure (all instances)

cdef bint close_neighbours(const Board* b, Marks* m) noexcept nogil:
    cdef uint32_t out[MAX_N]
    cdef int r, i
    cdef bint changed = False
    while m.fresh:
        r = ctz32(m.fresh)
        m.fresh &= m.fresh - 1
        if attacked_open(b, m, r, m.qcol[r], out):
            for i in range(b.n):
                cross_in_row(m, i, out[i])
            changed = True
    return changed


cdef int close_last_cells(const Board* b, Marks* m) noexcept nogil:
    """Techniques 1 and 2 until stable; -1 on a contradiction, else whether anything changed."""
    cdef int i, kind, k
    cdef uint32_t rows, cols, cells
    cdef bint changed = close_neighbours(b, m)
    cdef bint again = True
    while again:
        again = False
        for kind in range(3):
            for i in range(b.n):
                if unit_done(m, kind, i):
                    continue
                if kind == UNIT_ROW:
                    cells = m.open[i]
                    k = popcount32(cells)
                    if k == 1:
                        put_queen(b, m, i, ctz32(cells))
                elif kind == UNIT_COL:
                    cells = m.openT[i]
                    k = popcount32(cells)
                    if k == 1:
                        put_queen(b, m, ctz32(cells), i)
                else:
                    k = region_scan(b, m.open, i, &rows, &cols)
                    if k == 1:
                        put_queen(b, m, ctz32(rows), ctz32(cols))
                if k == 0:
                    m.why = WHY_EMPTY_UNIT
                    m.why_kind = kind
                    m.why_id = i
                    return -1
                if k == 1:
                    if m.clash:
                        m.why = WHY_CLASH
                        return -1
                    close_neighbours(b, m)
                    changed = True
                    again = True
    return changed


cdef bint close_confinement(const Board* b, Marks* m) noexcept nogil:
    """Every instance of technique 3, found one at a time as the single steps find them."""
    cdef StepRec s
    cdef bint changed = False
    while find_confinement(b, m, &s):
        apply_step(b, m, &s)
        changed = True
    return changed


cdef int eliminated_by(const Board* b, const Marks* m, int kind, int id,
                       uint32_t* out) noexcept nogil:
    """Open cells outside a unit whose queen would rule out every open cell of it; by row
    into out, returns how many (0 for a solved or empty unit)."""
    cdef uint32_t unit[MAX_N]
    cdef uint32_t cand[MAX_N]
    cdef uint32_t own[MAX_N]
    cdef int i, j, r0, c0, k = 0, r, c
    cdef uint32_t cells
    cdef bint covers
    for i in range(b.n):
        out[i] = 0
    if unit_done(m, kind, id) or unit_open(b, m, kind, id, unit) == 0:
        return 0
    for i in range(b.n):
        own[i] = 0
    add_unit_cells(b, kind, id, own)
    r0 = 0
    while unit[r0] == 0:
        r0 += 1
    c0 = ctz32(unit[r0])
    # The relation "rules out" is symmetric: a candidate must rule out the first open cell.
    for i in range(b.n):
        cand[i] = m.open[i] & ~own[i] & attacked_in_row(b, r0, c0, i)
    for r in range(b.n):
        cells = cand[r]
        while cells:
            c = ctz32(cells)
            cells &= cells - 1
            covers = True
            for j in range(b.n):
                if unit[j] & ~attacked_in_row(b, r, c, j):
                    covers = False
                    break
            if covers:
                out[r] |= bit(c)
                k += 1
    return k


cdef bint close_elimination(const Board* b, Marks* m) noexcept nogil:
    cdef uint32_t out[MAX_N]
    cdef int kind, id, i
    cdef bint changed = False
    for kind in range(3):
        for id in range(b.n):
            if eliminated_by(b, m, kind, id, out):
                for i in range(b.n):
                    cross_in_row(m, i, out[i])
                changed = True
    return changed


cdef int refutes(const Board* b, const Marks* m, int r, int c, int level, Marks* trial) noexcept nogil:
    """Does a queen at (r, c) lead, by techniques up to `level`, to a contradiction?"""
    trial[0] = m[0]
    put_queen(b, trial, r, c)
    if trial.clash:
        trial.why = WHY_CLASH
        return True
    return closure(b, trial, level) == STATUS_CONTRADICTION


cdef int closure(const Board* b, Marks* m, int level) noexcept nogil:
    """Apply techniques 1..level until nothing changes: STATUS_SOLVED, _CONTRADICTION
    (with the reason in m.why*) or _OPEN."""
    cdef int step, r, c
    cdef uint32_t cells
    cdef bint changed
    cdef Marks trial
    if m.clash:
        m.why = WHY_CLASH
        return STATUS_CONTRADICTION
    while True:
        step = close_last_cells(b, m)
        if step < 0:
            return STATUS_CONTRADICTION
        if m.rows_done == full_mask(b.n):
            return STATUS_SOLVED
        if find_dead_unit(b, m):
            return STATUS_CONTRADICTION
        if level >= 3 and close_confinement(b, m):
            continue
        if level >= 4:
            step = filter_graph(b, m, UNIT_ROW)
            if step < 0:
                return STATUS_CONTRADICTION
            if step:
                continue
            step = filter_graph(b, m, UNIT_COL)
            if step < 0:
                return STATUS_CONTRADICTION
            if step:
                continue
        if level >= 5 and close_elimination(b, m):
            continue
        if level >= 6:
            changed = False
            for r in range(b.n):
                cells = m.open[r]
                while cells:
                    c = ctz32(cells)
                    cells &= cells - 1
                    if refutes(b, m, r, c, 5, &trial):
                        m.open[r] &= ~bit(c)
                        m.openT[c] &= ~bit(r)
                        changed = True
            if changed:
                continue
        return STATUS_OPEN


cdef int logic_tier(const Board* b) noexcept nogil:
    """The lowest tier whose techniques solve the board from scratch: 1 easy (1-3),
    2 medium (4), 3 hard (5), 4 expert (6); 0 when logic cannot finish it."""
    cdef Marks m
    cdef int level, status
    marks_init(b, &m)
    for level in range(3, 7):
        status = closure(b, &m, level)
        if status == STATUS_SOLVED:
            return level - 2
        if status == STATUS_CONTRADICTION:
            return 0
    return 0


cdef int residue(const Board* b, int level, uint32_t* undecided) noexcept nogil:
    """For a partial map (cells of region -1 cannot hold a queen): how many cells techniques
    up to `level` leave undecided (0: solved), by row into `undecided` when not NULL;
    -1 on a contradiction."""
    cdef Marks m
    cdef int8_t states[MAX_N * MAX_N]
    cdef int i, status, left = 0
    for i in range(b.n * b.n):
        states[i] = CELL_CROSS if b.region[i] < 0 else CELL_UNKNOWN
    marks_from_states(b, states, &m)
    status = closure(b, &m, level)
    if status == STATUS_CONTRADICTION:
        return -1
    if status == STATUS_SOLVED:
        if undecided != NULL:
            for i in range(b.n):
                undecided[i] = 0
        return 0
    for i in range(b.n):
        if undecided != NULL:
            undecided[i] = m.open[i]
        left += popcount32(m.open[i])
    return left + b.n - popcount32(m.rows_done)


# ---------------------------------------------------------------- single steps (rate, hint)

cdef void step_clear(StepRec* s, int tech) noexcept nogil:
    memset(s, 0, sizeof(StepRec))
    s.tech = tech
    s.cell = -1
    s.unit_kind = -1
    s.unit_id = -1


cdef bint find_last_cell(const Board* b, Marks* m, StepRec* s) noexcept nogil:
    cdef int kind, id
    cdef uint32_t rows[MAX_N]
    cdef int i
    for kind in range(3):
        for id in range(b.n):
            if unit_done(m, kind, id) or unit_open_count(b, m, kind, id) != 1:
                continue
            unit_open(b, m, kind, id, rows)
            step_clear(s, T_LAST_CELL)
            s.unit_kind = kind
            s.unit_id = id
            for i in range(b.n):
                if rows[i]:
                    s.cell = i * b.n + ctz32(rows[i])
            add_unit_cells(b, kind, id, s.because)
            return True
    return False


cdef bint find_neighbours(const Board* b, Marks* m, StepRec* s) noexcept nogil:
    cdef uint32_t out[MAX_N]
    cdef int r, i
    while m.fresh:
        r = ctz32(m.fresh)
        if attacked_open(b, m, r, m.qcol[r], out):
            step_clear(s, T_NEIGHBOURS)
            s.cell = r * b.n + m.qcol[r]
            for i in range(b.n):
                s.crosses[i] = out[i]
            s.because[r] = bit(m.qcol[r])
            return True
        # This queen rules out nothing more, now or later.
        m.fresh &= m.fresh - 1
    return False


cdef void record_group(const Board* b, const Marks* m, StepRec* s, int tech, int form, int kind,
                       uint32_t regs, uint32_t lines) noexcept nogil:
    cdef int i, g
    cdef uint32_t mm
    step_clear(s, tech)
    s.form = form
    s.line_kind = kind
    s.set_mask = regs
    s.line_mask = lines
    group_crosses(b, m, form, kind, regs, lines, s.crosses)
    mm = regs
    while mm:
        g = ctz32(mm)
        mm &= mm - 1
        add_unit_cells(b, UNIT_REGION, g, s.because)
    mm = lines
    while mm:
        i = ctz32(mm)
        mm &= mm - 1
        add_unit_cells(b, kind, i, s.because)


cdef bint find_confinement(const Board* b, Marks* m, StepRec* s) noexcept nogil:
    cdef int g, r, c, i, k
    cdef uint32_t rows, cols, cells, mm
    mm = ~m.regs_done & full_mask(b.n)
    while mm:
        g = ctz32(mm)
        mm &= mm - 1
        k = region_scan(b, m.open, g, &rows, &cols)
        if k and rows & (rows - 1) == 0 and m.open[ctz32(rows)] & ~b.reg_rows[g][ctz32(rows)]:
            record_group(b, m, s, T_CONFINEMENT, FORM_REGIONS_IN_LINES, UNIT_ROW, bit(g), rows)
            return True
        if k and cols & (cols - 1) == 0 and m.openT[ctz32(cols)] & ~b.reg_cols[g][ctz32(cols)]:
            record_group(b, m, s, T_CONFINEMENT, FORM_REGIONS_IN_LINES, UNIT_COL, bit(g), cols)
            return True
    mm = ~m.rows_done & full_mask(b.n)
    while mm:
        r = ctz32(mm)
        mm &= mm - 1
        cells = m.open[r]
        if not cells:
            continue
        g = b.region[r * b.n + ctz32(cells)]
        if cells & ~b.reg_rows[g][r] == 0:
            for i in range(b.rmin[g], b.rmax[g] + 1):
                if i != r and m.open[i] & b.reg_rows[g][i]:
                    record_group(b, m, s, T_CONFINEMENT, FORM_LINES_IN_REGIONS, UNIT_ROW,
                                 bit(g), bit(r))
                    return True
    mm = ~m.cols_done & full_mask(b.n)
    while mm:
        c = ctz32(mm)
        mm &= mm - 1
        cells = m.openT[c]
        if not cells:
            continue
        g = b.region[ctz32(cells) * b.n + c]
        if cells & ~b.reg_cols[g][c] == 0:
            for i in range(b.cmin[g], b.cmax[g] + 1):
                if i != c and m.openT[i] & b.reg_cols[g][i]:
                    record_group(b, m, s, T_CONFINEMENT, FORM_LINES_IN_REGIONS, UNIT_COL,
                                 bit(g), bit(c))
                    return True
    return False


cdef int find_group(const Board* b, Marks* m, StepRec* s) noexcept nogil:
    """The smallest tight set (Dulmage-Mendelsohn, through the alternating-path closure of a
    perfect matching) that rules something out; 1 found, 0 none, -1 contradiction."""
    cdef Graph graphs[2]
    cdef Graph* gr
    cdef int kind, g, h, line, x, k
    cdef int best_k = MAX_N + 1, best_form = 0, best_kind = 0
    cdef uint32_t best_regs = 0, mm, lines, anc
    for kind in range(2):
        gr = &graphs[kind]
        if not build_graph(b, m, kind, gr):
            return -1
        mm = gr.regs
        while mm:
            g = ctz32(mm)
            mm &= mm - 1
            lines = unusable_lines(gr, g)
            while lines:
                line = ctz32(lines)
                lines &= lines - 1
                h = gr.match_line[line]
                # g may not use `line`: h's closure lies within its lines, or the regions
                # that reach g own their lines.
                k = popcount32(gr.reach[h])
                if k < best_k:
                    best_k = k
                    best_form = FORM_REGIONS_IN_LINES
                    best_kind = kind
                    best_regs = gr.reach[h]
                anc = 0
                for x in range(b.n):
                    if (gr.regs >> x) & 1 and (gr.reach[x] >> g) & 1:
                        anc |= bit(x)
                k = popcount32(anc)
                if k < best_k:
                    best_k = k
                    best_form = FORM_LINES_IN_REGIONS
                    best_kind = kind
                    best_regs = anc
        if best_k <= 2:
            break  # technique 3 has run out, so nothing smaller can come from the columns
    if best_k > MAX_N:
        return 0
    record_group(b, m, s, T_CONFINEMENT if best_k == 1 else T_GROUP, best_form, best_kind,
                 best_regs, matched_lines(&graphs[best_kind], best_regs))
    return 1


cdef bint find_elimination(const Board* b, Marks* m, StepRec* s) noexcept nogil:
    cdef uint32_t out[MAX_N]
    cdef int kind, id, i, k, best = MAX_N * MAX_N + 1, best_kind = -1, best_id = -1
    for kind in range(3):
        for id in range(b.n):
            if unit_done(m, kind, id):
                continue
            k = unit_open_count(b, m, kind, id)
            if k >= best:
                continue
            if eliminated_by(b, m, kind, id, out):
                best = k
                best_kind = kind
                best_id = id
    if best_kind < 0:
        return False
    step_clear(s, T_ELIMINATION)
    s.unit_kind = best_kind
    s.unit_id = best_id
    eliminated_by(b, m, best_kind, best_id, s.crosses)
    add_unit_cells(b, best_kind, best_id, s.because)
    return True


cdef bint find_contradiction(const Board* b, Marks* m, StepRec* s) noexcept nogil:
    """An assumed queen that the easiest possible techniques refute."""
    cdef Marks trial
    cdef int level, r, c, i
    cdef uint32_t cells
    for level in range(3, 6):
        for r in range(b.n):
            cells = m.open[r]
            while cells:
                c = ctz32(cells)
                cells &= cells - 1
                if not refutes(b, m, r, c, level, &trial):
                    continue
                step_clear(s, T_CONTRADICTION)
                s.cell = r * b.n + c
                s.crosses[r] = bit(c)
                s.because[r] = bit(c)
                s.why = trial.why
                s.why_kind = trial.why_kind
                s.why_id = trial.why_id
                s.why_set = trial.why_set
                s.why_lines = trial.why_lines
                s.why_line_kind = trial.why_line_kind
                if trial.why == WHY_EMPTY_UNIT:
                    add_unit_cells(b, trial.why_kind, trial.why_id, s.because)
                elif trial.why == WHY_HALL:
                    cells = trial.why_set
                    while cells:
                        add_unit_cells(b, UNIT_REGION, ctz32(cells), s.because)
                        cells &= cells - 1
                return True
    return False


cdef int next_step(const Board* b, Marks* m, StepRec* s) noexcept nogil:
    """The easiest technique that makes progress, as one instance in s: its number, 0 when
    the board is solved or nothing applies, -1 when the marks contradict each other."""
    cdef int found
    if m.clash:
        return -1
    if m.rows_done == full_mask(b.n):
        return 0
    if find_dead_unit(b, m):
        return -1
    if find_last_cell(b, m, s):
        return T_LAST_CELL
    if find_neighbours(b, m, s):
        return T_NEIGHBOURS
    if find_confinement(b, m, s):
        return T_CONFINEMENT
    found = find_group(b, m, s)
    if found:
        return s.tech if found > 0 else -1
    if find_elimination(b, m, s):
        return T_ELIMINATION
    if find_contradiction(b, m, s):
        return T_CONTRADICTION
    return 0


cdef void apply_step(const Board* b, Marks* m, const StepRec* s) noexcept nogil:
    cdef int i
    if s.tech == T_LAST_CELL:
        put_queen(b, m, s.cell // b.n, s.cell % b.n)
        return
    for i in range(b.n):
        cross_in_row(m, i, s.crosses[i])


# ---------------------------------------------------------------- Python entry points

cdef list mask_cells(int n, const uint32_t* rows):
    cdef int r
    cdef uint32_t cells
    out = []
    for r in range(n):
        cells = rows[r]
        while cells:
            out.append([r, ctz32(cells)])
            cells &= cells - 1
    return out


cdef list mask_ids(uint32_t mask):
    out = []
    while mask:
        out.append(ctz32(mask))
        mask &= mask - 1
    return out


cdef dict step_dict(int n, const StepRec* s):
    return {
        "technique": s.tech,
        "form": s.form,
        "unit_kind": s.unit_kind,
        "unit_id": s.unit_id,
        "line_kind": s.line_kind,
        "regions": mask_ids(s.set_mask),
        "lines": mask_ids(s.line_mask),
        "cell": None if s.cell < 0 else [s.cell // n, s.cell % n],
        "why": s.why,
        "why_kind": s.why_kind,
        "why_id": s.why_id,
        "why_regions": mask_ids(s.why_set),
        "why_lines": mask_ids(s.why_lines),
        "why_line_kind": s.why_line_kind,
        "queens": [[s.cell // n, s.cell % n]] if s.tech == T_LAST_CELL else [],
        "crosses": mask_cells(n, s.crosses),
        "because": mask_cells(n, s.because),
    }


def deduce_raw(regions, rule="touch"):
    """(solved, [step dicts]): the easiest-first solve of a checked map from an empty board."""
    cdef Board b
    cdef Marks m
    cdef int n = load_board(regions, rule, &b)
    cdef int cap = n * n + 1
    cdef int count = 0, found = 0
    cdef StepRec* steps = <StepRec*>malloc(cap * sizeof(StepRec))
    if steps == NULL:
        raise MemoryError()
    try:
        with nogil:
            marks_init(&b, &m)
            while count < cap:
                found = next_step(&b, &m, &steps[count])
                if found <= 0:
                    break
                apply_step(&b, &m, &steps[count])
                count += 1
        return m.rows_done == full_mask(n) and not m.clash, [
            step_dict(n, &steps[i]) for i in range(count)
        ]
    finally:
        free(steps)


def logic_tier_raw(regions, rule="touch") -> int:
    """The tier by closures (0 unsolvable, 1 easy .. 4 expert): what generate() filters on."""
    cdef Board b
    cdef int tier
    load_board(regions, rule, &b)
    with nogil:
        tier = logic_tier(&b)
    return tier


def queens_clash_raw(regions, rule, queens) -> bool:
    """Do any two of these (checked, distinct) queens break a rule: share a row, a column or
    a region, touch, or (classic) share a diagonal? The engine's rule, for parity tests."""
    cdef Board b
    cdef Marks m
    cdef int8_t states[MAX_N * MAX_N]
    cdef int n = load_board(regions, rule, &b)
    cdef int r, c
    memset(states, CELL_UNKNOWN, sizeof(states))
    for r, c in queens:
        states[r * n + c] = CELL_QUEEN
    marks_from_states(&b, states, &m)
    return m.clash


def logic_solution_raw(regions, rule="touch"):
    """The solution as solution[row] = column when the techniques solve the map from
    scratch (which proves it unique), else None."""
    cdef Board b
    cdef Marks m
    cdef int n = load_board(regions, rule, &b)
    cdef int level, status = STATUS_OPEN
    with nogil:
        marks_init(&b, &m)
        for level in range(3, 7):
            status = closure(&b, &m, level)
            if status != STATUS_OPEN:
                break
    if status != STATUS_SOLVED:
        return None
    return [m.qcol[r] for r in range(n)]


def next_step_raw(regions, rule, queens, crosses):
    """The easiest step from a board with these (checked) marks: a step dict, None when
    solved or stuck, or "contradiction" when the marks cannot all be right."""
    cdef Board b
    cdef Marks m
    cdef StepRec s
    cdef int n = load_board(regions, rule, &b)
    cdef int8_t states[MAX_N * MAX_N]
    cdef int found, r, c
    memset(states, CELL_UNKNOWN, sizeof(states))
    for r, c in crosses:
        states[r * n + c] = CELL_CROSS
    for r, c in queens:
        states[r * n + c] = CELL_QUEEN
    marks_from_states(&b, states, &m)
    with nogil:
        found = next_step(&b, &m, &s)
    if found < 0:
        return "contradiction"
    if found == 0:
        return None
    return step_dict(n, &s)


def paint_problems(regions):
    """(n, grid, unpainted cells, unused ids, {region: [piece cells, ...]} for regions in
    several pieces) of a possibly unfinished map; ValueError when it is not a grid of ids."""
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int8_t piece[MAX_N * MAX_N]
    cdef int n = read_grid(regions, grid, True)
    cdef int g, cell, pieces
    cdef int used[MAX_N]
    for g in range(n):
        used[g] = 0
    unpainted = []
    for cell in range(n * n):
        if grid[cell] < 0:
            unpainted.append([cell // n, cell % n])
        else:
            used[grid[cell]] += 1
    unused = [g for g in range(n) if not used[g]]
    split = {}
    for g in range(n):
        if used[g] < 2:
            continue
        pieces = region_pieces(n, grid, g, piece)
        if pieces > 1:
            split[g] = [
                [[cell // n, cell % n] for cell in range(n * n) if piece[cell] == p]
                for p in range(pieces)
            ]
    return n, [[grid[r * n + c] for c in range(n)] for r in range(n)], unpainted, unused, split
