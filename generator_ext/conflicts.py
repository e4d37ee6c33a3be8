"""Where a map with no solution breaks (issue 40's traps): the sets of units that cannot all
have their queen, on the marks the techniques come to rest on when they reach the
contradiction.

A unit is ("row", i), ("column", j) or ("region", g), from 0, as a step's reason names them.
On those marks (the placed queens' neighbours crossed) a set of units is in conflict when k
unsolved regions have their open cells in fewer than k unsolved rows (or columns), or k
unsolved rows (columns) have theirs in fewer than k unsolved regions: one region or line
with no open cell is the case k = 1. Only the minimal sets are kept (a set of regions whose
every proper subset still fits in its lines has exactly k-1 of them), with their lines,
and no set that holds another. Plain Python over a map's few unsolved units; the marks come
from the compiled engine (_deduce_api.proof_raw, closure_raw)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from generator_ext.rules import attacks

Unit = tuple[str, int]
LINE_KINDS = ("row", "column")
REGIONS_IN_LINES, LINES_IN_REGIONS = "regions_in_lines", "lines_in_regions"


@dataclass(frozen=True)
class Clash:
    """A minimal conflicting set: `regions` whose open cells lie in fewer `lines` (form
    REGIONS_IN_LINES), or `lines` whose open cells lie in fewer `regions`
    (LINES_IN_REGIONS); one side empty for a unit with no open cell."""

    form: str
    line_kind: str  # "row" or "column"
    regions: tuple[int, ...]
    lines: tuple[int, ...]

    @property
    def units(self) -> frozenset[Unit]:
        return frozenset([("region", g) for g in self.regions]
                         + [(self.line_kind, i) for i in self.lines])

    @property
    def size(self) -> int:
        """The larger side: how many units need a queen of their own."""
        return max(len(self.regions), len(self.lines))


@dataclass(frozen=True)
class Rest:
    """The marks a contradiction rests on: each unsolved unit's open cells, the neighbours
    of every queen crossed."""

    open_cells: frozenset[tuple[int, int]]
    regions: Sequence[Sequence[int]]
    solved: frozenset[Unit]

    def unsolved(self, kind: str) -> list[int]:
        return [i for i in range(len(self.regions)) if (kind, i) not in self.solved]

    def line_of(self, kind: str, cell: tuple[int, int]) -> int:
        return cell[0] if kind == "row" else cell[1]


def rest_of(regions: Sequence[Sequence[int]], rule: str, ending: dict) -> Rest | None:
    """The marks of a compiled ending ({"open": masks by row, "queens": [[r, c]...]}), the
    queens' neighbours crossed; None when two of its queens clash (no unit set to name)."""
    queens = [tuple(q) for q in ending["queens"]]
    if any(attacks(rule, *a, *b) or regions[a[0]][a[1]] == regions[b[0]][b[1]]
           for a, b in combinations(queens, 2)):
        return None
    n = len(regions)
    open_cells = frozenset(
        (r, c) for r, mask in enumerate(ending["open"]) for c in range(n)
        if (mask >> c) & 1 and not any(attacks(rule, qr, qc, r, c)
                                       or regions[qr][qc] == regions[r][c]
                                       for qr, qc in queens))
    solved = frozenset(unit for r, c in queens
                       for unit in (("row", r), ("column", c), ("region", regions[r][c])))
    return Rest(open_cells, regions, solved)


def _reach(rest: Rest, kind: str, form: str) -> tuple[list[int], dict[int, int]]:
    """The inner side's unsolved ids and, for each, the mask of the outer side's ids its open
    cells touch (regions to lines for REGIONS_IN_LINES, lines to regions else)."""
    regions = rest.regions
    inner = rest.unsolved("region") if form == REGIONS_IN_LINES else rest.unsolved(kind)
    masks = dict.fromkeys(inner, 0)
    for cell in rest.open_cells:
        g, line = regions[cell[0]][cell[1]], rest.line_of(kind, cell)
        a, b = (g, line) if form == REGIONS_IN_LINES else (line, g)
        if a in masks:
            masks[a] |= 1 << b
    return inner, masks


def _ids(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if (mask >> i) & 1)


def minimal_clashes(rest: Rest, kind: str, form: str,
                    within: Sequence[int] | None = None) -> list[Clash]:
    """Every minimal set of the inner side (of `within`, when given) whose open cells reach
    fewer ids of the other side than it counts, smallest first."""
    inner, masks = _reach(rest, kind, form)
    if within is not None:
        inner = [i for i in inner if i in set(within)]
    found: list[Clash] = []
    kept: list[frozenset[int]] = []
    for k in range(1, len(inner) + 1):
        for group in combinations(inner, k):
            if any(small <= set(group) for small in kept):
                continue
            reach = 0
            for i in group:
                reach |= masks[i]
            if reach.bit_count() < k:
                kept.append(frozenset(group))
                outer = _ids(reach)
                found.append(Clash(form, kind, *((group, outer) if form == REGIONS_IN_LINES
                                                 else (outer, group))))
    return found


def all_clashes(rest: Rest) -> list[Clash]:
    """Every minimal conflicting set on these marks, of both forms and both kinds of line,
    each unit set once and none holding another, smallest first."""
    found: dict[frozenset[Unit], Clash] = {}
    for kind in LINE_KINDS:
        for form in (REGIONS_IN_LINES, LINES_IN_REGIONS):
            for clash in minimal_clashes(rest, kind, form):
                found.setdefault(clash.units, clash)
    units = list(found)
    return sorted((found[u] for u in units if not any(v < u for v in units)),
                  key=lambda clash: (len(clash.units), sorted(clash.units)))


def _unit_cells(regions: Sequence[Sequence[int]], unit: Unit) -> list[tuple[int, int]]:
    kind, index = unit
    n = len(regions)
    if kind == "row":
        return [(index, c) for c in range(n)]
    if kind == "column":
        return [(r, index) for r in range(n)]
    return [(r, c) for r in range(n) for c in range(n) if regions[r][c] == index]


# units_conflict's search stops past this many placements (about 0.1 s here): a claim whose
# answer needs more is no conflict found (a reason a person names is a few small units).
FIT_NODES = 4_000


class _OverBudget(Exception):
    pass


def _fit(regions, rule: str, cells: dict[Unit, list[tuple[int, int]]], left: frozenset,
         placed: list[tuple[int, int]], budget: list[int]) -> bool:
    """Can every unit in `left` have a queen, with `placed` on the board? The unit with the
    fewest open cells is tried first: a few units on a small board, searched exactly."""
    if not left:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        raise _OverBudget
    taken_regions = {regions[r][c] for r, c in placed}
    options = {unit: [cell for cell in cells[unit]
                      if regions[cell[0]][cell[1]] not in taken_regions
                      and not any(attacks(rule, *cell, *queen) for queen in placed)]
               for unit in left}
    unit = min(options, key=lambda u: len(options[u]))
    for r, c in options[unit]:
        met = frozenset(u for u in left
                        if (u[0] == "row" and u[1] == r) or (u[0] == "column" and u[1] == c)
                        or (u[0] == "region" and u[1] == regions[r][c]))
        if _fit(regions, rule, cells, left - met, [*placed, (r, c)], budget):
            return True
    return False


def units_conflict(regions: Sequence[Sequence[int]], rule: str, units: Sequence[Unit]
                   ) -> bool:
    """Whether these units, alone on the empty board, cannot all have their queen (each
    its own: no two queens in a row, column or region, none attacking under `rule`), and
    every set of them with one left out can: a minimal conflict a player may name on any
    map, found without the techniques. False past FIT_NODES placements. ValueError for a
    unit that is not ("row" | "column" | "region", index)."""
    n = len(regions)
    labels = {g for row in regions for g in row}
    for unit in units:
        kind, index = unit
        if kind not in ("row", "column", "region") or not isinstance(index, int) or not (
                index in labels if kind == "region" else 0 <= index < n):
            raise ValueError(f"unit {unit!r} is not a row, column or region of this map")
    wanted = frozenset(units)
    cells = {unit: _unit_cells(regions, unit) for unit in wanted}
    budget = [FIT_NODES]
    try:
        if _fit(regions, rule, cells, wanted, [], budget):
            return False
        return all(_fit(regions, rule, cells, wanted - {unit}, [], budget) for unit in wanted)
    except _OverBudget:
        return False
