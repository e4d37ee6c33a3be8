"""The builder's "make it unique": the proposal has exactly one solution, logic finishes it,
it moves few cells, and it is refused for what it cannot fix."""

import random

import pytest

from generator_ext import count_solutions, generate, make_unique, rate, validate_regions
from generator_ext.builder import nudged


def ambiguous_maps(n, count, rule="touch"):
    rng = random.Random(n)
    seed = 0
    while count:
        seed += 1
        # Blocky maps, like most paintings: the bounds below were measured on them (a
        # designed map of one-cell strokes can ask more moves of the fix).
        grid = nudged(generate(n, rule, seed=seed, tier="hard", strategy="fast").regions, 3, rng)
        if count_solutions(grid, rule, limit=2) == 2:
            count -= 1
            yield seed, grid


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("n", [6, 8, 11])
def test_the_proposal_has_one_solution_that_logic_finds(n, rule):
    for seed, grid in ambiguous_maps(n, 5, rule):
        fix = make_unique(grid, rule, seed=seed)
        assert fix is not None, grid
        assert count_solutions(fix.regions, rule, limit=None) == 1
        assert rate(fix.regions, rule).solved_by_logic and fix.rating.solved_by_logic
        validate_regions(fix.regions)  # every region still one connected piece
        changed = [[r, c] for r in range(n) for c in range(n)
                   if fix.regions[r][c] != grid[r][c]]
        assert changed == fix.moved and 0 < len(changed) <= n


def test_a_level_needs_no_change_and_is_returned_as_it_is():
    level = generate(9, seed=4)
    fix = make_unique(level.regions)
    assert fix.moved == [] and fix.regions == level.regions


def test_the_proposal_stays_close_to_the_painting():
    moved = [len(make_unique(grid, seed=seed).moved) for seed, grid in ambiguous_maps(10, 12)]
    assert sorted(moved)[len(moved) // 2] <= 3  # three cells were nudged; the fix undoes few


def test_a_map_with_no_solution_is_brought_to_one():
    rng = random.Random(5)
    fixed = tried = seed = 0
    while tried < 10:
        seed += 1
        grid = nudged(generate(6, seed=seed, tier="hard").regions, 3, rng)
        if count_solutions(grid, limit=1) != 0:
            continue
        tried += 1
        fix = make_unique(grid, seed=seed)
        if fix is not None:
            fixed += 1
            assert count_solutions(fix.regions, limit=None) == 1
            assert fix.rating.solved_by_logic
            validate_regions(fix.regions)
    assert fixed >= 8  # measured 15 of 15 at 6x6 (and 13 of 15 at 8x8)


def test_unfinished_maps_are_refused_clearly():
    rows = [[0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 3, 3]]  # rows 1-2 share a region
    assert count_solutions(rows) == 0
    with pytest.raises(ValueError, match="n must be"):
        make_unique([[0, 0], [0, 0]])
    with pytest.raises(ValueError):
        make_unique([[0, -1, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]])
    with pytest.raises(ValueError, match="rule"):
        make_unique(rows, "bishop")
    with pytest.raises(ValueError, match="seed"):
        make_unique(rows, seed=-1)
