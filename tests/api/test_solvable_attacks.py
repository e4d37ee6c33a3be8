""""Solvable?" as an outside attacker meets it (issue 40): what a script learns from the
mode's routes before it answers a board. Each test is a hole found by probing the stack
(benchmarks/attacks/solvable.py holds the same attacks over HTTP, rows 39 on)."""

import pytest

from puzzles.solvable.models import SolvableBoard
from tests.api.test_solvable import (  # noqa: F401 (stocked: the fixture)
    SIZE,
    answer_url,
    board_levels,
    post,
    start,
    stocked,
    two_traps_a_run,
)
from tests.conftest import clear_test_cache

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("stocked", "two_traps_a_run")]

# A queen and a cross on one cell: marks no board can have.
BOTH = {"queens": [[0, 0]], "crosses": [[0, 0]]}


def test_a_hint_on_impossible_marks_is_refused_alike_on_a_trap_and_a_level(client):
    """A hint asked with a queen and a cross on the same cell was refused on a level (the
    engine's hint() checks the marks: a free 400) and answered on a trap (its proof's next
    step, a 200 that costs a hint): one request told a trap before the answer. Now both
    are the same refusal, and neither is charged."""
    run = start(client)
    seen = {}
    for position, level in enumerate(board_levels(run["key"])):
        hint = post(client, answer_url(run["key"], position, "hint"), BOTH)
        seen.setdefault(level.trap, set()).add((hint.status_code, hint.content))
        post(client, answer_url(run["key"], position), {"answer": "no_solution",
                                                        "units": [["row", 0]]})
    assert len(seen[True]) == len(seen[False]) == 1, seen
    assert seen[True] == seen[False], seen
    assert next(iter(seen[True]))[0] == 400
    assert set(SolvableBoard.objects.filter(run__key=run["key"])
               .values_list("hints", flat=True)) == {0}


def in_order(regions) -> bool:
    """Regions numbered in row-major order of first appearance (the engine's own numbering
    of every level it makes)."""
    seen = list(dict.fromkeys(g for row in regions for g in row))
    return seen == sorted(seen)


def test_a_traps_regions_are_numbered_as_every_boards(client):
    """The level JSON told some traps without a solver: the engine numbers every level's
    regions in row-major order of first appearance, and a trap made by moving one cell kept
    its level's numbers (easy 6×6 seed 16: the moved cell was its region's first), a
    community trap the painter's; a board numbered out of that order was a trap. Both are
    stored numbered (their proof with them), read off the run like any board."""
    from generator_ext import generate
    from puzzles.levels.services.levels import save_generated_level, trap_proof

    made = generate(SIZE, seed=16, tier="easy", trap=True)
    assert not in_order(made.regions)
    painting = generate(SIZE, seed=8, tier="easy", trap=True).regions
    backwards = [[SIZE - 1 - g for g in row] for row in painting]
    assert not in_order(backwards)
    stored = save_generated_level(made)
    published = post(client, "/api/builder/publish/",
                     {"regions": backwards, "rule": "touch", "title": "Back", "trap": True})
    assert published.status_code == 201, published.content
    community = type(stored).all_kinds.get(id=published.json()["id"])
    for trap in (stored, community):
        assert in_order(trap.regions), trap.regions
        assert trap.proof == trap_proof(trap.regions)
    run = start(client)
    board = run["boards"][0]
    while board:
        assert in_order(board["regions"]), board["regions"]
        board = post(client, answer_url(run["key"], board["position"]),
                     {"answer": "no_solution", "units": [["row", 0]]}).json()["next"]


def test_a_wrong_queen_is_hinted_alike_on_a_trap_and_a_level(client):
    """The engine's hint() judges a level's queens against its solution: a wrong queen was
    a "mistake" on a level and never on a trap (which has no solution), so one hint told a
    trap apart. Both kinds now answer the next step of the board's own logic, whatever the
    marks: a queen on every cell of row 0 gives the same kinds of hint on both."""
    techniques = {}
    for column in range(SIZE):
        run = start(client)
        for position, level in enumerate(board_levels(run["key"])):
            hint = post(client, answer_url(run["key"], position, "hint"),
                        {"queens": [[0, column]], "crosses": []})
            assert hint.status_code == 200, hint.content
            step = hint.json()
            assert step["technique"] != "mistake", step
            techniques.setdefault(level.trap, set()).add(step["technique"])
            first = (level.proof["steps"] or [level.proof["contradiction"]])[0] \
                if level.trap else None
            if first:
                assert step["technique"] == first["technique"]
            post(client, answer_url(run["key"], position),
                 {"answer": "no_solution", "units": [["row", 0]]})
    assert techniques[True] and techniques[False]


def test_boards_stored_before_they_were_numbered_are_numbered_by_the_migration(db):
    """Traps stored before numbering kept their level's numbers: migration 0028 numbers
    every board of the mode, a trap's proof again with it."""
    import importlib

    from django.apps import apps

    from generator_ext import generate
    from puzzles.levels.models import Level
    from puzzles.levels.services.levels import trap_proof

    made = generate(SIZE, seed=16, tier="easy", trap=True)
    assert not in_order(made.regions)
    stored = Level.all_kinds.create(
        size=SIZE, rule="touch", stars=1, regions=made.regions, solution=[], kind="trap",
        canonical_hash="before-numbering", tier="easy", min_region_size=1, seed=16,
        proof=trap_proof(made.regions))
    migration = importlib.import_module("puzzles.migrations.0028_number_the_modes_boards")
    migration.number_the_modes_boards(apps, None)
    stored.refresh_from_db()
    assert in_order(stored.regions) and stored.proof == trap_proof(stored.regions)
    assert stored.proof != trap_proof(made.regions)


def every_cell(marks: str) -> dict:
    cells = [[r, c] for r in range(SIZE) for c in range(SIZE)]
    return {"queens": cells, "crosses": []} if marks == "queens" else \
        {"queens": [], "crosses": cells}


@pytest.mark.parametrize("marks", ["queens", "crosses"])
def test_marks_no_board_can_hold_are_refused_alike_on_a_trap_and_a_level(client, marks):
    """A hint is the first step of the board's logic the marks do not show: a queen on every
    cell showed them all, past which a level had no step (a free 400) and a trap its
    contradiction (a 200 naming the units to claim): one hint told each trap and answered
    it. Queens that break the rule, or a unit crossed out whole, are now one refusal on
    both kinds, before the engine is asked, and no charge."""
    run = start(client)
    seen = {}
    for position, level in enumerate(board_levels(run["key"])):
        hint = post(client, answer_url(run["key"], position, "hint"), every_cell(marks))
        seen.setdefault(level.trap, set()).add((hint.status_code, hint.content))
        post(client, answer_url(run["key"], position), {"answer": "no_solution",
                                                        "units": [["row", 0]]})
    assert seen[True] == seen[False], seen
    assert len(seen[True]) == 1 and next(iter(seen[True]))[0] == 400
    assert set(SolvableBoard.objects.filter(run__key=run["key"])
               .values_list("hints", flat=True)) == {0}


def near_copies(regions) -> list:
    """The board, mirrored and relabelled, and with one cell repainted as its neighbour."""
    mirrored = [[SIZE - 1 - g for g in reversed(row)] for row in regions]
    moved = [list(row) for row in regions]
    moved[0][0] = moved[0][1] if moved[0][1] != moved[0][0] else moved[1][0]
    return [regions, mirrored, moved]


def test_the_builder_neither_analyses_nor_publishes_a_dealt_board_whichever_kind(client):
    """The builder solved a dealt board pasted into it: an ordinary board's solution, a
    trap's `trap: true` and proof; and publishing it said "no solution" for a trap alone
    ("cannot be published" for an ordinary board). A painting that is, or is a few cells
    from, one of the mode's boards is now one refusal for both kinds, before any analysis."""
    run = start(client)
    seen = {}
    for position, level in enumerate(board_levels(run["key"])):
        for painting in near_copies(level.regions):
            for path, extra in (("analyze", {}), ("fix", {}), ("publish", {"trap": False}),
                                ("publish", {"trap": True})):
                clear_test_cache()  # the builder's throttles: this asks a few dozen times
                answer = post(client, f"/api/builder/{path}/",
                              {"regions": painting, "rule": "touch", **extra})
                seen.setdefault(level.trap, set()).add((answer.status_code, answer.content))
        post(client, answer_url(run["key"], position), {"answer": "no_solution",
                                                        "units": [["row", 0]]})
    assert seen[True] == seen[False], seen
    assert {status for status, _ in seen[True]} == {400}
