# The engine core: board set-up, connectivity and input checking, in one place.
from libc.stdint cimport int8_t, int32_t, int64_t, uint32_t, uint64_t
from libc.string cimport memset

MIN_N = 4
ENGINE_MAX_N = MAX_N
RULES = ("touch", "classic")


cdef void board_init(Board* b, int n, int rule) noexcept nogil:
    cdef int g
    b.n = n
    b.rule = rule
    memset(b.region, -1, sizeof(b.region))
    memset(b.reg_rows, 0, sizeof(b.reg_rows))
    memset(b.reg_cols, 0, sizeof(b.reg_cols))
    for g in range(MAX_N):
        b.rmin[g] = MAX_N
        b.rmax[g] = -1
        b.cmin[g] = MAX_N
        b.cmax[g] = -1


cdef void board_add_cell(Board* b, int r, int c, int g) noexcept nogil:
    b.region[r * b.n + c] = <int8_t>g
    b.reg_rows[g][r] |= bit(c)
    b.reg_cols[g][c] |= bit(r)
    if r < b.rmin[g]:
        b.rmin[g] = r
    if r > b.rmax[g]:
        b.rmax[g] = r
    if c < b.cmin[g]:
        b.cmin[g] = c
    if c > b.cmax[g]:
        b.cmax[g] = c


cdef void board_remove_cell(Board* b, int r, int c) noexcept nogil:
    cdef int g = b.region[r * b.n + c]
    cdef int i
    if g < 0:
        return
    b.region[r * b.n + c] = -1
    b.reg_rows[g][r] &= ~bit(c)
    b.reg_cols[g][c] &= ~bit(r)
    b.rmin[g] = MAX_N
    b.rmax[g] = -1
    b.cmin[g] = MAX_N
    b.cmax[g] = -1
    for i in range(b.n):
        if b.reg_rows[g][i]:
            if i < b.rmin[g]:
                b.rmin[g] = i
            b.rmax[g] = i
        if b.reg_cols[g][i]:
            if i < b.cmin[g]:
                b.cmin[g] = i
            b.cmax[g] = i


cdef void board_from_grid(Board* b, int n, int rule, const int8_t* grid) noexcept nogil:
    """A board from a row-major grid of region ids (-1: no region)."""
    cdef int cell
    board_init(b, n, rule)
    for cell in range(n * n):
        if grid[cell] >= 0:
            board_add_cell(b, cell // n, cell % n, grid[cell])


cdef int flood(int n, const int8_t* grid, int g, int start, int skip, int8_t* mark,
               int8_t label) noexcept nogil:
    """Mark with `label` the cells of region g reachable from `start` without passing
    through `skip`; returns how many."""
    cdef int stack[MAX_N * MAX_N]
    cdef int nbs[4]
    cdef int top = 0, reached = 0, cell, i, k
    mark[start] = label
    stack[top] = start
    top += 1
    while top:
        top -= 1
        cell = stack[top]
        reached += 1
        k = neighbours4(n, cell, nbs)
        for i in range(k):
            if nbs[i] != skip and mark[nbs[i]] < 0 and grid[nbs[i]] == g:
                mark[nbs[i]] = label
                stack[top] = nbs[i]
                top += 1
    return reached


cdef bint region_connected(int n, const int8_t* grid, int g, int skip) noexcept nogil:
    """Is region g non-empty and 4-connected once cell `skip` (-1: none) leaves it?"""
    cdef int8_t mark[MAX_N * MAX_N]
    cdef int total = 0, start = -1, cell
    for cell in range(n * n):
        if grid[cell] == g and cell != skip:
            total += 1
            if start < 0:
                start = cell
    if start < 0:
        return False
    memset(mark, -1, n * n)
    return flood(n, grid, g, start, skip, mark, 0) == total


cdef int region_pieces(int n, const int8_t* grid, int g, int8_t* piece) noexcept nogil:
    """Label each cell of region g with the index of its connected piece (others -1);
    returns the number of pieces."""
    cdef int cell, pieces = 0
    memset(piece, -1, n * n)
    for cell in range(n * n):
        if grid[cell] == g and piece[cell] < 0:
            flood(n, grid, g, cell, -1, piece, <int8_t>pieces)
            pieces += 1
    return pieces


cdef void count_pieces(int n, const int8_t* grid, int* pieces) noexcept nogil:
    """How many 4-connected pieces each region 0..n-1 has (0: unused), in one pass."""
    cdef int8_t mark[MAX_N * MAX_N]
    cdef int g, cell
    memset(mark, -1, n * n)
    for g in range(n):
        pieces[g] = 0
    for cell in range(n * n):
        g = grid[cell]
        if g >= 0 and mark[cell] < 0:
            flood(n, grid, g, cell, -1, mark, 0)
            pieces[g] += 1


cdef bint all_regions_connected(int n, const int8_t* grid) noexcept nogil:
    cdef int pieces[MAX_N]
    cdef int g
    count_pieces(n, grid, pieces)
    for g in range(n):
        if pieces[g] != 1:
            return False
    return True


cdef int rule_code_c(object rule) except -1:
    if rule == "touch":
        return RULE_TOUCH
    if rule == "classic":
        return RULE_CLASSIC
    raise ValueError(f"unknown rule {rule!r}; the rules are 'touch' and 'classic'")


MAX_STARS = 3


cdef int check_stars_c(object stars, int n, int rule) except -1:
    """Star Battle's k: 1, 2 or 3, only under the touch rule, on a board that can hold k
    stars in every row with none touching (at most one per 2×2 block)."""
    if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= MAX_STARS:
        raise ValueError(f"stars must be 1, 2 or 3, not {stars!r}")
    if stars > 1 and rule != RULE_TOUCH:
        raise ValueError("the classic rule is for one star only; use the touch rule")
    if ((n + 1) // 2) ** 2 < stars * n:
        smallest = next(m for m in range(n, MAX_N + 1) if ((m + 1) // 2) ** 2 >= stars * m)
        raise ValueError(f"a {n}×{n} board cannot hold {stars} stars in every row without two "
                         f"touching; {stars} stars need {smallest}×{smallest} or larger")
    return stars


def check_stars(stars, n, rule="touch") -> int:
    """The star count, checked (ValueError naming the problem)."""
    return check_stars_c(stars, n, rule_code_c(rule))


def rule_code(rule) -> int:
    """The engine's code for a rule name; ValueError for anything else."""
    return rule_code_c(rule)


cpdef (int, int) square_image(int t, int n, int r, int c) noexcept nogil:
    """(r, c) on an n×n board under the t-th (0 to 7) of the square's eight symmetries, 0 the
    identity: the column flipped if t & 1, then the row if t & 2, then the two swapped if
    t & 4. The one convention for both generators' random turn of a finished map."""
    if t & 1:
        c = n - 1 - c
    if t & 2:
        r = n - 1 - r
    if t & 4:
        r, c = c, r
    return r, c


cpdef int square_undo(int t) noexcept nogil:
    """The symmetry that undoes the t-th: each undoes itself but 5 and 6 (a flip, then the
    swap), which undo each other."""
    return t ^ 3 if t == 5 or t == 6 else t


def check_size(n) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise ValueError(f"n must be an integer between {MIN_N} and {MAX_N}, not {n!r}")
    if n < MIN_N or n > MAX_N:
        raise ValueError(f"n must be between {MIN_N} and {MAX_N} (got {n})")
    return n


cdef int check_cell(int r, int c, object v, int n, bint allow_unpainted) except -1:
    if v < (-1 if allow_unpainted else 0) or v >= n:
        raise ValueError(
            f"cell ({r}, {c}) has region {v}; region ids must be "
            f"{'-1 (unpainted) or ' if allow_unpainted else ''}0..{n - 1}"
        )
    return 0


cdef int read_array(object regions, int8_t* grid, bint allow_unpainted) except -1:
    """A 2-D numpy int64 or int32 array, read in place through a typed memoryview."""
    cdef const int64_t[:, :] wide
    cdef const int32_t[:, :] narrow
    cdef bint is_wide = regions.dtype.itemsize == 8
    cdef int n, r, c
    cdef long long v
    if regions.ndim != 2:
        raise ValueError(f"regions must be a 2-D grid, not an array of {regions.ndim} dimensions")
    n = regions.shape[0]
    if n < MIN_N or n > MAX_N:
        raise ValueError(f"n must be between {MIN_N} and {MAX_N} (the grid has {n} rows)")
    if regions.shape[1] != n:
        raise ValueError(f"regions must be a {n}×{n} grid (rows have {regions.shape[1]} cells)")
    if is_wide:
        wide = regions
    else:
        narrow = regions
    for r in range(n):
        for c in range(n):
            v = wide[r, c] if is_wide else narrow[r, c]
            if v < (-1 if allow_unpainted else 0) or v >= n:
                check_cell(r, c, v, n, allow_unpainted)
            grid[r * n + c] = <int8_t>v
    return n


cdef int read_grid(object regions, int8_t* grid, bint allow_unpainted) except -1:
    """Check the shape and the values of a region map and copy it into grid; returns n.
    With allow_unpainted, -1 marks a cell that belongs to no region yet."""
    cdef int n, r, c
    if regions is None:
        raise ValueError("regions must be an n×n grid of region ids, not None")
    if hasattr(regions, "dtype") and hasattr(regions, "ndim"):
        if regions.dtype.kind == "i" and regions.dtype.itemsize in (4, 8):
            return read_array(regions, grid, allow_unpainted)
        regions = regions.tolist()  # other dtypes: checked value by value, floats refused
    if isinstance(regions, (str, bytes)) or not isinstance(regions, (list, tuple)):
        raise ValueError(
            f"regions must be a list of rows of region ids, not {type(regions).__name__}"
        )
    n = len(regions)
    if n < MIN_N or n > MAX_N:
        raise ValueError(f"n must be between {MIN_N} and {MAX_N} (the grid has {n} rows)")
    for r in range(n):
        row = regions[r]
        if not isinstance(row, (list, tuple)):
            raise ValueError(
                f"regions must be a {n}×{n} grid (row {r} is {type(row).__name__}, not a list)"
            )
        if len(row) != n:
            raise ValueError(f"regions must be a {n}×{n} grid (row {r} has {len(row)} cells)")
        for c in range(n):
            v = row[c]
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"cell ({r}, {c}) is {v!r}; region ids must be integers")
            check_cell(r, c, v, n, allow_unpainted)
            grid[r * n + c] = <int8_t>v
    return n


cdef int check_grid(int n, const int8_t* grid) except -1:
    """Every region id used and every region connected, or ValueError naming the first
    region that is not."""
    cdef int pieces[MAX_N]
    cdef int g
    count_pieces(n, grid, pieces)
    for g in range(n):
        if pieces[g] == 0:
            raise ValueError(
                f"region {g} is not used; a {n}×{n} board needs every region 0..{n - 1}"
            )
    for g in range(n):
        if pieces[g] > 1:
            raise ValueError(f"region {g} is not connected")
    return 0


cdef int load_board(object regions, object rule, Board* b) except -1:
    """Check a full region map and a rule and build the board; returns n."""
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int code = rule_code_c(rule)
    cdef int n = read_grid(regions, grid, False)
    check_grid(n, grid)
    board_from_grid(b, n, code, grid)
    return n


def validate_regions(regions, stars=1) -> None:
    """Raise ValueError naming the first problem with a region map (for `stars` stars per
    row, column and region); None when it is valid."""
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int n = read_grid(regions, grid, False)
    check_grid(n, grid)
    check_stars_c(stars, n, RULE_TOUCH)
