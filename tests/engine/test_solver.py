"""count_solutions and solve against known sequences and a brute force."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator_ext import count_solutions, solve
from tests.engine.reference import brute_force_count, is_solution, random_region_map

# With every row its own region, a solution is any permutation the rule allows.
A002464_TOUCH = {4: 2, 5: 14, 6: 90, 7: 646, 8: 5242, 9: 47622, 10: 479306}
A000170_CLASSIC = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}


def rows_as_regions(n):
    return [[r] * n for r in range(n)]


def columns_as_regions(n):
    return [list(range(n)) for _ in range(n)]


@pytest.mark.parametrize("n,expected", sorted(A002464_TOUCH.items()))
def test_touch_counts_follow_a002464(n, expected):
    assert count_solutions(rows_as_regions(n), "touch", limit=None) == expected
    assert count_solutions(columns_as_regions(n), "touch", limit=None) == expected


@pytest.mark.parametrize("n,expected", sorted(A000170_CLASSIC.items()))
def test_classic_counts_follow_a000170(n, expected):
    assert count_solutions(rows_as_regions(n), "classic", limit=None) == expected


def test_limit_stops_counting_early():
    assert count_solutions(rows_as_regions(8), limit=2) == 2
    assert count_solutions(rows_as_regions(8), limit=5241) == 5241
    assert count_solutions(rows_as_regions(8), limit=10**6) == 5242


def test_default_rule_is_touch_and_limit_two():
    assert count_solutions(rows_as_regions(6)) == 2


def test_largest_board_is_accepted():
    n = 32
    assert count_solutions(rows_as_regions(n), limit=3) == 3
    perm = solve(rows_as_regions(n), "classic")
    assert perm is not None and is_solution(rows_as_regions(n), perm, "classic")


@settings(max_examples=150, deadline=None)
@given(n=st.integers(4, 7), seed=st.integers(0, 2**32), rule=st.sampled_from(["touch", "classic"]))
def test_count_matches_brute_force(n, seed, rule):
    regions = random_region_map(n, seed)
    expected = brute_force_count(regions, rule)
    assert count_solutions(regions, rule, limit=None) == expected
    assert count_solutions(regions, rule, limit=2) == min(expected, 2)
    found = solve(regions, rule)
    if expected:
        assert found is not None and is_solution(regions, found, rule)
    else:
        assert found is None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), rule=st.sampled_from(["touch", "classic"]))
def test_count_matches_brute_force_at_8(seed, rule):
    regions = random_region_map(8, seed)
    assert count_solutions(regions, rule, limit=None) == brute_force_count(regions, rule)


def test_solve_returns_none_without_solution():
    # Two regions confined to row 0 cannot both hold a queen.
    regions = [
        [0, 0, 1, 1],
        [2, 2, 2, 2],
        [2, 3, 3, 2],
        [2, 2, 2, 2],
    ]
    assert count_solutions(regions, limit=None) == 0
    assert solve(regions) is None
