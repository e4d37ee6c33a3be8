"""The engine's Star Battle counter held to an independent one on OR-Tools CP-SAT
(tests/engine/stars_cpsat.py), itself held to the plain row-by-row counter
(tests/engine/stars_reference.py) where that one is fast: on random maps, planted ones,
planted ones nudged a few cells and generated levels, so counts of 0, 1 and ≥2 all come up
at every size served (2★ 8-12, 3★ 12-16), 16×16 3★ within a time bound per map."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from generator_ext import count_solutions, generate, solve
from tests.engine.stars_cpsat import cpsat_accepts, cpsat_count, cpsat_solutions
from tests.engine.stars_reference import (
    nudged_map,
    planted_map,
    random_map,
    reference_count,
    two_solution_map,
)
from tests.engine.test_stars import obeys_the_rules

EXACT_LIMIT = 40  # CP-SAT and the plain counter are compared exactly up to here
# One count (or solve) of a 16×16 3★ map, by either counter: each map here takes under a
# second on a quiet core (on 100 planted and nudged maps the engine took at most 0.7 s, CP-SAT
# 0.4 s); the bound leaves room for a machine shared with other work.
SECONDS_16 = 10.0


def mixed_maps(n: int, k: int, seed: int, each: int) -> list[tuple[str, list[list[int]]]]:
    """(kind, map): `each` random maps (mostly no solution), planted ones (≥1), planted ones
    nudged two cells, generated levels (one solution) as they are and nudged one cell, and
    one map made with two solutions."""
    rng = random.Random(seed)
    out = [("random", random_map(n, rng)) for _ in range(each)]
    planted = [grid for grid in (planted_map(n, k, rng) for _ in range(4 * each))
               if grid is not None][: 2 * each]
    assert len(planted) == 2 * each, f"too few planted {n}×{n} {k}★ maps"
    out += [("planted", grid) for grid in planted[:each]]
    out += [("nudged", nudged_map(grid, 2, rng)) for grid in planted[each:]]
    for s in range(seed, seed + each):
        level = generate(n, seed=s, stars=k)
        out += [("level", level.regions), ("nudged level", nudged_map(level.regions, 1, rng))]
    two = next((grid for grid in (two_solution_map(n, k, rng) for _ in range(10)) if grid),
               None)
    assert two is not None, f"no {n}×{n} {k}★ map with two solutions made"
    return [*out, ("two solutions", two)]


def assert_solved(regions, k: int, found, count: int) -> None:
    """The engine's solve gives a placement CP-SAT accepts, or None where there is none."""
    if count == 0:
        assert found is None, (regions, found)
    else:
        assert found is not None and cpsat_accepts(regions, k, found), (regions, found)


def tally(counts: list[int]) -> dict[str, int]:
    cases = Counter("0" if c == 0 else "1" if c == 1 else "≥2" for c in counts)
    return {case: cases[case] for case in ("0", "1", "≥2")}


@pytest.mark.parametrize("n, k, seed, each", [
    (8, 2, 11, 4), (9, 2, 12, 3), (10, 2, 13, 3), (12, 3, 14, 3),
])
def test_cpsat_counts_what_the_plain_counter_counts(n, k, seed, each):
    """Exact counts (up to EXACT_LIMIT) on maps small enough for the plain counter, and every
    solution CP-SAT lists obeys the rules as the plain counter's checker sees them."""
    counts = []
    for kind, grid in mixed_maps(n, k, seed, each):
        expected = reference_count(grid, k, limit=EXACT_LIMIT)
        found = cpsat_solutions(grid, k, limit=EXACT_LIMIT)
        assert len(found) == expected, (kind, grid)
        assert kind != "two solutions" or expected >= 2, grid
        assert len({tuple(map(tuple, rows)) for rows in found}) == len(found)  # all different
        assert all(obeys_the_rules(grid, k, rows) for rows in found), (kind, grid)
        counts.append(expected)
    assert all(tally(counts).values()), tally(counts)


@pytest.mark.parametrize("n, k, seed, each", [
    (8, 2, 21, 5), (9, 2, 26, 5), (10, 2, 22, 5), (11, 2, 27, 5), (12, 2, 23, 5),
    (12, 3, 24, 4), (13, 3, 28, 3), (14, 3, 25, 3), (15, 3, 29, 2),
])
def test_the_engine_counts_what_cpsat_counts(n, k, seed, each):
    """count_solutions(limit=2) is CP-SAT's count stopped at 2, and solve gives a placement
    CP-SAT accepts (None where there is none); a generated level counts 1."""
    counts = []
    for kind, grid in mixed_maps(n, k, seed, each):
        expected = cpsat_count(grid, k, limit=2)
        assert count_solutions(grid, limit=2, stars=k) == expected, (kind, grid)
        assert_solved(grid, k, solve(grid, stars=k), expected)
        if kind == "level":
            assert expected == 1, grid
        if kind == "two solutions":
            assert expected == 2, grid
        counts.append(expected)
    assert all(tally(counts).values()), tally(counts)


def timed(call, *args, **kwargs):
    started = time.perf_counter()
    result = call(*args, **kwargs)
    return result, time.perf_counter() - started


def test_16_by_16_3_star_levels_and_planted_maps_count_alike_in_bounded_time():
    """Generated levels count exactly 1 by both counters; planted maps and nudged ones count
    alike; each count within SECONDS_16. The seeds are ones whose level comes out in a few
    attempts, to keep the whole file near a minute."""
    rng = random.Random(16)
    maps = []
    for seed in (1, 11, 32):
        level = generate(16, seed=seed, stars=3)
        maps.append(("level", level.regions))
        maps.append(("nudged level", nudged_map(level.regions, 1, rng)))
    planted = [grid for grid in (planted_map(16, 3, rng) for _ in range(24)) if grid][:8]
    maps += [("planted", grid) for grid in planted[:4]]
    maps += [("nudged", nudged_map(grid, 2, rng)) for grid in planted[4:]]
    maps += [("random", random_map(16, rng))]
    counts = []
    for kind, grid in maps:
        expected, cpsat_s = timed(cpsat_count, grid, 3, limit=2, time_limit_s=SECONDS_16)
        got, engine_s = timed(count_solutions, grid, limit=2, stars=3)
        assert got == expected, (kind, grid)
        if kind == "level":
            assert expected == 1 and cpsat_count(grid, 3, limit=None) == 1, grid
        assert engine_s < SECONDS_16, (kind, engine_s, grid)
        found, solve_s = timed(solve, grid, stars=3)
        assert solve_s < SECONDS_16, (kind, solve_s, grid)
        assert_solved(grid, 3, found, expected)
        assert cpsat_s < SECONDS_16  # (past it, cpsat_count raises CountTimedOut)
        counts.append(expected)
    assert all(tally(counts).values()), tally(counts)


def test_cpsat_accepts_a_placement_exactly_when_it_obeys_the_rules():
    """A level's solution with one star moved within its row, many times over: CP-SAT's model
    (2×2 blocks for touching) and the plain rule check agree on every placement."""
    rng = random.Random(5)
    for n, k, seed in [(10, 2, 3), (12, 3, 4)]:
        level = generate(n, seed=seed, stars=k)
        rows = [list(cols) for cols in level.solution]
        assert cpsat_accepts(level.regions, k, rows)
        assert cpsat_solutions(level.regions, k, limit=None) == [rows]
        verdicts = Counter()
        for _ in range(60):
            moved = [cols[:] for cols in rows]
            r = rng.randrange(n)
            moved[r][rng.randrange(k)] = rng.randrange(n)
            moved[r].sort()
            verdict = obeys_the_rules(level.regions, k, moved)
            assert cpsat_accepts(level.regions, k, moved) == verdict, moved
            verdicts[verdict] += 1
        assert verdicts[False] > 0


# Planted 16×16 3★ maps with two solutions where the counter's fixed order alone took 79 s
# and 29 s (counts now begin with short random restarts: a fraction of a second).
SLOW_ONCE = [[
    "bbffffffffffffee", "bbffccfddddffeee", "bbbccccddddfeeee", "bbbcccaddddaeeee",
    "bbbcccaaaaaa8888", "b59999aaaaaa8888", "559999aaaaa78888", "5599999aaaa77488",
    "5599996aa7774488", "5559666677774488", "5553666667774444", "5553366667724444",
    "5503331112222444", "0003331111122244", "0003301111112222", "0000000111111222",
], [
    "2220000001111111", "2220003333111111", "2200003333311111", "2220003333344444",
    "7225555333344466", "7722555558884666", "7775555588888866", "7779555888888666",
    "779999988aa88b66", "ccc999998aaabbb6", "ccc9ddddaaaabbb6", "ccc9ddddaaaaabb6",
    "ccccddddddeeebb6", "ccffdddddeeeebbb", "cfffffdddeeeeebb", "cfffffffeeeeeeee",
]]


@pytest.mark.parametrize("rows", SLOW_ONCE, ids=["79s", "29s"])
def test_a_16_by_16_map_the_fixed_order_took_a_minute_on_counts_in_bounded_time(rows):
    grid = [[int(ch, 16) for ch in row] for row in rows]
    assert cpsat_count(grid, 3, limit=2, time_limit_s=SECONDS_16) == 2
    got, engine_s = timed(count_solutions, grid, limit=2, stars=3)
    assert got == 2 and engine_s < SECONDS_16, engine_s
    found, solve_s = timed(solve, grid, stars=3)
    assert solve_s < SECONDS_16 and cpsat_accepts(grid, 3, found), solve_s
