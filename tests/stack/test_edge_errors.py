"""The errors nginx makes itself answer as the API's do on /api/ (attack row 30): a body
past the edge's bound (413), a limit hit (429), an app server that resets (502), each as
{"detail": "<sentence>"} JSON; the pages keep nginx's own HTML. Real nginx with the
project's edge config, in front of a small app server that can reset a connection."""

from __future__ import annotations

import http.client
import json
import select
import socket
import struct
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest

from tests.support import nginx


class Upstream(BaseHTTPRequestHandler):
    """200 with a JSON body, a second late when the query asks to be slow, except
    /api/reset/, whose connection is reset unanswered."""

    protocol_version = "HTTP/1.1"

    def answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if self.path.endswith("?slow"):
            time.sleep(1)
        if self.path.startswith("/api/reset/"):
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                       struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def edge():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with tempfile.TemporaryDirectory() as static, \
                nginx(f"127.0.0.1:{server.server_address[1]}", static) as base:
            yield base
    finally:
        server.shutdown()


def ask(base: str, method: str, path: str, body: bytes | None = None,
        source: str = "127.0.0.1") -> tuple[int, str, bytes]:
    url = urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10,
                                            source_address=(source, 0))
    try:
        connection.request(method, path, body=body,
                           headers={"Content-Type": "application/json"} if body else {})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read()
    finally:
        connection.close()


def assert_api_error(answer, status: int, words: str) -> None:
    code, content_type, body = answer
    assert code == status, answer
    assert content_type.startswith("application/json"), answer
    detail = json.loads(body)["detail"]
    assert words in detail, detail


def test_an_over_size_body_is_a_json_413_on_the_api(edge):
    too_big = b'{"queens": "' + b"x" * 100_000 + b'"}'
    assert_api_error(ask(edge, "POST", "/api/levels/6/1/check/", too_big, "127.30.0.1"), 413,
                     "too large")
    status, content_type, _ = ask(edge, "POST", "/accounts/login/", too_big, "127.30.0.2")
    assert status == 413 and content_type.startswith("text/html")


def test_an_app_server_that_resets_is_a_json_502_on_the_api(edge):
    assert_api_error(ask(edge, "GET", "/api/reset/", source="127.30.0.3"), 502,
                     "could not answer")


def test_the_edge_post_limit_is_a_json_429_on_the_api(edge):
    """Past the POST burst of one address (40 at once, 10 a second)."""
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: ask(edge, "POST", "/api/anything/", b"{}",
                                              "127.30.0.4"), range(80)))
    limited = [answer for answer in answers if answer[0] == 429]
    assert limited and {a[0] for a in answers} <= {200, 429}
    for answer in limited:
        assert_api_error(answer, 429, "too many requests")


def test_one_address_has_a_few_builder_analyses_in_flight_at_once(edge):
    """Attack row 4: 16 analyses at once from one address held the writes' 8 threads and a
    normal player's check queued behind them. The edge lets QUEENS_EDGE_ANALYSES through
    at once; the rest are a JSON 429 at once, and another address is not held up."""
    from tests.support import EDGE_LIMITS

    allowed = int(EDGE_LIMITS["QUEENS_EDGE_ANALYSES"])
    with ThreadPoolExecutor(allowed + 6) as pool:
        flood = [pool.submit(ask, edge, "POST", "/api/builder/analyze/?slow", b"{}",
                             "127.30.0.5") for _ in range(allowed + 6)]
        time.sleep(0.3)  # all of the flood in flight
        other = ask(edge, "POST", "/api/builder/analyze/?slow", b"{}", "127.30.0.6")
        answers = [future.result() for future in flood]
    assert other[0] == 200
    assert Counter(answer[0] for answer in answers) == {200: allowed, 429: 6}
    for answer in answers:
        if answer[0] == 429:
            assert_api_error(answer, 429, "too many requests")


class ClosingIdle(Upstream):
    """An app server that closes a kept-alive connection idle for IDLE_S (as gunicorn's
    keepalive has uvicorn do), its loop busy for the last LAG_S of it: a request that
    arrives then is never read, and the close resets it (uvloop runs a due timer before
    reading). The lag is stretched to a second here so the race is certain, not rare."""

    IDLE_S, LAG_S = 5.0, 1.0

    def handle(self) -> None:
        self.close_connection = False
        while not self.close_connection:
            ready, _, _ = select.select([self.connection], [], [], self.IDLE_S - self.LAG_S)
            if not ready:  # idle: the loop is busy until the timer closes it
                time.sleep(self.LAG_S)
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                           struct.pack("ii", 1, 0))
                return
            self.handle_one_request()


def posts_at_once(base: str, network: str, count: int) -> list:
    """`count` POSTs at once from as many addresses (each nginx worker pools connections to
    the app of its own: a round reaches several)."""
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda i: ask(base, "POST", "/api/builder/analyze/", b"{}",
                                           f"{network}.{i + 1}"), range(count)))


def test_a_post_after_the_apps_keep_alive_is_not_a_502():
    """Attack row 29: a POST the edge sent on a pooled connection the app was closing was a
    502 (a POST is never tried again). The edge lets its idle connections go first, so one
    asked 4.5 s after the last opens a connection of its own (before: 502s)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), ClosingIdle)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with tempfile.TemporaryDirectory() as static, \
                nginx(f"127.0.0.1:{server.server_address[1]}", static) as base:
            answers = posts_at_once(base, "127.30.1", 16)
            time.sleep(4.5)
            answers += posts_at_once(base, "127.30.2", 16)
    finally:
        server.shutdown()
    assert Counter(status for status, _, _ in answers) == {200: 32}, answers


def test_the_edge_lets_go_of_idle_app_connections_before_the_app_does():
    """Attack row 29: the app server closes a connection idle for gunicorn's keepalive (and
    its request deadline); the edge's pooled connections must be let go sooner, or a POST
    sent on one the app is closing that moment is a 502 (never tried again)."""
    import re

    from queensgame import gunicorn_conf, server
    from tests.support import EDGE_TEMPLATE

    upstreams = re.findall(r"upstream \w+ \{(.*?)\n    \}", EDGE_TEMPLATE.read_text(), re.S)
    assert upstreams
    for block in upstreams:
        found = re.search(r"keepalive_timeout (\d+)s;", block)
        edge_s = int(found.group(1)) if found else 60  # nginx's default
        assert edge_s + 1 <= min(gunicorn_conf.keepalive, server.REQUEST_TIMEOUT_S), block


def named_upstream(name: str) -> ThreadingHTTPServer:
    """An app server that answers every request with its own name."""
    class Named(Upstream):
        def answer(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = name.encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = answer

    server = ThreadingHTTPServer(("127.0.0.1", 0), Named)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_reads_go_to_the_reads_pool_and_every_builder_start_to_the_writes():
    """A read waits for reads only; a builder start writes a job, a motif start by GET too,
    so a storm of them must not queue the reads' pool (attack row 5: /healthz at 338 ms
    behind 16 addresses' motif starts on the reads' one thread)."""
    writes, reads = named_upstream("writes"), named_upstream("reads")
    try:
        with tempfile.TemporaryDirectory() as static, \
                nginx(f"127.0.0.1:{writes.server_address[1]}", static,
                      reads=f"127.0.0.1:{reads.server_address[1]}") as base:
            pools = {(method, path): ask(base, method, path, b"{}" if method == "POST"
                                         else None)[2].decode()
                     for method, path in [("GET", "/healthz"), ("GET", "/api/levels/6/"),
                                          ("POST", "/api/levels/6/1/solves/"),
                                          ("GET", "/api/builder/motif/?size=12&motif=heart"),
                                          ("GET", "/api/builder/motif/ab12/"),
                                          ("POST", "/api/builder/fix/"),
                                          ("POST", "/api/builder/publish/")]}
    finally:
        writes.shutdown()
        reads.shutdown()
    assert pools == {("GET", "/healthz"): "reads", ("GET", "/api/levels/6/"): "reads",
                     ("POST", "/api/levels/6/1/solves/"): "writes",
                     ("GET", "/api/builder/motif/?size=12&motif=heart"): "writes",
                     ("GET", "/api/builder/motif/ab12/"): "reads",
                     ("POST", "/api/builder/fix/"): "writes",
                     ("POST", "/api/builder/publish/"): "writes"}, pools
