"""Star Battle levels (k stars per row, column and region): planted, grown, made unique,
rated. An attempt places n·k stars at random (k per row and column, none touching), grows a
region around each k of them that lie together (unevenly for the easier tiers), then moves cells
between neighbouring regions until the compiled counter finds no second solution (each move
takes a cell that is a star in the other solution, never one of ours, into a region next to
it), and keeps the level when the deduction engine finishes it at the asked tier.

The maps are designed (stars_design): the placement and the regions are symmetric under a
half turn or a diagonal flip, and the repair mirrors each move when the regions stay whole,
so most levels keep every border's image (10×10 2★: border symmetry median 1.0, against
0.46 grown). Designed maps come out easy or medium rarely, so for those two tiers every
GROWN_EVERY-th attempt, and every one past MIXED_DESIGNED_ATTEMPTS, grows the map as before
(planted: a random placement, regions grown around it), and those levels are partly
designed, partly grown; hard, expert and untargeted levels are all designed, at every size
served.

Everything is reproducible from the seed (Python's own Mersenne Twister, seeded with it) and
bounded: search nodes per count and per attempt, moves per attempt, and attempts."""

from __future__ import annotations

import random

from generator_ext._stars import random_star_placement
from generator_ext._stars_logic import count_after_closure_raw, star_tier_raw
from generator_ext.stars_design import designed, shortest_path

COUNT_NODE_BUDGET = 3_000_000  # the builder's count of a painted map gives up past this
# The repair's counts start from the marks of techniques 1-6 (sound, so no solution is lost;
# where logic gets a hold the search left is smaller), and a count that runs out of its nodes tries
# again branching at random: on 16×16 3★ maps the counter's fixed order sank 3 M nodes
# under one wrong turn where a random restart finds the second solution in a few thousand.
REPAIR_LEVEL = 6
REPAIR_NODE_BUDGET = 200_000
REPAIR_TRIES = 8
ATTEMPT_NODE_BUDGET = 2_000_000  # all of an attempt's counts: about a second at 16×16 3★
MOVES_PER_ATTEMPT = 120
PLACEMENT_BUDGET = 2_000  # search nodes for one try at a random placement
PLACEMENT_TRIES = 200
DEFAULT_MAX_ATTEMPTS = 400
# How unevenly the regions grow (grow's skew), by the tier asked: small regions next to big
# ones give the deduction its first holds, so the more uneven, the easier the levels. Expert
# levels grow evenly up to 12×12; on bigger boards evenly grown maps have hardly a first step
# and their repair sinks into counts of millions of nodes (16×16 3★), so they grow unevenly
# too. Untargeted generation grows as for expert.
EASY_SKEW, HARD_SKEW, EXPERT_SKEW_BIG = 20.0, 12.0, 6.0
# Designed maps (stars_design: symmetric) come out easy or medium several times less often
# than grown ones (10×10 2★, 200 attempts at skew 20: 2-5 easy and 6-8 medium against 13 and
# 10-14; a locally open spot comes with its mirror image, and first holds are rarer), and
# those that do are unique after a move or two. So for those tiers a designed attempt stops
# after MIXED_MOVES moves (which makes it about as cheap as a grown one), and every
# GROWN_EVERY-th attempt is grown as before, and every attempt past MIXED_DESIGNED_ATTEMPTS:
# all designed, one 12×12 easy seed in ten found none in 400 attempts, and so did one in ten
# with only every third attempt grown. The levels served there are partly designed, partly
# grown.
MIXED_TIERS = ("easy", "medium")
MIXED_MOVES = 6
GROWN_EVERY = 3
MIXED_DESIGNED_ATTEMPTS = 100


def tier_skew(n: int, tier: str | None) -> float:
    if tier in ("easy", "medium"):
        return EASY_SKEW
    if tier == "hard":
        return HARD_SKEW
    return 0.0 if n <= 12 else EXPERT_SKEW_BIG

# The sizes generate(stars=k) serves (inclusive) and the tiers that come out there within
# DEFAULT_MAX_ATTEMPTS for every seed measured (benchmarks/stars.py --tiers): 2★ levels in
# all four tiers, 3★ ones hard or expert (an easy or medium 3★ level took more than 400
# attempts at every size from 12×12 on), and 16×16 3★ expert only (no hard one in 400).
STAR_SIZES = {2: (8, 12), 3: (12, 16)}
STAR_TIERS = ("easy", "medium", "hard", "expert")
STAR_TIERS_BY_STARS = {2: STAR_TIERS, 3: ("hard", "expert")}
STAR_TIERS_AT = {(16, 3): ("expert",)}


def star_tiers(n: int, k: int) -> tuple[str, ...]:
    """The tiers generate(n, stars=k) serves at this size (none outside STAR_SIZES)."""
    low, high = STAR_SIZES.get(k, (1, 0))
    if not low <= n <= high:
        return ()
    return STAR_TIERS_AT.get((n, k), STAR_TIERS_BY_STARS[k])


def random_placement(n: int, k: int, rng: random.Random,
                     tries: int = PLACEMENT_TRIES) -> list[tuple[int, ...]] | None:
    """Each row's star columns: k per row and column, none touching, from the compiled
    search branching on random cells (seeded from `rng`); short budgets and fresh seeds
    beat one long search, whose early wrong turns cost the most. None after `tries`."""
    for _ in range(tries):
        rows = random_star_placement(n, k, rng.getrandbits(64), PLACEMENT_BUDGET)
        if rows is not None:
            return [tuple(cols) for cols in rows]
    return None


def grow(n: int, seeds: list[list[tuple[int, int]]], rng: random.Random,
         skew: float = 0.0) -> list[list[int]]:
    """Regions grown at random from each group of seed cells until the board is covered.
    With no `skew` every free cell next to a region is alike, so the regions come out much
    the same size; with one, each step draws a region by its weight (random to the power
    `skew`) and gives it a free cell next to it, which leaves some regions small around
    their stars: that is where the deduction (and the counter) gets its first hold."""
    grid = [[-1] * n for _ in range(n)]
    for g, cells in enumerate(seeds):
        for r, c in cells:
            grid[r][c] = g
    if skew:
        _grow_weighted(grid, seeds, rng, skew)
    else:
        _grow_even(grid, [cell for cells in seeds for cell in cells], rng)
    return grid


def _free_sides(grid: list[list[int]], r: int, c: int) -> list[tuple[int, int]]:
    return [(rr, cc) for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= rr < len(grid) and 0 <= cc < len(grid) and grid[rr][cc] < 0]


def _grow_even(grid: list[list[int]], frontier: list[tuple[int, int]],
               rng: random.Random) -> None:
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        for rr, cc in _free_sides(grid, r, c):
            grid[rr][cc] = grid[r][c]
            frontier.append((rr, cc))


def _grow_weighted(grid: list[list[int]], seeds: list[list[tuple[int, int]]],
                   rng: random.Random, skew: float) -> None:
    frontier = [list(cells) for cells in seeds]
    weights = [rng.random() ** skew for _ in seeds]
    growing = [g for g in range(len(seeds)) if frontier[g]]
    while growing:
        g = rng.choices(growing, [weights[h] for h in growing])[0]
        r, c = frontier[g].pop(rng.randrange(len(frontier[g])))
        for rr, cc in _free_sides(grid, r, c):
            grid[rr][cc] = g
            frontier[g].append((rr, cc))
        if not frontier[g]:
            growing.remove(g)


def planted(n: int, k: int, rng: random.Random, tries: int = 20, skew: float = 0.0):
    """(regions, placement): n connected regions grown around a random placement, k stars
    each: the stars grouped k by k with their nearest, each group joined by a short path
    of its own, then grown; union-find joining when no grouping can be linked. None when
    neither worked in `tries`."""
    rows = random_placement(n, k, rng)
    if rows is None:
        return None
    stars = [(r, c) for r, cols in enumerate(rows) for c in cols]
    solution = [sorted(cols) for cols in rows]
    for _ in range(tries):
        seeds = linked(n, nearest_groups(stars, k, rng), rng)
        grid = grow(n, seeds, rng, skew) if seeds is not None else joined(n, k, rows, rng)
        if grid is not None:
            return grid, solution
    return None


def nearest_groups(stars: list[tuple[int, int]], k: int,
                   rng: random.Random) -> list[list[tuple[int, int]]]:
    """The stars in groups of k that lie close together: sweeping from a random corner,
    the first star left takes the k - 1 nearest left (ties broken at random), so that the
    last groups, made of what is left, are still in the same corner of the board."""
    flip_r, flip_c = rng.random() < 0.5, rng.random() < 0.5
    left = sorted(stars, key=lambda p: (-p[0] if flip_r else p[0], -p[1] if flip_c else p[1]))
    groups = []
    while left:
        first = left.pop(0)
        left.sort(key=lambda p: (abs(p[0] - first[0]) + abs(p[1] - first[1]), rng.random()))
        groups.append([first, *left[:k - 1]])
        del left[:k - 1]
        left.sort(key=lambda p: (-p[0] if flip_r else p[0], -p[1] if flip_c else p[1]))
    return groups


def linked(n: int, groups: list[list[tuple[int, int]]],
           rng: random.Random) -> list[list[tuple[int, int]]] | None:
    """Each group's stars joined by a shortest path of cells no other group holds (groups
    in a random order, ties among paths broken at random): the seeds of connected regions.
    None when some group's stars cannot be joined any more."""
    owner = {cell: g for g, cells in enumerate(groups) for cell in cells}
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    order = list(range(len(groups)))
    rng.shuffle(order)
    for g in order:
        start, *rest = groups[g]

        def free(cell: tuple[int, int], g: int = g) -> bool:
            return owner.get(cell, g) == g

        for goal in rest:
            path = shortest_path(n, start, goal, free, steps, rng)
            if path is None:
                return None
            for cell in path:
                owner[cell] = g
    seeds: list[list[tuple[int, int]]] = [[] for _ in groups]
    for cell, g in owner.items():
        seeds[g].append(cell)
    return seeds


def joined(n: int, k: int, rows: list[tuple[int, ...]], rng: random.Random):
    """Regions made by joining neighbouring cells at random (union-find over the grid's
    edges in a random order) while no region holds more than k of the placement's stars,
    then the starless pieces into any neighbour: connected by construction; None when some
    region is left short of k stars."""
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
    for starless_only in (False, True):
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


def make_unique_stars(grid: list[list[int]], k: int, solution: list[list[int]],
                      rng: random.Random, moves: int = MOVES_PER_ATTEMPT,
                      mirror: dict[tuple[int, int], tuple[int, int]] | None = None) -> bool:
    """Moves cells between neighbouring regions (in place) until `solution` is the only one;
    False when the moves, a count's budget or the attempt's nodes run out. With `mirror` (a
    designed map's symmetry, under which `solution` is its own image) each move is mirrored
    too, cell for image cell, when the regions stay whole; otherwise it is made alone."""
    ours = {(r, c) for r, cols in enumerate(solution) for c in cols}
    move = _move_out
    if mirror is not None:
        image_region = {grid[r][c]: grid[mirror[r, c][0]][mirror[r, c][1]] for r, c in ours}
        move = lambda grid, cell, ours, rng: _mirrored_move(  # noqa: E731
            grid, cell, ours, rng, mirror, image_region)
    spent = 0
    for _ in range(moves + 1):
        count, found, nodes, aborted = count_after_closure_raw(
            grid, k, 2, REPAIR_NODE_BUDGET, REPAIR_LEVEL, REPAIR_TRIES, rng.getrandbits(64))
        spent += nodes
        if aborted:
            return False
        if count == 1:
            return True
        if spent > ATTEMPT_NODE_BUDGET:
            return False
        other = next(rows for rows in found if rows != solution)
        candidates = [(r, c) for r, cols in enumerate(other) for c in cols if (r, c) not in ours]
        rng.shuffle(candidates)
        if not any(move(grid, cell, ours, rng) for cell in candidates):
            return False
    return False


def _mirrored_move(grid: list[list[int]], cell: tuple[int, int], ours: set[tuple[int, int]],
                   rng: random.Random, mirror: dict[tuple[int, int], tuple[int, int]],
                   image_region: dict[int, int]) -> bool:
    """_move_out, and the same move on the images of the cells it moved (to the image of the
    region they went to) when each image still lies where the symmetry puts it and every
    region it touches stays connected; the move alone when not. No star of ours moves either
    way: the images of cells that are none are none."""
    before = [row[:] for row in grid]
    if not _move_out(grid, cell, ours, rng):
        return False
    n = len(grid)
    moved = [(r, c) for r in range(n) for c in range(n) if grid[r][c] != before[r][c]]
    kept = [row[:] for row in grid]
    touched = set()
    for r, c in moved:
        ir, ic = mirror[r, c]
        if (ir, ic) in moved or grid[ir][ic] != image_region[before[r][c]]:
            continue
        touched |= {grid[ir][ic], image_region[grid[r][c]]}
        grid[ir][ic] = image_region[grid[r][c]]
    if any(len(_pieces(grid, g)) > 1 for g in sorted(touched)):
        grid[:] = kept
    return True


def _move_out(grid: list[list[int]], cell: tuple[int, int], ours: set[tuple[int, int]],
              rng: random.Random) -> bool:
    """Gives `cell` to a neighbouring region, with the shortest path of cells that are no
    stars of ours leading to that region when `cell` lies inside its own; the pieces its
    region is then cut into that hold no star of ours go along (so every region stays
    connected and keeps the k stars of the planted solution). False when no path leads out
    or the cut would split our stars."""
    n = len(grid)
    g = grid[cell[0]][cell[1]]
    path = _path_out(grid, cell, ours, rng)
    if path is None:
        return False
    end = path[-1]
    h = rng.choice(sorted({grid[r][c] for r, c in _sides(n, *end) if grid[r][c] != g}))
    for r, c in path:
        grid[r][c] = h
    pieces = _pieces(grid, g)
    if sum(1 for piece in pieces if piece & ours) > 1:
        for r, c in path:
            grid[r][c] = g
        return False
    for piece in pieces:
        if not piece & ours:
            for r, c in piece:
                grid[r][c] = h
    return True


def _path_out(grid: list[list[int]], cell: tuple[int, int], ours: set[tuple[int, int]],
              rng: random.Random) -> list[tuple[int, int]] | None:
    """The shortest path from `cell` through its region's cells that are no stars of ours to
    one touching another region (ties broken at random)."""
    n = len(grid)
    g = grid[cell[0]][cell[1]]
    back = {cell: cell}
    todo = [cell]
    while todo:
        rng.shuffle(todo)
        nxt = []
        for r, c in todo:
            sides = _sides(n, r, c)
            if any(grid[rr][cc] != g for rr, cc in sides):
                path = [(r, c)]
                while path[-1] != cell:
                    path.append(back[path[-1]])
                return path[::-1]
            for side in sides:
                if side not in back and side not in ours:
                    back[side] = (r, c)
                    nxt.append(side)
        todo = nxt
    return None


def _sides(n: int, r: int, c: int):
    return [(rr, cc) for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= rr < n and 0 <= cc < n]


def _pieces(grid: list[list[int]], g: int) -> list[set[tuple[int, int]]]:
    """The connected pieces of region `g`."""
    n = len(grid)
    left = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == g}
    pieces = []
    while left:
        seen = {left.pop()}
        todo = list(seen)
        while todo:
            r, c = todo.pop()
            for side in _sides(n, r, c):
                if side in left:
                    left.discard(side)
                    seen.add(side)
                    todo.append(side)
        pieces.append(seen)
    return pieces


def check_star_size(n: int, k: int) -> None:
    low, high = STAR_SIZES[k]
    if not low <= n <= high:
        raise ValueError(f"{k}-star levels are generated at sizes {low} to {high}, not {n}×{n}")


def check_star_tier(tier: object, n: int, k: int) -> None:
    if tier is not None and tier not in STAR_TIERS:
        raise ValueError(f"k-star levels come in the tiers {', '.join(STAR_TIERS)}, not {tier!r}")
    if tier is not None and tier not in star_tiers(n, k):
        raise ValueError(f"{tier} {k}-star levels are not generated at {n}×{n}; the tiers there "
                         f"are {', '.join(star_tiers(n, k))}")


def generate_stars(n: int, k: int, rng: random.Random, tier: str | None,
                   max_attempts: int, design: bool = True,
                   ) -> tuple[list[list[int]], list[list[int]], int, str]:
    """(regions, solution, attempts, tier) of a unique level that logic finishes, of `tier`
    when one is asked; RuntimeError when `max_attempts` attempts found none. `design` False
    grows the maps as before the designed ones (benchmarks.stars compares the two)."""
    skew = tier_skew(n, tier)
    mixed = tier in MIXED_TIERS
    for attempt in range(1, max_attempts + 1):
        mirror, moves = None, MOVES_PER_ATTEMPT
        if design and not (mixed and (attempt % GROWN_EVERY == 0
                                      or attempt > MIXED_DESIGNED_ATTEMPTS)):
            made = designed(n, k, rng, skew=skew)
            if made is None:
                continue
            grid, solution, mirror = made
            moves = MIXED_MOVES if mixed else MOVES_PER_ATTEMPT
        else:
            made = planted(n, k, rng, skew=skew)
            if made is None:
                continue
            grid, solution = made
        if not make_unique_stars(grid, k, solution, rng, moves, mirror=mirror):
            continue
        rated = star_tier_raw(grid, k)  # the compiled closures: microseconds, not seconds
        if rated is not None and (rated == tier if tier else rated in star_tiers(n, k)):
            return grid, solution, attempt, rated
    raise RuntimeError(f"no {n}×{n} {k}-star level{f' of tier {tier}' if tier else ''} found "
                       f"in {max_attempts} attempts")
