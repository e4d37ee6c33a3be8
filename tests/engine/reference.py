"""Plain-Python reference implementations the compiled engine is checked against."""

from __future__ import annotations

import itertools
import random
from collections import deque


def obeys_rule(perm: tuple[int, ...] | list[int], rule: str) -> bool:
    """A permutation (queen column per row) has no touching queens (and, for classic, no
    shared diagonal)."""
    n = len(perm)
    for r in range(n - 1):
        if abs(perm[r] - perm[r + 1]) <= 1:
            return False
    if rule == "classic":
        for r1 in range(n):
            for r2 in range(r1 + 1, n):
                if abs(perm[r1] - perm[r2]) == r2 - r1:
                    return False
    return True


def is_solution(regions: list[list[int]], perm: list[int], rule: str) -> bool:
    n = len(regions)
    return (
        sorted(perm) == list(range(n))
        and len({regions[r][perm[r]] for r in range(n)}) == n
        and obeys_rule(perm, rule)
    )


def brute_force_count(regions: list[list[int]], rule: str) -> int:
    n = len(regions)
    return sum(
        1
        for perm in itertools.permutations(range(n))
        if len({regions[r][perm[r]] for r in range(n)}) == n and obeys_rule(perm, rule)
    )


def region_sizes(regions: list[list[int]]) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for row in regions:
        for g in row:
            sizes[g] = sizes.get(g, 0) + 1
    return sizes


def regions_connected(regions: list[list[int]]) -> bool:
    n = len(regions)
    seen: set[tuple[int, int]] = set()
    for g in range(n):
        cells = [(r, c) for r in range(n) for c in range(n) if regions[r][c] == g]
        if not cells:
            return False
        queue = deque([cells[0]])
        reached = {cells[0]}
        while queue:
            r, c = queue.popleft()
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= nr < n and 0 <= nc < n and regions[nr][nc] == g and (nr, nc) not in reached:
                    reached.add((nr, nc))
                    queue.append((nr, nc))
        if len(reached) != len(cells):
            return False
        seen |= reached
    return len(seen) == n * n


def random_region_map(n: int, seed: int) -> list[list[int]]:
    """A random partition into n connected regions: n random seeds grown by random frontier
    steps, so every region is connected by construction."""
    rng = random.Random(seed)
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
    grid = [[-1] * n for _ in range(n)]
    frontier = []
    for g, (r, c) in enumerate(cells):
        grid[r][c] = g
        frontier.append((r, c))
    while frontier:
        r, c = frontier[rng.randrange(len(frontier))]
        options = [
            (nr, nc)
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= nr < n and 0 <= nc < n and grid[nr][nc] < 0
        ]
        if not options:
            frontier.remove((r, c))
            continue
        nr, nc = rng.choice(options)
        grid[nr][nc] = grid[r][c]
        frontier.append((nr, nc))
    return grid


def one_cell_changes(regions: list[list[int]], keep=frozenset()):
    """Each map that gives one cell (not one of `keep`) to its right-hand neighbour's region
    and stays a valid map; the builder tests paint these."""
    from generator_ext import validate_regions

    n = len(regions)
    for r in range(n):
        for c in range(n - 1):
            if regions[r][c] == regions[r][c + 1] or (r, c) in keep:
                continue
            grid = [row[:] for row in regions]
            grid[r][c] = grid[r][c + 1]
            try:
                validate_regions(grid)
            except ValueError:  # a region split in two, or one left empty
                continue
            yield grid
