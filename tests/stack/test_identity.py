"""Who the client is, through the edge: a form posted to the edge on a port other than 80
passes Django's CSRF origin check (nginx forwarded Host without the port: 403), and every
location that proxies to the app tells it the client's address and Host (a location that
sets a header of its own inherits none of the server's)."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.support import EDGE_LIMITS, render_edge_config

pytestmark = pytest.mark.redis


def test_a_form_posted_through_the_edge_on_its_port_passes_the_csrf_check(stack):
    """Row 20: a browser posts the sign-up form with its Origin, http://host:port."""
    assert urllib.parse.urlparse(stack.url).port not in (None, 80)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(stack.url + "/accounts/signup/", timeout=10) as page:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"',
                          page.read().decode()).group(1)
    form = urllib.parse.urlencode({
        "csrfmiddlewaretoken": token, "email": "edge-form@example.com", "name": "Edge Form",
        "password1": "a-long-horse-battery", "password2": "a-long-horse-battery"}).encode()
    request = urllib.request.Request(stack.url + "/accounts/signup/", data=form, headers={
        "Origin": stack.url, "Referer": stack.url + "/accounts/signup/"})
    try:
        with opener.open(request, timeout=10) as done:
            status, path = done.status, urllib.parse.urlparse(done.url).path
    except urllib.error.HTTPError as error:
        status, path = error.code, error.read()[:300]
    assert (status, path) == (200, "/accounts/confirm-email/")


def test_a_host_the_site_does_not_serve_is_still_refused_through_the_edge(stack):
    """The Host goes through as sent, port and all: ALLOWED_HOSTS still judges it."""
    port = urllib.parse.urlparse(stack.url).port
    status, _, _ = stack.get("/accounts/login/", headers={"Host": f"evil.example:{port}"})
    assert status == 400
    assert stack.get("/accounts/login/")[0] == 200


def locations(config: str) -> dict[str, str]:
    """Each location block's text by its pattern (the edge's config nests no deeper)."""
    return {m.group(1).strip(): m.group(2)
            for m in re.finditer(r"location ([^{]+)\{([^}]*)\}", config)}


def test_every_proxied_location_forwards_the_client_and_its_host():
    config = render_edge_config({
        **EDGE_LIMITS, "QUEENS_LISTEN": "8080", "QUEENS_UPSTREAM": "web:8000",
        "QUEENS_READ_UPSTREAM": "reads:8000", "QUEENS_STATIC_ROOT": "/srv/static",
        "QUEENS_CACHE_DIR": "/var/cache/nginx/queens"})
    server_level = config.split("location", 1)[0]
    assert "proxy_set_header Host $queens_host;" in server_level  # the port kept (row 20)
    server = dict(re.findall(r"proxy_set_header (\S+) ([^;]+);", server_level))
    server.pop("Connection")  # the WebSocket's own "upgrade"
    for where, block in locations(config).items():
        if "proxy_pass" in block and "proxy_set_header" in block:
            own = dict(re.findall(r"proxy_set_header (\S+) ([^;]+);", block))
            assert {name: own.get(name) for name in server} == server, where
