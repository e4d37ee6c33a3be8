"""Checking a player's queens against the rules: pure functions, no database."""

from __future__ import annotations

from itertools import combinations


def parse_cells(value: object, n: int, field: str) -> list[tuple[int, int]]:
    """A list of distinct [row, col] pairs on an n×n board; ValueError naming the problem."""
    if not isinstance(value, list):
        raise ValueError(f"{field} must be a list of [row, col] pairs")
    if len(value) > n * n:
        raise ValueError(f"{field} has more cells than the board")
    cells = []
    for item in value:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in item)
        ):
            raise ValueError(f"{field} must be a list of [row, col] pairs of integers")
        r, c = item
        if not (0 <= r < n and 0 <= c < n):
            raise ValueError(f"cell [{r}, {c}] in {field} is off the {n}×{n} board")
        cells.append((r, c))
    if len(set(cells)) != len(cells):
        raise ValueError(f"{field} lists a cell twice")
    return cells


def find_conflicts(
    regions: list[list[int]], queens: list[tuple[int, int]], rule: str
) -> list[dict]:
    """Every pair of queens that breaks a rule, with the kind of rule broken."""
    conflicts = []
    for (r1, c1), (r2, c2) in combinations(sorted(queens), 2):
        cells = [[r1, c1], [r2, c2]]
        if r1 == r2:
            conflicts.append({"kind": "row", "cells": cells})
        if c1 == c2:
            conflicts.append({"kind": "column", "cells": cells})
        if regions[r1][c1] == regions[r2][c2]:
            conflicts.append({"kind": "region", "cells": cells})
        if max(abs(r1 - r2), abs(c1 - c2)) == 1:
            conflicts.append({"kind": "touch", "cells": cells})
        elif rule == "classic" and abs(r1 - r2) == abs(c1 - c2):
            conflicts.append({"kind": "diagonal", "cells": cells})
    return conflicts


def is_exact_solution(queens: list[tuple[int, int]], solution: list[int]) -> bool:
    return sorted(queens) == [(r, c) for r, c in enumerate(solution)]
