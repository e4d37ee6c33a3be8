"""Shape figures of a region map: how designed it looks (the benchmark reports them)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def shape_figures(regions: Sequence[Sequence[int]]) -> dict[str, float]:
    """largest: the largest region's share of the board; two_cell: share of regions with two
    cells; loose: share of cells in no 2×2 block of their own region (stripes, stubs);
    perimeter: mean over regions of perimeter / (4·√area), 1.0 for a square."""
    n = len(regions)
    area = [0] * n
    edges = [0] * n
    for r in range(n):
        for c in range(n):
            g = regions[r][c]
            area[g] += 1
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if not (0 <= nr < n and 0 <= nc < n) or regions[nr][nc] != g:
                    edges[g] += 1
    in_block = [[False] * n for _ in range(n)]
    for r in range(n - 1):
        for c in range(n - 1):
            g = regions[r][c]
            if regions[r][c + 1] == g and regions[r + 1][c] == g and regions[r + 1][c + 1] == g:
                for dr in (0, 1):
                    for dc in (0, 1):
                        in_block[r + dr][c + dc] = True
    return {
        "largest": max(area) / (n * n),
        "two_cell": sum(1 for a in area if a == 2) / n,
        "loose": sum(not cell for row in in_block for cell in row) / (n * n),
        "perimeter": sum(e / (4 * math.sqrt(a)) for e, a in zip(edges, area, strict=True)) / n,
    }
