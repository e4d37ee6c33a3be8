"""The public engine API with stars=2|3: generate, analyze and make_unique give k-star levels
that have one solution, that logic finishes, and that the same seed gives again; bad
arguments get a ValueError naming the problem."""

import pytest

from generator_ext import (
    analyze,
    count_solutions,
    generate,
    hint,
    make_unique,
    rate,
    served_tiers,
    solve,
)
from tests.engine.stars_reference import reference_count


@pytest.mark.parametrize("n, k, seed", [(8, 2, 3), (10, 2, 4), (12, 3, 5)])
def test_generate_with_stars_gives_unique_logic_levels_again_from_the_seed(n, k, seed):
    level = generate(n, seed=seed, stars=k)
    assert level.stars == k and level.size == n and level.strategy == "planted"
    assert count_solutions(level.regions, stars=k) == 1
    assert solve(level.regions, stars=k) == level.solution
    assert all(len(cols) == k for cols in level.solution)
    rating = rate(level.regions, stars=k)
    assert rating.solved_by_logic and rating.tier == level.tier
    assert level.tier in served_tiers(n, stars=k)
    again = generate(n, seed=seed, stars=k)
    assert (again.regions, again.solution, again.tier) == (level.regions, level.solution,
                                                           level.tier)


def test_a_generated_2_star_level_agrees_with_the_plain_counter():
    level = generate(8, seed=9, stars=2)
    assert reference_count(level.regions, 2, limit=2) == 1


def test_a_tier_too_rare_to_find_is_not_served():
    """Every tier at 2★, hard and expert at 3★, and 16×16 3★ expert only: no hard one came out
    of 400 attempts, so its pool would never fill. Asking for it is a clear error."""
    assert served_tiers(10, stars=2) == ["easy", "medium", "hard", "expert"]
    assert served_tiers(14, stars=3) == ["hard", "expert"]
    assert served_tiers(16, stars=3) == ["expert"]
    with pytest.raises(ValueError, match="hard 3-star levels are not generated at 16×16"):
        generate(16, seed=1, stars=3, tier="hard")


def test_a_16_by_16_3_star_level_is_made_in_bounded_time_and_is_unique():
    import time

    started = time.perf_counter()
    level = generate(16, seed=1, stars=3)
    assert time.perf_counter() - started < 60
    assert level.tier == "expert" and count_solutions(level.regions, stars=3) == 1
    assert rate(level.regions, stars=3).solved_by_logic


def test_a_tier_asked_is_the_tier_given():
    assert generate(8, seed=1, stars=2, tier="expert").tier == "expert"
    assert generate(8, seed=1, stars=2, tier="hard").tier == "hard"


@pytest.mark.parametrize("kwargs, message", [
    ({"n": 10, "stars": 4}, "stars must be 1, 2 or 3"),
    ({"n": 16, "stars": 2}, "2-star levels are generated at sizes 8 to 12"),
    ({"n": 17, "stars": 3}, "3-star levels are generated at sizes 12 to 16"),
    ({"n": 10, "stars": 3}, "cannot hold 3 stars"),
    ({"n": 10, "stars": 2, "tier": "hardest"}, "tiers easy, medium, hard, expert"),
    ({"n": 12, "stars": 3, "tier": "easy"}, "easy 3-star levels are not generated at 12×12"),
    ({"n": 10, "stars": 2, "strategy": "fast"}, "one strategy"),
    ({"n": 10, "stars": 2, "rule": "classic"}, "classic rule is for one star only"),
    ({"n": 10, "stars": 2, "max_attempts": 0}, "max_attempts"),
])
def test_generate_refuses_what_it_cannot_make(kwargs, message):
    with pytest.raises(ValueError, match=message):
        generate(**kwargs)


def test_analyze_with_stars_counts_rates_and_reports():
    level = generate(10, seed=2, stars=2)
    found = analyze(level.regions, stars=2)
    assert found.stars == 2 and found.solution_count == 1 and found.playable
    assert found.solutions == [level.solution] and found.rating.tier == level.tier
    rows = [[r] * 10 for r in range(10)]  # every row a region: many solutions
    many = analyze(rows, stars=2)
    assert many.solution_count == 2 and not many.playable and len(many.solutions) == 2
    unfinished = [row[:] for row in level.regions]
    unfinished[0][0] = -1
    assert analyze(unfinished, stars=2).problems[0].kind == "unpainted"


def test_make_unique_with_stars_repairs_a_map_with_two_solutions():
    level = generate(10, seed=6, stars=2)
    broken = None
    for r in range(10):  # merge-swap cells until the map has a second solution
        for c in range(9):
            trial = [row[:] for row in level.regions]
            a, b = trial[r][c], trial[r][c + 1]
            if a == b:
                continue
            trial[r][c] = b
            if analyze(trial, stars=2).solution_count == 2:
                broken = trial
                break
        if broken:
            break
    assert broken is not None
    fix = make_unique(broken, seed=1, stars=2)
    assert fix is not None and fix.moved
    assert count_solutions(fix.regions, stars=2) == 1 and fix.rating.solved_by_logic
    assert make_unique(level.regions, stars=2).moved == []  # already a level: unchanged


def test_hints_on_a_14_by_14_3_star_level_are_quick_enough_to_serve():
    import time

    level = generate(14, seed=3, stars=3)
    started = time.perf_counter()
    step = hint(level.regions, stars=3)
    assert step is not None and time.perf_counter() - started < 5


def test_analyze_and_hint_answer_the_same_without_the_quick_count():
    """The quick count (techniques 1-6, cut short) only saves time: with it always running
    out, analyze and hint give the same answers, for levels, a map with many solutions and
    a map with none."""
    from unittest import mock

    from generator_ext import deduce

    maps = [(generate(n, seed=seed, stars=k).regions, k)
            for n, k, seed in ((10, 2, 1), (12, 3, 2), (14, 3, 2))]
    many = [[r] * 10 for r in range(10)]  # every row a region
    none = [row[:] for row in many]
    none[0] = [0, 0] + [1] * 8  # region 0 two touching cells: no room for two stars
    maps += [(many, 2), (none, 2)]

    def answers(grid, k):
        out = [analyze(grid, stars=k)]
        for marks in ({}, {"queens": [[0, 0]]}, {"crosses": [[1, c] for c in range(3)]}):
            try:
                out.append(hint(grid, stars=k, **marks))
            except ValueError as refused:
                out.append(str(refused))
        return out

    for grid, k in maps:
        quick = answers(grid, k)
        with mock.patch.object(deduce, "_quick_count", return_value=None):
            assert answers(grid, k) == quick
    assert "more than one" in answers(many, 2)[1]
    assert analyze(none, stars=2).solution_count == 0 and "none" in answers(none, 2)[1]
