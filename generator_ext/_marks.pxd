# The deduction engine's board state: the marks on a board (open cells, queens, solved
# units), the units, and the graph of unsolved regions against unsolved lines. The small
# hot helpers are defined here, inline, so every module that reasons over marks compiles
# them into its own loops.
from libc.stdint cimport int8_t, uint32_t
from libc.string cimport memset

from generator_ext._core cimport MAX_N, Board, attacked_in_row, bit, ctz32, full_mask, popcount32
from generator_ext._core cimport region_scan

cdef enum:
    # Units.
    UNIT_ROW = 0
    UNIT_COL = 1
    UNIT_REGION = 2
    # Confinement forms: regions that lie within lines, or lines that lie within regions.
    FORM_REGIONS_IN_LINES = 0
    FORM_LINES_IN_REGIONS = 1
    # Why an assumption fails.
    WHY_EMPTY_UNIT = 0
    WHY_HALL = 1
    WHY_CLASH = 2


cdef struct Marks:
    # A board state: open (unknown) cells by row and by column, queens, and solved units.
    uint32_t open[MAX_N]
    uint32_t openT[MAX_N]
    int8_t qcol[MAX_N]      # row -> column of its queen, -1 if none
    uint32_t rows_done
    uint32_t cols_done
    uint32_t regs_done
    uint32_t fresh          # rows whose queen may still rule out open cells (technique 2)
    bint clash              # two queens share a unit or touch
    # Why the last closure found a contradiction.
    int why
    int why_kind
    int why_id
    int why_line_kind
    uint32_t why_set
    uint32_t why_lines


cdef struct Graph:
    # Unsolved regions against unsolved rows (or columns): adj[g] = lines with an open cell
    # of g, a perfect matching, and reach[g] = regions reachable by alternating paths.
    int kind
    uint32_t regs
    uint32_t adj[MAX_N]
    int match_line[MAX_N]
    int match_reg[MAX_N]
    uint32_t reach[MAX_N]


cdef inline void cross_in_line(uint32_t* lines, uint32_t* across, int i,
                               uint32_t cells) noexcept nogil:
    """Cross the open cells of line i among `cells`: `lines` holds the open cells by row
    (or column), `across` the same cells by column (or row), kept in step."""
    cells &= lines[i]
    lines[i] &= ~cells
    while cells:
        across[ctz32(cells)] &= ~bit(i)
        cells &= cells - 1


cdef inline void cross_in_row(Marks* m, int r, uint32_t cells) noexcept nogil:
    """Cross the open cells of row r among `cells`."""
    cross_in_line(m.open, m.openT, r, cells)


cdef inline void cross_in_col(Marks* m, int c, uint32_t cells) noexcept nogil:
    """Cross the open cells of column c among `cells` (a mask of rows)."""
    cross_in_line(m.openT, m.open, c, cells)


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


cdef inline void put_queen(const Board* b, Marks* m, int r, int c) noexcept nogil:
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


cdef inline int attacked_open(const Board* b, const Marks* m, int r, int c, uint32_t* out) noexcept nogil:
    """The open cells a queen at (r, c) rules out, by row; returns how many."""
    cdef int i, k = 0
    for i in range(b.n):
        out[i] = m.open[i] & attacked_in_row(b, r, c, i)
        k += popcount32(out[i])
    return k


cdef inline int unit_open(const Board* b, const Marks* m, int kind, int id, uint32_t* rows) noexcept nogil:
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


cdef inline void add_unit_cells(const Board* b, int kind, int id, uint32_t* out) noexcept nogil:
    cdef int i
    for i in range(b.n):
        if kind == UNIT_ROW:
            if i == id:
                out[i] |= full_mask(b.n)
        elif kind == UNIT_COL:
            out[i] |= bit(id)
        else:
            out[i] |= b.reg_rows[id][i]


cdef void marks_init(const Board* b, Marks* m) noexcept nogil
cdef void marks_from_states(const Board* b, const int8_t* states, Marks* m) noexcept nogil
cdef bint find_dead_unit(const Board* b, Marks* m) noexcept nogil
cdef bint build_graph(const Board* b, Marks* m, int kind, Graph* gr) noexcept nogil
cdef int group_crosses(const Board* b, const Marks* m, int form, int kind, uint32_t regs,
                       uint32_t lines, uint32_t* out) noexcept nogil
cdef int filter_graph(const Board* b, Marks* m, int kind) noexcept nogil
