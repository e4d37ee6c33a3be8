"""Race rooms in Chromium on a real ASGI server with the settings' channel layer (Redis
under CI): players join through the room's link, see each other's progress live, finish,
and get the same results; a dropped connection resumes."""

from __future__ import annotations

import time

import pytest

from puzzles.models import Level, Room, RoomResult
from tests.browser.test_game import axe_violations
from tests.support import returning_player

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def levels(make_level):
    made = [make_level(size=6, seed=seed) for seed in (1, 2, 3, 4)]
    return [level for level in made if level.tier == made[0].tier]


def player(browser, base):
    return returning_player(browser.new_context(base_url=base)).new_page()


def make_room(page, tier: str, name: str = "Ada") -> None:
    """The host's way in: /rooms/, its form, then the room's page."""
    page.goto("/rooms/")
    page.fill("#room-name", name)
    page.select_option("#room-size", "6")
    page.select_option("#room-tier", tier)
    page.locator("#room-form button").click()
    page.wait_for_selector("#start:not([hidden])")


def join_room(page, link: str, name: str) -> None:
    page.goto(link)
    page.wait_for_selector("#join-form:not([hidden])")
    page.fill("#join-name", name)
    page.locator("#join-form button").click()


def solve_board(page, solution, *, since: float, pause_ms=350):
    """A person's pace: a queen every `pause_ms`, by double click, the last once the race
    has run (`since`, time.monotonic()) as long as a person needs for the board."""
    for row, col in enumerate(solution):
        if row == len(solution) - 1:
            a_person(page, since, len(solution))
        page.locator(f"#board .cell[data-row='{row}'][data-col='{col}']").dblclick()
        page.wait_for_timeout(pause_ms)


def a_person(page, since: float, size: int) -> None:
    """Wait until a person could have solved a board begun at `since`: a second a queen and
    an eighth of a second a cell (6×6: 11 s), well above what the ranked solves' pace rule
    (puzzles.play.move_log.human_pace, which a race's places keep too) asks of a small level."""
    left = since + size + size * size / 8 + 0.5 - time.monotonic()
    if left > 0:
        page.wait_for_timeout(int(left * 1000))


def test_two_players_race_through_the_link_and_see_the_same_results(browser, asgi_server,
                                                                     levels, shots):
    host = player(browser, asgi_server)
    make_room(host, levels[0].tier)
    link = host.locator("#room-link").get_attribute("href")
    host.wait_for_selector("#players [data-player]")

    guest = player(browser, asgi_server)
    join_room(guest, link, "Bob")
    for page in (host, guest):
        page.wait_for_function("document.querySelectorAll('#players [data-player]').length === 2")
    assert host.locator("#players [data-player] .name").all_inner_texts() == [
        "Ada (you)", "Bob"]
    assert guest.locator("#start").is_hidden()  # only the host starts
    host.screenshot(path=shots / "room-lobby.png")
    assert axe_violations(host) == [] and axe_violations(guest) == []
    host.locator("#start").click()
    for page in (host, guest):
        page.wait_for_selector("#race:not([hidden]) #board .cell")
        page.wait_for_selector("#race[data-running='true']", timeout=10000)
    race_on = time.monotonic()
    room = Room.objects.get()
    solution = Level.objects.get(pk=room.levels[0]).solution
    # Bob's first two queens show on Ada's page as a count, live.
    for row in (0, 1):
        guest.locator(f"#board .cell[data-row='{row}'][data-col='{solution[row]}']").dblclick()
        guest.wait_for_timeout(350)  # a person's pace (puzzles.play.move_log.human_pace)
    host.wait_for_function(
        "[...document.querySelectorAll('#players [data-player]')].some("
        "(li) => li.textContent.includes('Bob') && li.textContent.includes('2 of 6 queens'))")
    host.screenshot(path=shots / "room-race.png")
    assert axe_violations(host) == []
    guest.set_viewport_size({"width": 360, "height": 740})
    guest.emulate_media(color_scheme="dark")
    guest.screenshot(path=shots / "room-race-phone-dark.png", full_page=True)
    # On a phone the race fits the screen's width: no sideways scroll.
    assert guest.evaluate("document.documentElement.scrollWidth") <= 360
    solve_board(host, solution, since=race_on)
    solve_board(guest, solution, since=race_on)
    for page in (host, guest):
        page.wait_for_selector("#results:not([hidden]) #result-list li")
    lines = [page.locator("#result-list li").all_inner_texts() for page in (host, guest)]
    assert lines[0] == lines[1] and len(lines[0]) == 2
    assert lines[0][0].startswith("1. Ada") and lines[0][1].startswith("2. Bob")
    assert [r.name for r in RoomResult.objects.order_by("rank")] == ["Ada", "Bob"]
    assert host.locator("#rematch").is_visible() and guest.locator("#rematch").is_hidden()
    guest.screenshot(path=shots / "room-results.png")
    assert axe_violations(guest) == []
    for page in (host, guest):
        page.context.close()


def test_a_dropped_connection_resumes_the_race(browser, asgi_server, levels):
    host = player(browser, asgi_server)
    make_room(host, levels[0].tier)
    host.locator("#start").click()
    host.wait_for_selector("#race[data-running='true']", timeout=10000)
    race_on = time.monotonic()
    host.wait_for_selector("#board .cell")
    room = Room.objects.get()
    solution = Level.objects.get(pk=room.levels[0]).solution
    for row in (0, 1, 2):
        host.locator(f"#board .cell[data-row='{row}'][data-col='{solution[row]}']").dblclick()
        host.wait_for_timeout(350)  # a person's pace (puzzles.play.move_log.human_pace)
    host.wait_for_function("document.querySelector('#players [data-player]').textContent"
                           ".includes('3 of 6 queens')")
    host.evaluate("window.queensRoomSocket.drop()")
    host.wait_for_function("document.getElementById('room').dataset.connection === 'open'",
                           timeout=10000)
    # Back, and the race goes on: the rest of the board finishes it.
    for row in range(3, 6):
        if row == 5:
            a_person(host, race_on, 6)
        host.locator(f"#board .cell[data-row='{row}'][data-col='{solution[row]}']").dblclick()
        host.wait_for_timeout(350)  # a person's pace (puzzles.play.move_log.human_pace)
    host.wait_for_selector("#results:not([hidden]) #result-list li")
    assert host.locator("#result-list li").all_inner_texts()[0].startswith("1. Ada")
    host.context.close()


def test_four_players_race_and_a_malformed_message_does_not_stop_the_room(browser, asgi_server,
                                                                          levels):
    host = player(browser, asgi_server)
    make_room(host, levels[0].tier)
    link = host.locator("#room-link").get_attribute("href")
    others = []
    for name in ("Bob", "Cy", "Di"):
        page = player(browser, asgi_server)
        join_room(page, link, name)
        others.append(page)
    everyone = [host, *others]
    for page in everyone:
        page.wait_for_function("document.querySelectorAll('#players [data-player]').length === 4")
    # A message the server cannot read: an error for its sender, and the room goes on.
    others[0].evaluate("window.queensRoomSocket.socket.send('{not json')")
    others[0].wait_for_function(
        "document.getElementById('room-status').textContent.includes('JSON')")
    host.locator("#start").click()
    for page in everyone:
        page.wait_for_selector("#race[data-running='true'] #board .cell", timeout=10000)
    race_on = time.monotonic()
    room = Room.objects.get()
    solution = Level.objects.get(pk=room.levels[0]).solution
    for row, col in enumerate(solution):  # everyone places a queen, in turn, row by row
        last = row == len(solution) - 1
        if last:
            a_person(host, race_on, len(solution))
        for page, name in zip(everyone, ("Ada", "Bob", "Cy", "Di"), strict=True):
            page.locator(f"#board .cell[data-row='{row}'][data-col='{col}']").dblclick()
            if last:  # the places are the order the server saw the finishes: one at a time
                host.wait_for_function(
                    "(name) => [...document.querySelectorAll('#players [data-player]')].some("
                    "(li) => li.textContent.includes(name) && "
                    "li.textContent.includes('finished in'))", arg=name)
        host.wait_for_timeout(150)  # a round of four queens at a person's pace
    for page in everyone:
        page.wait_for_selector("#results:not([hidden]) #result-list li:nth-child(4)")
    lines = [page.locator("#result-list li").all_inner_texts() for page in everyone]
    assert all(line == lines[0] for line in lines)
    assert [line.split(" ")[1] for line in lines[0]] == ["Ada", "Bob", "Cy", "Di"]
    for page in everyone:
        page.context.close()


def test_on_a_phone_the_race_board_fits_the_screen_under_a_running_clock(browser, asgi_server,
                                                                         levels, shots):
    """Issue 35: on a 390×844 phone the race board's last row was below the fold, under the
    room's link and the players, and no clock said how long the race had run."""
    host = returning_player(browser.new_context(
        base_url=asgi_server, viewport={"width": 390, "height": 844})).new_page()
    make_room(host, levels[0].tier)
    guest = player(browser, asgi_server)
    join_room(guest, host.locator("#room-link").get_attribute("href"), "Bob")
    host.wait_for_function("document.querySelectorAll('#players [data-player]').length === 2")
    host.locator("#start").click()
    host.wait_for_selector("#race[data-running='true'] #board .cell", timeout=10000)
    for theme in ("light", "dark"):
        host.emulate_media(color_scheme=theme)
        host.screenshot(path=shots / f"room-race-phone-390-{theme}.png")
        assert host.evaluate("window.scrollY") == 0
        board = host.locator("#board").bounding_box()
        assert board["y"] + board["height"] <= 844, board
        assert board["width"] >= 340, board
        clock = host.locator("#race-clock")
        box = clock.bounding_box()
        assert clock.is_visible() and box["y"] >= 0 and box["y"] + box["height"] <= 844
        shown = clock.inner_text()
        host.wait_for_function(f"document.getElementById('race-clock').textContent !== '{shown}'",
                               timeout=3000)
        assert axe_violations(host) == []
    for page in (host, guest):
        page.context.close()
