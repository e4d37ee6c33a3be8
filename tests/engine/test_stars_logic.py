"""Deduction for k stars: every step a rating takes, and every hint, is consistent with the
unique solution (its stars are the solution's, its crosses are not); logic finishes planted
unique boards; mistakes are pointed out as for queens; the sentences name the colours."""

from __future__ import annotations

import random

import pytest

from generator_ext import STAR_TECHNIQUES, count_solutions, hint, rate, region_name, solve
from tests.engine.stars_reference import planted_map


def unique_boards(n: int, k: int, count: int, seed: int) -> list[list[list[int]]]:
    rng = random.Random(seed)
    found = []
    for _ in range(60 * count):
        grid = planted_map(n, k, rng)
        if grid is not None and count_solutions(grid, stars=k) == 1:
            found.append(grid)
            if len(found) == count:
                return found
    raise AssertionError(f"no {count} unique {n}×{n} {k}★ boards")


def solution_cells(grid, k) -> set[tuple[int, int]]:
    return {(r, c) for r, cols in enumerate(solve(grid, stars=k)) for c in cols}


@pytest.fixture(scope="module")
def boards() -> list[tuple[list[list[int]], int]]:
    return [(g, 2) for g in unique_boards(8, 2, 2, 1) + unique_boards(9, 2, 4, 2)]


def test_every_step_of_a_rating_agrees_with_the_solution_and_logic_finishes(boards):
    seen = set()
    for grid, k in boards:
        answer = solution_cells(grid, k)
        rating = rate(grid, stars=k)
        assert rating.solved_by_logic and rating.tier in ("easy", "medium", "hard", "expert")
        placed = set()
        for step in rating.steps:
            assert {tuple(c) for c in step.queens} <= answer, step.message
            assert not {tuple(c) for c in step.crosses} & answer, step.message
            assert step.because and "{" not in step.message and step.message.endswith(".")
            placed |= {tuple(c) for c in step.queens}
            seen.add(step.technique)
        assert placed == answer
    # The counts-and-blocks techniques all teach something on these boards.
    assert {"last_cell", "neighbours", "confinement", "group_confinement", "blocks",
            "elimination"} <= seen
    assert seen <= set(STAR_TECHNIQUES)


def test_hints_from_a_partial_board_point_out_mistakes_then_teach(boards):
    grid, k = boards[2]
    answer = sorted(solution_cells(grid, k))
    wrong_star = next((r, c) for r in range(9) for c in range(9) if (r, c) not in answer)
    step = hint(grid, stars=k, queens=[list(wrong_star)])
    assert step.mistake and f"row {wrong_star[0] + 1}, column {wrong_star[1] + 1}" in step.message
    r, c = answer[3]
    step = hint(grid, stars=k, crosses=[[r, c]])
    assert step.mistake and step.message == f"A cross in row {r + 1} is wrong."
    assert len(step.because) == 9  # the row, never the cell
    marks = {"queens": [list(cell) for cell in answer[:5]], "crosses": []}
    step = hint(grid, stars=k, **marks)
    assert not step.mistake
    assert {tuple(c) for c in step.queens} <= set(answer)
    assert not {tuple(c) for c in step.crosses} & set(answer)
    assert hint(grid, stars=k, queens=[list(cell) for cell in answer]) is None


def test_sentences_name_the_colours_the_level_shows(boards):
    grid, k = boards[0]
    colors = list(range(19, 19 - len(grid), -1))
    words = " ".join(step.message for step in rate(grid, stars=k, colors=colors).steps)
    named = [region_name(g, colors) for g in range(len(grid))]
    assert any(name in words for name in named)
    assert not any(region_name(g) in words for g in range(len(grid))
                   if region_name(g) not in named)


def test_star_logic_refuses_what_it_cannot_rate():
    with pytest.raises(ValueError, match="classic rule is for one star only"):
        rate(unique_boards(8, 2, 1, 5)[0], rule="classic", stars=2)
    with pytest.raises(ValueError, match="exactly one solution"):
        hint([[r] * 8 for r in range(8)], stars=2)  # each row a region: many solutions


@pytest.mark.parametrize("n, seed", [(8, 1), (8, 2), (9, 3)])
def test_generated_star_levels_are_unique_finished_by_logic_and_reproducible(n, seed):
    from generator_ext.stars_generate import generate_stars

    regions, solution, attempts, tier = generate_stars(n, 2, random.Random(seed), None, 200)
    assert count_solutions(regions, stars=2) == 1 and solve(regions, stars=2) == solution
    rating = rate(regions, stars=2)
    assert rating.solved_by_logic and rating.tier == tier and attempts >= 1
    again = generate_stars(n, 2, random.Random(seed), None, 200)
    assert again == (regions, solution, attempts, tier)
