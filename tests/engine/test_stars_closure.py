"""The compiled k-star closures (_stars_logic) held to the plain reading (stars_logic): from
the same marks, techniques 1..L applied until nothing changes reach the same marks (both
techniques sets are monotone, so the order of application does not matter), and the tier is
the one the step-by-step rating finds."""

from __future__ import annotations

import random

import pytest
from generator_ext._stars_logic import closure_raw, level6_tests_raw, star_tier_raw

from generator_ext import rate, solve
from generator_ext import stars_logic as plain
from tests.engine.test_stars_logic import unique_boards

OUTCOME = {"solved": 1, "stuck": 0, "contradiction": -1}


def plain_closure(grid, k, stars, crosses, level):
    board = plain.board_for(grid, k, None)
    n = board.n
    state = plain.StarState(board, sum(1 << (r * n + c) for r, c in stars),
                            sum(1 << (r * n + c) for r, c in crosses))
    techniques = plain.TECHNIQUE_FUNCTIONS[:level]
    try:
        while True:
            state.check()
            if state.solved():
                outcome = "solved"
                break
            step = next((s for t in techniques if (s := t(state)) is not None), None)
            if step is None:
                outcome = "stuck"
                break
            state.apply(step)
    except plain.Contradiction:
        return OUTCOME["contradiction"], None, None
    return (OUTCOME[outcome], plain.cells_of(board, state.stars),
            plain.cells_of(board, state.crosses & ~state.stars))


@pytest.fixture(scope="module")
def boards():
    return ([(g, 2) for g in unique_boards(8, 2, 2, 11) + unique_boards(9, 2, 4, 12)]
            + [(g, 3) for g in unique_boards(12, 3, 1, 13)])


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
def test_each_closure_reaches_the_same_marks_as_the_plain_techniques(boards, level):
    rng = random.Random(level)
    for grid, k in boards:
        answer = [[r, c] for r, cols in enumerate(solve(grid, stars=k)) for c in cols]
        for given in (0, 3, 6):  # from the empty board and from some of the solution's stars
            stars = rng.sample(answer, given)
            compiled = closure_raw(grid, k, stars, [], level)
            expected = plain_closure(grid, k, stars, [], level)
            assert compiled[0] == expected[0], (level, grid)
            if expected[0] == 0:  # stuck: the same marks (solved: the same stars, below)
                assert compiled[1:] == expected[1:], (level, grid)
            if expected[0] == 1:
                assert compiled[1] == expected[1], (level, grid)


def test_the_compiled_tier_is_the_step_by_step_ratings(boards):
    for grid, k in boards[:6]:
        assert star_tier_raw(grid, k) == rate(grid, stars=k).tier


def test_a_contradiction_is_found_from_a_wrong_star(boards):
    grid, k = boards[0]
    answer = {(r, c) for r, cols in enumerate(solve(grid, stars=k)) for c in cols}
    wrong = next([r, c] for r in range(8) for c in range(8) if (r, c) not in answer)
    assert closure_raw(grid, k, [wrong], [], 7)[0] == -1


@pytest.mark.parametrize("level", [6, 7])
def test_assumptions_from_many_partial_boards_reach_the_same_marks(boards, level):
    """Levels 6 and 7 (the compiled level 6 updates its view in place of reading the board
    again) from stars and crosses of the solution's own: many states, so that a star which
    completes a unit, or a sweep's earlier crosses, matter."""
    rng = random.Random(60 + level)
    for grid, k in boards[: 6 if level == 6 else 3]:
        n = len(grid)
        answer = [[r, c] for r, cols in enumerate(solve(grid, stars=k)) for c in cols]
        others = [[r, c] for r in range(n) for c in range(n) if [r, c] not in answer]
        for _ in range(12 if level == 6 else 3):
            stars = rng.sample(answer, rng.randrange(0, len(answer) // 2))
            crosses = rng.sample(others, rng.randrange(0, len(others) // 2))
            compiled = closure_raw(grid, k, stars, crosses, level)
            expected = plain_closure(grid, k, stars, crosses, level)
            assert compiled[0] == expected[0], (level, grid, stars, crosses)
            if expected[0] >= 0:
                assert compiled[1] == expected[1], (level, grid, stars, crosses)
            if expected[0] == 0:
                assert compiled[2] == expected[2], (level, grid, stars, crosses)


def test_the_fast_level_6_test_agrees_with_the_full_one(boards):
    """star_breaks (the view updated in place) against a star placed, its consequences
    crossed and the board read again, cell by cell, from many partial boards."""
    rng = random.Random(66)
    compared = 0
    for grid, k in boards:
        n = len(grid)
        answer = [[r, c] for r, cols in enumerate(solve(grid, stars=k)) for c in cols]
        others = [[r, c] for r in range(n) for c in range(n) if [r, c] not in answer]
        for _ in range(40):
            stars = rng.sample(answer, rng.randrange(0, len(answer) // 2))
            crosses = rng.sample(others, rng.randrange(0, len(others) * 2 // 3))
            tested = level6_tests_raw(grid, k, stars, crosses)
            if tested is not None:
                fast, full = tested
                assert fast == full, (grid, stars, crosses)
                compared += len(full)
    assert compared > 50  # enough cells where a star breaks to mean something
