"""A plain Star Battle counter, for the tests to hold the compiled one to: row by row, every
choice of k columns with none side by side, kept while no column or region has more than k
stars and no star touches one in the row above. Slow, obvious, independent of the engine's
search.

And boards to count: random region maps, maps planted around a random placement of stars
(the engine's own planting: so they have at least one solution), and planted maps nudged a
few cells (whatever count comes out), and maps with two solutions made on purpose (at 8×8
2★ and 12×12 3★ only two placements exist at all, so a map seldom holds both by chance)."""

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


def nudged_map(grid: list[list[int]], moves: int, rng: random.Random) -> list[list[int]]:
    """`grid` with up to `moves` cells each handed to a neighbouring region, every region
    staying connected: a planted map nudged so loses its solution, keeps it alone, or gains
    others, so the counts come out 0, 1 and ≥2 on maps that are not simply hopeless."""
    n = len(grid)
    grid = [row[:] for row in grid]
    for _ in range(moves):
        border = [(r, c, grid[rr][cc]) for r in range(n) for c in range(n)
                  for rr, cc in _sides(n, r, c) if grid[rr][cc] != grid[r][c]]
        rng.shuffle(border)
        for r, c, other in border:
            own = grid[r][c]
            grid[r][c] = other
            if _connected(grid, own):
                break
            grid[r][c] = own
    return grid


def two_solution_map(n: int, k: int, rng: random.Random,
                     steps: int = 4000) -> list[list[int]] | None:
    """A map with at least two solutions: planted around a placement A, then cells that are
    not A's stars handed between neighbouring regions (regions staying connected) while that
    brings each region nearer k stars of B, a mirror or turn of A (as good a placement: the
    rules do not see the board turned). None when B does not fit within `steps` tries."""
    made = planted(n, k, rng)
    if made is None:
        return None
    grid, rows = made
    ours = {(r, c) for r, cols in enumerate(rows) for c in cols}
    turns = [{(r, n - 1 - c) for r, c in ours}, {(n - 1 - r, c) for r, c in ours},
             {(n - 1 - r, n - 1 - c) for r, c in ours}, {(c, r) for r, c in ours}]
    other = rng.choice([stars for stars in turns if stars != ours] or [ours])
    if other == ours:
        return None

    def off(grid: list[list[int]]) -> int:
        held = [0] * n
        for r, c in other:
            held[grid[r][c]] += 1
        return sum(abs(h - k) for h in held)

    now = off(grid)
    for _ in range(steps):
        if now == 0:
            return grid
        r, c = rng.randrange(n), rng.randrange(n)
        sides = [grid[rr][cc] for rr, cc in _sides(n, r, c) if grid[rr][cc] != grid[r][c]]
        if (r, c) in ours or not sides:
            continue
        own = grid[r][c]
        grid[r][c] = rng.choice(sides)
        after = off(grid)
        if after <= now and _connected(grid, own):
            now = after
        else:
            grid[r][c] = own
    return grid if now == 0 else None


def _sides(n: int, r: int, c: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def _connected(grid: list[list[int]], g: int) -> bool:
    """Whether region g is one non-empty piece."""
    n = len(grid)
    cells = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == g}
    if not cells:
        return False
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for side in _sides(n, r, c):
            if side in cells and side not in seen:
                seen.add(side)
                stack.append(side)
    return len(seen) == len(cells)
