"""Ghosts and replays in Chromium: a ghost's bar fills at the pace its queens went down and
the race ends with a verdict; a replay plays the recorded moves on the board at the recorded
pace (and faster), seeks and closes back to the player's board; racing your own best on a
solved level is practice that records nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from puzzles.models import Player, Solve
from puzzles.play.selectors.replays import queens_timeline
from tests.browser.test_game import axe_violations, cell

pytestmark = pytest.mark.django_db(transaction=True)
GAP_MS = 1000  # Bob places a queen a second, the first a second after opening


def bobs_log(level) -> list[list[int]]:
    """A cross, then each queen GAP_MS apart, one put down wrong and moved on the way."""
    log = [[500, 0, (level.solution[0] + 3) % level.size, 1]]
    for row, col in enumerate(level.solution):
        log.append([GAP_MS * (row + 1), row, col, 2])
    wrong = (level.solution[2] + 4) % level.size
    log[3:3] = [[2500, 2, wrong, 2], [2800, 2, wrong, 0]]
    return log


@pytest.fixture
def bob(make_level):
    """A level and Bob's ranked solve of it (an account shown by name), with its log."""
    level = make_level(size=8, seed=11)
    user = get_user_model().objects.create_user("bob", "bob@example.com", "pw-123456789")
    Player.objects.create(key="bob-key", user=user, name="Bob")
    log = bobs_log(level)
    solve = Solve.objects.create(
        level=level, player="bob-key", opened_at=timezone.now() - timedelta(minutes=5),
        solved_at=timezone.now() - timedelta(minutes=4), seconds=9, moves=log, ranked=True,
        category="flawless")
    return level, solve


def paused(page):
    """Stops the page's clock (installed before the page loaded): its timers and
    performance.now() move on only as the test runs them, so a pace is measured in the
    page's own milliseconds, whatever the machine is busy with."""
    page.clock.pause_at(page.evaluate("Date.now()") + 1)


def sampled(page, seconds: float, read: str, step_ms: int = 100) -> list[list[int]]:
    """[[ms, value], ...]: the page's paused clock run on `step_ms` at a time from now, and
    `read` in the page at each moment."""
    samples = []
    for ms in range(step_ms, int(seconds * 1000) + 1, step_ms):
        page.clock.run_for(step_ms)
        samples.append([ms, page.evaluate(read)])
    return samples


def expected(samples, at):
    """Each sample is the value `at` takes at the sample's moment."""
    for ms, value in samples:
        assert value == at(ms), (ms, value, at(ms))


def ghost_queens(timeline, ms):
    return ([0] + [count for at, count in timeline if at <= ms])[-1]


def test_a_ghost_race_fills_at_the_recorded_pace_and_ends_with_a_verdict(page, bob, shots):
    level, bobs = bob
    page.clock.install()
    page.goto(f"/levels/{level.id}/")
    page.wait_for_selector("#recordings:not([hidden])")
    entry = page.locator(f"#recordings-list li[data-recording='{bobs.id}']")
    assert "Bob" in entry.inner_text() and "0:09" in entry.inner_text()
    assert entry.get_by_role("button", name="Watch Bob's replay").count() == 0
    assert "solved or revealed" in page.locator("#recordings-note").inner_text()

    paused(page)
    with page.expect_response(lambda r: r.url.endswith("/start/") and r.ok):
        entry.get_by_role("button", name="Race Bob's ghost").click()  # the race starts now
    assert page.locator("#ghost").is_visible()
    timeline = queens_timeline(bobs.moves)
    samples = sampled(page, 5.2, "+document.getElementById('ghost-bar').value")
    expected(samples, lambda ms: ghost_queens(timeline, ms))
    assert {value for _, value in samples} >= {0, 1, 2, 3, 4}  # it moved, and as Bob did
    page.screenshot(path=shots / "ghost-race.png")
    page.clock.resume()  # axe waits on the page's timers
    assert axe_violations(page) == []

    # The verdict is the server's time, which counted the test's own seconds so far (the
    # samples and axe: many on a busy machine): the race began 4 s ago on its clock.
    Solve.objects.filter(level=level).exclude(pk=bobs.pk).update(
        opened_at=timezone.now() - timedelta(seconds=4))
    for r, c in enumerate(level.solution):  # faster than Bob's last queen at 8 s
        cell(page, r, c).dblclick()
    page.locator("#win-dialog").wait_for(state="visible")
    assert page.locator("#win-ghost").inner_text().startswith("You beat Bob's ghost by ")
    assert page.locator("#ghost").is_hidden()


def test_a_replay_plays_the_moves_at_the_recorded_pace_seeks_and_closes(page, bob, shots):
    level, bobs = bob
    page.clock.install()
    page.goto(f"/levels/{level.id}/")
    page.wait_for_selector("#game[data-ready='true']")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#reveal")
    watch = page.get_by_role("button", name="Watch Bob's replay")
    watch.wait_for()
    paused(page)
    watch.click()
    page.wait_for_selector("#replay:not([hidden])")  # it plays from the moment it showed
    played = sampled(page, 3.6, "+document.getElementById('replay').dataset.played")
    expected(played, lambda ms: sum(at <= ms for at, *_ in bobs.moves))
    # What the board shows is the log's own board at that moment: queens and the cross.
    queens_now = page.locator(".cell[data-state='queen']").count()
    crosses_now = page.locator(".cell[data-state='cross']").count()
    assert queens_now == 3 and crosses_now == 1
    page.screenshot(path=shots / "replay.png")

    page.select_option("#replay-speed", "4")  # the faster pace begins now
    start = int(page.locator("#replay-seek").get_attribute("max"))  # 8 s of play
    base = float(page.evaluate("+document.getElementById('replay-seek').value"))
    assert base == 3600
    fast = sampled(page, 0.8, "+document.getElementById('replay').dataset.played")
    expected(fast, lambda ms: sum(at <= base + ms * 4 for at, *_ in bobs.moves))
    assert start == bobs.moves[-1][0]

    page.clock.resume()  # on to the end, and axe waits on the page's timers
    page.wait_for_function("document.getElementById('replay-play').textContent === 'Play'")
    assert axe_violations(page) == []
    queens = {(int(c.get_attribute("data-row")), int(c.get_attribute("data-col")))
              for c in page.locator(".cell[data-state='queen']").all()}
    assert queens == set(enumerate(level.solution))
    page.locator("#replay-seek").fill("1500")  # back to the first queen alone
    assert page.locator(".cell[data-state='queen']").count() == 1
    page.click("#replay-close")
    assert page.locator("#replay").is_hidden()
    assert page.locator(".cell[data-state='queen']").count() == level.size  # the reveal


def test_racing_your_own_best_on_a_solved_level_is_practice_that_records_nothing(
        page, bob):
    level, _ = bob
    page.goto(f"/levels/{level.id}/")
    page.wait_for_selector("#game[data-ready='true']")
    for r, c in enumerate(level.solution):
        cell(page, r, c).dblclick()
        page.wait_for_timeout(120)  # a person's pace (moves.MACHINE_GAP_MS)
    page.locator("#win-dialog").wait_for(state="visible")
    page.wait_for_function("document.getElementById('win-hints').textContent.length > 0")
    page.wait_for_selector("#win-dialog[data-ready='true']")
    page.click("#win-close")
    mine = Solve.objects.exclude(player="bob-key").get(level=level)
    race_mine = page.get_by_role("button", name="Race your best ghost")
    race_mine.wait_for()
    race_mine.click()
    assert page.locator(".cell[data-state='queen']").count() == 0
    assert page.locator("#hint").is_disabled() and page.locator("#reveal").is_disabled()
    for r, c in enumerate(level.solution):
        cell(page, r, c).dblclick()
        page.wait_for_timeout(120)  # a person's pace (moves.MACHINE_GAP_MS)
    page.wait_for_function("document.getElementById('status').textContent.includes('Practice')")
    status = page.locator("#status").inner_text()
    assert ("You beat your best by" in status or "Your best was" in status
            or "You tied with your best" in status), status  # in the seconds the page shows
    assert page.locator("#win-dialog").is_hidden()
    assert Solve.objects.get(pk=mine.pk).seconds == mine.seconds
    page.reload()  # the finished board was kept as it was
    page.wait_for_selector("#game.finished")


def test_the_ghost_and_the_replay_fit_a_phone_in_dark_mode(browser, live_server, bob, shots):
    from tests.support import returning_player

    level, bobs = bob
    context = returning_player(browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme="dark", base_url=live_server.url))
    page = context.new_page()
    page.goto(f"/levels/{level.id}/")
    page.get_by_role("button", name="Race Bob's ghost").click()
    page.wait_for_function("+document.getElementById('ghost-bar').value >= 2")
    page.locator("#ghost").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    page.screenshot(path=shots / "ghost-race-phone-dark.png", full_page=True)
    page.click("#ghost-stop")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#reveal")
    page.get_by_role("button", name="Watch Bob's replay").click()
    page.wait_for_selector("#replay:not([hidden])")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#replay").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert axe_violations(page) == []
    page.screenshot(path=shots / "replay-phone-dark.png", full_page=True)
    context.close()
