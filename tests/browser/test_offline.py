"""The site installed and offline, in Chromium (issue 22): a player who loaded the site once
goes offline, reloads, opens the kept daily and plays it to a win the board tells by the
rules; back online the solve is recorded, unranked. Hints say they need the network; a
size asked for offline opens a kept level; a new deployment's files reach a returning
player and the old version's cache is dropped."""

from __future__ import annotations

import shutil
import time

import pytest

from tests.browser.test_game import cell
from tests.support import returning_player, wait_until

pytestmark = pytest.mark.django_db(transaction=True)
NO_AUTO_CROSS = "localStorage.setItem('queens:settings', '{\"autoCross\": false}')"
KEPT = """async ([path]) => {
  const names = (await caches.keys()).filter((name) => name.startsWith("queens-"));
  for (const name of names) if (await (await caches.open(name)).match(path)) return names;
  return null;
}"""


@pytest.fixture
def player(browser, live_server):
    context = returning_player(browser.new_context(
        viewport={"width": 1280, "height": 800}, base_url=live_server.url))
    context.add_init_script(NO_AUTO_CROSS)
    yield context
    context.close()


def installed(page, *paths: str, timeout_s: float = 30) -> list[str]:
    """Wait until the service worker controls the page and has kept `paths`."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = [page.evaluate(KEPT, [path]) for path in paths]
        controlled = page.evaluate("!!navigator.serviceWorker.controller")
        if controlled and all(found):
            return found[0]
        time.sleep(0.2)
    raise AssertionError(f"the service worker did not keep {paths}")


def todays_daily():
    from django.utils import timezone

    from puzzles.daily import services as daily

    return daily.ensure_daily(timezone.now().date()).level


def test_a_player_offline_wins_the_kept_daily_and_the_solve_is_recorded_back_online(player):
    from puzzles.models import Solve

    level = todays_daily()
    page = player.new_page()
    page.goto("/")
    page.wait_for_selector("#game[data-ready='true']")
    installed(page, "/daily/", "/static/js/game.js", "/jsi18n/en/")

    player.set_offline(True)
    page.reload()  # the home page, from the worker's cache
    page.wait_for_selector("#game[data-ready='true']")
    page.locator("#site-nav a").first.click()
    page.wait_for_url("**/daily/")
    page.wait_for_selector("#game[data-ready='true']")
    page.locator("#hint").click()
    page.wait_for_function("document.getElementById('status').textContent.length > 0")
    assert "need the network" in page.locator("#status").inner_text()
    for r, cols in enumerate(level.solution):
        for c in [cols] if isinstance(cols, int) else cols:
            cell(page, r, c).dblclick()
    page.locator("#win-dialog").wait_for(state="visible")
    assert "offline" in page.locator("#win-rank").inner_text()
    # No streak counted here: the server's last word (none yet), then its own once it has it.
    assert page.locator("#win-streak").inner_text() == "Daily streak: 0 (best 0)"
    assert not Solve.objects.filter(level=level, seconds__isnull=False).exists()

    player.set_offline(False)  # the outbox is sent when the network is back
    assert wait_until(lambda: Solve.objects.filter(level=level, seconds__isnull=False).exists())
    solve = Solve.objects.get(level=level)
    assert solve.unranked == "offline" and not solve.ranked and solve.category == ""
    assert solve.moves and solve.solved_at is not None
    page.wait_for_function(
        "document.getElementById('win-rank').textContent.includes('recorded, not ranked')")
    page.wait_for_function(
        "document.getElementById('win-streak').textContent === 'Daily streak: 1 (best 1)'")
    assert page.evaluate("localStorage.getItem('queens:outbox')") == "[]"


def test_a_size_asked_for_offline_opens_a_kept_level_of_that_size(player, make_level):
    kept = {make_level(size=8, seed=s).id for s in (3, 4)}
    page = player.new_page()
    page.goto("/how-to-play/")
    installed(page, "/offline/levels.json", "/offline/")
    player.set_offline(True)
    page.goto("/play/8/")
    page.wait_for_url("**/levels/*/")
    page.wait_for_selector("#game[data-ready='true']")
    assert int(page.url.rstrip("/").rsplit("/", 1)[1]) in kept
    page.goto("/leaderboards/")  # a page that needs the network: the offline page says so
    assert page.locator("h1").inner_text() == "You are offline"


def test_a_new_deployment_reaches_a_returning_player_and_drops_the_old_files(
        player, settings, tmp_path):
    from django.conf import settings as live

    deployed = tmp_path / "static"
    shutil.copytree(live.STATICFILES_DIRS[0], deployed)
    settings.STATICFILES_DIRS = [str(deployed)]
    page = player.new_page()
    page.goto("/how-to-play/")
    old = installed(page, "/static/js/theme.js")
    assert page.evaluate("document.documentElement.dataset.release") is None

    theme = deployed / "js" / "theme.js"  # the next deployment changes one module
    theme.write_text(theme.read_text() + '\ndocument.documentElement.dataset.release = "next";\n')
    page.goto("/how-to-play/")  # the next visit
    page.wait_for_function("document.documentElement.dataset.release === 'next'")
    versions = "caches.keys().then((k) => k.filter((n) => n.startsWith('queens-')))"
    # The new worker takes over and keeps one version: the old one's files are gone.
    assert wait_until(lambda: len(page.evaluate(versions)) == 1 and page.evaluate(versions) != old)
    names = page.evaluate(versions)
    kept = page.evaluate("""async ([name]) => (await (await caches.open(name))
        .match('/static/js/theme.js')).text()""", names)
    assert 'dataset.release = "next"' in kept
