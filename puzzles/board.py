"""Checking a player's queens against the rules: pure functions, no database."""

from __future__ import annotations

from itertools import combinations


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
