# The engine core shared by the counter, the generator and the deduction loop: the board
# (a region map as bitmasks), cell states, connectivity and region scans.
from libc.stdint cimport int8_t, uint32_t, uint64_t

cdef extern from *:
    int popcount32 "__builtin_popcount"(unsigned int x) nogil
    int ctz32 "__builtin_ctz"(unsigned int x) nogil

cdef enum:
    MAX_N = 32
    RULE_TOUCH = 0
    RULE_CLASSIC = 1

# What a player (or the deduction loop) has decided about a cell.
cdef enum:
    CELL_UNKNOWN = 0
    CELL_CROSS = 1
    CELL_QUEEN = 2


cdef struct Board:
    # A (possibly partial) region map: cells with region -1 belong to no region.
    int n
    int rule
    int8_t region[MAX_N * MAX_N]
    uint32_t reg_rows[MAX_N][MAX_N]  # [g][r]: columns of region g in row r
    uint32_t reg_cols[MAX_N][MAX_N]  # [g][c]: rows of region g in column c
    int rmin[MAX_N]
    int rmax[MAX_N]
    int cmin[MAX_N]
    int cmax[MAX_N]


cdef inline uint32_t full_mask(int n) noexcept nogil:
    return <uint32_t>((<uint64_t>1 << n) - 1)


cdef inline uint32_t bit(int i) noexcept nogil:
    return <uint32_t>1 << i


cdef inline int neighbours4(int n, int cell, int* out) noexcept nogil:
    """The orthogonal neighbours of a cell (row-major index); returns how many."""
    cdef int r = cell // n, c = cell % n, k = 0
    if r > 0:
        out[k] = cell - n
        k += 1
    if r < n - 1:
        out[k] = cell + n
        k += 1
    if c > 0:
        out[k] = cell - 1
        k += 1
    if c < n - 1:
        out[k] = cell + 1
        k += 1
    return k


cdef inline bint touches_region(const Board* b, int cell, int g) noexcept nogil:
    """Does an orthogonal neighbour of cell belong to region g?"""
    cdef int nbs[4]
    cdef int k = neighbours4(b.n, cell, nbs)
    cdef int i
    for i in range(k):
        if b.region[nbs[i]] == g:
            return True
    return False


cdef inline int region_scan(const Board* b, const uint32_t* open_rows, int g,
                            uint32_t* rows, uint32_t* cols) noexcept nogil:
    """Open cells of region g given each row's open columns: their count, and in `rows` and
    `cols` the rows and columns they lie in."""
    cdef int i, k = 0
    cdef uint32_t cells, in_rows = 0, in_cols = 0
    # Locals, not the out-pointers, in the loop: they could alias open_rows.
    for i in range(b.rmin[g], b.rmax[g] + 1):
        cells = open_rows[i] & b.reg_rows[g][i]
        if cells:
            k += popcount32(cells)
            in_rows |= bit(i)
            in_cols |= cells
    rows[0] = in_rows
    cols[0] = in_cols
    return k


cdef inline uint32_t attacked_in_row(const Board* b, int qr, int qc, int row) noexcept nogil:
    """The cells of `row` that a queen at (qr, qc) rules out: its row, column and region,
    the cells touching it and, under the classic rule, its diagonals."""
    cdef int d
    cdef uint32_t out
    cdef int g = b.region[qr * b.n + qc]
    if row == qr:
        return full_mask(b.n)
    out = bit(qc)
    d = row - qr if row > qr else qr - row
    if d == 1:
        out |= (bit(qc) << 1) | (bit(qc) >> 1)
    elif b.rule == RULE_CLASSIC:
        if qc - d >= 0:
            out |= bit(qc - d)
        if qc + d < b.n:
            out |= bit(qc + d)
    if g >= 0:
        out |= b.reg_rows[g][row]
    return out & full_mask(b.n)


cdef inline bint augment(int u, const uint32_t* adj, int* match_line, uint32_t* visited) noexcept nogil:
    cdef uint32_t m = adj[u] & ~visited[0]
    cdef int line
    while m:
        line = ctz32(m)
        m &= m - 1
        visited[0] |= bit(line)
        if match_line[line] < 0 or augment(match_line[line], adj, match_line, visited):
            match_line[line] = u
            return True
    return False


cdef inline int match_units(uint32_t units, const uint32_t* adj, int* match_line) noexcept nogil:
    """A maximum matching of the `units` (each may take one line of adj[unit]) to distinct
    lines, into match_line[line] = unit or -1. Returns -1 when every unit is matched, else
    the first unit left out (the seed of a Hall violator)."""
    cdef uint32_t visited, free, m
    cdef uint32_t taken = 0
    cdef uint32_t pending = 0
    cdef int u
    for u in range(MAX_N):
        match_line[u] = -1
    # Greedy first pass; augmenting paths only for what it could not place.
    m = units
    while m:
        u = ctz32(m)
        m &= m - 1
        free = adj[u] & ~taken
        if free:
            match_line[ctz32(free)] = u
            taken |= free & (~free + 1)
        else:
            pending |= bit(u)
    while pending:
        u = ctz32(pending)
        pending &= pending - 1
        visited = 0
        if not augment(u, adj, match_line, &visited):
            return u
    return -1


cdef void board_init(Board* b, int n, int rule) noexcept nogil
cdef void board_add_cell(Board* b, int r, int c, int g) noexcept nogil
cdef void board_remove_cell(Board* b, int r, int c) noexcept nogil
cdef void board_from_grid(Board* b, int n, int rule, const int8_t* grid) noexcept nogil
cdef bint region_connected(int n, const int8_t* grid, int g, int skip) noexcept nogil
cdef int region_pieces(int n, const int8_t* grid, int g, int8_t* piece) noexcept nogil
cdef void count_pieces(int n, const int8_t* grid, int* pieces) noexcept nogil
cdef bint all_regions_connected(int n, const int8_t* grid) noexcept nogil

cdef int rule_code_c(object rule) except -1
cdef int check_stars_c(object stars, int n, int rule) except -1
cdef int read_grid(object regions, int8_t* grid, bint allow_unpainted) except -1
cdef int check_grid(int n, const int8_t* grid) except -1
cdef int load_board(object regions, object rule, Board* b) except -1

cpdef (int, int) square_image(int t, int n, int r, int c) noexcept nogil
cpdef int square_undo(int t) noexcept nogil
