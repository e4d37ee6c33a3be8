"""Attacks on the edge and on the app server behind it, as one client on loopback would make
them: thousands of idle connections, bodies and headers trickling in. Each runs against
nginx (`stack.url`) and against gunicorn itself (`stack.app_url`), which must survive what
reaches it directly too. Bounded: every loop has a count and a deadline."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import pytest

pytestmark = pytest.mark.redis

TARGETS = ["edge", "app"]


def address_of(stack, target: str) -> tuple[str, int]:
    return (stack.edge_host, stack.port) if target == "edge" else ("127.0.0.1", stack.app_port)


def base_of(stack, target: str) -> str:
    return stack.url if target == "edge" else stack.app_url


def probe(stack, base: str, seconds: float, path: str = "/healthz") -> list[float]:
    """Ask `path` every 0.25 s for `seconds`; each answer's time (a failure counts as 99 s)."""
    timings = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            status, _, _ = stack.get(path, timeout=3, base=base)
            timings.append(time.monotonic() - started if status == 200 else 99.0)
        except OSError:
            timings.append(99.0)
        time.sleep(0.25)
    return timings


def open_idle(address: tuple[str, int], count: int) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        with contextlib.suppress(OSError):
            sockets.append(socket.create_connection(address, timeout=5))
    return sockets


def close_all(sockets) -> None:
    for sock in sockets:
        with contextlib.suppress(OSError):
            sock.close()


@pytest.mark.parametrize("target", TARGETS)
def test_two_thousand_idle_connections_neither_stop_nor_wedge_the_site(stack, target):
    """2,000 connections that send nothing, held 20 s and closed: the site answers all along
    and after (gunicorn's threaded worker stopped at 16 and stayed down at 2,000)."""
    base = base_of(stack, target)
    idle = open_idle(address_of(stack, target), 2000)
    try:
        during = probe(stack, base, 20)
    finally:
        close_all(idle)
    after = probe(stack, base, 3)
    print(f"{target}: {len(idle)} idle connections; /healthz during: worst "
          f"{max(during):.2f} s of {len(during)}, after: worst {max(after):.2f} s")
    assert len(idle) >= 1900
    assert max(during) < 2 and max(after) < 2, (during, after)
    assert stack.processes["web"].poll() is None


def trickle(sockets, payload: bytes, every: float, stop: threading.Event) -> None:
    """One more byte of `payload` on every socket each `every` seconds, until stopped."""
    at = 0
    while not stop.wait(every) and at < len(payload):
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.sendall(payload[at:at + 1])
        at += 1


@pytest.mark.parametrize("target", TARGETS)
def test_slow_bodies_and_slow_headers_leave_the_site_answering(stack, target):
    """50 slow clients: 30 connections trickle a body at a byte every 3 s and 20 trickle their
    headers; every probe of a page, a level and the API is answered quickly."""
    from tests.stack.test_stack import wait_for_level

    level = wait_for_level(stack, 6)
    address = address_of(stack, target)
    bodies = open_idle(address, 30)
    for sock in bodies:
        sock.sendall(f"POST /api/levels/6/{level['id']}/check/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{"
                     .encode())
    headers = open_idle(address, 20)
    stop = threading.Event()
    threads = [
        threading.Thread(target=trickle, args=(bodies, b" " * 100, 3, stop)),
        threading.Thread(target=trickle, args=(
            headers, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100, 3, stop)),
    ]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1)  # the slow clients hold their connections before the probes
        base = base_of(stack, target)
        timings = []
        for path in ["/", f"/levels/{level['id']}/", "/api/levels/6/", "/api/pools/"] * 4:
            timings += probe(stack, base, 0.01, path)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        close_all(bodies + headers)
    print(f"{target}: 30 slow bodies, 20 slow headers; worst probe {max(timings):.2f} s")
    assert max(timings) < 2, timings


@pytest.mark.parametrize("target", TARGETS)
def test_a_client_that_stalls_is_cut_off(stack, target):
    """A request that never completes is closed by the server, not held forever."""
    sock = socket.create_connection(address_of(stack, target), timeout=30)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
    started = time.monotonic()
    try:
        answer = sock.recv(1024)
        while answer and b"\r\n\r\n" not in answer:
            answer += sock.recv(1024)
    except OSError:
        answer = b""
    finally:
        sock.close()
    waited = time.monotonic() - started
    print(f"{target}: a stalled request was cut off after {waited:.1f} s ({answer[:20]!r})")
    assert waited < 20
    assert answer == b"" or b" 408 " in answer.split(b"\r\n")[0]


def test_the_edge_keeps_public_answers_briefly_and_revalidates_them(stack):
    """The midnight spike: a level by id and the daily are answered by the edge's cache (one
    request a key reaches the app), a client holding the answer gets a 304."""
    from tests.stack.test_stack import wait_for_level

    level = wait_for_level(stack, 6)
    path = f"/api/levels/6/{level['id']}/"
    statuses = [stack.get(path)[1].get("X-Cache") for _ in range(5)]
    assert statuses[-1] == "HIT", statuses
    status, headers, _ = stack.get(path)
    headers = {name.lower(): value for name, value in headers.items()}
    assert "set-cookie" not in headers and "x-accel-expires" not in headers
    status, again, body = stack.get(path, headers={"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""


def test_concurrent_first_requests_at_a_fresh_app_server_get_no_500(stack):
    """A web service just restarted, then 60 requests at once that each touch shared tables
    (the palette's colour distances, the engine's first analyses): none may fail (a table
    built lazily by two threads at once gave 500s)."""
    import json
    import os
    import signal
    from concurrent.futures import ThreadPoolExecutor

    from generator_ext import generate
    from tests.stack.test_stack import wait_for_level

    level = wait_for_level(stack, 6)
    web = stack.processes["web"]
    os.killpg(web.pid, signal.SIGTERM)
    web.wait(timeout=30)
    stack.start("web")
    base = stack.app_url
    stack.url, edge = base, stack.url
    try:
        stack.wait_ready(timeout=60)
    finally:
        stack.url = edge
    boards = [generate(9, seed=9000 + i, tier="hard").regions for i in range(20)]

    def hit(i: int) -> int:
        address = {"X-Forwarded-For": f"2001:db8:f::{i}", "Content-Type": "application/json"}
        if i % 3 == 0:
            path, body = f"/api/levels/6/{level['id']}/hint/", {"queens": [], "crosses": []}
        elif i % 3 == 1:
            path, body = "/api/builder/analyze/", {"regions": boards[i % 20]}
        else:
            path, body = f"/levels/{level['id']}/", None
        data = json.dumps(body).encode() if body is not None else None
        try:
            return stack.get(path, timeout=20, data=data, headers=address, base=base)[0]
        except OSError:
            return 599

    with ThreadPoolExecutor(60) as pool:
        statuses = list(pool.map(hit, range(60)))
    print(f"60 first requests at a fresh app server: {sorted(set(statuses))}")
    assert all(status < 500 for status in statuses), statuses
