"""A plain Star Battle counter, for the tests to hold the compiled one to: row by row, every
choice of k columns with none side by side, kept while no column or region has more than k
stars and no star touches one in the row above. Slow, obvious, independent of the engine.

And boards to count: random region maps, and maps planted around a random placement of
stars (so they have at least one solution)."""

from __future__ import annotations

import random
from itertools import combinations


def row_choices(n: int, k: int) -> list[tuple[int, ...]]:
    return [cols for cols in combinations(range(n), k)
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


def _grow(n: int, seeds: list[list[tuple[int, int]]], rng: random.Random) -> list[list[int]]:
    """Regions grown at random from each group of seed cells until the board is covered."""
    grid = [[-1] * n for _ in range(n)]
    frontier = []
    for g, cells in enumerate(seeds):
        for r, c in cells:
            grid[r][c] = g
            frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and grid[rr][cc] < 0:
                grid[rr][cc] = grid[r][c]
                frontier.append((rr, cc))
    return grid


def random_map(n: int, rng: random.Random) -> list[list[int]]:
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
    return _grow(n, [[cell] for cell in cells], rng)


def random_placement(n: int, k: int, rng: random.Random) -> list[tuple[int, ...]] | None:
    """Each row's star columns: k per row and column, none touching (regions aside)."""
    choices = row_choices(n, k)
    col = [0] * n
    rows: list[tuple[int, ...]] = []
    budget = [20000]

    def go(r: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if r == n:
            return all(c == k for c in col)
        if any(c + (n - r + 1) // 2 < k for c in col):
            return False
        above = rows[-1] if rows else ()
        for cols in rng.sample(choices, len(choices)):
            if any(abs(c - a) <= 1 for c in cols for a in above) or any(col[c] >= k for c in cols):
                continue
            for c in cols:
                col[c] += 1
            rows.append(cols)
            if go(r + 1):
                return True
            rows.pop()
            for c in cols:
                col[c] -= 1
        return False

    return rows if go(0) else None


def planted_map(n: int, k: int, rng: random.Random, tries: int = 20) -> list[list[int]] | None:
    """A region map built around a random star placement, so it has a solution: each region
    grows from k stars that follow each other along the rows (read as a snake), or cells join
    at random while no region holds more than k stars; None when neither gives n connected
    regions of k stars each."""
    rows = random_placement(n, k, rng)
    if rows is None:
        return None
    snake = [(r, c) for r, cols in enumerate(rows) for c in (cols if r % 2 == 0 else cols[::-1])]
    groups = [snake[i:i + k] for i in range(0, len(snake), k)]
    for _ in range(tries):
        grid = _grow(n, groups, rng)
        if all(_connected(grid, g) for g in range(n)):
            return grid
        grid = _joined(n, k, rows, rng)
        if grid is not None:
            return grid
    return None


def _joined(n: int, k: int, rows: list[tuple[int, ...]], rng: random.Random):
    parent = list(range(n * n))
    stars = [0] * (n * n)
    for r, cols in enumerate(rows):
        for c in cols:
            stars[r * n + c] = 1

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    edges = [(i, i + 1) for i in range(n * n) if i % n < n - 1]
    edges += [(i, i + n) for i in range(n * n - n)]
    rng.shuffle(edges)
    for starless_only in (False, True):  # then the starless pieces join any neighbour
        for a, b in edges:
            ra, rb = root(a), root(b)
            if ra == rb or (starless_only and stars[ra] and stars[rb]):
                continue
            if stars[ra] + stars[rb] <= k:
                parent[rb] = ra
                stars[ra] += stars[rb]
    roots = sorted({root(i) for i in range(n * n)})
    if len(roots) != n or any(stars[r] != k for r in roots):
        return None
    label = {r: g for g, r in enumerate(roots)}
    return [[label[root(r * n + c)] for c in range(n)] for r in range(n)]


def _connected(grid: list[list[int]], g: int) -> bool:
    n = len(grid)
    cells = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == g}
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo.extend(p for p in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if p in cells)
    return seen == cells
