"""The site's conflict check (puzzles/play/board_check.py) and the engine know one rule: they
agree on which sets of queens clash, under both rules."""

import random

import pytest
from generator_ext._deduce_api import queens_clash_raw

from puzzles.play.board_check import find_conflicts
from tests.engine.reference import random_region_map


@pytest.mark.parametrize("rule", ["touch", "classic"])
def test_find_conflicts_agrees_with_the_engine(rule):
    rng = random.Random(3)
    agreed = {True: 0, False: 0}
    for seed in range(300):
        n = rng.randint(4, 9)
        regions = random_region_map(n, seed)
        cells = [(r, c) for r in range(n) for c in range(n)]
        queens = rng.sample(cells, rng.randint(2, 4))
        clash = queens_clash_raw(regions, rule, queens)
        assert bool(find_conflicts(regions, queens, rule)) == clash, (regions, queens)
        agreed[clash] += 1
    assert agreed[True] > 30 and agreed[False] > 30  # both outcomes were exercised


@pytest.mark.parametrize("rule", ["touch", "classic"])
def test_the_attack_rule_is_the_compiled_engines(rule):
    """generator_ext.rules.attacks (the builder's placement search uses it) answers as the
    compiled engine does for two queens of different regions, on every pair of cells."""
    from generator_ext.rules import attacks

    n = 7
    stripes = [[c for c in range(n)] for _ in range(n)]  # region = column
    rows = [[r for _ in range(n)] for r in range(n)]  # region = row
    for r1 in range(n):
        for c1 in range(n):
            for r2 in range(n):
                for c2 in range(n):
                    if (r1, c1) == (r2, c2):
                        continue
                    # A map in which the two cells lie in different regions, when one exists.
                    regions = stripes if c1 != c2 else rows
                    if regions[r1][c1] == regions[r2][c2]:
                        continue
                    assert attacks(rule, r1, c1, r2, c2) == queens_clash_raw(
                        regions, rule, [(r1, c1), (r2, c2)]), (r1, c1, r2, c2)


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("stars", [1, 2, 3])
def test_the_star_rule_is_the_engines(stars, rule):
    """The site says "k-star boards use the touch rule only" exactly where the engine refuses
    a star count under a rule (at a size that holds the stars, so only the rule decides)."""
    from generator_ext import check_stars
    from puzzles.core.errors import ServiceError
    from puzzles.core.vocabulary import check_star_rule

    try:
        check_stars(stars, 12, rule)
        engine_refuses = False
    except ValueError:
        engine_refuses = True
    try:
        check_star_rule(stars, rule)
        site_refuses = False
    except ServiceError:
        site_refuses = True
    assert site_refuses == engine_refuses
