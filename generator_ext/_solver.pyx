# Input checking and the Python entry points of the solver.
from libc.stdint cimport int8_t, uint64_t

from generator_ext._search cimport (
    MAX_N, RULE_CLASSIC, RULE_TOUCH, Board, Search, State, board_add_cell, board_init,
    count_board, search_init, search_run, state_init,
)

MIN_N = 4
ENGINE_MAX_N = MAX_N
RULES = ("touch", "classic")


cpdef int rule_code(object rule) except -1:
    """The engine's code for a rule name; ValueError for anything else."""
    if rule == "touch":
        return RULE_TOUCH
    if rule == "classic":
        return RULE_CLASSIC
    raise ValueError(f"unknown rule {rule!r}; the rules are 'touch' and 'classic'")


cpdef int check_size(object n) except -1:
    if isinstance(n, bool) or not isinstance(n, int):
        raise ValueError(f"n must be an integer between {MIN_N} and {MAX_N}, not {n!r}")
    if n < MIN_N or n > MAX_N:
        raise ValueError(f"n must be between {MIN_N} and {MAX_N} (got {n})")
    return n


cdef bint region_connected(const int8_t* grid, int n, int g, int start) noexcept:
    cdef int stack[MAX_N * MAX_N]
    cdef bint seen[MAX_N * MAX_N]
    cdef int top = 0, reached = 0, total = 0, i, cell, r, c, nb
    for i in range(n * n):
        seen[i] = False
        if grid[i] == g:
            total += 1
    stack[top] = start
    top += 1
    seen[start] = True
    while top:
        top -= 1
        cell = stack[top]
        reached += 1
        r = cell // n
        c = cell % n
        for i in range(4):
            if i == 0:
                if r == 0:
                    continue
                nb = cell - n
            elif i == 1:
                if r == n - 1:
                    continue
                nb = cell + n
            elif i == 2:
                if c == 0:
                    continue
                nb = cell - 1
            else:
                if c == n - 1:
                    continue
                nb = cell + 1
            if not seen[nb] and grid[nb] == g:
                seen[nb] = True
                stack[top] = nb
                top += 1
    return reached == total


cdef int read_regions(object regions, int8_t* grid) except -1:
    """Check a region map cell by cell and copy it into grid; returns n."""
    cdef int n, r, c, g
    cdef int first_cell[MAX_N]
    if regions is None:
        raise ValueError("regions must be an n×n grid of region ids, not None")
    if hasattr(regions, "tolist") and not isinstance(regions, (list, tuple)):
        regions = regions.tolist()
    if isinstance(regions, (str, bytes)) or not isinstance(regions, (list, tuple)):
        raise ValueError(
            f"regions must be a list of rows of region ids, not {type(regions).__name__}"
        )
    n = len(regions)
    if n < MIN_N or n > MAX_N:
        raise ValueError(f"n must be between {MIN_N} and {MAX_N} (the grid has {n} rows)")
    for g in range(n):
        first_cell[g] = -1
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
            if v < 0 or v >= n:
                raise ValueError(
                    f"cell ({r}, {c}) has region {v}; region ids must be 0..{n - 1}"
                )
            g = v
            grid[r * n + c] = <int8_t>g
            if first_cell[g] < 0:
                first_cell[g] = r * n + c
    for g in range(n):
        if first_cell[g] < 0:
            raise ValueError(
                f"region {g} is not used; a {n}×{n} board needs every region 0..{n - 1}"
            )
    for g in range(n):
        if not region_connected(grid, n, g, first_cell[g]):
            raise ValueError(f"region {g} is not connected")
    return n


cdef int load_board(object regions, object rule, Board* b) except -1:
    cdef int8_t grid[MAX_N * MAX_N]
    cdef int code = rule_code(rule)
    cdef int n = read_regions(regions, grid)
    cdef int r, c
    board_init(b, n, code)
    for r in range(n):
        for c in range(n):
            board_add_cell(b, r, c, grid[r * n + c])
    return n


def validate_regions(regions) -> None:
    """Raise ValueError naming the first problem with a region map; None when it is valid."""
    cdef int8_t grid[MAX_N * MAX_N]
    read_regions(regions, grid)


def count_solutions(regions, rule="touch", limit=2) -> int:
    """The exact number of solutions, counting stops once it reaches `limit` (None: no limit)."""
    cdef Board b
    cdef uint64_t cap
    cdef uint64_t found
    if limit is None:
        cap = <uint64_t>-1
    elif isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive integer or None, not {limit!r}")
    else:
        cap = <uint64_t>min(limit, 2**63)
    load_board(regions, rule, &b)
    with nogil:
        found = count_board(&b, cap, 0, NULL, NULL)
    return found


def solve(regions, rule="touch"):
    """A solution as solution[row] = column, or None when the puzzle has none."""
    cdef Board b
    cdef int8_t first[MAX_N]
    cdef uint64_t found
    cdef int n = load_board(regions, rule, &b)
    with nogil:
        found = count_board(&b, 1, 0, first, NULL)
    if not found:
        return None
    return [first[i] for i in range(n)]


def count_with_nodes(regions, rule="touch", limit=2):
    """(solutions up to limit, search nodes visited): for benchmarks and tuning."""
    cdef Board b
    cdef State s
    cdef Search q
    cdef uint64_t cap = limit
    load_board(regions, rule, &b)
    with nogil:
        state_init(&b, &s)
        search_init(&q, cap, 0)
        search_run(&b, &s, &q)
    return q.count, q.nodes
