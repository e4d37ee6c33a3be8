"""A plain Star Battle counter, for the tests to hold the compiled one to: row by row, every
choice of k columns with none side by side, kept while no column or region has more than k
stars and no star touches one in the row above. Slow, obvious, independent of the engine's
search.

And boards to count: random region maps, and maps planted around a random placement of
stars (the engine's own planting: so they have at least one solution)."""

from __future__ import annotations

import itertools
import random

from generator_ext.stars_generate import grow, planted


def row_choices(n: int, k: int) -> list[tuple[int, ...]]:
    """Every choice of k columns of one row with none side by side."""
    return [cols for cols in itertools.combinations(range(n), k)
            if all(b - a > 1 for a, b in zip(cols, cols[1:], strict=False))]


def reference_count(regions: list[list[int]], k: int, limit: int | None = None) -> int:
    n = len(regions)
    choices = row_choices(n, k)
    col = [0] * n
    reg = [0] * n
    cells_left = [0] * n  # cells of each region in the rows not yet chosen
    for row in regions:
        for g in row:
            cells_left[g] += 1
    count = 0

    def go(r: int, above: tuple[int, ...]) -> None:
        nonlocal count
        if limit is not None and count >= limit:
            return
        if r == n:
            if all(c == k for c in col) and all(g == k for g in reg):
                count += 1
            return
        rows_left = n - r  # a column gains at most one star every other row from here
        if any(c + (rows_left + 1) // 2 < k for c in col):
            return
        if any(reg[g] + cells_left[g] < k for g in range(n)):
            return
        for g in regions[r]:
            cells_left[g] -= 1
        for cols in choices:
            if any(abs(c - a) <= 1 for c in cols for a in above):
                continue
            if any(col[c] >= k for c in cols):
                continue
            gs = [regions[r][c] for c in cols]
            if any(reg[g] + gs.count(g) > k for g in gs):
                continue
            for c, g in zip(cols, gs, strict=True):
                col[c] += 1
                reg[g] += 1
            go(r + 1, cols)
            for c, g in zip(cols, gs, strict=True):
                col[c] -= 1
                reg[g] -= 1
        for g in regions[r]:
            cells_left[g] += 1

    go(0, ())
    return count


def random_map(n: int, rng: random.Random) -> list[list[int]]:
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
    return grow(n, [[cell] for cell in cells], rng)


def planted_map(n: int, k: int, rng: random.Random) -> list[list[int]] | None:
    made = planted(n, k, rng)
    return made[0] if made is not None else None
