"""Trap boards (issue 40): designed maps with no solution, where the techniques of a tier
reach the contradiction, deep enough into the solve that the board does not give itself away.

A trap starts from an ordinary designed level of its tier (generate(), so it has that look),
then moves one cell into a neighbouring region, every region staying whole and at least
MIN_REGION_SIZE cells (the colours kept apart where generate() asks that), and keeps the move
when the map has no solution (the exact counter), the closure of the tier's techniques
reaches a contradiction and the tier below's does not (so its tier is honest: never a
search), and the proof rate() gives places at least TRAP_DEPTH of the n queens before its
contradiction (its tier says how deep). Of the moves that pass, the deepest proof is kept
(then the longest, then the first in row-major order). A level that gives none is drawn
again, up to the attempts' budget; each level is bounded as generate() bounds it."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from generator_ext._core import validate_regions
from generator_ext._deduce_api import closure_raw
from generator_ext._solver import count_solutions
from generator_ext.deduce import TIERS, Rating, hardest_technique, rate
from generator_ext.palette import ALONE_UP_TO, coloured_apart

if TYPE_CHECKING:  # levels imports this module
    from generator_ext.levels import GeneratedLevel

# The sizes a trap of each tier is made at, inclusive (benchmarks.engine --traps measures
# them: at every size and tier from 4 to 20 all 12 seeds came out within the default
# budget, in under half a second at the median to 16×16 and 1.8-3.3 s at 20×20; expert
# 16×16 0.5 s a level, 1.1 s a trap, p90 7 s). 4×4 traps come out too, but a proof of two
# queens on so small a board gives itself away; expert stops where expert levels do.
TRAP_SIZES = {"easy": (5, 20), "medium": (5, 20), "hard": (5, 20), "expert": (6, 16)}
# The share of the n queens the proof places before its contradiction, at least (rounded
# up): harder tiers hide it deeper.
TRAP_DEPTH = {"easy": 1 / 3, "medium": 2 / 5, "hard": 1 / 2, "expert": 3 / 5}
DEFAULT_TRAP_ATTEMPTS = 40  # ordinary levels drawn, each tried with every one-cell move
STATUS_CONTRADICTION = 1  # _deduce.pxd: what a closure ends in
# generate() draws the colours again for a composition at these sizes; a trap keeps them apart.
LARGE_FROM = 17


def serves_trap(n: int, tier: str) -> bool:
    low, high = TRAP_SIZES[tier]
    return low <= n <= high


def trap_tiers(n: int) -> list[str]:
    """The tiers a trap is made in at n×n (1★, rule touch)."""
    return [tier for tier in TIERS if serves_trap(n, tier)]


def check_trap(n: int, rule: str, tier: str | None, stars: int, strategy: str) -> None:
    """ValueError naming what no trap is made for."""
    if stars != 1:
        raise ValueError("traps are Queens boards (one queen per unit): leave stars at 1")
    if rule != "touch":
        raise ValueError(f"traps are made under the rule 'touch', not {rule!r}")
    if strategy != "design":
        raise ValueError("traps start from a designed level: leave strategy unset")
    if tier is not None and tier in TIERS and not serves_trap(n, tier):
        low, high = TRAP_SIZES[tier]
        raise ValueError(f"{tier} traps are not made at {n}×{n}; they are made for sizes "
                         f"{low} to {high}")
    if tier is None and not trap_tiers(n):
        raise ValueError(f"no trap is made at {n}×{n}")


def trap_tier(regions: Sequence[Sequence[int]], rule: str = "touch") -> str | None:
    """The easiest tier whose techniques' closure reaches a contradiction on the bare map
    (None: they reach none; a map with a solution never gives one)."""
    for tier in TIERS:
        if closure_raw(regions, rule, hardest_technique(tier))[0] == STATUS_CONTRADICTION:
            return tier
    return None


def queens_before(rating: Rating) -> int:
    """How many queens a proof places before its contradiction."""
    return sum(1 for step in rating.steps if step.technique == "last_cell")


def _sizes(regions: Sequence[Sequence[int]]) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for row in regions:
        for g in row:
            sizes[g] = sizes.get(g, 0) + 1
    return sizes


def _connected(regions: list[list[int]]) -> bool:
    """Is every region one 4-connected piece (the engine's own check)?"""
    try:
        validate_regions(regions)
    except ValueError:
        return False
    return True


def one_cell_moves(regions: Sequence[Sequence[int]],
                   min_size: int) -> Iterator[list[list[int]]]:
    """Each map one cell moved into a region beside it, in row-major order, every region
    whole and of at least min_size cells."""
    n = len(regions)
    sizes = _sizes(regions)
    for r in range(n):
        for c in range(n):
            g = regions[r][c]
            if sizes[g] <= min_size:
                continue
            beside = []
            for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                if 0 <= rr < n and 0 <= cc < n and regions[rr][cc] != g:
                    beside.append(regions[rr][cc])
            for h in dict.fromkeys(beside):
                moved = [list(row) for row in regions]
                moved[r][c] = h
                if _connected(moved):
                    yield moved


def is_trap(regions: Sequence[Sequence[int]], rule: str, tier: str) -> Rating | None:
    """The proof when this map is a trap of this tier (no solution; the tier's closure
    reaches the contradiction, the tier below's does not; the proof's own tier is it),
    else None. Depth aside."""
    level = hardest_technique(tier)
    if closure_raw(regions, rule, level)[0] != STATUS_CONTRADICTION:
        return None
    if tier != TIERS[0] and closure_raw(
            regions, rule, hardest_technique(TIERS[TIERS.index(tier) - 1]))[0] == (
            STATUS_CONTRADICTION):
        return None
    if count_solutions(regions, rule, limit=1) != 0:  # the techniques are sound: never
        return None
    rating = rate(regions, rule)
    return rating if rating.contradiction is not None and rating.tier == tier else None


def make_trap(n: int, rule: str, tier: str, seed: int, attempts: int, min_size: int,
              level: Callable[[int], GeneratedLevel],
              ) -> tuple[list[list[int]] | None, int, GeneratedLevel | None]:
    """(the trap's regions, attempts used, the level it was made from); None, None when the
    budget ran out. `level(seed)` is the ordinary designed level of the tier a trap starts
    from."""
    rng = random.Random(f"trap {n} {rule} {tier} {seed}")
    need = math.ceil(TRAP_DEPTH[tier] * n)
    check_colours = n <= ALONE_UP_TO or n >= LARGE_FROM
    for attempt in range(1, attempts + 1):
        best, best_key = None, None
        base = level(rng.getrandbits(63))
        for moved in one_cell_moves(base.regions, min_size):
            rating = is_trap(moved, rule, tier)
            if rating is None:
                continue
            key = (queens_before(rating), len(rating.steps))
            if key[0] >= need and (best_key is None or key > best_key) and (
                    not check_colours or coloured_apart(moved)):
                best, best_key = moved, key
        if best is not None:
            return best, attempt, base
    return None, attempts, None
