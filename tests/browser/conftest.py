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

    page.on("request", on_request)
    page.on("response", lambda response: page.responses.append(response))
    yield page
    context.close()
    assert page.outside_requests == [], "a request left 127.0.0.1"


@pytest.fixture
def shots():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
