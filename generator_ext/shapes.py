"""Shape figures of a region map: how designed it looks (the benchmark reports them, and
design_score measures it against hand-made boards)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


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


def region_shares(regions: Sequence[Sequence[int]]) -> list[float]:
    """Each region's share of the board, largest first (design_score's `largest` is the first;
    the second is the second-largest region, the figure the spread of compositions is judged
    by beside it)."""
    n = len(regions)
    area: dict[int, int] = {}
    for row in regions:
        for g in row:
            area[g] = area.get(g, 0) + 1
    return sorted((a / (n * n) for a in area.values()), reverse=True)


def notches(regions: Sequence[Sequence[int]]) -> int:
    """How many cells are notches: a one-cell bump off a straight border of its own region,
    into the one other region on all its other sides (the cell its own side leads to has its
    region on both sides across; a stroke's tip, which has other regions there, is none).
    Hand-made borders run straight with few; a repair's moves leave them."""
    n = len(regions)
    found = 0
    for r in range(n):
        for c in range(n):
            found += _bump_into(regions, n, r, c) is not None
    return found


def _bump_into(regions, n: int, r: int, c: int) -> int | None:
    h = regions[r][c]
    sides = [(dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
             if 0 <= r + dr < n and 0 <= c + dc < n]
    own = [(dr, dc) for dr, dc in sides if regions[r + dr][c + dc] == h]
    others = {regions[r + dr][c + dc] for dr, dc in sides} - {h}
    if len(own) != 1 or len(others) != 1 or len(sides) - 1 < 2:
        return None
    (dr, dc), = own
    yr, yc = r + dr, c + dc
    across = [(yr + s * dc, yc + s * dr) for s in (1, -1)]
    across = [(pr, pc) for pr, pc in across if 0 <= pr < n and 0 <= pc < n]
    if not across or any(regions[pr][pc] != h for pr, pc in across):
        return None
    return others.pop()


# The symmetries of the square other than the identity, as maps of (r, c) on an n×n board:
# the two mirrors, the two diagonal flips and the three rotations.
SYMMETRIES = (
    lambda n, r, c: (r, n - 1 - c),
    lambda n, r, c: (n - 1 - r, c),
    lambda n, r, c: (c, r),
    lambda n, r, c: (n - 1 - c, n - 1 - r),
    lambda n, r, c: (c, n - 1 - r),
    lambda n, r, c: (n - 1 - r, n - 1 - c),
    lambda n, r, c: (n - 1 - c, r),
)
# What hand-made boards measure (archived LinkedIn boards, n=7-11, medians), the targets the
# combined score is judged against.
HAND_MADE = {"symmetry": 0.70, "density": 0.42, "thin": 0.25}
LARGEST_BAND = (0.31, 0.40)


@dataclass(frozen=True)
class DesignScore:
    """How designed a map looks. symmetry: the share of region-border edges that land on a
    border under the best mirror, rotation or diagonal flip; density: the share of adjacent
    cell pairs split by a border; thin: the share of cells with at most one neighbour of their
    own region (strokes one cell wide); largest: the largest region's share of the board;
    two_cell, one_cell: the shares of regions of two cells and of one; score: 0 to 1, how
    close the figures come to hand-made boards'."""

    symmetry: float
    density: float
    thin: float
    largest: float
    two_cell: float
    one_cell: float
    score: float


def _borders(regions: Sequence[Sequence[int]]) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    n = len(regions)
    found = set()
    for r in range(n):
        for c in range(n):
            if c + 1 < n and regions[r][c] != regions[r][c + 1]:
                found.add(((r, c), (r, c + 1)))
            if r + 1 < n and regions[r][c] != regions[r + 1][c]:
                found.add(((r, c), (r + 1, c)))
    return found


def _symmetry(n: int, borders: set) -> float:
    """The best share of border edges that a symmetry of the square maps onto borders."""
    if not borders:
        return 0.0
    best = 0
    for symmetry in SYMMETRIES:
        kept = 0
        for a, b in borders:
            ma, mb = symmetry(n, *a), symmetry(n, *b)
            kept += (min(ma, mb), max(ma, mb)) in borders
        best = max(best, kept)
    return best / len(borders)


def _closeness(value: float, target: float) -> float:
    return min(1.0, value / target) if target else 1.0


def design_score(regions: Sequence[Sequence[int]]) -> DesignScore:
    """The design figures of a region map (any n×n grid of region ids 0..n-1)."""
    n = len(regions)
    if n < 2 or any(len(row) != n for row in regions):
        raise ValueError(f"regions must be a square grid of at least 2×2, not {n} rows")
    area: dict[int, int] = {}
    thin = 0
    for r in range(n):
        for c in range(n):
            g = regions[r][c]
            area[g] = area.get(g, 0) + 1
            same = sum(1 for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= nr < n and 0 <= nc < n and regions[nr][nc] == g)
            thin += same <= 1
    borders = _borders(regions)
    figures = {
        "symmetry": _symmetry(n, borders),
        "density": len(borders) / (2 * n * (n - 1)),
        "thin": thin / (n * n),
        "largest": max(area.values()) / (n * n),
        "two_cell": sum(1 for a in area.values() if a == 2) / len(area),
        "one_cell": sum(1 for a in area.values() if a == 1) / len(area),
    }
    low, high = LARGEST_BAND
    largest = figures["largest"]
    in_band = 1.0 if low <= largest <= high else max(0.0, 1 - min(abs(largest - low),
                                                                  abs(largest - high)) * 5)
    parts = [_closeness(figures[name], target) for name, target in HAND_MADE.items()]
    score = (sum(parts) + in_band) / (len(parts) + 1)
    score *= max(0.0, 1 - figures["two_cell"] - 2 * figures["one_cell"])
    return DesignScore(**figures, score=round(score, 4))
