"""Headless Debian Chromium driven by Playwright against the live test server."""

import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop vs the ORM

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        message = ("!!! Debian's chromium is not installed (apt-get install chromium): "
                   "the browser tests are SKIPPED")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message.replace("SKIPPED", "required under CI"))
        pytest.skip(message)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url)
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
