"""Near copies of stored levels: a board a few cells away from a level often keeps that
level's solution, so the builder would hand it out (paint tomorrow's... or any level with
one cell changed, and read the solution off the analysis). The check needs no analysis: a
painting that holds a stored level's solution turned by one of the 8 symmetries of the
square (each of its regions holds the level's count of those queens or stars), and whose
regions match that level's once turned the same way and relabelled, but for a few cells, is
that level, under whatever rule and star count it is painted. `SolutionIndex` holds every
stored level of a size for that test in one numpy pass. (`solution_key`, the same for a
solution and its turns, is still stored with each level.)"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence

import numpy as np

# A painting is a near copy when it differs from the level in fewer than `near_limit(n)`
# cells: a quarter of them from 10×10 up, a share that shrinks on smaller boards, never fewer
# than MIN_NEAR. Small boards are near each other by nature: at 6×6 a flat quarter (9 cells)
# refused 9 of 40 freshly generated boards and both boards painted by hand (issue 35), while
# honest boards hold a stored level's solution ever more rarely, and further from it, as the
# board grows (benchmarks/likeness.py prints the figures). An exact copy is refused whatever
# this says (services.builder.refuse_stored_level, by canonical hash).
NEAR_SHARE = 0.25
NEAR_FULL_AT = 10  # the size from which the whole share applies (the dailies are 7 to 11)
MIN_NEAR = 3  # a copy with at most two cells changed is near at any size


def near_limit(n: int) -> int:
    """Cells in which a painting must differ from a level of size n not to be its copy."""
    ramp = min(1.0, max(0.0, (n - 4) / (NEAR_FULL_AT - 4)))
    return max(MIN_NEAR, round(NEAR_SHARE * n * n * ramp))


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
    that carry the level's solution onto the painting's, each region of the painting read
    as the level's region it overlaps most."""
    n = len(painting)
    mine = _moved(solution, _transforms(n)[0])
    return min((_apart_under(painting, move, level_regions) for move in _transforms(n)
                if _moved(level_solution, move) == mine), default=n * n)


def is_near(painting, solution, level_regions, level_solution) -> bool:
    return cells_apart(painting, solution, level_regions, level_solution) < near_limit(
        len(painting))


# The builder's check before any analysis: every stored level of the painting's size, under
# every rule and star count, as the flat cell numbers of its solution's stars. A painting that
# holds a level's solution under one of the 8 symmetries (each of its regions holds exactly
# the level's count of those stars) and is near the level would hand that solution out.
class SolutionIndex:
    """The stored levels of one size, matched against a painting in one numpy pass per
    symmetry (milliseconds for thousands of levels): no search, no engine. Levels are added
    as they are stored; readers see a whole table, old or new, never a half-built one."""

    def __init__(self, n: int):
        self.n = n
        self.limit = near_limit(n)
        # The cell a painting is read at, for each cell of the level, under each symmetry.
        self.moves = np.array([[a * n + b for a, b in (move(r, c) for r in range(n)
                                                       for c in range(n))]
                               for move in _transforms(n)], dtype=np.int16)
        # stars: (ids, solution cells, regions flat), one row per level
        self.tables: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def add(self, levels: Sequence[tuple[int, Sequence, int, Sequence[Sequence[int]]]]) -> None:
        """More stored levels, as (id, solution, stars, regions)."""
        by_stars: dict[int, list] = {}
        for level_id, solution, stars, regions in levels:
            by_stars.setdefault(stars, []).append(
                (level_id, [r * self.n + c for r, c in _cells(solution)],
                 [g for row in regions for g in row]))
        tables = dict(self.tables)
        for stars, rows in by_stars.items():
            new = (np.array([level_id for level_id, _, _ in rows], dtype=np.int64),
                   np.array([flat for _, flat, _ in rows], dtype=np.int16),
                   np.array([cells for _, _, cells in rows], dtype=np.int16))
            if stars in tables:
                new = tuple(np.concatenate([old, more])
                            for old, more in zip(tables[stars], new, strict=True))
            tables[stars] = new
        self.tables = tables  # one assignment: a reader holds the old tables or the new

    def holders(self, painting: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
        """(level id, symmetry) for each stored level whose solution this complete painting
        holds under that symmetry, whatever rule or star count it is painted under."""
        return [(int(level_id), index) for index, ids, _ in self._held(painting)
                for level_id in ids]

    def near(self, painting: Sequence[Sequence[int]]) -> set[int]:
        """The ids of the stored levels this complete painting holds the solution of and is
        near under that symmetry (is_near_under's count, for every holder at once: a painting
        of one region per row holds every level's solution, and the check in pure Python
        cost an outsider's request seconds once a size had a few hundred levels)."""
        board = np.unique(np.asarray(painting, dtype=np.int64).ravel(), return_inverse=True)[1]
        labels = int(board.max()) + 1
        n, cells = self.n, self.n * self.n
        found: set[int] = set()
        for index, ids, regions in self._held(painting):
            # For each holder, how many cells each (painting region, level region) pair
            # shares; each painting region is read as the level region it overlaps most.
            read = board[self.moves[index]].astype(np.int64)
            pairs = read[None, :] * n + regions + (np.arange(len(ids)) * labels * n)[:, None]
            overlap = np.bincount(pairs.ravel(), minlength=len(ids) * labels * n)
            kept = overlap.reshape(len(ids), labels, n).max(axis=2).sum(axis=1)
            found.update(int(level_id) for level_id in ids[cells - kept < self.limit])
        return found

    def _held(self, painting: Sequence[Sequence[int]]):
        """(symmetry, ids, their regions) of the stored levels whose solution the painting
        holds under that symmetry."""
        board = np.asarray(painting, dtype=np.int16).ravel()
        for stars, (ids, cells, regions) in self.tables.items():
            wanted = np.repeat(np.arange(self.n, dtype=np.int16), stars)
            for index, move in enumerate(self.moves):
                labels = np.sort(board[move][cells], axis=1)
                hold = (labels == wanted).all(axis=1)
                if hold.any():
                    yield index, ids[hold], regions[hold].astype(np.int64)


def near_maps(painting: Sequence[Sequence[int]], maps: Sequence[Sequence[Sequence[int]]]
              ) -> list[int]:
    """The indexes of the maps (each n×n, as the painting) the painting is fewer than
    near_limit(n) cells from under one of the 8 symmetries, its regions relabelled to fit
    best: the map alone, whatever it holds (a board with no solution holds none), in one
    numpy pass per symmetry."""
    n = len(painting)
    if not maps:
        return []
    board = np.unique(np.asarray(painting, dtype=np.int64).ravel(), return_inverse=True)[1]
    labels = int(board.max()) + 1
    regions = np.asarray(maps, dtype=np.int64).reshape(len(maps), n * n)
    offsets = (np.arange(len(maps)) * labels * n)[:, None]
    found: set[int] = set()
    for move in _transforms(n):
        read = board[[a * n + b for a, b in (move(r, c) for r in range(n)
                                             for c in range(n))]]
        pairs = read[None, :] * n + regions + offsets
        overlap = np.bincount(pairs.ravel(), minlength=len(maps) * labels * n)
        kept = overlap.reshape(len(maps), labels, n).max(axis=2).sum(axis=1)
        found.update(np.flatnonzero(n * n - kept < near_limit(n)).tolist())
    return sorted(found)


def is_near_under(painting: Sequence[Sequence[int]], symmetry: int,
                  level_regions: Sequence[Sequence[int]]) -> bool:
    """The painting, read through one of the 8 symmetries, differs from the level in fewer
    than near_limit(n) cells (its regions relabelled to fit best)."""
    n = len(painting)
    return _apart_under(painting, _transforms(n)[symmetry], level_regions) < near_limit(n)


def _cells(solution: Sequence) -> list[tuple[int, int]]:
    """A solution's star cells: one per row (Queens) or each row's list of columns."""
    if solution and isinstance(solution[0], list):
        return [(r, c) for r, cols in enumerate(solution) for c in cols]
    return list(enumerate(solution))


def _apart_under(painting, move, level_regions) -> int:
    """Cells in which the painting, read through `move`, differs from the level, each of its
    regions read as the level's region it overlaps most."""
    n = len(painting)
    overlap: dict[int, Counter] = {}
    for r in range(n):
        for c in range(n):
            a, b = move(r, c)
            overlap.setdefault(painting[a][b], Counter())[level_regions[r][c]] += 1
    return n * n - sum(counts.most_common(1)[0][1] for counts in overlap.values())
