"""Generated levels are playable: unique, connected, big enough regions, valid solution."""

import pytest

from generator_ext import GeneratedLevel, count_solutions, generate, rate, served_tiers
from generator_ext.levels import MIN_REGION_SIZE, ONE_CELL_TIERS
from tests.engine.reference import (
    brute_force_count,
    is_solution,
    region_sizes,
    regions_connected,
)

FAST_SIZES = range(4, 15)
NAIVE_SIZES = range(4, 11)  # past 10 the baseline needs minutes a level


def assert_playable(level: GeneratedLevel, n: int, rule: str, min_size: int | None = None):
    """min_size None: the engine's rule, MIN_REGION_SIZE but for the one-cell regions (given
    queens) of composed easy and medium levels."""
    regions = level.regions
    assert len(regions) == n and all(len(row) == n for row in regions)
    assert regions_connected(regions)
    assert set(region_sizes(regions)) == set(range(n))
    if min_size is None:
        given = level.tier in ONE_CELL_TIERS and level.family is not None
        assert all(size >= MIN_REGION_SIZE or (given and size == 1)
                   for size in region_sizes(regions).values())
    else:
        assert min(region_sizes(regions).values()) >= min_size
    assert is_solution(regions, level.solution, rule)
    assert count_solutions(regions, rule, limit=None) == 1
    if n <= 7:
        assert brute_force_count(regions, rule) == 1
    assert level.rule == rule and level.attempts >= 1 and level.elapsed_s >= 0


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("n", FAST_SIZES)
def test_fast_levels_are_playable(n, rule):
    for seed in range(6 if n <= 10 else 2):
        level = generate(n, rule, seed=seed, strategy="fast")
        assert level.strategy == "fast" and level.seed == seed
        assert_playable(level, n, rule)


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("n", [*FAST_SIZES, 16, 20])
def test_designed_levels_are_playable(n, rule):
    for seed in range(6 if n <= 10 else 2):
        level = generate(n, rule, seed=seed)
        assert level.strategy == "design" and level.seed == seed and level.style == "any"
        assert_playable(level, n, rule)


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("n", NAIVE_SIZES)
def test_naive_levels_are_playable(n, rule):
    for seed in range(3):
        assert_playable(generate(n, rule, seed=seed, strategy="naive"), n, rule)


@pytest.mark.parametrize("seed", range(40))
def test_many_seeds_at_8_agree_with_brute_force(seed):
    level = generate(8, seed=seed)
    assert brute_force_count(level.regions, "touch") == 1


@pytest.mark.parametrize("min_size", [1, 3, 4])
def test_min_region_size_is_honoured(min_size):
    for seed in range(4):
        assert_playable(generate(9, seed=seed, min_region_size=min_size), 9, "touch", min_size)


@pytest.mark.parametrize("strategy", ["design", "fast", "naive"])
def test_same_seed_same_level(strategy):
    a = generate(8, seed=1234, strategy=strategy)
    b = generate(8, seed=1234, strategy=strategy)
    assert (a.regions, a.solution, a.attempts) == (b.regions, b.solution, b.attempts)
    assert generate(8, seed=1235, strategy=strategy).regions != a.regions


def test_fresh_seed_is_drawn_and_reported():
    level = generate(7)
    assert isinstance(level.seed, int) and level.seed >= 0
    assert generate(7, seed=level.seed).regions == level.regions


def test_large_board():
    assert_playable(generate(18, seed=3), 18, "touch")


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("n", [6, 9, 12])
def test_each_served_tier_is_generated_at_that_tier(n, rule):
    assert served_tiers(n) == ["easy", "medium", "hard", "expert"]
    for tier in served_tiers(n):
        for seed in range(3):
            level = generate(n, rule, seed=seed, tier=tier)
            rating = rate(level.regions, rule)
            assert level.tier == tier and rating.tier == tier and rating.solved_by_logic
            assert_playable(level, n, rule)


def test_untargeted_levels_are_solved_by_logic_with_a_tier_mix():
    tiers = []
    for seed in range(60):
        level = generate(9, seed=seed)
        rating = rate(level.regions)
        assert rating.solved_by_logic and rating.tier == level.tier
        tiers.append(level.tier)
    assert {"easy", "medium", "hard"} <= set(tiers)
    assert tiers.count("hard") > tiers.count("expert")


def test_large_tiered_board():
    for tier in ("easy", "medium", "hard"):
        level = generate(20, seed=1, tier=tier)
        assert rate(level.regions).tier == tier
        assert count_solutions(level.regions, limit=2) == 1


@pytest.mark.parametrize(
    "n,tier,message",
    [
        (4, "medium", "medium levels are not generated at 4×4; they are served for sizes 5 to 32"),
        (5, "expert", "expert levels are not generated at 5×5"),
        (20, "expert", "expert levels are not generated at 20×20"),
        (8, "impossible", "unknown tier 'impossible'"),
        (8, "", "unknown tier"),
        (8, 2, "unknown tier"),
    ],
)
def test_unserved_or_unknown_tier_is_a_value_error(n, tier, message):
    with pytest.raises(ValueError, match=message):
        generate(n, seed=1, tier=tier)


def test_seed_range_fits_the_database_column():
    assert generate(6, seed=2**63 - 1).seed == 2**63 - 1
    with pytest.raises(ValueError, match="2\\*\\*63-1"):
        generate(6, seed=2**63)


def test_naive_with_a_tier_is_rated():
    level = generate(7, seed=3, strategy="naive", tier="hard")
    assert rate(level.regions).tier == "hard"


def test_max_attempts_exhausted_is_reported():
    with pytest.raises(RuntimeError, match="attempts"):
        generate(12, seed=1, strategy="naive", max_attempts=1)
