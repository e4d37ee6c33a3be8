"""Play without a network, as the server sees it (issue 22): a solve made offline arrives
later with its queens and move log, is replayed and recorded unranked; the service worker,
the manifest, the offline page and the levels the worker keeps."""

from __future__ import annotations

import json
import re

import pytest

from puzzles.models import Solve
from tests.api.test_api import assert_no_solution, post, queens_of
from tests.support import human_moves

pytestmark = pytest.mark.django_db


def offline_solve(client, level, **body):
    data = {"offline": True, "queens": queens_of(level),
            "moves": human_moves(level.solution, end_s=95), **body}
    return post(client, f"/api/levels/{level.size}/{level.id}/solves/", data)


def test_an_offline_solve_is_recorded_unranked_with_its_logs_time(client, make_level):
    level = make_level(size=8, seed=3)
    response = offline_solve(client, level)
    assert response.status_code == 201, response.content
    record = response.json()
    assert record["ranked"] is False and record["unranked"] == "offline"
    assert record["category"] is None and record["faster_than"] is None
    assert record["seconds"] == 94  # the log's last move, 94.7 s after the opening
    solve = Solve.objects.get(level=level)
    assert solve.seconds == 94 and solve.solved_at is not None and not solve.ranked
    assert solve.unranked == "offline" and solve.moves[-1][0] == 94700
    assert_no_solution(response, level)


def test_an_offline_solve_sent_twice_is_recorded_once(client, make_level):
    level = make_level(size=8, seed=3)
    first = offline_solve(client, level).json()
    again = offline_solve(client, level, moves=human_moves(level.solution, end_s=300))
    assert again.status_code == 201 and again.json()["seconds"] == first["seconds"]
    assert Solve.objects.filter(level=level).count() == 1


@pytest.mark.parametrize(("change", "says"), [
    (lambda level: {"queens": queens_of(level)[:-1]}, "do not solve"),
    (lambda level: {"queens": [[r, (c + 1) % level.size] for r, c in queens_of(level)]},
     "do not solve"),
    (lambda level: {"moves": []}, "must carry its move log"),
    (lambda level: {"moves": human_moves(level.solution, end_s=60)[:-1]},
     "does not end in the solution"),
    (lambda level: {"moves": list(reversed(human_moves(level.solution, end_s=60)))},
     "go backwards"),
    (lambda level: {"moves": [["x", 0, 0, 2]]}, "moves"),
    (lambda level: {"queens": [[0, 99]]}, "queens"),
])
def test_an_offline_solve_that_does_not_hold_up_is_refused_and_stores_nothing(
        client, make_level, change, says):
    level = make_level(size=8, seed=3)
    response = offline_solve(client, level, **change(level))
    assert response.status_code == 400, response.content
    assert says in json.dumps(response.json()), response.json()
    assert not Solve.objects.filter(level=level, seconds__isnull=False).exists()


def test_a_revealed_level_cannot_be_solved_offline(client, make_level):
    level = make_level(size=8, seed=3)
    assert post(client, f"/api/levels/8/{level.id}/reveal/").status_code == 200
    response = offline_solve(client, level)
    assert response.status_code == 400 and "revealed" in response.json()["detail"]


def test_an_online_solve_still_needs_its_token(client, make_level):
    level = make_level(size=8, seed=3)
    response = post(client, f"/api/levels/8/{level.id}/solves/", {"moves": []})
    assert response.status_code == 400 and "token" in response.json()["detail"]


def test_the_service_worker_is_served_at_the_root_fresh_and_versioned(client, settings):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]  # a new deployment is seen on the next visit
    assert response["Service-Worker-Allowed"] == "/"
    text = response.content.decode()
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', text).group(1)
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", text).group(1))
    assert "/static/js/game.js" in shell and "/static/css/queens.css" in shell
    assert "/static/js/pwa.js" in shell and "/static/img/icon-192.png" in shell
    assert not any(url.startswith("/api/") for url in shell)
    pages = json.loads(re.search(r"const PAGES = (\[.*?\]);", text).group(1))
    assert {"/", "/daily/", "/offline/", "/jsi18n/en/"} <= set(pages)
    # The API is never kept: the worker answers only pages, the shell and the catalogue.
    fetching = text.split('self.addEventListener("fetch"')[1].split("async function")[0]
    assert "/api/" not in fetching
    assert client.get("/sw.js").content.decode().count(version) == 1  # same files, same version


def test_a_changed_static_file_makes_a_new_version(client, settings, tmp_path):
    from puzzles.web import offline_manifest as offline

    (tmp_path / "js").mkdir()
    probe = tmp_path / "js" / "probe.js"
    probe.write_text("export const a = 1;\n")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, str(tmp_path)]
    before = offline.site_version()
    assert offline.site_version() == before
    probe.write_text("export const a = 22;\n")
    assert offline.site_version() != before


def test_the_manifest_installs_the_site_in_the_players_language(client):
    response = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(response.content)
    assert manifest["lang"] == "es" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone" and "reina" in manifest["description"]
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon.get("purpose") != "maskable"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon


def test_the_offline_page_speaks_the_language(client):
    response = client.get("/offline/", HTTP_ACCEPT_LANGUAGE="zh-CN")
    assert response.status_code == 200
    assert '<html lang="zh-hans">' in response.content.decode()
    assert "离线" in response.content.decode()


def test_the_kept_levels_are_a_few_per_size_and_never_a_future_daily(client, make_level):
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.models import DailyPuzzle

    levels = [make_level(size=6, seed=s) for s in range(1, 5)] + [make_level(size=9, seed=2)]
    DailyPuzzle.objects.create(date=timezone.now().date() + timedelta(days=3), level=levels[0],
                               number=999)
    response = client.get("/offline/levels.json")
    assert response.status_code == 200
    kept = response.json()["levels"]
    by_size = {}
    for entry in kept:
        by_size.setdefault(entry["size"], []).append(entry["url"])
    assert len(by_size[6]) == 2 and len(set(by_size[6])) == 2 and len(by_size[9]) == 1
    assert f"/levels/{levels[0].id}/" not in by_size[6]  # tomorrow's daily does not exist yet
    for entry in kept:
        assert client.get(entry["url"]).status_code == 200
