"""The level builder's help: the smallest change found that makes a painted map a level
(exactly one solution, and the techniques finish it)."""

from __future__ import annotations

from dataclasses import dataclass

from generator_ext._core import rule_code, validate_regions
from generator_ext._generate import fix_raw
from generator_ext._solver import count_solutions, two_solutions
from generator_ext.deduce import Rating, rate

# Techniques up to 5 (hard): contradiction (6) would make each of the repair's thousands of
# evaluations cost a hypothesis per cell; a fix is often rated easier than that anyway.
FIX_LEVEL = 5
FIX_ATTEMPTS = 6


@dataclass(frozen=True)
class Fix:
    """A proposal: the map with `moved` cells given to a neighbouring region; its rating."""

    regions: list[list[int]]
    moved: list[list[int]]  # [row, col] of each cell whose region changed
    rating: Rating


def make_unique(regions, rule: str = "touch", seed: int = 0,
                attempts: int = FIX_ATTEMPTS) -> Fix | None:
    """Move as few cells as it can find between neighbouring regions so that the map has one
    solution, solved by logic: a repair anchored on each of (up to) two solutions, several
    seeds each, the fewest moved cells winning. The map itself when it already is a level;
    None when the map has no solution at all (there is nothing to anchor a repair on) or no
    repair succeeded. Raises ValueError for an unfinished or invalid map."""
    code = rule_code(rule)
    validate_regions(regions)
    if not 0 <= seed < 2**63:
        raise ValueError("seed must be between 0 and 2**63 - 1")
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    grid = [list(row) for row in regions]
    rating = rate(grid, rule)
    if rating.solved_by_logic:
        return Fix(grid, [], rating)
    best = None
    for anchor in two_solutions(grid, rule):
        found = fix_raw(grid, code, anchor, seed, attempts, FIX_LEVEL)
        if found is not None and (best is None or len(found[1]) < len(best[1])):
            best = found
    if best is None:
        return None
    fixed, moved = best
    rating = rate(fixed, rule)
    # The repair's own closure proved it; an independent count guards the promise.
    if not rating.solved_by_logic or count_solutions(fixed, rule, limit=2) != 1:
        return None
    return Fix(fixed, moved, rating)
