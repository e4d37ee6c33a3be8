"""The level builder's API: analysis per stroke, the fix, drafts by player, publishing."""

import json
import time

import pytest
from django.test import Client

from generator_ext import count_solutions, design_score, generate
from puzzles.models import Draft, Level, Source
from tests.engine.reference import one_cell_changes

pytestmark = pytest.mark.django_db


def post(client, url, data, method="post"):
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


def ambiguous(n=8):
    """A level with one cell given to a neighbour, until the map has two solutions."""
    for seed in range(1, 200):
        for grid in one_cell_changes(generate(n, seed=seed, tier="hard").regions):
            if count_solutions(grid, limit=2) == 2:
                return grid
    raise AssertionError("no ambiguous map found")


def test_analyze_reports_problems_then_the_count_then_the_rating(client):
    n = 6
    blank = [[-1] * n for _ in range(n)]
    data = post(client, "/api/builder/analyze/", {"regions": blank}).json()
    assert data["problems"][0]["kind"] == "unpainted" and data["solution_count"] is None
    assert data["design"] is None  # no design figures for an unfinished painting
    level = generate(n, seed=3, tier="easy")
    data = post(client, "/api/builder/analyze/", {"regions": level.regions}).json()
    assert data["problems"] == [] and data["solution_count"] == 1 and data["playable"]
    assert data["design"] == pytest.approx(vars(design_score(level.regions)))
    assert data["rating"]["tier"] == "easy" and data["rating"]["steps"][0]["message"]
    data = post(client, "/api/builder/analyze/", {"regions": ambiguous()}).json()
    assert data["solution_count"] == 2 and len(data["solutions"]) == 2
    assert data["solutions"][0] != data["solutions"][1] and data["rating"] is None


@pytest.mark.parametrize("body", [
    {"regions": [[0] * 3] * 3},                       # too small
    {"regions": [[0] * 17] * 17},                     # too big
    {"regions": [[0, 1, 2, 3]] * 3},                  # not square
    {"regions": "abc"},                               # not a grid
    {"regions": [[0, 1, 2, "3"]] * 4},                # a string cell
    {"regions": [[0, 1, 2, 9]] * 4},                  # a region past n - 1
    {"regions": [[0, 1, 2, 3]] * 4, "rule": "bishop"},
    {},
])
def test_bad_paintings_get_a_400_with_a_sentence(client, body):
    for url in ("/api/builder/analyze/", "/api/builder/fix/", "/api/builder/publish/",
                "/api/builder/drafts/"):
        response = post(client, url, body)
        assert response.status_code == 400, (url, body)
        assert isinstance(response.json()["detail"], str) and response.json()["detail"]


def test_a_huge_body_is_a_400(client):
    response = client.post("/api/builder/analyze/", "[" + "0," * 40000 + "0]",
                           content_type="application/json")
    assert response.status_code == 400 and response.json()["detail"]


def wait_for_fix(client, job: dict, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.1)
        job = client.get(job["url"]).json()
    return job


@pytest.mark.worker
def test_the_fix_runs_on_the_builders_worker_and_leaves_one_solution(client, builder_worker):
    grid = ambiguous()
    response = post(client, "/api/builder/fix/", {"regions": grid})
    assert response.status_code == 201 and response.json()["status"] == "queued"
    job = wait_for_fix(client, response.json())
    assert job["status"] == "done", job
    data = job["fix"]
    assert count_solutions(data["regions"], limit=None) == 1 and data["moved"]
    assert data["tier"] in ("easy", "medium", "hard")
    assert Client().get(job["url"]).status_code == 404  # another player's job is not found
    blank = [[-1] * 6 for _ in range(6)]
    response = post(client, "/api/builder/fix/", {"regions": blank})
    assert response.status_code == 400 and "Finish painting" in response.json()["detail"]


@pytest.mark.django_db(transaction=True)
def test_fixes_wait_in_a_bounded_queue_one_per_player(client):
    """No worker here: jobs wait. A player has one at a time; fixes hold so many places of
    the queue, and an analysis from a newcomer still finds one (attack row 27: fixes from 33
    addresses filled the whole queue, and an analysis was refused) until the queue is full."""
    from generator_ext import generate
    from puzzles.builder.services import jobs as builder_service

    grid = ambiguous()
    assert post(client, "/api/builder/fix/", {"regions": grid}).status_code == 201
    again = post(client, "/api/builder/fix/", {"regions": grid})
    assert again.status_code == 503 and int(again["Retry-After"]) > 0
    # One job per address in flight: the fixes' share fills from as many addresses.
    for i in range(builder_service.MAX_PENDING_REPAIRS - 1):
        who = Client(REMOTE_ADDR=f"10.0.1.{i}")
        assert post(who, "/api/builder/fix/", {"regions": grid}).status_code == 201
    full = post(Client(REMOTE_ADDR="10.0.2.1"), "/api/builder/fix/", {"regions": grid})
    assert full.status_code == 503 and "try again" in full.json()["detail"]
    # The analyses' places: a newcomer's k-star analysis is a job, up to the queue's size.
    star_board = {"regions": generate(10, seed=2727, stars=2).regions, "stars": 2}
    places = builder_service.MAX_PENDING_FIXES - builder_service.MAX_PENDING_REPAIRS
    for i in range(places):
        who = Client(REMOTE_ADDR=f"10.0.3.{i}")
        assert post(who, "/api/builder/analyze/", star_board).status_code == 202
    queue_full = post(Client(REMOTE_ADDR="10.0.4.1"), "/api/builder/analyze/", star_board)
    assert queue_full.status_code == 503 and "try again" in queue_full.json()["detail"]


@pytest.mark.django_db
def test_a_fix_delivered_twice_or_too_late_is_worked_once():
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.builder.services import jobs as builder_service
    from puzzles.models import FixJob

    job = FixJob.objects.create(player="p", rule="touch", regions=ambiguous())
    assert builder_service.execute_fix(job.id) == "done"
    assert builder_service.execute_fix(job.id) == "taken"
    late = FixJob.objects.create(player="p", rule="touch", regions=ambiguous())
    FixJob.objects.filter(id=late.id).update(created_at=timezone.now() - timedelta(minutes=5))
    assert builder_service.execute_fix(late.id) == "expired"
    assert FixJob.objects.get(id=late.id).status == "failed"


@pytest.mark.django_db
def test_a_deadline_before_the_work_begins_ends_the_job_with_its_sentence(monkeypatch):
    """A repair's soft time limit can fire while the job is being taken (seen at a deadline
    of 0.02 s on a loaded machine): the job ends failed with the deadline's sentence, not
    left running for a retry to call its worker dead."""
    from celery.exceptions import SoftTimeLimitExceeded

    from puzzles.builder.services import jobs as builder_service
    from puzzles.models import FixJob

    job = FixJob.objects.create(player="p", rule="touch", regions=ambiguous())
    real_get = FixJob.objects.get

    def deadline_now(**kwargs):
        monkeypatch.setattr(FixJob.objects, "get", real_get)
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(FixJob.objects, "get", deadline_now)
    assert builder_service.execute_fix(job.id) == "failed"
    job.refresh_from_db()
    assert job.status == "failed" and "took too long" in job.error
    assert builder_service.execute_fix(job.id) == "taken"  # a retry does nothing more


def test_publish_stores_a_community_level_outside_the_pools_and_dedupes(client):
    level = generate(7, seed=11, tier="medium")
    body = {"regions": level.regions, "title": "  Seven   seas ", "maker_name": "Ada"}
    response = post(client, "/api/builder/publish/", body)
    assert response.status_code == 201
    data = response.json()
    stored = Level.objects.get(id=data["id"])
    assert stored.source == Source.COMMUNITY and not stored.is_active and not stored.hidden
    assert stored.title == "Seven seas" and stored.maker_name == "Ada" and stored.maker
    assert data["url"] == f"/levels/{stored.id}/" and client.get(data["url"]).status_code == 200
    assert client.get("/api/levels/7/").status_code == 404  # never in the random pool
    mirrored = [row[::-1] for row in level.regions]  # the same puzzle, mirrored
    again = post(client, "/api/builder/publish/", {"regions": mirrored})
    assert again.status_code == 200 and again.json() == {**data, "created": False}
    assert Level.objects.count() == 1


@pytest.mark.parametrize("field,value", [
    ("title", "<script>alert(1)</script>"), ("maker_name", "a" * 41), ("title", "x" * 61),
    ("maker_name", "bell\x07"), ("title", 5),
])
def test_publish_refuses_markup_and_overlong_text(client, field, value):
    level = generate(6, seed=2, tier="easy")
    response = post(client, "/api/builder/publish/", {"regions": level.regions, field: value})
    assert response.status_code == 400 and field in response.json()["detail"]
    assert Level.objects.count() == 0


def test_publish_refuses_what_is_not_a_level(client):
    response = post(client, "/api/builder/publish/", {"regions": ambiguous()})
    assert response.status_code == 400 and "more than one solution" in response.json()["detail"]


def test_hidden_levels_are_not_served(client, staff_client):
    from puzzles.builder.services import community as community_service

    level = generate(6, seed=5, tier="easy")
    data = post(client, "/api/builder/publish/", {"regions": level.regions}).json()
    assert client.get(data["url"]).status_code == 200
    community_service.moderate_levels([data["id"]], hidden=True)
    assert client.get(data["url"]).status_code == 404
    assert client.get(f"/api/levels/6/{data['id']}/").status_code == 404
    response = post(client, "/api/builder/publish/", {"regions": level.regions})
    assert response.status_code == 400 and "taken down" in response.json()["detail"]


def test_drafts_belong_to_their_player(client):
    from django.test import Client

    painting = [[-1] * 5 for _ in range(5)]
    painting[0][0] = 2
    created = post(client, "/api/builder/drafts/", {"regions": painting, "title": "mine"})
    assert created.status_code == 201
    key = created.json()["key"]
    assert created.json()["url"] == f"/create/{key}/"
    painting[1][1] = 3
    updated = post(client, f"/api/builder/drafts/{key}/", {"regions": painting}, method="put")
    assert updated.status_code == 200 and updated.json()["regions"][1][1] == 3
    assert [d["key"] for d in client.get("/api/builder/drafts/").json()] == [key]
    stranger = Client()
    assert stranger.get(f"/api/builder/drafts/{key}/").status_code == 404
    assert post(stranger, f"/api/builder/drafts/{key}/", {"regions": painting},
                method="put").status_code == 404
    assert stranger.delete(f"/api/builder/drafts/{key}/").status_code == 404
    assert client.delete(f"/api/builder/drafts/{key}/").status_code == 204
    assert Draft.objects.count() == 0


def test_publishing_is_throttled_per_player(client):
    from django.test import Client

    from puzzles.api.throttles import PublishThrottle

    saved = PublishThrottle.THROTTLE_RATES
    PublishThrottle.THROTTLE_RATES = {**saved, "publish": "2/hour"}
    try:
        def publish(who, seed):
            return post(who, "/api/builder/publish/",
                        {"regions": generate(6, seed=seed, tier="easy").regions}).status_code

        assert [publish(client, seed) for seed in (1, 2, 3)] == [201, 201, 429]
        assert publish(Client(), 4) == 201  # another player has their own count
    finally:
        PublishThrottle.THROTTLE_RATES = saved


def test_a_published_draft_links_to_its_level(client):
    level = generate(6, seed=8, tier="easy")
    key = post(client, "/api/builder/drafts/", {"regions": level.regions}).json()["key"]
    data = post(client, "/api/builder/publish/", {"regions": level.regions, "draft": key}).json()
    assert client.get(f"/api/builder/drafts/{key}/").json()["level"] == data["id"]


@pytest.mark.parametrize("name", ["Queens Staff ✔ Оfficial", "Ada\u202e", "Ad\u200ba",
                                  "Z" + "\u0301" * 57, "Ada\U000e0041"])
def test_spoofing_titles_and_names_are_refused_at_publish_and_in_drafts(client, name):
    regions = generate(6, seed=30, tier="easy").regions
    for url in ("/api/builder/publish/", "/api/builder/drafts/"):
        for field in ("title", "maker_name"):
            response = post(client, url, {"regions": regions, field: name})
            assert response.status_code == 400, (url, field, response.json())
            assert response.json()["detail"].startswith(field)
    assert not Level.objects.exists() and not Draft.objects.exists()


def test_cookieless_publishes_are_limited_per_address(settings):
    """Each publish without the cookie is a new player; the address is the same one."""
    # Blocky 6×6 paintings: eighteen seeds of the design strategy give one duplicate there.
    statuses = [post(Client(), "/api/builder/publish/",
                     {"regions": generate(6, seed=100 + i, tier="easy",
                                          strategy="fast").regions}).status_code
                for i in range(18)]
    allowed = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["publish_address"]
                  .split("/")[0])
    assert statuses[:allowed] == [201] * allowed and set(statuses[allowed:]) == {429}


def test_a_painting_past_the_search_budget_is_a_400_not_a_stall(client, monkeypatch):
    from generator_ext import deduce

    monkeypatch.setattr(deduce, "ANALYZE_NODES", 1)  # any search at all is over budget
    response = post(client, "/api/builder/analyze/", {"regions": ambiguous()})
    assert response.status_code == 400 and "too many ways" in response.json()["detail"]


@pytest.mark.worker
def test_start_from_a_motif_gives_a_level_composed_around_it(client, builder_worker):
    from generator_ext import count_solutions, motif_cells

    response = client.get("/api/builder/motif/?size=9&motif=heart")
    assert response.status_code == 202  # composed on the builder's worker
    job = wait_for_fix(client, response.json())
    assert job["status"] == "done", job
    data = job["painting"]
    regions = data["regions"]
    assert data["motif"] == "heart" and len(regions) == 9
    assert len({regions[r][c] for r, c in motif_cells("heart", 9)}) == 1
    assert count_solutions(regions, limit=2) == 1
    assert not Level.objects.exists()  # stored nowhere


@pytest.mark.parametrize("query, message", [
    ("size=9&motif=dragon", "unknown motif"),
    ("size=6&motif=heart", "boards of 7×7 to 16×16"),
    ("size=20&motif=heart", "board size"),
    ("size=9", "motif"),
    ("size=9&motif=heart&style=wavy", "unknown style"),
])
def test_a_bad_motif_start_is_a_400_with_a_sentence(client, query, message):
    response = client.get(f"/api/builder/motif/?{query}")
    assert response.status_code == 400 and message in response.json()["detail"]


@pytest.mark.django_db(transaction=True)
def test_motif_starts_without_the_cookie_are_limited_per_address():
    """A generation per request: dropping the cookie makes a new player, not a new address
    (no worker here: the first waits, and the address has one job in flight)."""
    from puzzles.api.throttles import MotifThrottle

    saved = MotifThrottle.THROTTLE_RATES
    MotifThrottle.THROTTLE_RATES = {**saved, "fix_address": "3/minute"}
    try:
        statuses = [Client().get("/api/builder/motif/?size=8&motif=T").status_code
                    for _ in range(5)]
    finally:
        MotifThrottle.THROTTLE_RATES = saved
    assert statuses == [202, 503, 503, 429, 429]
