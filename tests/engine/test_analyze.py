"""analyze(): every problem of an unfinished map at once; for a complete one the solution
count up to 2, two differing solutions when ambiguous, the rating when unique."""

import pytest

from generator_ext import REGION_COLORS, analyze, generate, rate
from tests.engine.reference import is_solution


def test_every_problem_is_listed_at_once():
    regions = [
        [0, 0, 1, 1, -1],
        [0, 2, 2, 1, 1],
        [3, 3, 2, 1, 0],
        [3, 3, -1, 1, 1],
        [3, 3, 3, 1, 1],
    ]  # two unpainted cells, region 4 unused, region 0 in two pieces
    result = analyze(regions)
    kinds = {p.kind: p for p in result.problems}
    assert set(kinds) == {"unpainted", "unused", "disconnected"}
    assert kinds["unpainted"].cells == [[0, 4], [3, 2]]
    assert kinds["unpainted"].message == "2 cells are not painted yet."
    assert kinds["unused"].region == 4 and "has no cells" in kinds["unused"].message
    assert kinds["disconnected"].region == 0 and kinds["disconnected"].cells == [[2, 4]]
    assert kinds["disconnected"].message == (
        f"The {REGION_COLORS[0][0]} region is in 2 pieces; its cells must touch."
    )
    assert result.solution_count is None and result.rating is None and not result.playable


def test_every_split_and_unused_region_is_reported():
    regions = [[0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0]]
    result = analyze(regions)
    assert sorted(p.region for p in result.problems if p.kind == "unused") == [2, 3]
    assert sorted(p.region for p in result.problems if p.kind == "disconnected") == [0, 1]


def test_ambiguous_map_gives_two_differing_solutions():
    regions = [[r] * 6 for r in range(6)]
    result = analyze(regions)
    assert result.problems == [] and result.solution_count == 2
    first, second = result.solutions
    assert first != second
    assert is_solution(regions, first, "touch") and is_solution(regions, second, "touch")
    assert result.rating is None and not result.playable


def test_map_without_solution():
    regions = [[0, 0, 0, 0], [0, 1, 1, 0], [2, 2, 3, 3], [2, 2, 3, 3]]
    result = analyze(regions)
    assert result.solution_count == 0 and result.solutions == [] and result.rating is None


@pytest.mark.parametrize("rule", ["touch", "classic"])
def test_unique_map_is_rated(rule):
    level = generate(8, rule, seed=4)
    result = analyze(level.regions, rule)
    assert result.solution_count == 1 and result.solutions == [level.solution]
    assert result.rating == rate(level.regions, rule) and result.playable


@pytest.mark.parametrize(
    "regions,message",
    [
        (None, "not None"),
        ([[0, 1], [1, 0]], "n must be between 4 and 32"),
        ([[0, 0, 1, 1]] * 3 + [[0, 0, 1]], "4×4 grid"),
        ([[0, 0, 1, 1]] * 3 + [[0, 0, 1, 4]], r"-1 \(unpainted\) or 0..3"),
        ([[0, 0, 1, 1]] * 3 + [[0, 0, 1, -2]], r"-1 \(unpainted\) or 0..3"),
        ([[0, 0, 1, 1]] * 3 + [[0, 0, 1, "a"]], "must be integers"),
    ],
)
def test_bad_input_is_a_value_error(regions, message):
    with pytest.raises(ValueError, match=message):
        analyze(regions)


def test_unknown_rule():
    with pytest.raises(ValueError, match="unknown rule"):
        analyze([[0] * 4] * 4, "knight")


def test_the_count_of_a_painting_stops_at_its_node_budget():
    from generator_ext._naive import naive_partition_for_seed
    from generator_ext._solver import two_solutions

    grid = naive_partition_for_seed(16, 3)
    assert len(two_solutions(grid, "touch")) == 2
    with pytest.raises(ValueError, match="too many ways"):
        two_solutions(grid, "touch", node_budget=1)
