# The board state's larger routines: marks from a board or a grid of cell states, a dead
# unit, and the region-line graph with what its matching rules out (techniques 3 and 4).
from libc.stdint cimport int8_t, uint32_t
from libc.string cimport memset

from generator_ext._core cimport CELL_CROSS, CELL_QUEEN, MAX_N, Board, bit, ctz32, full_mask
from generator_ext._core cimport match_units, popcount32, region_scan


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
