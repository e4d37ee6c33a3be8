"""Players' world in Chromium: sign up with the mailed link, solve the daily as a person,
find the name on today's board; a second browser signs in to the same streak; sync by code;
a forged move log and a too-fast solve stay off the boards; deleting an account."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from puzzles.models import Player, Solve
from tests.browser.test_game import axe_violations, cell, solve_as_a_person
from tests.support import returning_player

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "queens-pw-4829"


def new_context(browser, live_server):
    return returning_player(browser.new_context(viewport={"width": 1280, "height": 800},
                                                base_url=live_server.url))


def sign_up(page, email: str, name: str):
    """Sign up, open the link of the mail the site sent, confirm: signed in on /me/."""
    before = len(mail.outbox)
    page.goto("/accounts/signup/")
    page.fill("input[name=email]", email)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.fill("input[name=name]", name)
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    assert len(mail.outbox) == before + 1
    message = mail.outbox[-1]
    assert message.to == [email]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body).group(0)
    page.goto(link)
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/me/$"))
    shown = page.locator("h1").inner_text()
    # Twice "You": the service worker's background page fetch, sent before the sign-in and
    # answered after it, deleted the new session's cookie (puzzles/players/rotated_cookies.py).
    if shown != name:
        print("cookies:", page.context.cookies(), "\nplayers:",
              list(Player.objects.values("key", "name", "user_id")))
    assert shown == name


def sign_in(page, email: str):
    """Sign in with the address and the password sign_up gave: on /me/."""
    page.goto("/accounts/login/")
    page.fill("input[name=login]", email)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/me/$"))


CATEGORY_NAMES = {"flawless": "Flawless", "no-hints": "No hints", "assisted": "Assisted"}


def board_names(page, category: str = "flawless") -> list[str]:
    """The names on a category's board, once the page shows that board (its caption names
    the category of the answer it drew; a fixed wait read the previous board when slow)."""
    page.goto("/leaderboards/")
    shown = "(name) => document.getElementById('board-caption').textContent.includes(name)"
    page.wait_for_function(shown, arg="Flawless")  # the first board, drawn on load
    page.check(f"input[name=category][value={category}]")
    page.wait_for_function(shown, arg=CATEGORY_NAMES[category])
    return [row.inner_text() for row in page.locator("#board-rows td:nth-child(2)").all()]


def test_sign_up_verify_solve_the_daily_and_find_the_name_on_todays_board(
        browser, live_server, todays_daily, shots):
    context = new_context(browser, live_server)
    page = context.new_page()
    # A guest solves today's daily, then signs up: the solve and the streak come along.
    page.goto("/daily/")
    solve_as_a_person(page, todays_daily)
    assert page.locator("#win-hints").inner_text() == "Solved without hints."
    page.wait_for_function("document.getElementById('win-streak').textContent.includes('1')")
    sign_up(page, "ana@example.com", "Ana Solver")
    assert page.locator("#me-streak").inner_text() == "1"
    assert page.locator("#me-solves").inner_text() == "1"
    page.screenshot(path=str(shots / "me-signed-in.png"), full_page=True)
    assert page.locator(".time-chart polyline.line-best").count() == 1
    assert axe_violations(page) == []
    assert board_names(page) == ["Ana Solver (you)"]
    assert board_names(page, "assisted") == ["Ana Solver (you)"]
    assert "Your place: 1" in page.locator("#board-me").inner_text()
    page.screenshot(path=str(shots / "leaderboards.png"), full_page=True)
    assert axe_violations(page) == []
    page.goto("/accounts/signup/")
    assert axe_violations(page) == []

    # Another browser signs in and sees the same streak.
    other = new_context(browser, live_server).new_page()
    sign_in(other, "ana@example.com")
    assert other.locator("#me-streak").inner_text() == "1"
    assert other.locator("h1").inner_text() == "Ana Solver"
    other.goto("/")
    other.wait_for_function("document.getElementById('streak').textContent === '1'")
    other.context.close()
    context.close()


def test_a_forged_move_log_and_a_too_fast_solve_are_not_ranked(browser, live_server,
                                                                todays_daily):
    forger = new_context(browser, live_server).new_page()
    sign_up(forger, "forger@example.com", "Forger")

    def forge(route):  # a changed client: its log claims moves the player never made
        import json

        body = json.loads(route.request.post_data)
        body["moves"] = [[60000 + 500 * r, r, c, 2] for r, c in enumerate(todays_daily.solution)]
        route.continue_(post_data=json.dumps(body))

    forger.route("**/solves/", forge)
    forger.goto("/daily/")
    solve_as_a_person(forger, todays_daily)
    forger.wait_for_function("document.getElementById('win-rank').textContent.length > 0")
    assert "could not check" in forger.locator("#win-rank").inner_text()
    assert board_names(forger) == []
    assert "no ranked solve" in forger.locator("#board-me").inner_text()

    quick = new_context(browser, live_server).new_page()
    sign_up(quick, "quick@example.com", "Quick")
    quick.goto("/daily/")
    quick.wait_for_selector("#game[data-ready='true']")
    for r, c in enumerate(todays_daily.solution):
        cell(quick, r, c).dblclick()
    quick.wait_for_function("document.getElementById('win-rank').textContent.length > 0")
    assert quick.locator("#win-rank").inner_text() == "Solved too fast to be ranked."
    assert board_names(quick, "assisted") == []
    assert Solve.objects.filter(level=todays_daily, seconds__isnull=False).count() == 2  # kept
    forger.context.close()
    quick.context.close()


def test_sync_by_code_between_two_browsers(browser, live_server, make_level, shots):
    level = make_level(size=6, seed=2)
    first = new_context(browser, live_server).new_page()
    first.goto(f"/levels/{level.id}/")
    first.wait_for_selector("#game[data-ready='true']")
    for r, c in enumerate(level.solution):
        cell(first, r, c).dblclick()
    first.locator("#win-dialog").wait_for(state="visible")
    first.wait_for_function("document.getElementById('win-hints').textContent.length > 0")
    first.goto("/me/")
    first.click("#show-code")
    first.wait_for_selector("#sync-qr svg")
    code = first.locator("#sync-code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}", code)
    assert "Valid for" in first.locator("#sync-expiry").inner_text()
    first.screenshot(path=str(shots / "me-sync-code.png"), full_page=True)

    second = new_context(browser, live_server).new_page()
    second.goto("/me/")
    assert second.locator("#me-solves").inner_text() == "0"
    second.goto(f"/sync/?code={code}")
    assert second.input_value("#join-code") == code
    second.click("#join-form button[type=submit]")
    second.wait_for_function("document.getElementById('join-status').textContent.length > 0")
    assert second.locator("#join-status").inner_text().startswith("Joined")
    second.goto("/me/")
    assert second.locator("#me-solves").inner_text() == "1"
    first.context.close()
    second.context.close()


def test_a_deleted_account_leaves_no_personal_data(browser, live_server, todays_daily):
    from django.contrib.auth import get_user_model

    page = new_context(browser, live_server).new_page()
    page.goto("/daily/")
    solve_as_a_person(page, todays_daily)
    sign_up(page, "gone@example.com", "Gone Player")
    key = Player.objects.get(name="Gone Player").key
    with page.expect_download() as download:
        page.click("#export")
    exported = download.value.path().read_text()
    assert "gone@example.com" in exported and "Gone Player" in exported
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#delete-me")
    page.wait_for_url(re.compile(r"/me/\?deleted=1$"))
    assert "guest" in page.locator("#account-title + p").inner_text()
    assert not get_user_model().objects.filter(email="gone@example.com").exists()
    assert not Player.objects.filter(name="Gone Player").exists()
    assert not Solve.objects.filter(player=key).exists()
    assert Solve.objects.filter(level=todays_daily, player__startswith="gone:").count() == 1
    assert board_names(page) == []
    page.context.close()
