"""Star Battle (k stars per row, column and region) in the engine: the compiled counter held
to a plain exhaustive one (tests/engine/stars_reference.py) on random and planted 2★ and 3★
maps, solutions that obey every rule, and clear errors for what cannot be played."""

from __future__ import annotations

import random

import pytest
from generator_ext._stars import count_star_solutions

from generator_ext import canonical_hash, count_solutions, generate, solve, validate_regions
from tests.engine.stars_reference import planted_map, random_map, reference_count
from tests.engine.test_canonical import all_symmetries, relabel

LIMIT = 60  # counts are compared exactly up to here


def maps(n: int, k: int, count: int, seed: int) -> list[list[list[int]]]:
    """`count` planted maps (each has a solution) and as many random ones."""
    rng = random.Random(seed)
    planted = []
    for _ in range(40 * count):
        if len(planted) == count:
            break
        grid = planted_map(n, k, rng)
        if grid is not None:
            planted.append(grid)
    assert len(planted) == count, f"only {len(planted)} planted {n}×{n} {k}★ maps"
    return planted + [random_map(n, rng) for _ in range(count)]


def obeys_the_rules(regions, k: int, rows: list[list[int]]) -> bool:
    n = len(regions)
    stars = [(r, c) for r, cols in enumerate(rows) for c in cols]
    if any(len(cols) != k for cols in rows):
        return False
    if any(sum(c == col for _, c in stars) != k for col in range(n)):
        return False
    if any(sum(regions[r][c] == g for r, c in stars) != k for g in range(n)):
        return False
    return not any(max(abs(r1 - r2), abs(c1 - c2)) <= 1
                   for i, (r1, c1) in enumerate(stars) for r2, c2 in stars[i + 1:])


@pytest.mark.parametrize("n, k, count, seed", [
    (8, 2, 6, 1), (9, 2, 8, 2), (10, 2, 6, 3), (12, 3, 5, 5),
])
def test_the_compiled_counter_agrees_with_the_plain_one(n, k, count, seed):
    checked = 0
    for index, grid in enumerate(maps(n, k, count, seed)):
        expected = reference_count(grid, k, limit=LIMIT)
        assert expected >= 1 or index >= count  # a planted map has its solution
        assert count_solutions(grid, limit=LIMIT, stars=k) == expected, grid
        assert count_solutions(grid, stars=k) == min(expected, 2)  # stops at the limit
        found = solve(grid, stars=k)
        assert (found is None) == (expected == 0)
        if found is not None:
            assert obeys_the_rules(grid, k, found), (grid, found)
        checked += 1
    assert checked == 2 * count


def test_one_star_through_the_star_counter_is_queens():
    rng = random.Random(9)
    for n in (6, 7, 8, 9):
        for _ in range(10):
            grid = random_map(n, rng)
            assert count_star_solutions(grid, 1, None)[0] == count_solutions(grid, limit=None)
    level = generate(9, seed=3)
    assert count_star_solutions(level.regions, 1, 2)[1] == [[[c] for c in level.solution]]


def test_star_counts_are_checked_with_sentences():
    grid = random_map(8, random.Random(1))
    for bad, words in [(0, "stars must be 1, 2 or 3"), (4, "stars must be 1, 2 or 3"),
                       (True, "stars must be 1, 2 or 3"), ("2", "stars must be 1, 2 or 3")]:
        with pytest.raises(ValueError, match=words):
            count_solutions(grid, stars=bad)
    with pytest.raises(ValueError, match="classic rule is for one star only"):
        count_solutions(grid, rule="classic", stars=2)
    small = random_map(6, random.Random(2))
    with pytest.raises(ValueError, match=r"a 6×6 board cannot hold 2 stars .* 7×7 or larger"):
        validate_regions(small, stars=2)
    with pytest.raises(ValueError, match=r"3 stars need 11×11 or larger"):
        solve(random_map(10, random.Random(3)), stars=3)
    validate_regions(grid, stars=2)


def test_the_canonical_hash_tells_star_counts_apart_and_ignores_symmetry():
    grid = maps(9, 2, 1, 11)[0]
    two = canonical_hash(grid, stars=2)
    assert two != canonical_hash(grid) and canonical_hash(grid) == canonical_hash(grid, stars=1)
    for seed, copy in enumerate(all_symmetries(grid)):
        assert canonical_hash(relabel(copy, seed), stars=2) == two
