"""The compose stack's own commands on this machine: static files, a level played in real
Chromium through nginx and gunicorn with DEBUG=0, Redis stopped and PostgreSQL restarted
under load. The tests run in file order on one stack (test_edge.py has the slow clients)."""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

import pytest

from queensgame.redis_cache import CircuitBreaker
from tests.support import returning_player, wait_until

pytestmark = pytest.mark.redis


def wait_for_level(stack, size: int, timeout: float = 150) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, _, body = stack.get(f"/api/levels/{size}/")
        if status == 200:
            return json.loads(body)
        time.sleep(1)
    raise AssertionError(f"no {size}x{size} level after {timeout} s:\n"
                         + stack.log("worker")[-3000:])


def solution_of(stack, level_id: int) -> list[int]:
    import psycopg

    with psycopg.connect(stack.postgres.url) as db:
        return db.execute("SELECT solution FROM puzzles_level WHERE id = %s",
                          [level_id]).fetchone()[0]


def test_static_files_are_served_hashed_compressed_and_cached_for_a_year(stack):
    status, _, body = stack.get("/")
    assert status == 200
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', body.decode())
    hashed = [a for a in assets if re.search(r"\.[0-9a-f]{12}\.(?:js|css|svg|png)$", a)]
    assert assets and hashed == assets  # every asset by its hashed name
    for asset in hashed:
        status, headers, _ = stack.get(asset, headers={"Accept-Encoding": "gzip"})
        assert status == 200, asset
        assert "max-age=315360000" in headers["Cache-Control"], asset
        if asset.endswith((".js", ".css")):  # a tiny icon is not worth compressing
            assert headers.get("Content-Encoding") == "gzip", asset
    status, _, docs = stack.get("/api/docs/")
    assert status == 200
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', docs.decode()):
        assert stack.get(asset)[0] == 200, asset


def test_the_setup_made_every_pool_and_the_worker_fills_them(stack):
    status, _, body = stack.get("/api/pools/")
    pools = json.loads(body)
    assert status == 200 and len(pools) > 50
    assert not any(pool["paused"] for pool in pools)
    wait_for_level(stack, 6)


def test_a_player_solves_a_level_in_chromium_through_gunicorn(stack, browser):
    context = returning_player(browser.new_context(viewport={"width": 1280, "height": 800}))
    page = context.new_page()
    broken, statics = [], []
    page.on("response", lambda r: r.status >= 400 and broken.append((r.status, r.url)))
    page.on("response", lambda r: "/static/" in r.url and statics.append(r))
    # A level first: the empty pool's polling (its 404s) is another test's matter.
    wait_for_level(stack, 6)
    page.goto(stack.url + "/play/6/")
    page.wait_for_selector("#game[data-ready='true']")
    level_id = int(re.search(r"/levels/(\d+)/", page.url).group(1))
    for r, c in enumerate(solution_of(stack, level_id)):
        page.locator(f".cell[data-row='{r}'][data-col='{c}']").dblclick()
    page.locator("#win-dialog").wait_for(state="visible")
    page.wait_for_function("document.getElementById('win-rank').textContent.length > 0")
    # Every module the page imports too, not only the ones its HTML names.
    unhashed = [r.url for r in statics if not re.search(r"\.[0-9a-f]{12}\.\w+$", r.url)
                or "immutable" not in r.headers.get("cache-control", "")]
    assert len(statics) > 5 and unhashed == []
    context.close()
    assert broken == []
    # The access logs: the page read on the reads' pool, the solve posted to the writes'.
    assert f'"GET /levels/{level_id}/ HTTP/1.1" 200' in stack.log("reads")
    assert f'"POST /api/levels/6/{level_id}/solves/ HTTP/1.1" 201' in stack.log("web")


def test_without_redis_pages_and_levels_are_served_and_generation_is_paused(stack):
    level = wait_for_level(stack, 6)
    stack.redis.stop()
    try:
        for path in ["/", f"/levels/{level['id']}/", "/api/levels/6/", "/api/daily/",
                     "/api/levels/7/", "/how-to-play/"]:
            status, _, body = stack.get(path, timeout=10)
            assert status < 500, (path, status, body[:300])
        status, _, body = stack.get(f"/api/levels/6/{level['id']}/check/", timeout=10,
                                    data=b'{"queens": [[0, 0]]}',
                                    headers={"Content-Type": "application/json"})
        assert status == 200, body  # the throttle's store is down: it fails open
        status, _, body = stack.get("/api/pools/")
        assert status == 200 and all(pool["paused"] for pool in json.loads(body))
        assert stack.get("/readyz")[0] == 503
    finally:
        stack.redis.start()
    started = time.monotonic()
    stack.wait_ready(timeout=30)
    status, _, body = stack.get("/api/pools/")
    assert not any(pool["paused"] for pool in json.loads(body))
    print(f"ready {time.monotonic() - started:.2f} s after Redis came back")
    for service in ("web", "worker", "beat"):
        assert stack.processes[service].poll() is None, stack.log(service)[-3000:]
    time.sleep(CircuitBreaker().cool_down_s + 0.5)  # each web process's circuit closes again


def test_a_postgresql_restart_under_load_answers_503_and_recovers(stack):
    """Requests that write (a new player's first move on a level) get 503 while the
    database is down; pages and levels kept in memory keep being served (a GET writes
    nothing); all recover at once."""
    level = wait_for_level(stack, 6)
    start = f"/api/levels/6/{level['id']}/start/"
    paths = [start, f"/levels/{level['id']}/", f"/api/levels/6/{level['id']}/"]
    statuses: dict[str, Counter] = {path: Counter() for path in paths}
    last_ok = {"at": 0.0}
    stop = threading.Event()
    ids = itertools.count(1)

    def load(path):
        while not stop.is_set():
            try:
                # Straight to the app server, each request as another client (the edge
                # would say so in X-Forwarded-For), so no limit answers in its place. No
                # cookie: each start is a new player's first move.
                status, _, _ = stack.get(path, timeout=10, base=stack.app_url,
                                         data=b"{}" if path == start else None,
                                         headers={"Content-Type": "application/json",
                                                  "X-Forwarded-For": f"2001:db8::{next(ids)}"})
            except OSError as error:
                status = type(error).__name__
            statuses[path][status] += 1
            if status == 200 and path == start:
                last_ok["at"] = time.monotonic()
            time.sleep(0.05 if path == start else 0.01)

    threads = [threading.Thread(target=load, args=(path,)) for path in paths * 2]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1)  # the load before the outage
        stack.postgres.stop()
        time.sleep(3)  # the outage under load: what is measured
        during = {path: Counter(counts) for path, counts in statuses.items()}
        stack.postgres.start()
        back = time.monotonic()
        while last_ok["at"] < back and time.monotonic() - back < 20:
            time.sleep(0.05)
        recovered = last_ok["at"] - back
        time.sleep(1)  # a second of load after the recovery
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    print(f"PostgreSQL restart: {({p: dict(c) for p, c in statuses.items()})}; the page's "
          f"first 200 {recovered:.2f} s after it was back")
    assert during[start][503] > 0 and 0 <= recovered < 10
    for path, counts in statuses.items():
            assert set(counts) <= ({200, 503} if path == start else {200}), (path, counts)
    assert stack.wait_ready(timeout=10) < 10
    # The web process never goes down; a Celery worker that died reconnecting to Redis in
    # an earlier test is back by compose's restart policy (the stack emulates it).
    print(f"Celery restarts so far: {stack.restarts}")
    for service in ("web", "worker"):
        if stack.processes[service].poll() is not None:  # its whole log, to read later
            artifacts = Path(__file__).resolve().parents[2] / "test-artifacts"
            artifacts.mkdir(exist_ok=True)
            (artifacts / f"stack-{service}-after-postgres-restart.log").write_text(
                stack.log(service))
        assert stack.processes[service].poll() is None, stack.log(service)[-3000:]


def test_a_race_rooms_websocket_goes_through_the_edge(stack):
    """The edge upgrades /ws/ to the writes' app server (uvicorn's WebSockets, the Redis
    channel layer)."""
    from tests.support import talk_in_a_room

    talk_in_a_room(stack.url.split("//")[1])


def test_the_app_servers_see_the_edge_as_a_proxy_of_its_own_address(stack):
    """As in compose, the edge is another host: the app server's peer is nginx's address,
    one uvicorn does not trust for proxy headers (127.0.0.1), and the client is named in
    X-Forwarded-For for TRUSTED_PROXIES to read (a shared address hid allauth's limits
    keyed on the peer)."""
    marker = uuid.uuid4().hex
    assert stack.get(f"/healthz?peer={marker}")[0] == 200
    lines = []

    def logged() -> bool:
        lines[:] = [line for line in stack.log("reads").splitlines() if marker in line]
        return bool(lines)

    assert wait_until(logged, timeout=10)
    assert f"{stack.edge_host}:" in lines[0] and "127.0.0.1:" not in lines[0], lines[0]
