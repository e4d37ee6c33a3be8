"""Near copies of stored levels: a board a few cells away from a level often keeps that
level's solution, so the builder would hand it out (paint tomorrow's... or any level with
one cell changed, and read the solution off the analysis). A level is indexed by the key of
its solution up to the 8 symmetries of the square (both rules are invariant under them);
a painting whose solution has a stored level's key, and whose regions match that level's
once turned the same way and relabelled, but for a few cells, is that level."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence

# A painting is a near copy when fewer than this share of its cells differ from the level.
NEAR_SHARE = 0.25


def _transforms(n: int):
    """The 8 symmetries of an n×n square, as maps of a cell (r, c)."""
    m = n - 1
    return [lambda r, c: (r, c), lambda r, c: (c, m - r), lambda r, c: (m - r, m - c),
            lambda r, c: (m - c, r), lambda r, c: (r, m - c), lambda r, c: (m - r, c),
            lambda r, c: (c, r), lambda r, c: (m - c, m - r)]


def _moved(solution: Sequence, move) -> tuple:
    """The solution carried by `move`: each row's column (Queens), or the sorted cells of a
    k-star solution (whose rows hold lists of columns)."""
    if solution and isinstance(solution[0], list):
        return tuple(sorted(move(r, c) for r, cols in enumerate(solution) for c in cols))
    placed = sorted(move(r, c) for r, c in enumerate(solution))
    return tuple(c for _, c in placed)


def solution_key(solution: Sequence[int], rule: str) -> str:
    """The same for a solution and any rotation or mirror image of it."""
    n = len(solution)
    smallest = min(_moved(solution, move) for move in _transforms(n))
    return hashlib.sha256(f"{rule}|{n}|{','.join(map(str, smallest))}".encode()).hexdigest()


def cells_apart(painting: Sequence[Sequence[int]], solution: Sequence[int],
                level_regions: Sequence[Sequence[int]], level_solution: Sequence[int]) -> int:
    """The fewest cells in which the painting differs from the level, over the symmetries
    that carry the painting's solution onto the level's, each region of the painting read
    as the level's region it overlaps most."""
    n = len(painting)
    best = n * n
    for move in _transforms(n):
        if _moved(solution, move) != _moved(level_solution, _transforms(n)[0]):
            continue
        turned = [[0] * n for _ in range(n)]
        for r in range(n):
            for c in range(n):
                a, b = move(r, c)
                turned[a][b] = painting[r][c]
        overlap: dict[int, Counter] = {}
        for r in range(n):
            for c in range(n):
                overlap.setdefault(turned[r][c], Counter())[level_regions[r][c]] += 1
        same = sum(counts.most_common(1)[0][1] for counts in overlap.values())
        best = min(best, n * n - same)
    return best


def is_near(painting, solution, level_regions, level_solution) -> bool:
    n = len(painting)
    return cells_apart(painting, solution, level_regions, level_solution) < NEAR_SHARE * n * n
