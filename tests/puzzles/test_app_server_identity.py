"""The real app server (gunicorn with the compose config) and who the client is: with
TRUSTED_PROXIES=0 an X-Forwarded-For from a loopback peer names nobody (uvicorn believed it
and rewrote the address); with 1, sign-ups from many addresses behind the edge are counted
apart; and a head past the 16 KiB cap is refused even when it arrives in one read."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import re
import socket
import urllib.parse
import urllib.request

import pytest

from tests.support import gunicorn, local_stack, manage

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def site():
    with local_stack("h_identity_srv", GUNICORN_WORKERS="1", GUNICORN_THREADS="4",
                     QUEENS_ROOM_CREATE_RATE="3/hour") as env:
        manage(env, "collectstatic", "--noinput")  # the pages name hashed files (DEBUG off)
        yield env


def make_room(base: str, forwarded_for: str, peer: str) -> int:
    """A room made from `peer` (a loopback address of this machine), naming another."""
    host, port = urllib.parse.urlparse(base).hostname, urllib.parse.urlparse(base).port
    connection = http.client.HTTPConnection(host, port, timeout=10, source_address=(peer, 0))
    try:
        connection.request("POST", "/api/rooms/", json.dumps(
            {"size": 8, "tier": "easy", "boards": 1, "name": "Ada"}),
            headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded_for})
        return connection.getresponse().status
    finally:
        connection.close()


# gunicorn's forwarded_allow_ips: its default (loopback), and every peer.
@pytest.mark.parametrize(("allowed", "peer"), [(None, "127.0.0.1"), ("*", "127.0.0.3")])
def test_no_trusted_proxy_no_address_from_the_header(site, allowed, peer):
    """Row 12: TRUSTED_PROXIES=0 and a new X-Forwarded-For on each request from loopback
    (gunicorn's forwarded_allow_ips): uvicorn rewrote the client address from it, and every
    room was a new address's (60 of 60 against 30 an hour)."""
    forwarded = {"FORWARDED_ALLOW_IPS": allowed} if allowed else {}
    with gunicorn(site, TRUSTED_PROXIES="0", **forwarded) as base:
        codes = [make_room(base, f"192.0.2.{i + 1}", peer) for i in range(5)]
    assert codes == [201, 201, 201, 429, 429]


def test_sign_ups_through_the_one_proxy_are_counted_per_client(site):
    """Row 9 through the app server: with TRUSTED_PROXIES=1 (the edge), allauth's 20
    sign-ups a minute are each client's, not the edge's."""
    with gunicorn(site, TRUSTED_PROXIES="1") as base:
        answers = [sign_up(base, i, f"192.0.2.{i + 1}") for i in range(21)]
    assert answers == ["/accounts/confirm-email/"] * 21


def sign_up(base: str, i: int, address: str) -> str:
    """A browser's sign-up behind the edge: the form (its CSRF cookie), then the post."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    headers = {"X-Forwarded-For": address}
    with opener.open(urllib.request.Request(base + "/accounts/signup/", headers=headers),
                     timeout=10) as page:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"',
                          page.read().decode()).group(1)
    form = urllib.parse.urlencode({
        "csrfmiddlewaretoken": token, "email": f"client{i}@example.com",
        "name": f"Client {i:02}", "password1": "a-long-horse-battery",
        "password2": "a-long-horse-battery"}).encode()
    try:
        with opener.open(urllib.request.Request(
                base + "/accounts/signup/", data=form,
                headers={**headers, "Referer": base + "/accounts/signup/"}), timeout=10) as done:
            return urllib.parse.urlparse(done.url).path
    except urllib.error.HTTPError as error:
        return str(error.code)


def send_whole(port: int, head: bytes) -> bytes:
    """The head in one write (one read at the server, on loopback); the answer's first bytes."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        try:
            return sock.recv(200)
        except ConnectionResetError:
            return b""


@pytest.fixture(scope="module")
def app_port(site):
    with gunicorn(site) as base:
        yield int(base.rsplit(":", 1)[1])


@pytest.mark.parametrize("size", [17 * 1024, 64 * 1024, 200 * 1024])
def test_a_header_past_the_cap_in_one_read_is_refused(app_port, size):
    """Row 17: the 16 KiB cap counted only heads split over several reads."""
    big = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * size + b"\r\n\r\n"
    status_line = send_whole(app_port, big).split(b"\r\n")[0]
    print(f"a {size // 1024} KiB header in one write: {status_line!r}")
    assert status_line == b"HTTP/1.1 431 Request Header Fields Too Large"


def test_heads_under_the_cap_are_served_pipelined_and_kept_alive(app_port):
    """The cap is per request: two 9 KB heads in one write, and one after another on a
    kept-alive connection, are each served."""
    head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mid: " + b"b" * 9000 + b"\r\n\r\n"
    with socket.create_connection(("127.0.0.1", app_port), timeout=10) as sock:
        sock.sendall(head * 2)
        answers = b""
        while answers.count(b"HTTP/1.1 200") < 2 and b" 431 " not in answers:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answers += chunk
    assert answers.count(b"HTTP/1.1 200") == 2, answers[:200]
    connection = http.client.HTTPConnection("127.0.0.1", app_port, timeout=10)
    for _ in range(3):
        connection.request("GET", "/healthz", headers={"X-Mid": "c" * 9000})
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200
    connection.close()
