"""The compiled step finder (stars_steps, _stars_steps.pyx) held to the plain reading
(stars_logic) step for step: the same technique, stars, crosses, because and reason, from the
empty board of many unique boards, from marks part way through a solve, and from broken
marks (the same Contradiction outcome); the whole solve in C gives the reading's steps; and
rate() and hint() say the same through either."""

from __future__ import annotations

import importlib
import random
from unittest import mock

import pytest

from generator_ext import hint, rate, solve
from generator_ext import stars_logic as plain
from generator_ext import stars_steps as compiled
from generator_ext.stars_generate import generate_stars, planted
from tests.engine.test_stars_logic import unique_boards


@pytest.fixture(scope="module")
def boards() -> list[tuple[list[list[int]], int]]:
    """Unique boards, 2★ at 8-12 and 3★ at 12-14: planted ones where they come easily, the
    generator's (planted and repaired) where they do not."""
    planted = ([(g, 2) for g in unique_boards(8, 2, 3, 21) + unique_boards(9, 2, 3, 22)
                + unique_boards(10, 2, 1, 5)]
               + [(g, 3) for g in unique_boards(12, 3, 2, 24) + unique_boards(13, 3, 1, 25)])
    made = [(generate_stars(n, k, random.Random(seed), None, 400)[0], k)
            for n, k, seed in ((11, 2, 1), (12, 2, 2), (14, 3, 3))]
    return planted + made


def state_of(grid, k, stars=(), crosses=()) -> plain.StarState:
    board = plain.board_for(grid, k, None)
    n = board.n
    return plain.StarState(board, sum(1 << (r * n + c) for r, c in stars),
                           sum(1 << (r * n + c) for r, c in crosses))


def outcome_or_step(reading, s: plain.StarState):
    try:
        return reading.next_step(s)
    except plain.Contradiction as broken:
        return broken.outcome


def walk(s: plain.StarState) -> int:
    """Both readings' next step from `s` on to the end, compared at each; the steps taken."""
    taken = 0
    while not s.solved():
        expected = outcome_or_step(plain, s)
        assert outcome_or_step(compiled, s) == expected, (taken, s.stars, s.crosses)
        if not isinstance(expected, plain.RawStep):
            break
        s.apply(expected)
        taken += 1
    return taken


def test_every_step_from_the_empty_board_is_the_readings_and_so_is_the_solve_in_c(boards):
    seen = set()
    for grid, k in boards:
        s = state_of(grid, k)
        steps = plain.deduce(state_of(grid, k))
        assert walk(s) == len(steps[1]) and s.solved() and steps[0]
        assert compiled.deduce(state_of(grid, k)) == steps, grid
        seen |= {step.technique for step in steps[1]}
    assert seen == set(plain.STAR_TECHNIQUES)  # every technique compared somewhere


def test_where_logic_stops_on_a_16x16_map_with_many_solutions_it_is_the_readings():
    """16×16 3★ has no unique boards to be had (its counts outrun any budget): planted maps,
    compared until logic stops, the last search over every open cell included."""
    for seed in (0, 2):
        grid = planted(16, 3, random.Random(seed))[0]
        steps = plain.deduce(state_of(grid, 3))
        assert not steps[0] and walk(state_of(grid, 3)) == len(steps[1]) > 0
        assert compiled.deduce(state_of(grid, 3)) == steps


def partial_marks(grid, k, rng: random.Random):
    """Stars and crosses of the solution's own, some of each."""
    n = len(grid)
    answer = [[r, c] for r, cols in enumerate(solve(grid, stars=k)) for c in cols]
    others = [[r, c] for r in range(n) for c in range(n) if [r, c] not in answer]
    return (rng.sample(answer, rng.randrange(0, len(answer) // 2)),
            rng.sample(others, rng.randrange(0, len(others) * 2 // 3)))


def test_from_marks_part_way_the_steps_are_the_readings(boards):
    rng = random.Random(36)
    for grid, k in boards[:10]:
        for _ in range(4):
            stars, crosses = partial_marks(grid, k, rng)
            assert walk(state_of(grid, k, stars, crosses)) >= 0
            s = state_of(grid, k, stars, crosses)
            assert compiled.deduce(s) == plain.deduce(state_of(grid, k, stars, crosses))


def test_broken_marks_give_the_same_outcome(boards):
    """Stars anywhere and crosses anywhere: most break a rule at once or on the way; the
    readings name the same rule, or take the same steps to it."""
    rng = random.Random(37)
    broken = 0
    for grid, k in boards[:8]:
        n = len(grid)
        cells = [[r, c] for r in range(n) for c in range(n)]
        for _ in range(12):
            marks = rng.sample(cells, rng.randrange(1, n * k))
            split = rng.randrange(len(marks) + 1)
            s = state_of(grid, k, marks[:split], marks[split:])
            broken += not isinstance(outcome_or_step(plain, s), plain.RawStep)
            walk(s)
            outcomes = []
            for reading in (plain, compiled):
                try:
                    outcomes.append(reading.deduce(state_of(grid, k, marks[:split],
                                                            marks[split:])))
                except plain.Contradiction as found:
                    outcomes.append(found.outcome)
            assert outcomes[0] == outcomes[1], (grid, marks, split)
    assert broken > 20  # enough broken boards to mean something


def test_rate_and_hint_say_the_same_through_either_reading(boards):
    deduce = importlib.import_module("generator_ext.deduce")
    for grid, k in boards[3:6]:
        answer = sorted(tuple(cell) for cell in
                        ([r, c] for r, cols in enumerate(solve(grid, stars=k)) for c in cols))
        marks = {"queens": [list(cell) for cell in answer[:4]]}
        fast = rate(grid, stars=k), hint(grid, stars=k, **marks)
        with mock.patch.object(deduce, "stars_steps", plain):
            assert (rate(grid, stars=k), hint(grid, stars=k, **marks)) == fast


def test_the_search_resumed_from_earlier_rests_finds_what_closures_from_scratch_find(boards):
    """The contradiction search starts each cell's closure where it came to rest at earlier
    marks and tries group confinement only where the marks added since can set it off, and
    takes the stars of those rests as safe: every open cell's verdict, between marks of a
    solve some steps apart, is the closure's from scratch, and no safe cell breaks."""
    from generator_ext._stars_steps import search_tests_raw

    rng = random.Random(38)
    compared = 0
    for grid, k in boards + [(planted(16, 3, random.Random(2))[0], 3)]:
        s = state_of(grid, k)
        marks = [(s.stars, s.crosses)]
        for step in plain.deduce(state_of(grid, k))[1]:
            s.apply(step)
            marks.append((s.stars, s.crosses))
        for _ in range(3):
            i = rng.randrange(len(marks))
            j = rng.randrange(i, min(len(marks), i + 12))
            search, scratch, safe = search_tests_raw(grid, k, *marks[i], *marks[j])
            assert search == scratch and not safe & scratch, (grid, i, j)
            compared += bin(scratch).count("1")
    assert compared > 100  # enough cells that break to mean something
