"""The deduction engine: each technique fires exactly where it applies, every step is sound,
the tier is a property of the puzzle (not of the order or orientation), and hints and the
builder's analysis say what they must and never leak the solution."""

import random
import re

import pytest
from generator_ext._deduce_api import deduce_raw, logic_tier_raw, next_step_raw

from generator_ext import (
    TECHNIQUES,
    count_solutions,
    generate,
    hint,
    rate,
    region_colors,
    region_name,
    solve,
)
from tests.engine import reference_logic as ref
from tests.engine.test_canonical import all_symmetries, relabel

TIER_OF_LEVEL = {0: None, 1: "easy", 2: "medium", 3: "hard", 4: "expert"}


def technique_of(regions, rule="touch", queens=(), crosses=()):
    raw = next_step_raw(regions, rule, [tuple(q) for q in queens], [tuple(x) for x in crosses])
    return raw if raw is None or raw == "contradiction" else raw


# ---------------------------------------------------------------- hand-made boards

def picture(rows: str) -> list[list[int]]:
    """A board drawn as rows of region digits, one row a line."""
    return [[int(digit) for digit in row] for row in rows.split()]


ROWS4 = [[0] * 4, [1] * 4, [2] * 4, [3] * 4]
# Region 0 (the two top-left cells) lies in row 1; no unit has a single cell.
CONFINED = picture("""
    0011
    2211
    2333
    2233
""")


@pytest.mark.parametrize("rule", ["touch", "classic"])
def test_last_cell_fires_on_a_unit_with_one_open_cell(rule):
    step = technique_of(ROWS4, rule, crosses=[[0, 0], [0, 1], [0, 2]])
    assert step["technique"] == 1
    assert step["queens"] == [[0, 3]] and step["crosses"] == []
    assert (step["unit_kind"], step["unit_id"]) == (0, 0)


@pytest.mark.parametrize("rule", ["touch", "classic"])
def test_last_cell_does_not_fire_with_two_open_cells(rule):
    step = technique_of(ROWS4, rule, crosses=[[0, 0], [0, 1]])
    assert step["technique"] != 1


def test_neighbours_cross_row_column_region_and_touching_cells_only_under_touch():
    step = technique_of(ROWS4, "touch", queens=[[0, 0]])
    assert step["technique"] == 2
    crossed = {tuple(x) for x in step["crosses"]}
    assert crossed == {(0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0), (1, 1)}
    assert step["because"] == [[0, 0]]


def test_neighbours_also_cross_the_diagonals_under_classic():
    step = technique_of(ROWS4, "classic", queens=[[0, 0]])
    crossed = {tuple(x) for x in step["crosses"]}
    assert crossed == {(0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0), (1, 1), (2, 2), (3, 3)}


def test_neighbours_do_not_fire_once_everything_is_crossed():
    crossed = [[0, 1], [0, 2], [0, 3], [1, 0], [2, 0], [3, 0], [1, 1]]
    step = technique_of(ROWS4, "touch", queens=[[0, 0]], crosses=crossed)
    assert step["technique"] != 2


ROW_IN_REGION = picture("""
    22222
    33224
    33144
    31100
    11100
""")
# Regions 0 and 2 lie within rows 1-2, and nothing lies within a single line.
GROUP = picture("""
    00222
    00422
    11444
    11433
    11433
""")
# Rows 5-6 lie entirely in regions 0 and 2 (the dual form): those regions leave row 4.
LINES_IN_REGIONS = picture("""
    555111
    555411
    554433
    222230
    222200
    222200
""")
# Regions 1 and 4 lie entirely in columns 1-2.
REGIONS_IN_COLUMNS = picture("""
    10022
    11022
    40023
    44223
    22233
""")

# (board, rule, the first step: technique, form, line kind, regions, lines, crosses).
# Technique 3 is confinement (one region, one line), 4 group confinement (k of each); form 0
# is regions inside lines, 1 lines inside regions; line kind 0 rows, 1 columns.
CONFINEMENTS = {
    "region in one row": (CONFINED, (3, 0, 0, [0], [0], [[0, 2], [0, 3]])),
    # Row 1 lies entirely in region 2, so region 2's queen is in row 1.
    "row in one region": (ROW_IN_REGION, (3, 1, 0, [2], [0], [[1, 2], [1, 3]])),
    "two regions in two rows": (GROUP, (4, 0, 0, [0, 2], [0, 1], [[1, 2]])),
    "rows inside regions": (LINES_IN_REGIONS,
                            (4, 1, 0, [0, 2], [4, 5], [[3, 0], [3, 1], [3, 2], [3, 3], [3, 5]])),
    "regions inside columns": (REGIONS_IN_COLUMNS,
                               (4, 0, 1, [1, 4], [0, 1], [[0, 1], [2, 1], [4, 0], [4, 1]])),
}


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("case", list(CONFINEMENTS))
def test_confinement_fires_where_it_applies(case, rule):
    board, expected = CONFINEMENTS[case]
    step = technique_of(board, rule)
    keys = ("technique", "form", "line_kind", "regions", "lines", "crosses")
    assert tuple(step[key] for key in keys) == expected


@pytest.mark.parametrize("board, rule, says", [
    (GROUP, "touch", "The {a} and {b} regions lie entirely in rows 1 and 2, so those two rows "
                     "hold their queens and no other region can use them."),
    (GROUP, "classic", "The {a} and {b} regions lie entirely in rows 1 and 2, so those two rows "
                       "hold their queens and no other region can use them."),
    (LINES_IN_REGIONS, "touch", "Every cell of rows 5 and 6 lies in the {a} and {b} regions, so "
                                "those two regions have their queens there and their other cells "
                                "cannot hold one."),
], ids=["regions in rows, touch", "regions in rows, classic", "rows in regions"])
def test_group_confinement_says_its_regions_and_rows(board, rule, says):
    a, b = (region_name(g, region_colors(board)) for g in (0, 2))
    assert rate(board, rule).steps[0].message == says.format(a=a, b=b)


def test_confinement_does_not_fire_when_nothing_is_left_to_cross():
    step = technique_of(CONFINED, "touch", crosses=[[0, 2], [0, 3]])
    assert step["technique"] != 3 or step["regions"] != [0]


def test_group_confinement_does_not_fire_once_its_cells_are_crossed():
    step = technique_of(GROUP, "touch", crosses=[[1, 2]])
    assert step is None or step["technique"] != 4 or step["regions"] != [0, 2]


def test_contradiction_on_an_expert_level():
    level = generate(7, seed=5, tier="expert")  # pinned in test_golden.py
    rating = rate(level.regions)
    first = next(i for i, s in enumerate(rating.steps) if s.technique == "contradiction")
    queens = [q for s in rating.steps[:first] for q in s.queens]
    crosses = [x for s in rating.steps[:first] for x in s.crosses]
    step = technique_of(level.regions, "touch", queens, crosses)
    assert step["technique"] == 6 and step["crosses"] == [step["cell"]]
    r, c = step["cell"]
    assert level.solution[r] != c
    message = rating.steps[first].message
    assert message.startswith(f"Suppose row {r + 1}, column {c + 1} held a queen: ")
    assert message.endswith(f"So row {r + 1}, column {c + 1} cannot hold a queen.")
    # With that cell crossed, the next step is no longer that contradiction.
    after = technique_of(level.regions, "touch", queens, [*crosses, [r, c]])
    assert after is None or after["technique"] != 6 or after["cell"] != [r, c]


def test_group_confinement_agrees_with_subset_enumeration_on_random_states():
    rng = random.Random(5)
    for seed in range(60):
        level = generate(6, seed=seed)
        board = ref.Board(level.regions, "touch")
        for _ in range(5):
            queens, crosses = random_sound_marks(rng, level.regions, level.solution)
            state = ref.State(board, queens, crosses)
            expected = ref.easiest(state)
            step = technique_of(level.regions, "touch", queens, crosses)
            assert (step or {"technique": 0})["technique"] == expected, (seed, queens, crosses)


def random_sound_marks(rng, regions, solution):
    n = len(regions)
    queens = [[r, solution[r]] for r in range(n) if rng.random() < 0.2]
    crosses = [[r, c] for r in range(n) for c in range(n)
               if c != solution[r] and rng.random() < rng.random() * 0.7]
    return queens, crosses


@pytest.mark.parametrize("rule", ["touch", "classic"])
def test_every_step_is_the_easiest_the_reference_finds(rule):
    """Along the engine's own solves (which reach techniques 5 and 6), the technique of each
    step is the easiest with an instance, and the cells it decides are an instance of it."""
    seen = set()
    for seed in range(40):
        level = generate(6, rule, seed=seed, strategy="unique")
        board = ref.Board(level.regions, rule)
        state = ref.State(board)
        solved, steps = deduce_raw(level.regions, rule)
        assert solved
        for step in steps:
            number = step["technique"]
            assert ref.easiest(state) == number
            seen.add(number)
            queens = {tuple(q) for q in step["queens"]}
            crosses = {tuple(x) for x in step["crosses"]}
            if number < 6:
                instances = [*ref.TECHNIQUES][number - 1](state)
                if number in (1,):
                    assert (queens, crosses) in instances
                else:
                    assert crosses <= set().union(*(x for _, x in instances))
            ref.apply(state, queens, crosses)
        assert state.solved()
    assert seen == {1, 2, 3, 4, 5, 6}


# Region 4 is the three cells around the bottom-right corner: a queen at row 4, column 4
# touches all three. No easier technique applies on the empty board.
ELIMINATION = [
    [2, 3, 3, 3, 3],
    [2, 2, 2, 3, 0],
    [1, 2, 0, 0, 0],
    [1, 2, 0, 0, 4],
    [1, 1, 0, 4, 4],
]


def test_elimination_crosses_a_cell_that_would_empty_a_region():
    step = technique_of(ELIMINATION, "touch")
    assert step["technique"] == 5 and (step["unit_kind"], step["unit_id"]) == (2, 4)
    assert step["crosses"] == [[3, 3]]
    name = region_name(4, region_colors(ELIMINATION))
    assert rate(ELIMINATION).steps[0].message == (
        f"A queen in row 4, column 4 would rule out every open cell of the {name} region, "
        "so that cell cannot hold one."
    )


def test_elimination_does_not_fire_once_that_cell_is_crossed():
    step = technique_of(ELIMINATION, "touch", crosses=[[3, 3]])
    assert step["technique"] != 5 or step["crosses"] != [[3, 3]]


# ---------------------------------------------------------------- soundness and tiers

def assert_sound(regions, solution, rule):
    rating = rate(regions, rule)
    assert rating.solved_by_logic
    placed = {}
    for step in rating.steps:
        for r, c in step.crosses:
            assert solution[r] != c, step
        for r, c in step.queens:
            assert solution[r] == c, step
            placed[r] = c
    assert [placed[r] for r in range(len(solution))] == solution
    return rating


@pytest.mark.parametrize("rule", ["touch", "classic"])
@pytest.mark.parametrize("n", [6, 8, 10, 12])
def test_steps_are_sound_and_reach_the_solution(n, rule):
    for seed in range(40 if n <= 8 else 15):
        level = generate(n, rule, seed=seed)
        rating = assert_sound(level.regions, level.solution, rule)
        assert rating.tier == level.tier
    for seed in range(10):
        level = generate(n, rule, seed=seed, strategy="unique")
        assert_sound(level.regions, level.solution, rule)


def test_tier_by_single_steps_matches_tier_by_closures():
    """generate() filters on closures, rate() walks single steps: one rule, two loops."""
    for seed in range(150):
        level = generate(9, seed=seed, strategy="unique")
        closure_tier = TIER_OF_LEVEL[logic_tier_raw(level.regions)]
        assert rate(level.regions).tier == closure_tier


def test_unsolvable_and_ambiguous_maps_are_not_solved_by_logic():
    rows = [[r] * 6 for r in range(6)]  # 90 solutions
    rating = rate(rows)
    assert not rating.solved_by_logic and rating.tier is None
    assert logic_tier_raw(rows) == 0
    no_solution = [[0, 0, 0, 0], [0, 1, 1, 0], [2, 2, 3, 3], [2, 2, 3, 3]]
    assert count_solutions(no_solution) == 0
    assert not rate(no_solution).solved_by_logic


@pytest.mark.parametrize("seed", range(12))
def test_tier_does_not_change_under_symmetry_or_relabelling(seed):
    level = generate(9, seed=seed, strategy="unique")
    tier = rate(level.regions).tier
    for i, copy in enumerate(all_symmetries(level.regions)):
        assert rate(copy).tier == tier
        assert rate(relabel(copy, i)).tier == tier


def test_rate_messages_name_rows_columns_and_colours():
    level = generate(8, seed=3, tier="hard")
    steps = rate(level.regions).steps
    assert {s.technique for s in steps} <= set(TECHNIQUES)
    for step in steps:
        assert step.message.endswith(".") and step.message[0].isupper()
        assert "row" in step.message or "column" in step.message
        assert not step.mistake
    assert any("region" in s.message for s in steps)


def test_score_orders_within_a_tier():
    easy = [rate(generate(8, seed=s, tier="easy").regions) for s in range(20)]
    hard = [rate(generate(8, seed=s, tier="hard").regions) for s in range(20)]
    assert all(r.score > 0 for r in easy + hard)
    assert sorted(r.score for r in easy)[10] < sorted(r.score for r in hard)[10]


# ---------------------------------------------------------------- hints

def board_after(step, queens, crosses):
    return queens + step.queens, crosses + step.crosses


@pytest.mark.parametrize("rule", ["touch", "classic"])
def test_hints_from_random_correct_boards_are_sound_and_never_the_solution(rule):
    rng = random.Random(11)
    for seed in range(30):
        level = generate(8, rule, seed=seed)
        queens, crosses = random_sound_marks(rng, level.regions, level.solution)
        step = hint(level.regions, rule, queens, crosses)
        if len(queens) == 8:
            assert step is None
            continue
        assert step is not None and not step.mistake
        new_queens, new_crosses = board_after(step, queens, crosses)
        assert all(level.solution[r] == c for r, c in new_queens)
        assert all(level.solution[r] != c for r, c in new_crosses)
        assert len(step.queens) <= 1
        assert step.queens or step.crosses


def test_a_wrong_queen_is_named_by_its_cell():
    level = generate(8, seed=1)
    r = 3
    wrong = (level.solution[r] + 3) % 8
    step = hint(level.regions, "touch", [[0, level.solution[0]], [r, wrong]], [])
    assert step.mistake and step.technique == "mistake"
    assert step.message.startswith((f"A queen in row {r + 1}, column {wrong + 1} ",
                                    f"With a queen in row {r + 1}, column {wrong + 1}, "))
    assert step.message.endswith("Take it off.")
    assert step.because == [[r, wrong]] and not step.queens and not step.crosses


def units_by_name(level_regions):
    """Every unit a sentence can name ("row 3", "column 2", "the mint region") and its cells."""
    colors = region_colors(level_regions)
    n, units = len(level_regions), {}
    for r in range(n):
        for c in range(n):
            g = level_regions[r][c]
            for name in (f"row {r + 1}", f"column {c + 1}", f"the {region_name(g, colors)} region"):
                units.setdefault(name, set()).add((r, c))
    return units


def test_a_wrong_queen_is_told_what_it_leaves_without_a_place():
    told = {"at once": 0, "after steps": 0}
    for n, seed in [(6, 1), (7, 2), (8, 3), (9, 4), (10, 5)]:
        level = generate(n, seed=seed)
        units = units_by_name(level.regions)
        for r in range(n):
            for c in range(n):
                if c == level.solution[r]:
                    continue
                message = hint(level.regions, "touch", [[r, c]], []).message
                assert "cannot be part of the solution" not in message
                at_once = re.match(r"A queen in row \d+, column \d+ rules out every cell of "
                                   r"(.+?), so", message)
                if at_once:
                    told["at once"] += 1
                    named = units[at_once.group(1)]
                    assert (r, c) not in named
                    # Every cell of it shares the queen's region or is attacked by it.
                    assert all(level.regions[a][b] == level.regions[r][c] or a == r or b == c
                               or max(abs(a - r), abs(b - c)) == 1 for a, b in named), message
                else:
                    told["after steps"] += 1
                    assert re.match(r"With a queen in row \d+, column \d+, (the step it forces "
                                    r"shows that|the \w+ steps it forces show that)? ?.+\. "
                                    r"Take it off\.$", message), message
                    left = (re.search(r"that (.+?) would have no open cell left", message)
                            or re.search(r"column \d+, (.+?) would have no open cell", message))
                    assert left is None or left.group(1) in units, message
    assert told["at once"] and told["after steps"]


def test_a_confinement_says_entirely_only_when_every_cell_is_there():
    said = {"entirely": 0, "open cells": 0}
    for n, seed in [(8, 1), (9, 2), (10, 3), (11, 4), (12, 5), (9, 7), (10, 8)]:
        level = generate(n, seed=seed, tier="hard")
        units = units_by_name(level.regions)
        for step in rate(level.regions).steps:
            found = re.match(r"(The open cells of )?(.+?) (lies|lie) entirely in |"
                             r"The open cells of (the .+?) all lie in ", step.message)
            if step.technique not in ("confinement", "group_confinement") or not found:
                continue
            names = (found.group(2) or found.group(4)).lower().removeprefix("the ")
            lines = re.search(r" in ((rows?|columns?) [\d, and]+?), so", step.message).group(1)
            numbers = {int(x) - 1 for x in re.findall(r"\d+", lines)}
            bare = names.removesuffix(" regions").removesuffix(" region")
            regions = [units[f"the {name} region"] for name in re.split(r", | and ", bare)]
            axis = 0 if lines.startswith("row") else 1
            whole = all(cell[axis] in numbers for region in regions for cell in region)
            if "entirely" in step.message:
                said["entirely"] += 1
                assert whole, step.message
            else:
                said["open cells"] += 1
                assert not whole, step.message
    assert said["entirely"] and said["open cells"], said


def test_a_wrong_cross_is_named_by_its_row_only():
    level = generate(8, seed=1)
    r = 5
    crosses = [[r, level.solution[r]], [0, (level.solution[0] + 4) % 8]]
    step = hint(level.regions, "touch", [], crosses)
    assert step.mistake and step.message == f"A cross in row {r + 1} is wrong."
    assert step.because == [[r, c] for c in range(8)]  # the whole row: never the cell


def test_wrong_queens_come_before_wrong_crosses():
    level = generate(8, seed=2)
    wrong_queen = [4, (level.solution[4] + 2) % 8]
    step = hint(level.regions, "touch", [wrong_queen], [[1, level.solution[1]]])
    assert step.because == [wrong_queen]


def test_hint_on_a_solved_board_is_none():
    level = generate(7, seed=4)
    assert hint(level.regions, "touch", [[r, c] for r, c in enumerate(level.solution)], []) is None


def test_hint_on_an_empty_board_is_the_first_step_of_rate():
    level = generate(9, seed=8)
    assert hint(level.regions) == rate(level.regions).steps[0]


@pytest.mark.parametrize(
    "queens,crosses,message",
    [
        ("x", [], "queens must be a list"),
        ([[0]], [], "pairs of integers"),
        ([[0, 9]], [], "off the 8×8 board"),
        ([[0, 1], [0, 1]], [], "lists a cell twice"),
        ([[0, 1]], [[0, 1]], "both a queen and a cross"),
        ([], [[True, 1]], "pairs of integers"),
    ],
)
def test_hint_rejects_bad_marks(queens, crosses, message):
    level = generate(8, seed=1)
    with pytest.raises(ValueError, match=message):
        hint(level.regions, "touch", queens, crosses)


def test_hint_needs_a_unique_level():
    with pytest.raises(ValueError, match="exactly one solution"):
        hint([[r] * 6 for r in range(6)])
    with pytest.raises(ValueError, match="unknown rule"):
        hint(generate(6, seed=1).regions, "diagonal")


def test_solve_agrees_with_the_stored_solution():
    level = generate(10, seed=5)
    assert solve(level.regions) == level.solution
