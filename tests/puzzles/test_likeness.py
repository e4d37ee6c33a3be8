"""Near copies: the solution key ignores rotation and mirroring, and the distance between a
painting and a level counts changed cells, whatever the turn and the labels."""

from generator_ext import generate, solve
from puzzles.likeness import cells_apart, is_near, solution_key
from tests.engine.test_canonical import all_symmetries, relabel


def test_the_key_and_the_distance_ignore_every_symmetry_and_relabelling():
    level = generate(9, seed=3, tier="hard")
    for seed, grid in enumerate(all_symmetries(level.regions)):
        copy = relabel(grid, seed)
        solution = solve(copy)
        assert solution_key(solution, "touch") == solution_key(level.solution, "touch")
        assert cells_apart(copy, solution, level.regions, level.solution) == 0
    assert solution_key(level.solution, "classic") != solution_key(level.solution, "touch")


def test_a_few_changed_cells_are_near_and_another_level_is_not():
    level = generate(8, seed=4, tier="hard")
    changed = [row[:] for row in level.regions]
    changed[0][0] = changed[0][1]
    assert cells_apart(changed, level.solution, level.regions, level.solution) <= 1
    assert is_near(changed, level.solution, level.regions, level.solution)
    other = generate(8, seed=99, tier="hard")
    assert not is_near(other.regions, level.solution, level.regions, level.solution)
