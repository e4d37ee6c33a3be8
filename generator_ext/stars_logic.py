"""Deduction for k stars (Star Battle): the techniques a person uses, as steps with sentences.

Each cell is unknown, empty (crossed) or a star; a unit (row, column or region) *needs* k
minus the stars it has. The techniques, easiest first (docs/architecture.md §5 for 1★; these
are their counts-and-blocks generalisation, in the same order, the 2×2 argument added):

1. last cells: a unit whose open cells are exactly as many as the stars it needs: all stars.
2. neighbours: the cells touching a star are empty; so are the open cells of a unit that
   has its k stars.
3. confinement: a region whose open cells lie in one row (column) and that needs as many
   stars as that row empties the rest of the row; a row (column) whose open cells lie in one
   region and that needs as many stars as the region empties the rest of the region.
4. group confinement: regions whose open cells lie within some rows (columns) and that need
   as many stars together as those rows empty the rest of the rows; rows (columns) whose
   open cells lie within some regions and that need as many stars as those regions empty
   the rest of the regions. Groups of two to four (GROUP_MAX) units: the sizes a person
   spots; a larger group on one side is, at the start, a smaller one on the other.
5. 2×2 blocks: a 2×2 block holds at most one star. Two neighbouring rows (columns) needing m
   stars whose open cells fit in no fewer than m blocks have one star in each block: a block
   with one open cell holds a star there, and blocks that lie in one column (row) and give
   it every star it still needs empty the rest of that column (row).
6. elimination: a star on a cell that would leave some unit unable to hold the stars it
   needs cannot be; the cell is empty.
7. contradiction: assume a star on a cell, apply 1-6 until nothing changes; a contradiction
   empties the cell. One assumption at a time, never nested.

`rate` applies the easiest technique that makes progress, one instance at a time; the tier is
the hardest technique needed: easy (1-3), medium (4), hard (5-6), expert (7). This reading is
plain Python over bitmasks: clear first, and the reference the compiled one (stars_steps, which
rate and hint use) is held to step for step.
Each step says why as data (`RawStep.reason`), as a 1★ step does: generator_ext.reasons words
both, in English or in the site's language."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from generator_ext._core import check_stars, validate_regions
from generator_ext._stars_logic import (
    contradiction_marks_raw,
    first_contradiction_raw,
    first_elimination_raw,
)
from generator_ext.palette import region_colors, region_name

STAR_TECHNIQUES = ("last_cell", "neighbours", "confinement", "group_confinement", "blocks",
                   "elimination", "contradiction")
STAR_TIER = {"last_cell": "easy", "neighbours": "easy", "confinement": "easy",
             "group_confinement": "medium", "blocks": "hard", "elimination": "hard",
             "contradiction": "expert"}
STEP_WEIGHT = {"last_cell": 1, "neighbours": 1, "confinement": 3, "group_confinement": 6,
               "blocks": 8, "elimination": 10, "contradiction": 20}
ROW, COL, REGION = 0, 1, 2
GROUP_MAX = 4  # the most units one group confinement takes (_stars_logic.pxd has its own copy)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Contradiction(Exception):  # noqa: N818 (a finding of the logic, not a failure)
    """The marks break a rule or leave a unit unable to hold its stars: `outcome` says which,
    as data (generator_ext.reasons words it)."""

    def __init__(self, outcome: dict):
        super().__init__(outcome["why"])
        self.outcome = outcome


@dataclass
class RawStep:
    technique: str
    stars: int  # cells it decides are stars (a bitmask of cell indices)
    crosses: int  # cells it decides are empty
    because: int  # the cells of the units it reasons about
    reason: dict  # why, as data (generator_ext.reasons)


class StarBoard:
    """A region map's units as bitmasks over cells (index r * n + c)."""

    def __init__(self, regions: list[list[int]], k: int, colors: Sequence[int]):
        self.n = n = len(regions)
        self.k = k
        self.regions = regions
        self.colors = colors
        self.units: list[int] = [0] * (3 * n)
        self.region_of = [0] * (n * n)
        for r in range(n):
            for c in range(n):
                i = r * n + c
                g = regions[r][c]
                self.region_of[i] = g
                self.units[r] |= 1 << i
                self.units[n + c] |= 1 << i
                self.units[2 * n + g] |= 1 << i
        self.around = [0] * (n * n)  # the eight cells touching each cell
        for r in range(n):
            for c in range(n):
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n:
                            self.around[r * n + c] |= 1 << ((r + dr) * n + c + dc)

    # The units as a reason names them (generator_ext.reasons): a row, a column or a region
    # with its colour; a group of rows or columns, or of regions.
    def unit(self, u: int) -> dict:
        kind, index = divmod(u, self.n)
        if kind == REGION:
            return {"kind": "region", "index": index,
                    "color": region_name(index, self.colors)}
        return {"kind": "row" if kind == ROW else "column", "index": index}

    def group(self, units: Sequence[int]) -> dict:
        kind = units[0] // self.n
        if kind == REGION:
            return {"kind": "region", "regions": [self.unit(u) for u in units]}
        return {"kind": "row" if kind == ROW else "column",
                "indexes": [u - kind * self.n for u in units]}

    def cell(self, i: int) -> list[int]:
        return [i // self.n, i % self.n]

    def line_mask(self, u: int, mask: int) -> int:
        """A row's or column's cells in `mask` as a bitmask over its positions 0..n-1."""
        n = self.n
        kind, index = divmod(u, n)
        out = 0
        for i in _bits(mask & self.units[u]):
            out |= 1 << (i % n if kind == ROW else i // n)
        return out


def _fit_in_line(cells: int) -> int:
    k = 0
    while cells:
        low = cells & -cells
        cells &= ~(low | (low << 1))
        k += 1
    return k


class StarState:
    """The marks: `stars` and `crosses` as cell bitmasks."""

    def __init__(self, board: StarBoard, stars: int = 0, crosses: int = 0):
        self.b = board
        self.stars = stars
        self.crosses = crosses

    def copy(self) -> StarState:
        return StarState(self.b, self.stars, self.crosses)

    @property
    def open(self) -> int:
        return ((1 << (self.b.n * self.b.n)) - 1) & ~(self.stars | self.crosses)

    def open_in(self, u: int) -> int:
        return self.b.units[u] & self.open

    def need(self, u: int) -> int:
        return self.b.k - (self.b.units[u] & self.stars).bit_count()

    def solved(self) -> bool:
        return all(self.need(u) == 0 for u in range(3 * self.b.n))

    def check(self) -> None:
        """Contradiction naming the first broken rule, or what can no longer be."""
        b = self.b
        for i in _bits(self.stars):
            if b.around[i] & self.stars:
                raise Contradiction({"why": "stars_touch", "cell": b.cell(i)})
        for u in range(3 * b.n):
            need = self.need(u)
            if need < 0:
                raise Contradiction({"why": "too_many_stars", "unit": b.unit(u), "count": b.k})
            room = self.open_in(u)
            fit = room.bit_count() if u >= 2 * b.n else _fit_in_line(b.line_mask(u, room))
            if fit < need:
                raise Contradiction({"why": "no_room", "unit": b.unit(u), "count": need})
        for kind in (ROW, COL):
            for first in range(b.n - 1):
                found, need = _blocks(self, kind, first)
                if len(found) < need:
                    lines = b.group([kind * b.n + first, kind * b.n + first + 1])
                    raise Contradiction({"why": "lines_no_room", "lines": lines, "count": need})

    def apply(self, step: RawStep) -> None:
        self.stars |= step.stars
        self.crosses |= step.crosses & ~self.stars


# ---------------------------------------------------------------- the techniques
def last_cells(s: StarState) -> RawStep | None:
    b = s.b
    for u in range(3 * b.n):
        need, room = s.need(u), s.open_in(u)
        if need and room.bit_count() == need:
            return RawStep("last_cell", room, 0, b.units[u],
                           {"technique": "last_cell", "says": "last_stars", "unit": b.unit(u),
                            "count": need})
    return None


def neighbours(s: StarState) -> RawStep | None:
    b = s.b
    for i in _bits(s.stars):
        touched = b.around[i] & s.open
        if touched:
            return RawStep("neighbours", 0, touched, 1 << i,
                           {"technique": "neighbours", "says": "star_neighbours",
                            "cell": b.cell(i)})
    for u in range(3 * b.n):
        room = s.open_in(u)
        if room and s.need(u) == 0:
            return RawStep("neighbours", 0, room, b.units[u],
                           {"technique": "neighbours", "says": "unit_full", "unit": b.unit(u),
                            "count": b.k})
    return None


def _confined(s: StarState, inner: Sequence[int], outer: Sequence[int]) -> int:
    """The open cells of `outer` beyond `inner` when `inner`'s open cells all lie in `outer`
    and they need as many stars; 0 otherwise."""
    room_in = 0
    for u in inner:
        room_in |= s.open_in(u)
    room_out = 0
    for u in outer:
        room_out |= s.open_in(u)
    if not room_in or room_in & ~room_out:
        return 0
    if sum(s.need(u) for u in inner) != sum(s.need(u) for u in outer):
        return 0
    return room_out & ~room_in


def _confinement_step(s: StarState, technique: str, inner: Sequence[int],
                      outer: Sequence[int]) -> RawStep | None:
    crosses = _confined(s, inner, outer)
    if not crosses:
        return None
    b = s.b
    need = sum(s.need(u) for u in inner)
    because = 0
    for u in (*inner, *outer):
        because |= b.units[u]
    return RawStep(technique, 0, crosses, because,
                   {"technique": technique, "says": "stars_confined", "inner": b.group(inner),
                    "outer": b.group(outer), "count": need})


def confinement(s: StarState) -> RawStep | None:
    n = s.b.n
    for g in range(2 * n, 3 * n):
        for line in range(2 * n):
            step = _confinement_step(s, "confinement", [g], [line])
            if step is None:
                step = _confinement_step(s, "confinement", [line], [g])
            if step is not None:
                return step
    return None


def group_confinement(s: StarState) -> RawStep | None:
    """Lines (rows, then columns) that hold some regions whole and need as many stars, and
    regions that hold some lines whole; groups of 2 up to GROUP_MAX, smallest first."""
    n = s.b.n
    open_cells = s.open
    room_of = [unit & open_cells for unit in s.b.units]  # each unit's open cells, read once
    regions = [u for u in range(2 * n, 3 * n) if s.need(u)]
    for kind in (ROW, COL):
        lines = [u for u in range(kind * n, kind * n + n) if s.need(u)]
        for members, candidates in ((lines, regions), (regions, lines)):
            step = _groups_confine(s, room_of, members, candidates)
            if step is not None:
                return step
    return None


def _groups_confine(s: StarState, room_of: list[int], members: list[int],
                    candidates: list[int]) -> RawStep | None:
    """Group confinement one way: groups of 2 up to GROUP_MAX of the members, smallest
    first, each with the candidates whose open cells all lie in it."""
    for size in range(2, min(len(members), GROUP_MAX + 1)):
        for group in combinations(members, size):
            room = 0
            for u in group:
                room |= room_of[u]
            inside = [u for u in candidates if room_of[u] and not room_of[u] & ~room]
            if inside:
                step = _confinement_step(s, "group_confinement", inside, list(group))
                if step is not None and len(inside) + len(group) > 2:
                    return step
    return None


def _blocks(s: StarState, kind: int, first: int) -> tuple[list[int], int]:
    """The fewest 2×2 blocks (cell masks) covering the open cells of lines first, first+1
    (rows when kind is ROW), laid from the low end; and the stars the two lines need."""
    b, n = s.b, s.b.n
    a, z = kind * n + first, kind * n + first + 1
    room = s.open_in(a) | s.open_in(z)
    positions = b.line_mask(a, room) | b.line_mask(z, room)
    blocks = []
    while positions:
        p = (positions & -positions).bit_length() - 1
        cells = 0
        for q in (p, p + 1):
            if q < n:
                cells |= (b.units[(1 - kind) * n + q]) & (b.units[a] | b.units[z])
        blocks.append(cells & room)
        positions &= ~(0b11 << p)
    return blocks, s.need(a) + s.need(z)


def blocks(s: StarState) -> RawStep | None:
    b, n = s.b, s.b.n
    for kind in (ROW, COL):
        for first in range(n - 1):
            found, need = _blocks(s, kind, first)
            if not need or len(found) != need:
                continue
            pair = b.units[kind * n + first] | b.units[kind * n + first + 1]
            lines = b.group([kind * n + first, kind * n + first + 1])
            for cells in found:
                if cells.bit_count() == 1:
                    i = cells.bit_length() - 1
                    return RawStep("blocks", cells, 0, pair,
                                   {"technique": "blocks", "says": "block_single",
                                    "lines": lines, "count": need, "cell": b.cell(i)})
            across = 1 - kind  # blocks lying in one column give that column its stars
            for line in range(n):
                u = across * n + line
                held = [cells for cells in found if cells and not cells & ~b.units[u]]
                kept = 0
                for cells in held:
                    kept |= cells
                rest = s.open_in(u) & ~kept
                if held and len(held) == s.need(u) and rest:
                    return RawStep("blocks", 0, rest, pair | b.units[u],
                                   {"technique": "blocks", "says": "blocks_in_line",
                                    "lines": lines, "count": need, "unit": b.unit(u),
                                    "held": len(held)})
    return None


def _places(s: StarState, i: int) -> StarState:
    """A star on cell i, and what it plainly rules out (its neighbours, full units)."""
    t = s.copy()
    t.stars |= 1 << i
    t.crosses |= t.b.around[i] & ~t.stars
    for u in range(3 * t.b.n):
        if t.b.units[u] >> i & 1 and t.need(u) == 0:
            t.crosses |= t.open_in(u)
    return t


def elimination(s: StarState) -> RawStep | None:
    """The first cell whose star breaks at once: found by the compiled test (held equal to
    this one by the tests; cell by cell here it was most of a 14×14 3★ rating), then worded
    here from that cell on."""
    b = s.b
    first = first_elimination_raw(b.regions, b.k, cells_of(b, s.stars), cells_of(b, s.crosses))
    if first < 0:
        return None
    for i in _bits(s.open):
        if i < first:
            continue
        try:
            _places(s, i).check()
        except Contradiction as broken:
            return RawStep("elimination", 0, 1 << i, 1 << i,
                           {"technique": "elimination", "says": "star_elimination",
                            "cell": b.cell(i), "outcome": broken.outcome})
    return None


EASIER = (last_cells, neighbours, confinement, group_confinement, blocks, elimination)


def contradiction(s: StarState) -> RawStep | None:
    """The first cell whose star leads to a contradiction: found by the compiled closure (the
    same techniques, held equal by the tests; a cell at a time here would take minutes on a
    14×14 board), then retraced here for the sentence."""
    b = s.b
    first = first_contradiction_raw(b.regions, b.k, cells_of(b, s.stars), cells_of(b, s.crosses))
    if first < 0:
        return None
    for i in _bits(s.open):
        # From `first` on; were the readings to disagree there (the tests catch it), the
        # next cells are tried one by one.
        outcome = _assumption_breaks(s, i) if i >= first else None
        if outcome is not None:
            return RawStep("contradiction", 0, 1 << i, 1 << i,
                           {"technique": "contradiction", "says": "star_contradiction",
                            "cell": b.cell(i), "outcome": outcome})
    return None


def _assumption_breaks(s: StarState, i: int) -> dict | None:
    """What breaks after a star on cell i and techniques 1-6; None when nothing does. The
    compiled closure gives the marks where it breaks, and the reading names what is broken
    there; were they to disagree (the tests catch it), the reading retraces the closure."""
    b = s.b
    marks = contradiction_marks_raw(b.regions, b.k, cells_of(b, s.stars),
                                    cells_of(b, s.crosses), i)
    if marks is not None:
        try:
            StarState(b, _mask_of(b, marks[0]), _mask_of(b, marks[1])).check()
        except Contradiction as broken:
            return broken.outcome
    return _assumption_retraced(s, i)


def _mask_of(b: StarBoard, cells: list[list[int]]) -> int:
    return sum(1 << (r * b.n + c) for r, c in cells)


def _assumption_retraced(s: StarState, i: int) -> dict | None:
    t = _places(s, i)
    try:
        t.check()
        while not t.solved():
            step = next((found for technique in EASIER
                         if (found := technique(t)) is not None), None)
            if step is None:
                break
            t.apply(step)
            t.check()
    except Contradiction as broken:
        return broken.outcome
    return None


TECHNIQUE_FUNCTIONS = (*EASIER, contradiction)


def next_step(s: StarState) -> RawStep | None:
    """The easiest step the marks allow; Contradiction when they break a rule."""
    s.check()
    for technique in TECHNIQUE_FUNCTIONS:
        step = technique(s)
        if step is not None:
            return step
    return None


def deduce(s: StarState) -> tuple[bool, list[RawStep]]:
    """Steps from `s` until solved or stuck: (solved, steps)."""
    steps: list[RawStep] = []
    while not s.solved():
        step = next_step(s)
        if step is None:
            return False, steps
        s.apply(step)
        steps.append(step)
    s.check()
    return True, steps


def board_for(regions, k: int, colors) -> StarBoard:
    grid = [list(row) for row in (regions.tolist() if hasattr(regions, "tolist") else regions)]
    validate_regions(grid, stars=k)
    check_stars(k, len(grid))
    return StarBoard(grid, k, list(colors) if colors is not None else region_colors(grid))


def cells_of(board: StarBoard, mask: int) -> list[list[int]]:
    return [[i // board.n, i % board.n] for i in _bits(mask)]
