"""The archive in the browser: the month calendar with the solved marks and streak (the
marks this browser knows and the server's last answer at once, the server's history once it
answers), on a desktop and a phone."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.models import DailyPuzzle, Solve
from tests.support import player_key

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("viewport", [(1280, 800), (360, 740)], ids=["desktop", "phone"])
def test_the_calendar_marks_solved_dailies_and_shows_the_streak(page, make_level, shots,
                                                                viewport):
    today = timezone.now().date()
    days = [today - timedelta(days=back) for back in range(3) if (today - timedelta(
        days=back)).month == today.month]
    dailies = [DailyPuzzle.objects.create(date=day, number=50 - i,
                                          level=make_level(size=7 + i, seed=30 + i))
               for i, day in enumerate(days)]
    solved = dailies[0].level_id
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    # This browser remembers a solve; the server knows of today's solve here and, from
    # another device of the same history, yesterday's (when yesterday is in this month).
    page.context.add_init_script(
        f"localStorage.setItem('queens:solved', '{json.dumps([solved])}');")
    page.goto("/")
    page.wait_for_function("localStorage.getItem('queens:me') !== null")  # home asked
    key = player_key(page)
    now = timezone.now()
    for daily in dailies[:2]:
        moment = now - timedelta(days=(today - daily.date).days)
        Solve.objects.create(level=daily.level, player=key, seconds=60, solved_at=moment,
                             opened_at=moment - timedelta(seconds=60))
    # Offline, the archive shows the server's last answer as it stands today: a streak of 4
    # (best 6) kept up to yesterday is over, one kept up to today stands.
    page.route("**/api/me/", lambda route: route.abort())
    for until, shown in [(today - timedelta(days=1), "0"), (today, "4")]:
        last = {"streak": 4, "best_streak": 6, "freezes": 0, "streak_until": until.isoformat(),
                "solves": 5}
        page.evaluate(f"localStorage.setItem('queens:me', '{json.dumps(last)}')")
        page.goto("/archive/")
        assert page.locator("#streak-count").inner_text() == shown
        assert page.locator("#streak-best").inner_text() == "6"
    page.unroute("**/api/me/")
    page.goto("/archive/")
    links = page.locator("#archive a.day")
    assert links.count() == len(dailies)
    expected = [d.level_id for d in dailies[:2]]
    page.wait_for_function(f"document.querySelectorAll('#archive a.day.solved').length == "
                           f"{len(expected)}")
    marked = page.locator("#archive a.day.solved")
    assert sorted(int(marked.nth(i).get_attribute("data-level"))
                  for i in range(marked.count())) == sorted(expected)
    assert marked.first.get_attribute("aria-label").endswith(", solved")
    # The server's streak is the truth: the days it knows, in a row up to today.
    assert page.locator("#streak-count").inner_text() == str(len(expected))
    assert page.locator("#streak-best").inner_text() == str(len(expected))
    assert page.locator("#month-solved").inner_text() == str(len(expected))
    kept = page.evaluate("JSON.parse(localStorage.getItem('queens:me'))")  # and kept
    assert (kept["streak"], kept["streak_until"]) == (
        len(expected), (today + timedelta(days=1)).isoformat())
    # The calendar fits the screen's width: no sideways scroll.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport[0]
    page.screenshot(path=shots / f"archive-{viewport[0]}x{viewport[1]}.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=shots / f"archive-{viewport[0]}x{viewport[1]}-dark.png", full_page=True)
    links.first.click()
    page.wait_for_selector("#game[data-ready='true']")
    assert "/daily/" in page.url
