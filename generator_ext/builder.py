"""The level builder's help: the smallest change found that makes a painted map a level
(exactly one solution, and the techniques finish it)."""

from __future__ import annotations

from dataclasses import dataclass

from generator_ext._core import rule_code, validate_regions
from generator_ext._repair import fix_raw
from generator_ext._solver import count_solutions, two_solutions
from generator_ext.deduce import Rating, hardest_technique, rate
from generator_ext.rules import attacks

# The techniques of a hard level, up to elimination: contradiction (expert) would make each of
# the repair's thousands of evaluations cost a hypothesis per cell; a fix is often rated
# easier than that anyway.
FIX_LEVEL = hardest_technique("hard")
FIX_ATTEMPTS = 6


@dataclass(frozen=True)
class Fix:
    """A proposal: the map with `moved` cells given to a neighbouring region; its rating."""

    regions: list[list[int]]
    moved: list[list[int]]  # [row, col] of each cell whose region changed
    rating: Rating


def make_unique(regions, rule: str = "touch", seed: int = 0,
                attempts: int = FIX_ATTEMPTS, stars: int = 1) -> Fix | None:
    """Move as few cells as it can find between neighbouring regions so that the map has one
    solution, solved by logic: a repair anchored on each of (up to) two solutions, several
    seeds each, the fewest moved cells winning. A map with no solution is first brought to one
    (_near_maps). The map itself when it already is a level; None when no repair succeeded.
    Raises ValueError for an unfinished or invalid map. With `stars` > 1 the repair is the
    k-star generator's (stars_generate.make_unique_stars) anchored on a solution the map
    already has; a k-star map without one is not repaired (None)."""
    code = rule_code(rule)
    validate_regions(regions, stars)
    if not 0 <= seed < 2**63:
        raise ValueError("seed must be between 0 and 2**63 - 1")
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    grid = [list(row) for row in regions]
    if stars != 1:
        return _make_unique_stars(grid, rule, seed, attempts, stars)
    rating = rate(grid, rule)
    if rating.solved_by_logic:
        return Fix(grid, [], rating)
    anchors = [(grid, anchor) for anchor in two_solutions(grid, rule)]
    if not anchors:  # no solution: first give each region one queen of a near placement
        anchors = [(start, anchor) for start, anchor in _near_maps(grid, rule, seed)]
    # fix_raw keeps the fewest moves of its attempts; of the anchors', the fewest from `grid`.
    found = (fix_raw(start, code, anchor, seed, attempts, FIX_LEVEL) for start, anchor in anchors)
    best = _fewest_moved(grid, (fixed for fixed, _ in filter(None, found)))
    if best is None:
        return None
    fixed, moved = best
    rating = rate(fixed, rule)
    # The repair's own closure proved it; an independent count guards the promise.
    if not rating.solved_by_logic or count_solutions(fixed, rule, limit=2) != 1:
        return None
    return Fix(fixed, moved, rating)


def _fewest_moved(grid, maps) -> tuple[list[list[int]], list[list[int]]] | None:
    """Of the repaired `maps`, the one that moved the fewest cells of `grid`, the first of
    equals: (map, [row, col] of each moved cell); None when there is none. The one rule both
    repairs' proposals are chosen by (fix_raw applies it to its own attempts in C)."""
    best = None
    for fixed in maps:
        moved = [[r, c] for r, row in enumerate(fixed) for c, g in enumerate(row)
                 if g != grid[r][c]]
        if best is None or len(moved) < len(best[1]):
            best = (fixed, moved)
    return best


NEAR_NODES = 200_000  # search nodes spent looking for near placements of a map with no solution
NEAR_KEPT = 3  # near placements repaired


def _near_placements(grid, rule: str, seed: int, limit: int) -> list[list[int]]:
    """Placements allowed by the rule that put queens in as many different regions as
    possible: at most one region twice (then at most two), the closest first."""
    import random

    n = len(grid)
    rng = random.Random(seed)
    orders = [rng.sample(range(n), n) for _ in range(n)]
    found: list[list[int]] = []
    nodes = 0

    def place(r, cols, used, twice, budget):
        nonlocal nodes
        nodes += 1
        if nodes > NEAR_NODES or len(found) >= limit:
            return
        if r == n:
            found.append(cols[:])
            return
        for c in orders[r]:
            if any(attacks(rule, i, cols[i], r, c) for i in range(r)):
                continue
            g = grid[r][c]
            again = g in used
            if again and twice >= budget:
                continue
            cols.append(c)
            used[g] = used.get(g, 0) + 1
            place(r + 1, cols, used, twice + again, budget)
            used[g] -= 1
            if not used[g]:
                del used[g]
            cols.pop()

    for budget in (1, 2):
        place(0, [], {}, 0, budget)
        if found:
            break
    return found


def _carve(grid, queens, g, e) -> list[list[int]] | None:
    """Region g holds two or more queens and region e none: hand e the shortest path of cells
    from its border to one of g's queens (never the queen g keeps, nor another region's), if
    every region stays in one piece."""
    from collections import deque

    n = len(grid)
    queen_cells = {(r, c) for r, c in enumerate(queens)}
    mine = [(r, c) for r, c in enumerate(queens) if grid[r][c] == g]
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    for target in mine:
        start = [(r, c) for r in range(n) for c in range(n)
                 if grid[r][c] != e and ((r, c) == target or (r, c) not in queen_cells)
                 and any(0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] == e
                         for dr, dc in steps)]
        came: dict[tuple[int, int], tuple[int, int] | None] = {cell: None for cell in start}
        todo = deque(start)
        while todo and target not in came:
            r, c = todo.popleft()
            for dr, dc in steps:
                a, b = r + dr, c + dc
                if (0 <= a < n and 0 <= b < n and grid[a][b] != e and (a, b) not in came
                        and ((a, b) == target or (a, b) not in queen_cells)):
                    came[(a, b)] = (r, c)
                    todo.append((a, b))
        if target not in came:
            continue
        trial = [row[:] for row in grid]
        cell: tuple[int, int] | None = target
        while cell is not None:
            trial[cell[0]][cell[1]] = e
            cell = came[cell]
        try:
            validate_regions(trial)
        except ValueError:
            continue
        return trial
    return None


def _give_each_region_a_queen(grid, queens) -> list[list[int]] | None:
    """Carve until every region holds exactly one of the placement's queens; None if stuck."""
    n = len(grid)
    for _ in range(n):
        count = [0] * n
        for r, c in enumerate(queens):
            count[grid[r][c]] += 1
        if all(k == 1 for k in count):
            return grid
        crowded = [g for g in range(n) if count[g] > 1]
        empty = [e for e in range(n) if count[e] == 0]
        for g in crowded:
            carved = next((t for t in (_carve(grid, queens, g, e) for e in empty) if t), None)
            if carved is not None:
                grid = carved
                break
        else:
            return None
    return None


def _near_maps(grid, rule: str, seed: int):
    """For a map with no solution: (map, placement) pairs where the placement is a solution
    of the map after a few cells changed region, closest placements first."""
    out = []
    for queens in _near_placements(grid, rule, seed, 4 * NEAR_KEPT):
        start = _give_each_region_a_queen([row[:] for row in grid], queens)
        if start is not None:
            out.append((start, queens))
        if len(out) == NEAR_KEPT:
            break
    return out


def nudged(regions, moves: int, rng) -> list[list[int]]:
    """A maker's near miss, for tests and benchmarks: `moves` border cells of a map given to
    a neighbouring region, every region kept in one piece (`rng`: a random.Random)."""
    n = len(regions)
    grid = [list(row) for row in regions]
    done = 0
    while done < moves:
        r, c = rng.randrange(n), rng.randrange(n)
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        if not (0 <= r + dr < n and 0 <= c + dc < n) or grid[r + dr][c + dc] == grid[r][c]:
            continue
        before, grid[r][c] = grid[r][c], grid[r + dr][c + dc]
        try:
            validate_regions(grid)
            done += 1
        except ValueError:
            grid[r][c] = before
    return grid


def _make_unique_stars(grid, rule: str, seed: int, attempts: int, stars: int) -> Fix | None:
    import random

    from generator_ext._stars import count_star_solutions
    from generator_ext.stars_generate import COUNT_NODE_BUDGET, make_unique_stars

    rating = rate(grid, rule, stars=stars)
    if rating.solved_by_logic:
        return Fix(grid, [], rating)
    count, found, _, _ = count_star_solutions(grid, stars, 2, COUNT_NODE_BUDGET)

    def repaired():
        for anchor in found:
            for attempt in range(attempts):
                trial = [row[:] for row in grid]
                if make_unique_stars(trial, stars, anchor, random.Random(seed + attempt)):
                    yield trial

    best = _fewest_moved(grid, repaired())
    if best is None:
        return None
    rating = rate(best[0], rule, stars=stars)
    if not rating.solved_by_logic:  # unique, but logic alone does not finish it
        return None
    return Fix(best[0], best[1], rating)
