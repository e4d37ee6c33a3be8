# The deduction engine. Two modes over the same rules:
# - closure(): apply every instance of techniques up to a level until nothing changes. The
#   techniques are monotone (more marks never disable an inference), so the fixpoint does not
#   depend on order; the tier is the lowest level whose closure solves the board.
# - next_step(): the easiest single instance, described for a person (rate and hint).
# The board state they work on is _marks; the Python entry points are _deduce_api.
from libc.stdint cimport int8_t, uint32_t
from libc.string cimport memset

from generator_ext._core cimport CELL_CROSS, CELL_UNKNOWN, MAX_N, Board, attacked_in_row, bit, ctz32
from generator_ext._core cimport full_mask, popcount32, region_scan
from generator_ext._marks cimport Marks, Graph, UNIT_ROW, UNIT_COL, UNIT_REGION
from generator_ext._marks cimport FORM_REGIONS_IN_LINES, FORM_LINES_IN_REGIONS, WHY_EMPTY_UNIT
from generator_ext._marks cimport WHY_HALL, WHY_CLASH, cross_in_row, unit_open_count, unit_done
from generator_ext._marks cimport unusable_lines, matched_lines, put_queen, attacked_open, unit_open
from generator_ext._marks cimport add_unit_cells, marks_init, marks_from_states, find_dead_unit
from generator_ext._marks cimport build_graph, group_crosses, filter_graph


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
    for level in range(tier_technique(TIER_EASY), tier_technique(TIER_EXPERT) + 1):
        status = closure(b, &m, level)
        if status == STATUS_SOLVED:
            return technique_tier(level)
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
    cdef int g, k
    cdef uint32_t rows, cols, mm
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
    return (find_line_confinement(b, m, s, UNIT_ROW)
            or find_line_confinement(b, m, s, UNIT_COL))


cdef inline bint find_line_confinement(const Board* b, Marks* m, StepRec* s,
                                       int kind) noexcept nogil:
    """A row (kind UNIT_ROW) or column whose open cells all lie in one region that has open
    cells in other lines of that kind too: one scan, over the board or its transpose."""
    cdef bint by_rows = kind == UNIT_ROW
    cdef const uint32_t* lines
    cdef const uint32_t* reg
    cdef uint32_t mm, cells
    cdef int line, g, i, lo, hi
    if by_rows:
        lines = m.open
        mm = ~m.rows_done & full_mask(b.n)
    else:
        lines = m.openT
        mm = ~m.cols_done & full_mask(b.n)
    while mm:
        line = ctz32(mm)
        mm &= mm - 1
        cells = lines[line]
        if not cells:
            continue
        if by_rows:
            g = b.region[line * b.n + ctz32(cells)]
            reg, lo, hi = b.reg_rows[g], b.rmin[g], b.rmax[g]
        else:
            g = b.region[ctz32(cells) * b.n + line]
            reg, lo, hi = b.reg_cols[g], b.cmin[g], b.cmax[g]
        if cells & ~reg[line] == 0:
            for i in range(lo, hi + 1):
                if i != line and lines[i] & reg[i]:
                    record_group(b, m, s, T_CONFINEMENT, FORM_LINES_IN_REGIONS, kind, bit(g),
                                 bit(line))
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
