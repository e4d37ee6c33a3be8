"""Canonical form of a level: the same key for all 8 symmetric and any relabelled copies."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from generator_ext._core import check_stars, rule_code, validate_regions


def _symmetries(grid: list[list[int]]) -> list[list[list[int]]]:
    n = len(grid)
    out = []
    current = grid
    for _ in range(4):
        out.append(current)
        out.append([row[::-1] for row in current])
        current = [[current[n - 1 - c][r] for c in range(n)] for r in range(n)]  # rotate 90°
    return out


def _relabelled_key(grid: list[list[int]]) -> str:
    labels: dict[int, int] = {}
    ids = []
    for row in grid:
        for cell in row:
            ids.append(str(labels.setdefault(cell, len(labels))))
    return ",".join(ids)


def canonical_key(regions: Sequence[Sequence[int]]) -> str:
    """The lexicographically smallest relabelled row-major key over the 8 symmetries."""
    validate_regions(regions)
    grid = [list(row) for row in (regions.tolist() if hasattr(regions, "tolist") else regions)]
    return min(_relabelled_key(g) for g in _symmetries(grid))


def canonical_hash(regions: Sequence[Sequence[int]], rule: str = "touch", stars: int = 1) -> str:
    """sha256 hex of "rule|n|key" ("rule|k stars|n|key" for k > 1 stars): equal exactly for
    the same puzzle under the same rule and star count."""
    rule_code(rule)
    key = canonical_key(regions)
    check_stars(stars, len(regions), rule)
    return _digest(key, len(regions), rule, stars)


def _digest(key: str, n: int, rule: str, stars: int) -> str:
    variant = rule if stars == 1 else f"{rule}|{stars} stars"
    return hashlib.sha256(f"{variant}|{n}|{key}".encode()).hexdigest()


def canonical_hashes(regions: Sequence[Sequence[int]]) -> list[str]:
    """The canonical hash of this map under every rule and star count it can hold: a map
    stored under one of them is the same map under the others (the key is computed once)."""
    key = canonical_key(regions)
    hashes = []
    for rule in ("touch", "classic"):
        for stars in (1, 2, 3):
            try:
                check_stars(stars, len(regions), rule)
            except ValueError:
                continue
            hashes.append(_digest(key, len(regions), rule, stars))
    return hashes
