"""The hunts for a solution or a daily before its time, as an outsider makes them: collect a
pool and watch which id vanishes when tomorrow's daily is drawn; hand the builder a stored
level's regions (or a rotated, relabelled copy) and read its solution, its id or its
existence from the answer."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from generator_ext import generate
from puzzles.daily import services as daily_service
from puzzles.models import DailyPuzzle
from puzzles.play.board_check import solution_cells
from tests.api.test_api import assert_no_solution, post
from tests.engine.reference import one_cell_changes
from tests.engine.test_canonical import all_symmetries, relabel

pytestmark = pytest.mark.django_db
BUILDER = ("/api/builder/analyze/", "/api/builder/fix/", "/api/builder/publish/")


def collect_pool(client, size: int) -> set[int]:
    """Every level of a pool, by asking for a random one excluding those seen, until none."""
    seen: set[int] = set()
    for _ in range(200):
        response = client.get(f"/api/levels/{size}/?exclude={','.join(map(str, seen)) or 0}")
        if response.status_code == 404:
            return seen
        seen.add(response.json()["id"])
    raise AssertionError("the pool never ran dry")


@pytest.fixture
def tomorrow(settings):
    today = timezone.now().date()
    settings.QUEENS_DAILY_EPOCH = today - timedelta(days=3)
    return today + timedelta(days=1)


def test_collecting_the_pool_never_names_tomorrows_daily(client, make_level, tomorrow):
    size, tier = daily_service.DAILY_SIZES[tomorrow.weekday()], daily_service.DAILY_TIERS[
        tomorrow.weekday()]
    for seed in range(8):  # a pool the daily could have been drawn from
        make_level(size=size, seed=seed, tier=tier)
    before = collect_pool(client, size)
    daily = daily_service.ensure_daily(tomorrow)  # what beat does an hour or a day ahead
    after = collect_pool(client, size)
    assert before == after  # nothing vanished: the daily was never in the pool
    assert daily.level_id not in before
    assert client.get(f"/api/levels/{size}/{daily.level_id}/").status_code == 404
    assert client.get(f"/levels/{daily.level_id}/").status_code == 404
    assert client.get(f"/api/daily/{tomorrow.isoformat()}/").status_code == 400


def test_the_builder_refuses_tomorrows_daily_and_every_copy_of_it(client, tomorrow):
    level = daily_service.ensure_daily(tomorrow).level
    copies = [level.regions, *(relabel(grid, seed) for seed, grid in
                               enumerate(all_symmetries(level.regions)))]
    for regions in copies:
        for url in BUILDER:  # painted as what it is: a Sunday daily is a 2★ board
            response = post(client, url, {"regions": regions, "stars": level.stars})
            assert response.status_code == 400, (url, response.json())
            body = response.json()
            assert set(body) == {"detail"} and str(level.id) not in body["detail"]
            assert_no_solution(response, level)
    assert DailyPuzzle.objects.get(date=tomorrow).level_id == level.id
    assert not type(level).objects.filter(source="community").exists()


def test_the_builder_solves_a_stored_level_only_for_a_player_who_solved_or_revealed_it(
        client, make_level):
    level = make_level(size=7, seed=3)
    rotated = list(map(list, zip(*level.regions[::-1], strict=True)))
    for url in BUILDER:
        response = post(client, url, {"regions": rotated})
        assert response.status_code == 400 and "play it" in response.json()["detail"]
        assert_no_solution(response, level)
    post(client, f"/api/levels/7/{level.id}/reveal/", {})
    analysis = post(client, "/api/builder/analyze/", {"regions": level.regions}).json()
    assert analysis["solutions"] == [level.solution]
    published = post(client, "/api/builder/publish/", {"regions": rotated})
    assert published.status_code == 200 and published.json()["id"] == level.id
    stranger = Client()  # another player, or the same one without the cookie
    response = post(stranger, "/api/builder/analyze/", {"regions": level.regions})
    assert response.status_code == 400
    assert_no_solution(response, level)


def test_a_maker_may_still_analyze_and_republish_their_own_level(client):
    regions = generate(6, seed=21, tier="easy").regions
    first = post(client, "/api/builder/publish/", {"regions": regions}).json()
    assert post(client, "/api/builder/analyze/", {"regions": regions}).status_code == 200
    again = post(client, "/api/builder/publish/", {"regions": regions}).json()
    assert again["id"] == first["id"] and again["created"] is False
    response = post(Client(), "/api/builder/publish/", {"regions": regions})
    assert response.status_code == 400 and "id" not in response.json()


def one_cell_away(level) -> list[list[int]]:
    """The level with one cell (not a queen's) given to a neighbouring region, its solution
    still the only one: the near copy an outsider paints to read that solution."""
    from generator_ext import count_solutions

    queens = solution_cells(level.solution)
    for grid in one_cell_changes(level.regions, keep=queens):
        if count_solutions(grid, limit=2, stars=level.stars) == 1:
            return grid
    raise AssertionError("no near copy found")


def test_a_near_copy_of_a_stored_level_is_refused_like_the_level(client, make_level,
                                                                 tomorrow):
    for level in (make_level(size=8, seed=5, tier="hard"),
                  daily_service.ensure_daily(tomorrow).level):
        near = one_cell_away(level)
        mirrored = [row[::-1] for row in near]
        for regions in (near, mirrored):
            for url in BUILDER:
                response = post(client, url, {"regions": regions, "stars": level.stars})
                assert response.status_code == 400, (url, response.json())
                assert_no_solution(response, level)
    assert not type(level).objects.filter(source="community").exists()


def test_a_board_of_ones_own_is_not_taken_for_a_near_copy(client):
    regions = generate(7, seed=77, tier="medium").regions
    analysis = post(client, "/api/builder/analyze/", {"regions": regions})
    assert analysis.status_code == 200 and analysis.json()["solution_count"] == 1
