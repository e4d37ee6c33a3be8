"""Trap boards (issue 40): generate(trap=True) makes designed maps with no solution whose
tier's techniques prove it. Held to counters that share nothing with the engine (OR-Tools
CP-SAT, and brute force on small boards), to the plain reading of the techniques
(tests/engine/reference_logic.py: the contradiction at the stated tier, none at the tier
below), and to the proof rate() gives and the conflicts trap_conflicts names."""

from __future__ import annotations

import math

import pytest

from generator_ext import (
    TECHNIQUES,
    TIERS,
    count_solutions,
    generate,
    rate,
    sentence,
    trap_conflicts,
    trap_tiers,
)
from generator_ext.traps import TRAP_DEPTH, TRAP_SIZES, queens_before, trap_tier
from tests.engine import reference_logic as ref
from tests.engine.reference import brute_force_count, region_sizes, regions_connected
from tests.engine.stars_cpsat import cpsat_count

# Sizes and seeds the traps are made at here: every tier at a small, a middle and a large
# size it is served at (a few seconds in all).
CASES = [(n, tier, seed) for tier in TIERS for n in (7, 10, 14) for seed in (1, 2)
         if TRAP_SIZES[tier][0] <= n <= TRAP_SIZES[tier][1]]
LEVEL = {"easy": 3, "medium": 4, "hard": 5, "expert": 6}  # the hardest technique of a tier

# Found by moving one cell of a 6×6 medium level (seed 0): rows 2 and 3 are all that the
# khaki, rose and mint regions have left once the rest is done. The proof ends on a Hall set.
HALL = [[0, 0, 0, 0, 0, 1], [2, 2, 2, 3, 4, 1], [5, 2, 2, 3, 4, 1], [5, 5, 5, 5, 5, 1],
        [5, 5, 5, 5, 5, 1], [5, 5, 5, 5, 5, 1]]


@pytest.fixture(scope="module")
def traps():
    return {(n, tier, seed): generate(n, seed=seed, tier=tier, trap=True)
            for n, tier, seed in CASES}


def test_every_trap_has_no_solution_by_independent_counters(traps):
    for (n, tier, seed), level in traps.items():
        assert level.trap and level.solution is None and level.tier == tier
        assert cpsat_count(level.regions, 1, limit=1) == 0, (n, tier, seed)
        assert count_solutions(level.regions, limit=1) == 0
        if n <= 8:
            assert brute_force_count(level.regions, "touch") == 0


def test_traps_look_like_levels(traps):
    for level in traps.values():
        n = level.size
        assert regions_connected(level.regions)
        assert sorted(region_sizes(level.regions)) == list(range(n))
        assert min(region_sizes(level.regions).values()) >= 1


def test_a_trap_is_the_same_for_the_same_seed():
    first = generate(9, seed=77, tier="hard", trap=True)
    again = generate(9, seed=77, tier="hard", trap=True)
    other = generate(9, seed=78, tier="hard", trap=True)
    assert first.regions == again.regions and first.attempts == again.attempts
    assert other.regions != first.regions
    drawn = generate(9, seed=5, trap=True)
    assert drawn.tier in trap_tiers(9) and drawn.regions == generate(9, seed=5,
                                                                     trap=True).regions


def test_the_proof_ends_in_a_contradiction_at_the_stated_tier(traps):
    for (n, tier, seed), level in traps.items():
        rating = rate(level.regions)
        assert not rating.solved_by_logic and rating.tier == tier, (n, tier, seed)
        assert trap_tier(level.regions) == tier
        assert max(TECHNIQUES.index(step.technique) + 1
                   for step in [*rating.steps, rating.contradiction]) == LEVEL[tier]
        # Deep enough: the tier's share of the queens is placed before the contradiction.
        assert queens_before(rating) >= math.ceil(TRAP_DEPTH[tier] * n)
        assert not any(step.technique == "mistake" for step in rating.steps)


def test_the_contradiction_names_the_units():
    for level in (generate(8, seed=3, tier="medium", trap=True), HALL):
        regions = level if isinstance(level, list) else level.regions
        step = rate(regions).contradiction
        reason = step.reason
        assert reason["says"] == "no_solution" and reason["units"], reason
        named = {(kind, i) for kind, i in reason["units"]}
        if reason["why"] in ("empty_unit", "ruled_out"):
            unit = reason["unit"]
            assert named == {(unit["kind"], unit["index"])}
        else:
            assert named == ({("region", g["index"]) for g in reason["regions"]}
                             | {(reason["lines"]["kind"], i) for i in reason["lines"]["indexes"]})
        assert step.message == sentence(reason) and "no solution" in step.message
        assert step.because  # the units' cells, shown on the board


def test_three_regions_in_two_rows():
    rating = rate(HALL)
    step = rating.contradiction
    assert step.technique == "group_confinement" and rating.tier == "medium"
    assert step.message == ("The open cells of the khaki, rose and mint regions all lie in rows "
                            "2 and 3: three regions with only two rows for their queens, so "
                            "this board has no solution.")
    assert sorted(map(tuple, step.reason["units"])) == [
        ("region", 2), ("region", 3), ("region", 4), ("row", 1), ("row", 2)]


def reference_closure(regions, level: int) -> ref.State:
    """The plain reading's closure of techniques 1..level (6: with one assumption at a
    time, each refuted by techniques 1-5)."""
    state = ref.closure(ref.State(ref.Board(regions, "touch")), min(level, 5))
    while level == 6 and not state.contradiction() and not state.solved():
        refuted = ref.contradiction(state)
        if not refuted:
            break
        for queens, crosses in refuted:
            ref.apply(state, queens, crosses)
        state = ref.closure(state, 5)
    return state


@pytest.mark.parametrize("n,tier,seed", [(7, tier, seed) for tier in TIERS for seed in (1, 2)]
                         + [(8, "hard", 3), (8, "medium", 4)]
                         + [(10, tier, 5) for tier in TIERS])
def test_the_plain_reading_reaches_the_contradiction_at_the_tier_and_not_below(n, tier, seed):
    level = generate(n, seed=seed, tier=tier, trap=True)
    assert reference_closure(level.regions, LEVEL[tier]).contradiction()
    if tier != "easy":
        below = reference_closure(level.regions, LEVEL[tier] - 1)
        assert not below.contradiction() and not below.solved()


def test_trap_conflicts_start_with_the_proofs_and_are_minimal(traps):
    for level in [*traps.values()][::3]:
        rating = rate(level.regions)
        conflicts = trap_conflicts(level.regions)
        first = {(kind, i) for kind, i in rating.contradiction.reason["units"]}
        assert conflicts[0].units == first
        sets = [c.units for c in conflicts]
        assert len(set(sets)) == len(sets)
        assert not any(a < b for a in sets for b in sets)
        for conflict in conflicts:
            assert conflict.message == sentence(conflict.reason)
            assert {tuple(u) for u in conflict.reason["units"]} == conflict.units


def test_a_level_with_a_solution_has_no_conflict_and_no_contradiction():
    level = generate(9, seed=4, tier="hard")
    assert trap_conflicts(level.regions) == []
    assert rate(level.regions).contradiction is None
    # Beyond logic but with solutions: none either.
    open_map = [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]
    assert count_solutions(open_map) == 2 and trap_conflicts(open_map) == []


@pytest.mark.parametrize("kwargs,says", [
    ({"n": 8, "stars": 2}, "stars"),
    ({"n": 8, "rule": "classic"}, "touch"),
    ({"n": 5, "tier": "expert"}, "not made at 5×5"),
    ({"n": 4}, "no trap is made at 4×4"),
    ({"n": 4, "tier": "easy"}, "not made at 4×4"),
    ({"n": 8, "strategy": "fast"}, "designed"),
    ({"n": 8, "tier": "impossible"}, "unknown tier"),
    ({"n": 8, "seed": -1}, "seed"),
    ({"n": 8, "max_attempts": 0}, "max_attempts"),
])
def test_unserved_traps_are_value_errors(kwargs, says):
    with pytest.raises(ValueError, match=says):
        generate(trap=True, **kwargs)


def test_trap_tiers_follow_the_served_sizes():
    assert trap_tiers(4) == []
    for tier, (low, high) in TRAP_SIZES.items():
        assert tier in trap_tiers(low) and tier in trap_tiers(high)
        assert tier not in trap_tiers(high + 1)


def _fits_by_brute_force(regions, units) -> bool:
    """Every choice of one cell per unit, checked pair by pair: the units can all have
    their queen (an independent reading of units_conflict's question)."""
    from itertools import product

    from generator_ext.rules import attacks

    n = len(regions)

    def cells(kind, index):
        if kind == "row":
            return [(index, c) for c in range(n)]
        if kind == "column":
            return [(r, index) for r in range(n)]
        return [(r, c) for r in range(n) for c in range(n) if regions[r][c] == index]

    for choice in product(*(cells(*unit) for unit in units)):
        queens = set(choice)
        ok = all(not attacks("touch", *a, *b) and regions[a[0]][a[1]] != regions[b[0]][b[1]]
                 for a in queens for b in queens if a < b)
        if ok and all(any(q in cells(*unit) for q in queens) for unit in units):
            return True
    return False


def test_units_that_conflict_on_their_own_are_found_and_checked_by_brute_force():
    """A trap's four regions no queens can all fill (easy 6×6 seed 1, found by a player and
    refused: the proof's sets are single units on its forced marks) conflict on their own,
    minimally; on a level no set does. Brute force agrees on every set of up to 3 units."""
    from itertools import combinations

    from generator_ext import units_conflict

    trap = generate(6, seed=1, tier="easy", trap=True).regions
    four = [("region", g) for g in (1, 2, 4, 5)]
    assert units_conflict(trap, "touch", four)
    assert not _fits_by_brute_force(trap, four)
    assert all(_fits_by_brute_force(trap, [u for u in four if u != left]) for left in four)
    level = generate(6, seed=1, tier="easy").regions
    units = [(kind, i) for kind in ("row", "column", "region") for i in range(6)]
    for regions in (trap, level):
        for size in (1, 2, 3):
            for claim in combinations(units, size):
                conflict = units_conflict(regions, "touch", claim)
                fits = _fits_by_brute_force(regions, claim)
                assert not (conflict and fits), claim
                if conflict:  # minimal: each one left out fits
                    assert all(_fits_by_brute_force(regions, [u for u in claim if u != x])
                               for x in claim)
    with pytest.raises(ValueError, match="unit"):
        units_conflict(trap, "touch", [("diagonal", 0)])
    with pytest.raises(ValueError, match="unit"):
        units_conflict(trap, "touch", [("row", 6)])
