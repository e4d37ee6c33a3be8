"""Pages of the live test server in headless Debian Chromium (the session's one browser
is the `browser` fixture of tests/conftest.py)."""

from pathlib import Path

import pytest

from tests.support import returning_player

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


@pytest.fixture
def page(browser, live_server):
    context = returning_player(
        browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url))
    page = context.new_page()
    page.outside_requests = []
    page.responses = []

    def on_request(request):
        if not request.url.startswith(live_server.url) and not request.url.startswith("data:"):
            page.outside_requests.append(request.url)

    in_flight = set()
    page.on("request", on_request)
    page.on("request", lambda request: in_flight.add(request))
    page.on("requestfinished", lambda request: in_flight.discard(request))
    page.on("requestfailed", lambda request: in_flight.discard(request))
    page.on("response", lambda response: page.responses.append(response))
    yield page
    _settle(page, in_flight)
    context.close()
    assert page.outside_requests == [], "a request left 127.0.0.1"


def _settle(page, in_flight, timeout_ms=5000):
    """Wait for the page's requests still in flight (a beacon, a late fetch). A request the
    live server is still answering holds a database transaction, and on PostgreSQL the test
    database's flush (TRUNCATE) then deadlocks with it."""
    waited = 0
    while in_flight and waited < timeout_ms and not page.is_closed():
        page.wait_for_timeout(50)
        waited += 50


@pytest.fixture
def todays_daily(make_level):
    """Today's daily: an 8×8 level, daily #1."""
    from django.utils import timezone

    from puzzles.models import DailyPuzzle

    level = make_level(size=8, seed=3)
    # A page of the test before may still have been answered after its flush, and the home
    # page makes today's daily when there is none (Daily #1): this one is the test's own.
    DailyPuzzle.objects.all().delete()
    DailyPuzzle.objects.create(date=timezone.now().date(), level=level, number=1)
    return level


@pytest.fixture
def shots():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def asgi_server(transactional_db):
    """The site's ASGI application (HTTP and the rooms' WebSockets, with the settings'
    channel layer: Redis under CI) under uvicorn in a thread of this process, on the test
    database; yields its base URL. Django's live_server speaks WSGI only."""
    import socket
    import threading
    import time

    import uvicorn

    from queensgame.asgi import application

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=port,
                                           ws="websockets-sansio", lifespan="off",
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://localhost:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    # The server's threads keep their database connections (CONN_MAX_AGE): end them, or the
    # test database cannot be dropped. A thread that serves again reconnects (health checks).
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                           "datname = current_database() AND pid <> pg_backend_pid()")
