"""The level builder with "stars": a 2★ painting analyzed (two solutions shown as star
columns, then the rating), made unique on the builder's worker, saved as a draft and published
as a 2★ community level that plays as one; bad star settings are 400s with a sentence."""

import json

import pytest

from generator_ext import analyze, count_solutions, generate
from puzzles.models import Draft, Level, Source
from tests.api.test_builder import wait_for_fix

pytestmark = pytest.mark.django_db


def post(client, url, data, method="post"):
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


def ambiguous_2_star(n=10):
    """A 2★ level with one cell given to a neighbour, until the map has two solutions."""
    for seed in range(1, 50):
        regions = generate(n, seed=seed, stars=2).regions
        for r in range(n):
            for c in range(n - 1):
                grid = [row[:] for row in regions]
                if grid[r][c] == grid[r][c + 1]:
                    continue
                grid[r][c] = grid[r][c + 1]
                if analyze(grid, stars=2).solution_count == 2:
                    return grid
    raise AssertionError("no ambiguous 2★ map found")


def analyzed_on_the_worker(client, body) -> dict:
    """A finished k-star painting is analysed on the builder's worker: its job, polled."""
    response = post(client, "/api/builder/analyze/", body)
    assert response.status_code == 202, response.json()
    job = wait_for_fix(client, response.json())
    assert job["status"] == "done", job
    return job["analysis"]


@pytest.mark.worker
def test_analyze_with_two_stars_shows_two_solutions_then_the_rating(client, builder_worker):
    grid = ambiguous_2_star()
    data = analyzed_on_the_worker(client, {"regions": grid, "stars": 2})
    assert data["stars"] == 2 and data["solution_count"] == 2 and data["rating"] is None
    assert all(len(row) == 2 for solution in data["solutions"] for row in solution)
    level = generate(10, seed=3, stars=2)
    data = analyzed_on_the_worker(client, {"regions": level.regions, "stars": 2})
    assert data["solution_count"] == 1 and data["playable"]
    assert data["rating"]["tier"] == level.tier and data["rating"]["steps"]
    one = post(client, "/api/builder/analyze/", {"regions": level.regions}).json()
    assert one["stars"] == 1 and one["solution_count"] != 1  # as a Queens board it is not


@pytest.mark.parametrize("body, message", [
    ({"stars": 4}, "Ensure this value is less than or equal to 3"),
    ({"stars": "2"}, "integer"),
    ({"stars": 2, "rule": "classic"}, "touch rule only"),
    ({"stars": 3}, "cannot hold 3 stars"),
])
def test_bad_star_settings_are_400s(client, body, message):
    regions = generate(10, seed=3, stars=2).regions
    response = post(client, "/api/builder/analyze/", {"regions": regions, **body})
    assert response.status_code == 400 and message in response.text, response.text


@pytest.mark.worker
def test_make_it_unique_with_two_stars_runs_on_the_builders_worker(client, builder_worker):
    grid = ambiguous_2_star()
    response = post(client, "/api/builder/fix/", {"regions": grid, "stars": 2})
    assert response.status_code == 201
    job = wait_for_fix(client, response.json())
    assert job["status"] == "done", job
    fixed = job["fix"]["regions"]
    assert count_solutions(fixed, stars=2) == 1 and job["fix"]["moved"]
    assert job["fix"]["tier"] in ("hard", "expert")


@pytest.mark.django_db(transaction=True)
def test_a_2_star_board_is_drafted_and_published_as_a_2_star_level(client):
    level = generate(10, seed=7, stars=2)
    draft = post(client, "/api/builder/drafts/", {"regions": level.regions, "stars": 2,
                                                  "title": "Twin stars"}).json()
    assert draft["stars"] == 2 and Draft.objects.get(key=draft["key"]).stars == 2
    response = post(client, "/api/builder/publish/", {"regions": level.regions, "stars": 2,
                                                      "draft": draft["key"]})
    assert response.status_code == 201, response.json()
    stored = Level.objects.get(id=response.json()["id"])
    assert stored.stars == 2 and stored.source == Source.COMMUNITY
    assert stored.solution == level.solution and stored.tier == level.tier
    payload = client.get(f"/api/levels/10/{stored.id}/").json()
    assert payload["stars"] == 2 and "solution" not in payload
    check = post(client, f"/api/levels/10/{stored.id}/check/", {
        "queens": [[r, c] for r, cols in enumerate(level.solution) for c in cols]}).json()
    assert check["solved"]
    as_queens = post(client, "/api/builder/publish/", {"regions": level.regions})
    assert as_queens.status_code == 400  # as a Queens board it has no single solution
