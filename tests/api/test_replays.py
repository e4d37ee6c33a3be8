"""Ghosts and replays against the real database: which recorded solves a viewer may race
(their own, the fastest named player's, their friends'), that a ghost is counts over time
and never positions, and that a replay's moves (which end in the solution) are given only
after the viewer has solved or revealed the level."""

from __future__ import annotations

import pytest
from django.test import Client

from puzzles.models import Follow, Player, Solve
from puzzles.play.move_log import QUEEN, solution_cells
from puzzles.play.selectors.replays import queens_timeline, replayable
from tests.api.test_api import assert_no_solution, post
from tests.api.test_players import account, commits_run_their_callbacks, solve  # noqa: F401

pytestmark = pytest.mark.django_db


def recordings(client, level) -> dict:
    response = client.get(f"/api/levels/{level.size}/{level.id}/recordings/")
    assert response.status_code == 200, response.content
    assert response["Cache-Control"] == "private, no-store"
    return response.json()


def replay_url(level, recording_id) -> str:
    return f"/api/levels/{level.size}/{level.id}/recordings/{recording_id}/"


def test_a_timeline_counts_the_queens_standing_at_each_change():
    log = [[100, 0, 1, 2], [300, 0, 1, 1], [350, 2, 2, 1], [900, 1, 3, 2], [1200, 0, 0, 2]]
    assert queens_timeline(log) == [[100, 1], [300, 0], [900, 1], [1200, 2]]


def test_a_star_battle_solve_is_replayable(make_level):
    # A k-star solution is k columns a row: the replay check read it as one (a 500 on every
    # solved Star Battle level's recordings).
    level = make_level(size=10, seed=4, stars=2)
    log = [[1000 * (i + 1), row, col, QUEEN]
           for i, (row, col) in enumerate(sorted(solution_cells(level.solution)))]
    assert replayable(Solve(moves=log, seconds=30), level)
    assert not replayable(Solve(moves=log[:-1], seconds=30), level)


def test_a_viewer_races_their_own_the_fastest_and_friends_and_sees_no_position(make_level):
    level = make_level(size=8, seed=5)
    alice, _ = account("alice@example.com", "Alice")
    bob, _ = account("bob@example.com", "Bob")
    carol, _ = account("carol@example.com", "Carol")
    solve(bob, level, 60)
    solve(carol, level, 90)
    assert post(alice, "/api/me/follows/", {
        "handle": Player.objects.get(name="Carol").handle}).status_code == 200

    before = recordings(alice, level)
    assert before["can_watch"] is False
    assert [(r["who"], r["name"]) for r in before["recordings"]] == [
        ("fastest", "Bob"), ("friend", "Carol")]
    bob_ghost = before["recordings"][0]
    assert bob_ghost["seconds"] == 60 and bob_ghost["category"] == "flawless"
    assert bob_ghost["timeline"][-1][1] == level.size  # the last queen down
    assert bob_ghost["finished_ms"] == bob_ghost["timeline"][-1][0]
    assert all(set(r) == {"id", "who", "name", "seconds", "category", "finished_ms",
                          "timeline"} for r in before["recordings"])
    assert all(len(point) == 2 for r in before["recordings"] for point in r["timeline"])

    solve(alice, level, 120)
    after = recordings(alice, level)
    assert after["can_watch"] is True
    assert [(r["who"], r["name"]) for r in after["recordings"]] == [
        ("you", "You"), ("fastest", "Bob"), ("friend", "Carol")]


def test_replays_are_refused_until_the_level_is_solved_or_revealed(make_level):
    level = make_level(size=8, seed=6)
    bob, _ = account("bob@example.com", "Bob")
    solve(bob, level, 60)
    bob_solve = Solve.objects.get(level=level, player__in=Player.objects.filter(
        name="Bob").values("key"))
    viewer = Client(REMOTE_ADDR="10.1.2.3")
    viewer.get("/api/me/")
    (ghost,) = recordings(viewer, level)["recordings"]
    assert ghost["id"] == bob_solve.id

    refused = viewer.get(replay_url(level, bob_solve.id))
    assert refused.status_code == 403
    assert refused.json() == {
        "detail": "solve or reveal this level first: a replay shows its solution"}
    assert_no_solution(refused, level)
    assert_no_solution(viewer.get(f"/api/levels/{level.size}/{level.id}/recordings/"), level)

    post(viewer, f"/api/levels/{level.size}/{level.id}/reveal/", {})
    shown = viewer.get(replay_url(level, bob_solve.id))
    assert shown.status_code == 200
    body = shown.json()
    assert body["name"] == "Bob" and body["moves"] == bob_solve.moves
    assert viewer.get(replay_url(level, 999999)).status_code == 404


def test_hidden_players_guests_unplayable_logs_and_other_levels_are_never_shown(make_level):
    level, other = make_level(size=8, seed=7), make_level(size=8, seed=8)
    hidden, _ = account("hidden@example.com", "Hidden")
    solve(hidden, level, 50)
    Player.objects.filter(name="Hidden").update(hidden=True)
    guest = Client(REMOTE_ADDR="10.1.2.4")
    solve(guest, level, 55)  # a guest: no name to show
    forger, _ = account("forger@example.com", "Forger")
    solve(forger, level, 70, log=[[60_000, 0, 0, 2]])  # a log that does not end in the solution
    viewer, _ = account("viewer@example.com", "Viewer")
    for name in ("Hidden", "Forger"):
        Follow.objects.create(follower=Player.objects.get(name="Viewer"),
                              followed=Player.objects.get(name=name))
    solve(viewer, other, 80)
    assert recordings(viewer, level)["recordings"] == []
    post(viewer, f"/api/levels/{level.size}/{level.id}/reveal/", {})
    for solve_row in Solve.objects.filter(level=level).exclude(moves=None):
        assert viewer.get(replay_url(level, solve_row.id)).status_code == 404
    mine = Solve.objects.get(level=other, player__in=Player.objects.filter(
        name="Viewer").values("key"))
    assert viewer.get(replay_url(level, mine.id)).status_code == 404  # another level's


@pytest.mark.parametrize("url, status", [
    ("/api/levels/99/1/recordings/", 400), ("/api/levels/8/424242/recordings/", 404),
    ("/api/levels/8/1/recordings/x/", 404),
])
def test_bad_recording_urls_are_clear_errors(client, url, status):
    response = client.get(url)
    assert response.status_code == status and set(response.json()) == {"detail"}
