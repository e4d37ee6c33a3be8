# The deduction engine's Python entry points: a full solve with its steps, the tier, the next
# step from a player's marks, and a painting's problems, for checked maps (deduce.py checks).
from libc.stdint cimport int8_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from generator_ext._core cimport CELL_CROSS, CELL_QUEEN, CELL_UNKNOWN, MAX_N, Board, ctz32
from generator_ext._core cimport attacked_in_row
from generator_ext._core cimport full_mask, load_board, read_grid, region_pieces
from generator_ext._deduce cimport T_CONTRADICTION, T_LAST_CELL, STATUS_CONTRADICTION
from generator_ext._deduce cimport STATUS_OPEN, STATUS_SOLVED, StepRec
from generator_ext._deduce cimport apply_step, closure, logic_tier, next_step, technique_tier
from generator_ext._deduce cimport tier_technique
from generator_ext._marks cimport WHY_CLASH, WHY_EMPTY_UNIT, Marks, marks_init, marks_from_states
from generator_ext._marks cimport put_queen


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
    solved, steps, _ = proof_raw(regions, rule)
    return solved, steps


cdef dict marks_dict(int n, const Marks* m):
    """The marks a closure or a proof came to rest on: open cells and queens by row."""
    return {"open": [m.open[r] for r in range(n)],
            "queens": [[r, m.qcol[r]] for r in range(n) if (m.rows_done >> r) & 1]}


cdef dict why_dict(const Marks* m):
    return {"why": m.why, "why_kind": m.why_kind, "why_id": m.why_id,
            "why_regions": mask_ids(m.why_set), "why_lines": mask_ids(m.why_lines),
            "why_line_kind": m.why_line_kind}


def proof_raw(regions, rule="touch"):
    """(solved, [step dicts], ending) of the easiest-first solve from an empty board. ending
    is None unless the steps came to a contradiction (a map with no solution: on a map with
    one, every step is sound and none ever comes): then the engine's why (as forced_raw's)
    and the marks it rests on. A last cell that an earlier queen rules out (its neighbours
    not yet crossed) is not placed: the ending is that unit left with no cell, "ruled_by"
    the queen that rules its cell out (why WHY_EMPTY_UNIT)."""
    cdef Board b
    cdef Marks m, trial
    cdef int n = load_board(regions, rule, &b)
    cdef int cap = n * n + 1
    cdef int count = 0, found = 0, cell = -1, r, c, i
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
                if found == T_LAST_CELL:
                    trial = m
                    put_queen(&b, &trial, steps[count].cell // n, steps[count].cell % n)
                    if trial.clash:
                        cell = steps[count].cell
                        found = -1
                        break
                apply_step(&b, &m, &steps[count])
                count += 1
        done = [step_dict(n, &steps[i]) for i in range(count)]
        if found >= 0:
            return m.rows_done == full_mask(n) and not m.clash, done, None
        ending = marks_dict(n, &m)
        if cell < 0:
            ending.update(why_dict(&m))
            return False, done, ending
        r, c = cell // n, cell % n
        ending.update({"why": WHY_EMPTY_UNIT, "why_kind": steps[count].unit_kind,
                       "why_id": steps[count].unit_id, "why_regions": [], "why_lines": [],
                       "why_line_kind": -1, "cell": [r, c]})
        for i in range(n):
            if (m.rows_done >> i) & 1 and (
                    (attacked_in_row(&b, i, m.qcol[i], r) >> c) & 1
                    or b.region[i * n + m.qcol[i]] == b.region[r * n + c]):
                ending["ruled_by"] = [i, m.qcol[i]]
                break
        return False, done, ending
    finally:
        free(steps)


def closure_raw(regions, rule, int level):
    """(status, ending) of the closure of techniques 1..level from an empty board: status 0
    open, 1 contradiction, 2 solved; ending, for a contradiction, the engine's why and the
    marks it rests on (as proof_raw's), else None."""
    cdef Board b
    cdef Marks m
    cdef int n = load_board(regions, rule, &b)
    cdef int status
    if not 1 <= level <= T_CONTRADICTION:
        raise ValueError(f"level must be 1 to {T_CONTRADICTION}")
    with nogil:
        marks_init(&b, &m)
        status = closure(&b, &m, level)
    if status != STATUS_CONTRADICTION:
        return status, None
    ending = marks_dict(n, &m)
    if m.clash:
        ending["why"] = WHY_CLASH
    else:
        ending.update(why_dict(&m))
    return status, ending


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


def forced_raw(regions, rule, queens):
    """What the techniques make of a board with only these (checked) queens: the steps they
    force until the marks contradict each other or nothing applies, as (steps applied,
    reason) with reason None when no contradiction came, else a dict of the engine's why
    (WHY_EMPTY_UNIT with the unit, WHY_HALL with the regions and lines, WHY_CLASH)."""
    cdef Board b
    cdef Marks m
    cdef StepRec s
    cdef int n = load_board(regions, rule, &b)
    cdef int8_t states[MAX_N * MAX_N]
    cdef int found = 0, count = 0, cap, r, c
    memset(states, CELL_UNKNOWN, sizeof(states))
    for r, c in queens:
        states[r * n + c] = CELL_QUEEN
    marks_from_states(&b, states, &m)
    cap = n * n + 1
    with nogil:
        while count < cap:
            found = next_step(&b, &m, &s)
            if found <= 0:
                break
            apply_step(&b, &m, &s)
            count += 1
    if found >= 0:
        return count, None
    if m.clash:
        return count, {"why": WHY_CLASH}
    return count, why_dict(&m)


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


def technique_tiers() -> dict:
    """{technique number: tier code (1 easy .. 4 expert)}: the compiled mapping, for Python."""
    return {t: technique_tier(t) for t in range(T_LAST_CELL, T_CONTRADICTION + 1)}


def tier_technique_of(int tier) -> int:
    """The hardest technique a level of this tier code needs."""
    return tier_technique(tier)
