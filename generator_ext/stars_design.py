"""Designed k-star maps: a placement and regions symmetric under one symmetry of the square,
drawn before the repair (stars_generate) makes the level unique. The symmetry is an
involution (the half turn or the diagonal flip): the placement is its own image (the
compiled placement search, kept to such placements), the stars are grouped k by k so that
the image of a group is a group (a pair of regions, or one region that is its own image),
and every region grows with its image, cell for image cell. A symmetric map with a
symmetric solution can be unique (its other solutions come in mirrored pairs, and the
repair breaks them pair by pair), so unlike the 1★ compositions no border has to break for
uniqueness.

No placement is symmetric under a mirror: a row's (column's) stars would pair off across
the middle, and the two middle columns, each other's images, touch, so they stay empty and
the other columns cannot take all the stars. The half turn fits every size and k; the
diagonal flip every size served but 8×8 2★ and 12×12 3★ (a search through every placement
found none there). A map is drawn under the half turn or the main diagonal, then turned or
flipped as a whole at random, which gives the other diagonal too.

Cells an image region cannot share (on the diagonal, or the centre of an odd board) go to a
region that is its own image; the few that no such region reaches go to a neighbour at
the end, the only borders that break the symmetry before the repair."""

from __future__ import annotations

import random
from collections.abc import Callable

from generator_ext._core import square_image, square_undo
from generator_ext._stars import random_star_placement

Cell = tuple[int, int]
TURN, DIAGONAL = "turn", "diagonal"
NO_DIAGONAL = {(8, 2), (12, 3)}  # no placement symmetric about a diagonal (searched through)
SYMMETRY_CODES = {TURN: 1, DIAGONAL: 2}  # random_star_placement's
PLACEMENT_NODES = 2_000  # search nodes for one try at a symmetric placement
PLACEMENT_TRIES = 60
NEAREST = 8  # a group is chosen among its first star's nearest stars


def symmetries_for(n: int, k: int) -> tuple[str, ...]:
    """The symmetries a placement of k stars per row and column can have at n×n."""
    return (TURN,) if (n, k) in NO_DIAGONAL else (TURN, DIAGONAL)


def image_of(n: int, symmetry: str) -> Callable[[int, int], Cell]:
    if symmetry == TURN:
        return lambda r, c: (n - 1 - r, n - 1 - c)
    return lambda r, c: (c, r)


def symmetric_placement(n: int, k: int, symmetry: str, rng: random.Random,
                        tries: int = PLACEMENT_TRIES) -> list[Cell] | None:
    """k stars in every row and column, none touching, the image of each a star too: the
    compiled placement search (random_star_placement) kept to placements that are their own
    image, restarted with a fresh seed after PLACEMENT_NODES nodes. None after `tries`."""
    for _ in range(tries):
        rows = random_star_placement(n, k, rng.getrandbits(64), PLACEMENT_NODES,
                                     SYMMETRY_CODES[symmetry])
        if rows is not None:
            return [(r, c) for r, cols in enumerate(rows) for c in cols]
    return None


def symmetric_groups(stars: list[Cell], k: int, image, rng: random.Random,
                     ) -> list[list[Cell]] | None:
    """The stars in groups of k that lie close together, the image of each group a group:
    sweeping from a random corner, the first star left takes k - 1 of its nearest so that
    the group is its own image or misses its image, and the image group goes along. None
    when what is left cannot be grouped so."""
    flip_r, flip_c = rng.random() < 0.5, rng.random() < 0.5

    def sweep(p: Cell):
        return (-p[0] if flip_r else p[0], -p[1] if flip_c else p[1])

    left = sorted(stars, key=sweep)
    groups: list[list[Cell]] = []
    while left:
        first = left[0]
        near = sorted(left[1:], key=lambda p: (abs(p[0] - first[0]) + abs(p[1] - first[1]),
                                               rng.random()))[:NEAREST]
        group = _closest_group(first, near, k, image)
        if group is None:
            return None
        mirrored = sorted(image(*p) for p in group)
        groups.append(group)
        if mirrored != group:
            groups.append(mirrored)
        taken = set(group) | set(mirrored)
        left = [p for p in left if p not in taken]
    return groups


def _closest_group(first: Cell, near: list[Cell], k: int, image) -> list[Cell] | None:
    """`first` and k - 1 of `near` (in their order: the nearest first) forming a group that
    is its own image or shares no star with it; None when no choice does."""
    def spread(group):
        return sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in group for b in group)

    best = None
    for others in _choices(near, k - 1):
        group = sorted([first, *others])
        mirrored = {image(*p) for p in group}
        fits = mirrored == set(group) or not mirrored & set(group)
        if fits and (best is None or spread(group) < spread(best)):
            best = group
    return best


def _choices(items: list, m: int):
    if m == 0:
        yield []
        return
    for i in range(len(items) - m + 1):
        for rest in _choices(items[i + 1:], m - 1):
            yield [items[i], *rest]


def shortest_path(n: int, start: Cell, goal: Cell, free: Callable[[Cell], bool],
                  steps: list[Cell], rng: random.Random) -> list[Cell] | None:
    """A shortest path of `free` cells from `start` to `goal` (ties broken at random by
    shuffling `steps`, the caller's, in place): its cells from `goal` back, `start` left
    out. None when there is none."""
    back = {start: start}
    todo = [start]
    while todo and goal not in back:
        nxt = []
        for r, c in todo:
            rng.shuffle(steps)
            for dr, dc in steps:
                cell = (r + dr, c + dc)
                if 0 <= cell[0] < n and 0 <= cell[1] < n and cell not in back and free(cell):
                    back[cell] = (r, c)
                    nxt.append(cell)
        todo = nxt
    if goal not in back:
        return None
    path, cell = [], goal
    while cell != start:
        path.append(cell)
        cell = back[cell]
    return path


def symmetric_linked(n: int, groups: list[list[Cell]], image,
                     rng: random.Random) -> list[list[Cell]] | None:
    """Each group's stars joined by a shortest path of cells no other group holds, and the
    image group by the image path: a group and its image are linked together. None when some
    group cannot be joined so."""
    partner = _partners(groups, image)
    owner = {cell: g for g, cells in enumerate(groups) for cell in cells}
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    order = [g for g in range(len(groups)) if partner[g] >= g]
    rng.shuffle(order)
    for g in order:
        h = partner[g]
        start, *rest = groups[g]

        def free(cell: Cell, g: int = g, h: int = h) -> bool:  # and its image, for a pair
            return owner.get(cell, g) == g and (h == g or (
                image(*cell) != cell and owner.get(image(*cell), h) == h))

        for goal in rest:
            path = shortest_path(n, start, goal, free, steps, rng)
            if path is None:
                return None
            if h != g and any(image(*cell) in path for cell in path):
                return None
            for cell in path:
                owner[cell] = g
                owner[image(*cell)] = h
    seeds: list[list[Cell]] = [[] for _ in groups]
    for cell, g in sorted(owner.items()):
        seeds[g].append(cell)
    return seeds


def _partners(groups: list[list[Cell]], image) -> list[int]:
    """For each group, the index of its image group (itself when it is its own image)."""
    at = {tuple(cells): g for g, cells in enumerate(groups)}
    return [at[tuple(sorted(image(*p) for p in cells))] for cells in groups]


def symmetric_grow(n: int, seeds: list[list[Cell]], image, partner: list[int],
                   rng: random.Random, skew: float = 0.0) -> list[list[int]]:
    """Regions grown from the seeds, each with its image: a free cell taken by a region, its
    image by the image region (a cell that is its own image only by a region that is its own
    image). With `skew` a region and its image share one weight, drawn as grow's. The cells
    left over at the end (own images no such region reached) go to a neighbouring region."""
    grid = [[-1] * n for _ in range(n)]
    for g, cells in enumerate(seeds):
        for r, c in cells:
            grid[r][c] = g
    frontier = [list(cells) for cells in seeds]
    weights = [0.0] * len(seeds)
    for g in range(len(seeds)):
        if partner[g] >= g:
            weights[g] = weights[partner[g]] = rng.random() ** skew if skew else 1.0
    growing = [g for g in range(len(seeds)) if partner[g] >= g and frontier[g]]
    while growing:
        g = rng.choices(growing, [weights[h] for h in growing])[0] if skew else \
            growing[rng.randrange(len(growing))]
        h = partner[g]
        cells = frontier[g]
        r, c = cells.pop(rng.randrange(len(cells)))
        for rr, cc in _free_sides(grid, r, c):
            mirrored = image(rr, cc)
            if grid[rr][cc] >= 0 or mirrored == (rr, cc) and h != g:  # taken by an image
                continue
            grid[rr][cc] = g
            grid[mirrored[0]][mirrored[1]] = h
            frontier[g].append((rr, cc))
        if not frontier[g]:
            growing.remove(g)
    _fill_left(grid, rng)
    return grid


def _free_sides(grid: list[list[int]], r: int, c: int) -> list[Cell]:
    n = len(grid)
    return [(rr, cc) for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= rr < n and 0 <= cc < n and grid[rr][cc] < 0]


def _fill_left(grid: list[list[int]], rng: random.Random) -> None:
    n = len(grid)
    left = [(r, c) for r in range(n) for c in range(n) if grid[r][c] < 0]
    while left:
        rng.shuffle(left)
        still = []
        for r, c in left:
            sides = [grid[rr][cc] for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                     if 0 <= rr < n and 0 <= cc < n and grid[rr][cc] >= 0]
            if sides:
                grid[r][c] = rng.choice(sides)
            else:
                still.append((r, c))
        left = still


def designed(n: int, k: int, rng: random.Random, skew: float = 0.0, tries: int = 20):
    """(regions, solution, mirror) of a symmetric map around a symmetric placement, k
    stars a region; mirror maps each cell to its image (for the repair). None when no placement
    or no grouping that links came in `tries`."""
    name = rng.choice(symmetries_for(n, k))
    image = image_of(n, name)
    stars = symmetric_placement(n, k, name, rng)
    if stars is None:
        return None
    for _ in range(tries):
        groups = symmetric_groups(stars, k, image, rng)
        if groups is None:
            continue
        seeds = symmetric_linked(n, groups, image, rng)
        if seeds is None:
            continue
        grid = symmetric_grow(n, seeds, image, _partners(groups, image), rng, skew)
        return _turned(grid, stars, image, rng)
    return None


def _turned(grid: list[list[int]], stars: list[Cell], image, rng: random.Random):
    """The map, its solution and symmetry under one of the square's eight symmetries at
    random (so every mirror and diagonal comes out, not only the ones drawn)."""
    n = len(grid)
    undo = rng.randrange(8)  # the draw names the symmetry that turns the map back
    move = square_undo(undo)

    def turn(r: int, c: int) -> Cell:
        return square_image(move, n, r, c)

    def back(r: int, c: int) -> Cell:
        return square_image(undo, n, r, c)

    turned = [[0] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            tr, tc = turn(r, c)
            turned[tr][tc] = grid[r][c]
    solution: list[list[int]] = [[] for _ in range(n)]
    for r, c in stars:
        tr, tc = turn(r, c)
        solution[tr].append(tc)
    mirror = {(r, c): turn(*image(*back(r, c))) for r in range(n) for c in range(n)}
    return turned, [sorted(cols) for cols in solution], mirror
