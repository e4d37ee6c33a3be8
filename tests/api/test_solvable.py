""""Solvable?" (issue 40): traps stored out of every ordinary route, a run dealt and
answered, a wrong claim refused, and trap-ness kept secret until the answer (the board's
keys, the answer's timing, the builder's analysis)."""

import json
import statistics
import time

import pytest
from django.urls import reverse

from generator_ext import generate, trap_conflicts
from puzzles.core.vocabulary import SOLVABLE_BOARDS, SOLVABLE_SIZES, SOLVABLE_TRAP_SHARE, Kind
from puzzles.levels.models import Level, PoolTarget
from puzzles.levels.selectors.levels import kind_levels
from puzzles.levels.selectors.pools import pool_fill
from puzzles.levels.services import levels as level_service
from puzzles.levels.services import pools
from puzzles.solvable import services as solvable
from puzzles.solvable.models import SolvableBoard, SolvableRun

pytestmark = pytest.mark.django_db
SIZE = SOLVABLE_SIZES["easy"]
TRAPS = 2  # the runs these tests deal (the count is drawn per run: trap_count)
drawn_trap_count = solvable.trap_count  # the real draw, before the fixture replaces it


@pytest.fixture(autouse=True)
def two_traps_a_run(monkeypatch):
    monkeypatch.setattr(solvable, "trap_count", lambda: TRAPS)


def test_a_runs_trap_count_is_drawn_each_board_apart():
    """No fixed count: with two traps a run always, a player who found both knew the rest
    were levels before answering them."""
    counts = [drawn_trap_count() for _ in range(3000)]
    assert set(counts) == set(range(SOLVABLE_BOARDS + 1))
    assert abs(sum(counts) / len(counts) - SOLVABLE_BOARDS * SOLVABLE_TRAP_SHARE) < 0.1


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


@pytest.fixture
def stocked(db):
    """The easy pools of "Solvable?": four of its ordinary boards and three traps."""
    levels = [level_service.save_generated_level(generate(SIZE, seed=s, tier="easy"),
                                                 kind=Kind.SOLVABLE) for s in (1, 2, 3, 4)]
    traps = [level_service.save_generated_level(generate(SIZE, seed=s, tier="easy", trap=True))
             for s in (1, 2, 3)]
    assert all(levels) and all(traps)
    return levels, traps


def start(client, tier="easy"):
    answer = post(client, reverse("api-solvable-runs"), {"tier": tier})
    assert answer.status_code == 201, answer.content
    return answer.json()


def board_levels(run_key):
    return [b.level for b in SolvableBoard.objects.filter(run__key=run_key)
            .select_related("level").order_by("position")]


def answer_url(key, position, kind="answer"):
    return reverse(f"api-solvable-{kind}", args=[key, position])


def test_the_modes_boards_are_kept_out_of_the_ordinary_routes(client, stocked, make_level):
    """A trap, and the mode's ordinary boards too: a board any route served would tell
    itself apart from the traps, which none serves (the first version dealt the ordinary
    boards from the public pools: red with Level.objects leaving out only the traps, each
    ordinary board then at /api/levels/<n>/<id>/)."""
    levels, traps = stocked
    trap = traps[0]
    assert trap.trap and trap.solution == [] and trap.proof["conflicts"]
    assert trap.tier == "easy" and not levels[0].trap
    public = make_level(size=SIZE, seed=9, tier="easy")
    for board in [*levels, *traps]:
        assert not Level.objects.filter(id=board.id).exists()  # the ordinary manager
        assert client.get(f"/api/levels/{SIZE}/{board.id}/").status_code == 404
        assert client.get(f"/levels/{board.id}/").status_code == 404
    for _ in range(10):
        assert client.get(f"/api/levels/{SIZE}/?tier=easy").json()["id"] == public.id
    # rate_levels re-rates the mode's ordinary boards and leaves the traps as they are.
    assert level_service.rate_levels()["deactivated"] == 0
    trap.refresh_from_db()
    assert trap.is_active and trap.trap


def test_the_modes_pools_fill_through_the_pools_machinery(stocked):
    """Each kind's pool counts its own boards, and its top-up asks a run of its kind."""
    pools.ensure_pool_targets(sizes=[SIZE], stars=[1])
    for kind, ready in ((Kind.TRAP, 3), (Kind.SOLVABLE, 4), (Kind.LEVEL, 0)):
        target = PoolTarget.objects.get(size=SIZE, tier="easy", stars=1, kind=kind)
        assert pool_fill(target) == ready
        runs = pools.top_up_pools(target_ids=[target.id])
        assert len(runs) == 1 and runs[0].kind == kind
        assert runs[0].requested == target.target - ready


def test_a_trap_run_stores_traps(db):
    from puzzles.levels.services import runs

    run = runs.create_run(size=SIZE, rule="touch", tier="easy", requested=1, kind=Kind.TRAP,
                          send=False)
    runs.run_here(run.id, seed=3)
    run.refresh_from_db()
    assert run.produced == 1
    trap = Level.all_kinds.get(kind=Kind.TRAP)
    assert trap.proof and trap.solution == [] and trap.tier == "easy"


def test_a_player_meets_every_board_before_meeting_one_again(stocked):
    """A board met again is one whose answer the player may remember: a second run deals the
    boards the first did not, then the ones met before (seven boards, five a run: two
    runs cover them all, for each of ten players; by chance about one player in two)."""
    from django.test import Client

    levels, traps = stocked
    everything = {level.id for level in [*levels, *traps]}
    for _ in range(10):
        player = Client()
        dealt = [{level.id for level in board_levels(start(player)["key"])} for _ in range(2)]
        assert dealt[0] | dealt[1] == everything


def test_a_run_deals_five_boards_two_traps_of_one_shape(client, stocked):
    run = start(client)
    assert run["total"] == SOLVABLE_BOARDS and run["tier"] == "easy"
    kinds = [level.trap for level in board_levels(run["key"])]
    assert sum(kinds) == TRAPS
    boards = [run["boards"][0]]
    for position, level in enumerate(board_levels(run["key"])):
        answer = post(client, answer_url(run["key"], position), right_answer(level)).json()
        if answer["next"]:
            boards.append(answer["next"])
    keys = {tuple(sorted(board)) for board in boards}
    assert len(boards) == SOLVABLE_BOARDS and len(keys) == 1  # a trap's and a level's alike
    text = json.dumps(run) + json.dumps(boards)
    assert "trap" not in text and "solution" not in text and '"id"' not in text


def test_each_board_is_dealt_with_the_answer_before_it(client, stocked):
    """All five boards came with the run while each board's clock started at the answer
    before it: a person studied board five on board one's time. Now the run holds the
    boards answered and the next; the next comes with each answer."""
    run = start(client)
    assert [board["position"] for board in run["boards"]] == [0]
    again = client.get(reverse("api-solvable-run", args=[run["key"]]))
    assert again.json() == run and "no-store" in again["Cache-Control"]
    assert not any("trap" in value.lower() for value in again.headers.values())
    levels = board_levels(run["key"])
    answer = post(client, answer_url(run["key"], 0), right_answer(levels[0])).json()
    assert answer["next"]["position"] == 1 and not answer["next"]["answered"]
    assert answer["next"]["regions"] == levels[1].regions
    now = client.get(reverse("api-solvable-run", args=[run["key"]])).json()
    assert [board["position"] for board in now["boards"]] == [0, 1]
    assert now["boards"][0]["answered"] and now["boards"][1] == answer["next"]
    for position in range(1, SOLVABLE_BOARDS):
        answer = post(client, answer_url(run["key"], position),
                      right_answer(levels[position])).json()
    assert answer["finished"] and answer["next"] is None
    done = client.get(reverse("api-solvable-run", args=[run["key"]])).json()
    assert len(done["boards"]) == SOLVABLE_BOARDS and all(b["answered"] for b in done["boards"])


def right_answer(level) -> dict:
    if level.trap:
        return {"answer": "no_solution",
                "units": [list(u) for u in next(iter(trap_conflicts(level.regions))).units]}
    return {"answer": "solved", "queens": [[r, c] for r, c in enumerate(level.solution)]}


def test_an_answer_quicker_than_a_person_gives_earns_no_speed_bonus(client, stocked):
    """A script answers each board at once: it scored 150 a board, a person about 130 (the
    leaderboard's first place). Quicker than the board's steps take a person
    (play.move_log.fastest_ms), a right answer is worth its 100 alone."""
    from datetime import timedelta

    from puzzles.solvable import scoring

    run = start(client)
    levels = board_levels(run["key"])
    at_once = post(client, answer_url(run["key"], 0), right_answer(levels[0])).json()
    assert at_once["correct"] and at_once["points"] == scoring.RIGHT
    board = SolvableBoard.objects.get(run__key=run["key"], position=0)
    SolvableBoard.objects.filter(id=board.id).update(  # as if answered 30 s ago
        answered_at=board.answered_at - timedelta(seconds=30))
    later = post(client, answer_url(run["key"], 1), right_answer(levels[1])).json()
    assert later["correct"] and scoring.RIGHT < later["points"] <= scoring.RIGHT + scoring.SPEED


def test_answers_in_order_score_and_reveal_only_then(client, stocked):
    run = start(client)
    levels = board_levels(run["key"])
    score = 0
    for position, level in enumerate(levels):
        if level.trap:
            units = [list(u) for u in next(iter(trap_conflicts(level.regions))).units]
            data = {"answer": "no_solution", "units": units}
        else:
            data = {"answer": "solved", "queens": [[r, c] for r, c in enumerate(level.solution)]}
        answer = post(client, answer_url(run["key"], position), data).json()
        assert answer["correct"], answer
        assert answer["trap"] == level.trap
        assert (answer["proof"] is not None) == level.trap
        assert (answer["solution"] is not None) == (not level.trap)
        score += answer["points"]
        assert answer["score"] == score and answer["finished"] == (position == 4)
        if level.trap:
            assert answer["proof"]["message"] and answer["proof"]["units"]
    again = post(client, answer_url(run["key"], 0), {"answer": "no_solution",
                                                     "units": [["row", 0]]})
    assert again.status_code == 400
    assert SolvableRun.objects.get(key=run["key"]).right == 5


def test_a_wrong_claim_is_refused(client, stocked):
    """Units that do not conflict are a wrong answer, on a trap and on a level."""
    run = start(client)
    levels = board_levels(run["key"])
    for position, level in enumerate(levels):
        allowed = {frozenset(map(tuple, c["units"])) for c in level.proof["conflicts"]} \
            if level.trap else set()
        wrong = next([["row", i], ["column", j]] for i in range(SIZE) for j in range(SIZE)
                     if frozenset({("row", i), ("column", j)}) not in allowed)
        answer = post(client, answer_url(run["key"], position),
                      {"answer": "no_solution", "units": wrong}).json()
        assert answer["correct"] is False and answer["points"] == 0
        # What the board is, the page says once (the proof's last words, or "here it is").
        assert answer["message"] and "solution" not in answer["message"]
        assert bool(answer["proof"]) == level.trap
    assert SolvableRun.objects.get(key=run["key"]).score == 0


def test_claims_are_bounded_and_boards_answered_in_order(client, stocked):
    run = start(client)
    url = answer_url(run["key"], 0)
    assert post(client, answer_url(run["key"], 1), {"answer": "no_solution",
                                                    "units": [["row", 0]]}).status_code == 400
    for units in ([], [["row", 0]] * 2, [["diagonal", 0]], [["row", SIZE]],
                  [["row", i] for i in range(13)]):
        assert post(client, url, {"answer": "no_solution", "units": units}).status_code == 400
    assert client.get(reverse("api-solvable-run", args=["nope"])).status_code == 404


def test_another_players_run_is_not_theirs(client, stocked, django_user_model):
    from django.test import Client

    run = start(client)
    other = Client()
    assert other.get(reverse("api-solvable-run", args=[run["key"]])).status_code == 404
    assert post(other, answer_url(run["key"], 0), {"answer": "solved",
                                                   "queens": []}).status_code == 404


def test_hints_lead_towards_the_proof_and_cost_points(client, stocked):
    run = start(client)
    levels = board_levels(run["key"])
    trap_at = next(i for i, level in enumerate(levels) if level.trap)
    for position in range(trap_at):
        post(client, answer_url(run["key"], position), {"answer": "solved", "queens": []})
    hint = post(client, answer_url(run["key"], trap_at, "hint"), {"queens": [], "crosses": []})
    assert hint.status_code == 200, hint.content
    step = hint.json()
    first = levels[trap_at].proof["steps"][0]
    assert step["technique"] == first["technique"] and step["queens"] == first["queens"]
    units = levels[trap_at].proof["conflicts"][0]["units"]
    answer = post(client, answer_url(run["key"], trap_at),
                  {"answer": "no_solution", "units": units}).json()
    assert answer["correct"] and answer["points"] == 75


def test_answer_timing_does_not_tell_a_trap(client, stocked):
    """Answering a trap and a level does the same reads and no engine search: the median
    times stay within noise of each other."""
    times = {True: [], False: []}
    for _ in range(4):
        run = start(client)
        for position, level in enumerate(board_levels(run["key"])):
            began = time.perf_counter()
            post(client, answer_url(run["key"], position),
                 {"answer": "no_solution", "units": [["row", 0], ["column", 0]]})
            times[level.trap].append(time.perf_counter() - began)
    trap, level = statistics.median(times[True]), statistics.median(times[False])
    assert abs(trap - level) < 0.5 * max(trap, level) + 0.003, times


def test_the_builder_refuses_the_modes_boards_alike(client, stocked):
    """The builder's analysis of a dealt board would be its answer (an ordinary board's
    solution, a trap's proof): one sentence for both kinds, no analysis."""
    levels, traps = stocked
    answers = [post(client, "/api/builder/analyze/", {"regions": board.regions,
                                                      "rule": "touch"})
               for board in (levels[0], traps[0])]
    assert [a.status_code for a in answers] == [400, 400]
    assert answers[0].json() == answers[1].json()
    assert "Solvable?" in answers[0].json()["detail"]


def test_the_leaderboard_shows_named_accounts_best_runs(client, stocked, django_user_model):
    from puzzles.players.models import Player

    run = start(client)
    for position, level in enumerate(board_levels(run["key"])):
        data = ({"answer": "no_solution",
                 "units": level.proof["conflicts"][0]["units"]} if level.trap else
                {"answer": "solved", "queens": [[r, c] for r, c in enumerate(level.solution)]})
        post(client, answer_url(run["key"], position), data)
    finished = SolvableRun.objects.get(key=run["key"])
    unnamed = client.get(reverse("api-solvable-leaderboard") + "?tier=easy").json()
    assert unnamed["entries"] == []  # no name: not shown, and told so, not given "place 1"
    assert unnamed["mine"] == {"score": finished.score, "rank": 1, "shown": False}
    user = django_user_model.objects.create_user("ann", password="pw")
    Player.objects.create(key=finished.player, user=user, name="Ann")
    board = client.get(reverse("api-solvable-leaderboard") + "?tier=easy").json()
    assert board["entries"][0]["name"] == "Ann"
    assert board["entries"][0]["score"] == finished.score
    assert board["mine"] == {"score": finished.score, "rank": 1, "shown": True}
    assert client.get(reverse("api-solvable-leaderboard") + "?tier=x").status_code in (400, 404)


def test_staff_see_the_modes_boards_in_the_admin(staff_client, stocked):
    _, traps = stocked
    listing = staff_client.get("/admin/puzzles/level/?kind=trap")
    assert listing.status_code == 200
    assert f"/admin/puzzles/level/{traps[0].id}/change/" in listing.content.decode()
    page = staff_client.get(f"/admin/puzzles/level/{traps[0].id}/change/").content.decode()
    assert "a trap: easy logic proves it has no solution" in page
    assert staff_client.get("/admin/puzzles/communitylevel/?kind=trap").status_code == 200


def test_the_builder_offers_a_painting_logic_proves_unsolvable_as_a_trap(client, db):
    """Issue 40, item 4: a painting with no solution whose contradiction logic reaches is
    offered as a trap, with its proof; once the same board is stored as one of the mode's
    traps the builder refuses it, as it refuses the mode's ordinary boards (its analysis
    would answer a dealt board)."""
    painting = generate(7, seed=3, tier="medium", trap=True).regions
    before = post(client, "/api/builder/analyze/", {"regions": painting, "rule": "touch"}).json()
    assert before["trap"] is True and before["solution_count"] == 0
    assert before["rating"]["tier"] == "medium" and before["rating"]["contradiction"]["message"]
    assert not before["playable"]
    level_service.save_generated_level(generate(7, seed=3, tier="medium", trap=True))
    after = post(client, "/api/builder/analyze/", {"regions": painting, "rule": "touch"})
    assert after.status_code == 400 and "Solvable?" in after.json()["detail"]
    solvable = generate(7, seed=3, tier="medium").regions
    assert post(client, "/api/builder/analyze/",
                {"regions": solvable, "rule": "touch"}).json()["trap"] is False


def test_a_published_trap_joins_the_mode_once_promoted(client, stocked):
    from puzzles.builder.services.community import moderate_levels

    painting = generate(SIZE, seed=8, tier="easy", trap=True).regions
    ordinary = generate(SIZE, seed=11, tier="easy").regions
    refused = post(client, "/api/builder/publish/", {"regions": ordinary, "rule": "touch",
                                                      "trap": True})
    assert refused.status_code == 400
    answer = post(client, "/api/builder/publish/", {"regions": painting, "rule": "touch",
                                                     "title": "Gotcha", "trap": True})
    assert answer.status_code == 201, answer.content
    trap = Level.all_kinds.get(id=answer.json()["id"])
    assert trap.trap and trap.source == "community" and not trap.is_active
    assert trap.proof["conflicts"] and trap.tier == "easy"
    assert "Gotcha" not in client.get("/community/").content.decode()
    assert client.get(f"/api/levels/{SIZE}/{trap.id}/").status_code == 404
    assert trap.id not in kind_levels(SIZE, "easy", Kind.TRAP).values_list("id", flat=True)
    from puzzles.builder.selectors import community_levels

    assert trap.id in community_levels(include_hidden=True, every_kind=True).values_list(
        "id", flat=True)  # the moderation admin's list
    assert moderate_levels([trap.id], promoted=True) == 1
    assert trap.id in kind_levels(SIZE, "easy", Kind.TRAP).values_list("id", flat=True)
    # Dealt, it is drawn in the engine's colouring as every board is: its painted colours
    # (region g in colour g) would tell a community trap apart, and its proof names those.
    from generator_ext import painted_colors, region_colors
    from puzzles.api.solvable_serializers import board_payload

    run = SolvableRun.objects.create(key="k", player="p", tier="easy", size=SIZE)
    board = SolvableBoard.objects.create(run=run, position=0, level=trap)
    colors = board_payload(board)["colors"]
    assert colors == region_colors(trap.regions) != painted_colors(SIZE)


def test_a_modes_board_painted_again_cannot_be_published_whichever_kind(client, stocked):
    """Publishing the painting of one of the mode's boards says the same for a trap and an
    ordinary board (it was a 500 for both: the stored board was looked up through
    Level.objects, which holds neither)."""
    levels, traps = stocked
    answers = [post(client, "/api/builder/publish/",
                    {"regions": board.regions, "rule": "touch", "trap": board.trap})
               for board in (levels[0], traps[0])]
    assert [a.status_code for a in answers] == [400, 400]
    assert answers[0].json() == answers[1].json()


def test_a_conflict_true_on_its_own_is_a_right_claim(client, stocked):
    """A player named four regions no queens can all fill (checked by hand) and was told
    "they do not conflict": only the proof's sets counted, single units on the marks logic
    forces first. A set that conflicts on the empty board, minimally, is right too; on a
    level no such set exists, and n units of one kind restate the puzzle (not a reason)."""
    from itertools import combinations

    from generator_ext import units_conflict

    run = start(client)
    levels = board_levels(run["key"])
    found = 0
    for position, level in enumerate(levels):
        proof_sets = {frozenset(map(tuple, c["units"]))
                      for c in (level.proof or {}).get("conflicts", ())}
        units = [("region", g) for g in range(level.size)]
        own = next((claim for size in (2, 3, 4) for claim in combinations(units, size)
                    if frozenset(claim) not in proof_sets
                    and units_conflict(level.regions, level.rule, claim)), None)
        whole = [["row", i] for i in range(level.size)]
        claim = [list(u) for u in own] if own else whole
        answer = post(client, answer_url(run["key"], position),
                      {"answer": "no_solution", "units": claim}).json()
        assert answer["correct"] == bool(own), (level.trap, claim, answer)
        assert not own or level.trap
        found += bool(own)
    assert found  # two of the three stocked traps (seeds 1, 2) have four such regions


def test_more_units_than_a_conflict_needs_are_told_so_not_that_they_do_not_conflict(
        client, stocked):
    """A new player named all six regions of a trap (true: they cannot all have their
    queen) and was told "they do not conflict". A claim is still a minimal set, but on a
    trap every region, or a proof's set and more, hears the truth; on a level, that the
    board has a solution."""
    run = start(client)
    fewer = "but fewer of them already cannot: select only the units that conflict."
    told, traps = [], 0
    for position, level in enumerate(board_levels(run["key"])):
        if level.trap and not traps:  # the first trap: a proof's set and one unit more
            units = level.proof["conflicts"][0]["units"]
            extra = next([kind, i] for kind in ("row", "column", "region")
                         for i in range(level.size) if [kind, i] not in units)
            claim = [*units, extra]
        else:  # every region
            claim = [["region", g] for g in range(level.size)]
        traps += level.trap
        answer = post(client, answer_url(run["key"], position),
                      {"answer": "no_solution", "units": claim}).json()
        assert not answer["correct"], answer
        assert answer["message"].endswith(fewer) == level.trap, answer["message"]
        told.append(level.trap)
    assert traps >= 2 and not all(told)  # both claims on a trap, and a level's


def test_a_proof_ending_in_a_ruled_out_cell_draws_that_cell_crossed():
    """“The queen in row 4, column 4 rules out row 5, column 5, the last open cell of column
    5”: the new player saw that cell drawn open under the sentence."""
    from generator_ext import generate
    from puzzles.api.solvable_serializers import proof_payload
    from puzzles.levels.services.levels import trap_proof

    trap = generate(6, seed=0, tier="easy", trap=True)
    proof = trap_proof(trap.regions)
    reason = proof["contradiction"]["reason"]
    assert reason["why"] == "ruled_out"
    drawn = proof_payload(proof)
    assert reason["cell"] in drawn["crosses"] and reason["cell"] not in drawn["queens"]


def test_a_right_claim_of_another_conflict_is_told_through_its_own_reason(client, stocked):
    """The new player named a right set and saw it give way to another one, the proof's
    last step's, with a sentence about that one. A right claim of another of the proof's
    sets is told by its own reason and drawn with its own units."""
    from types import SimpleNamespace

    from puzzles.core.step_words import step_message

    run = start(client)
    told = 0
    for position, level in enumerate(board_levels(run["key"])):
        end = sorted((level.proof or {}).get("contradiction", {}).get("reason", {})
                     .get("units", []))
        other = next((c for c in (level.proof or {}).get("conflicts", ())
                      if sorted(c["units"]) != end), None)
        units = other["units"] if other else [["row", 0], ["column", 0]]
        answer = post(client, answer_url(run["key"], position),
                      {"answer": "no_solution", "units": units}).json()
        if other:
            assert answer["correct"]
            assert sorted(answer["proof"]["units"]) == sorted(units)
            assert answer["proof"]["message"] == step_message(
                SimpleNamespace(reason=other["reason"], message=""))
            told += 1
    assert told
