"""The attack rule, once, for the engine's Python and the site: which two queens clash, and
how. The compiled loops (_core.attacked_in_row, _plant.plant_row) keep bitmask forms of it for
speed, and static/js/rules.js one for the browser; tests/puzzles/test_rules_parity.py holds
all of them to this one's answers."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

RULES = ("touch", "classic")


def attacks(rule: str, r1: int, c1: int, r2: int, c2: int) -> bool:
    """Do queens at (r1, c1) and (r2, c2) rule each other out, regions aside: a shared row
    or column, touching (even at a corner) and, under `classic`, a shared diagonal."""
    if r1 == r2 or c1 == c2:
        return True
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    return max(dr, dc) == 1 or (rule == "classic" and dr == dc)


def clash_kinds(regions: Sequence[Sequence[int]], a: Sequence[int], b: Sequence[int],
                rule: str) -> list[str]:
    """Every rule two queens break: "row", "column", "region", "touch" or "diagonal"."""
    (r1, c1), (r2, c2) = a, b
    kinds = []
    if r1 == r2:
        kinds.append("row")
    if c1 == c2:
        kinds.append("column")
    if regions[r1][c1] == regions[r2][c2]:
        kinds.append("region")
    if max(abs(r1 - r2), abs(c1 - c2)) == 1:
        kinds.append("touch")
    elif rule == "classic" and abs(r1 - r2) == abs(c1 - c2):
        kinds.append("diagonal")
    return kinds


def conflicts(regions: Sequence[Sequence[int]], queens: Sequence[Sequence[int]],
              rule: str, stars: int = 1) -> list[dict]:
    """Every pair of queens that breaks a rule, with each kind of rule it breaks. With
    `stars` k > 1 (Star Battle): every pair of touching stars, and every row, column or
    region holding more than k stars, with all of its stars."""
    if stars != 1:
        return star_conflicts(regions, queens, stars)
    found = []
    for a, b in combinations(sorted(map(tuple, queens)), 2):
        cells = [list(a), list(b)]
        found += [{"kind": kind, "cells": cells} for kind in clash_kinds(regions, a, b, rule)]
    return found


def star_conflicts(regions: Sequence[Sequence[int]], stars_at: Sequence[Sequence[int]],
                   k: int) -> list[dict]:
    cells = sorted(map(tuple, stars_at))
    found = [{"kind": "touch", "cells": [list(a), list(b)]}
             for a, b in combinations(cells, 2)
             if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1]
    for kind, unit in (("row", lambda r, c: r), ("column", lambda r, c: c),
                       ("region", lambda r, c: regions[r][c])):
        groups: dict[int, list[list[int]]] = {}
        for r, c in cells:
            groups.setdefault(unit(r, c), []).append([r, c])
        found += [{"kind": kind, "cells": group} for _, group in sorted(groups.items())
                  if len(group) > k]
    return found
