"""The REST API: happy paths, bad inputs, and the solution kept secret until solved."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.models import DailyPuzzle, GenerationRun, PoolTarget, Solve

pytestmark = pytest.mark.django_db


def post(client, url, data=None):
    return client.post(url, json.dumps(data or {}), content_type="application/json")


def queens_of(level):
    return [[r, c] for r, c in enumerate(level.solution)]


def assert_no_solution(response, level):
    text = response.content.decode()
    assert "solution" not in json.loads(text) if text.startswith("{") else True
    assert json.dumps(level.solution) not in text.replace(" ", "")


def test_random_level_shape_and_no_solution(client, make_level):
    level = make_level(size=8)
    response = client.get("/api/levels/8/")
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"id", "size", "rule", "regions", "tier", "score", "daily"}
    assert data["id"] == level.id and data["regions"] == level.regions and data["daily"] is None
    assert_no_solution(response, level)
    assert client.get(f"/api/levels/8/{level.id}/").json() == data


@pytest.mark.parametrize("url,status", [
    ("/api/levels/3/", 400), ("/api/levels/21/", 400), ("/api/levels/abc/", 400),
    ("/api/levels/8/?rule=nope", 400), ("/api/levels/8/?exclude=1,x", 400),
    ("/api/levels/8/?tier=easy", 501),
])
def test_random_level_bad_parameters(client, make_level, url, status):
    make_level(size=8)
    response = client.get(url)
    assert response.status_code == status
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]


def test_empty_pool_is_404_and_queues_a_top_up(client, django_capture_on_commit_callbacks):
    response = client.get("/api/levels/9/")
    assert response.status_code == 404 and "being generated" in response.json()["detail"]
    assert GenerationRun.objects.filter(size=9, status="queued").count() == 1
    assert PoolTarget.objects.filter(size=9).exists()


def test_wrong_level_id_or_size(client, make_level):
    level = make_level(size=8)
    assert client.get(f"/api/levels/8/{level.id + 999}/").status_code == 404
    assert client.get(f"/api/levels/9/{level.id}/").status_code == 404
    assert post(client, f"/api/levels/9/{level.id}/check/", {"queens": []}).status_code == 404


def test_check_conflicts_and_solve_flow(client, make_level):
    level = make_level(size=8)
    url = f"/api/levels/8/{level.id}/"
    partial = post(client, url + "check/", {"queens": [[0, 0], [1, 1]]})
    assert partial.status_code == 200
    body = partial.json()
    assert body["solved"] is False and "solution" not in body and "token" not in body
    assert {c["kind"] for c in body["conflicts"]} >= {"touch"}
    solved = post(client, url + "check/", {"queens": queens_of(level)}).json()
    assert solved["solved"] and solved["conflicts"] == [] and solved["solution"] == level.solution
    ranking = post(client, url + "solves/", {"seconds": 42, "hints": 0, "token": solved["token"]})
    assert ranking.status_code == 201 and ranking.json() == {"percentile": 100.0, "solvers": 1}
    again = post(client, url + "solves/", {"seconds": 41, "hints": 0, "token": solved["token"]})
    assert again.status_code == 400 and "already" in again.json()["detail"]


@pytest.mark.parametrize("queens", [
    None, "x", [[0]], [[0, 0, 0]], [[0, "1"]], [[8, 0]], [[-1, 0]], [[0, 0], [0, 0]],
    [[True, 0]],
])
def test_check_malformed_queens(client, make_level, queens):
    level = make_level(size=8)
    response = post(client, f"/api/levels/8/{level.id}/check/", {"queens": queens})
    assert response.status_code == 400 and response.json()["detail"]


def test_check_without_body_or_with_a_list(client, make_level):
    level = make_level(size=8)
    url = f"/api/levels/8/{level.id}/check/"
    assert post(client, url).status_code == 400
    assert client.post(url, "[1]", content_type="application/json").status_code == 400
    assert client.post(url, "{not json", content_type="application/json").status_code == 400


def test_forged_or_foreign_tokens_are_refused(client, make_level):
    a, b = make_level(size=8, seed=1), make_level(size=8, seed=2)
    token_a = post(client, f"/api/levels/8/{a.id}/check/", {"queens": queens_of(a)}).json()["token"]
    for token in ["forged", token_a + "x", "", 5]:
        r = post(client, f"/api/levels/8/{a.id}/solves/", {"seconds": 5, "token": token})
        assert r.status_code == 400
    r = post(client, f"/api/levels/8/{b.id}/solves/", {"seconds": 5, "token": token_a})
    assert r.status_code == 400 and "another" in r.json()["detail"]
    other_player = client.__class__()
    r = post(other_player, f"/api/levels/8/{a.id}/solves/", {"seconds": 5, "token": token_a})
    assert r.status_code == 400
    for seconds in [-1, "5", None, 10**9]:
        r = post(client, f"/api/levels/8/{a.id}/solves/", {"seconds": seconds, "token": token_a})
        assert r.status_code == 400
    assert Solve.objects.count() == 0


def test_reveal_records_a_reveal_and_blocks_a_solve(client, make_level):
    level = make_level(size=8)
    url = f"/api/levels/8/{level.id}/"
    token = post(client, url + "check/", {"queens": queens_of(level)}).json()["token"]
    response = post(client, url + "reveal/")
    assert response.json() == {"solution": level.solution}
    assert Solve.objects.get(level=level).revealed
    r = post(client, url + "solves/", {"seconds": 5, "token": token})
    assert r.status_code == 400 and "revealed" in r.json()["detail"]


def test_hint_is_not_there_yet(client, make_level):
    level = make_level(size=8)
    response = post(client, f"/api/levels/8/{level.id}/hint/", {"queens": [], "crosses": []})
    assert response.status_code == 501 and "deduction" in response.json()["detail"]


def test_daily_today_past_and_future(client, make_level, settings):
    today = timezone.now().date()
    settings.QUEENS_DAILY_EPOCH = today - timedelta(days=30)
    size = {0: 7, 1: 8, 2: 8, 3: 9, 4: 9, 5: 10, 6: 11}[today.weekday()]
    level = make_level(size=size)
    response = client.get("/api/daily/")
    assert response.status_code == 200
    data = response.json()
    assert data["number"] == 31 and data["date"] == today.isoformat()
    assert data["level"]["id"] == level.id
    assert data["level"]["daily"] == {"date": today.isoformat(), "number": 31}
    assert_no_solution(response, level)
    assert client.get(f"/api/daily/{today.isoformat()}/").json() == data
    assert client.get(f"/api/levels/{size}/{level.id}/").json()["daily"]["number"] == 31
    future = (today + timedelta(days=1)).isoformat()
    assert client.get(f"/api/daily/{future}/").status_code == 400
    past = (today - timedelta(days=3)).isoformat()
    assert client.get(f"/api/daily/{past}/").status_code == 404
    assert client.get("/api/daily/2026-13-45/").status_code == 400
    assert DailyPuzzle.objects.count() == 1


def test_pools(client, make_level):
    make_level(size=6)
    PoolTarget.objects.create(size=6, rule="touch", target=5)
    GenerationRun.objects.create(size=6, rule="touch", requested=4, status="running")
    assert client.get("/api/pools/").json() == [
        {"size": 6, "rule": "touch", "active": 1, "target": 5, "running": True}
    ]


def test_runs_are_staff_only(staff_client, django_capture_on_commit_callbacks):
    from django.test import Client

    client = Client()
    assert post(client, "/api/runs/", {"size": 8, "rule": "touch", "requested": 3}).status_code in (
        401, 403)
    response = post(staff_client, "/api/runs/", {"size": 8, "rule": "touch", "requested": 3})
    assert response.status_code == 201
    run = response.json()
    assert run["status"] == "queued" and run["requested"] == 3
    assert staff_client.get(f"/api/runs/{run['id']}/").json()["id"] == run["id"]
    assert client.get(f"/api/runs/{run['id']}/").status_code in (401, 403)
    bad = post(staff_client, "/api/runs/", {"size": 30, "rule": "touch", "requested": 3})
    assert bad.status_code == 400 and "size" in bad.json()["detail"]
    assert staff_client.get("/api/runs/99999/").status_code == 404


def test_schema_and_docs_load_without_outside_requests(client):
    schema = client.get("/api/schema/?format=json")
    assert schema.status_code == 200
    paths = json.loads(schema.content)["paths"]
    assert "/api/levels/{n}/" in paths and "/api/levels/{n}/{level_id}/check/" in paths
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "http://" not in html.replace("http://testserver", "") and "https://" not in html


def test_no_response_leaks_the_solution_before_solving(client, make_level):
    level = make_level(size=8)
    for url in ["/api/levels/8/", f"/api/levels/8/{level.id}/", "/api/pools/"]:
        assert_no_solution(client.get(url), level)
    assert_no_solution(post(client, f"/api/levels/8/{level.id}/check/", {"queens": []}), level)


def test_posts_are_throttled(client, make_level, settings):
    from puzzles.api.views import PostThrottle

    level = make_level(size=8)
    PostThrottle.THROTTLE_RATES = {"anon_post": "5/minute"}
    try:
        codes = [post(client, f"/api/levels/8/{level.id}/check/", {"queens": []}).status_code
                 for _ in range(7)]
    finally:
        PostThrottle.THROTTLE_RATES = {"anon_post": settings.REST_FRAMEWORK[
            "DEFAULT_THROTTLE_RATES"]["anon_post"]}
    assert codes[:5] == [200] * 5 and codes[-1] == 429


def test_schema_validates_against_openapi_3():
    from django.core.management import call_command
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.validation import validate_schema

    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)  # raises on an invalid OpenAPI 3 document
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
