"""The archive in the browser: the month calendar with this browser's solved marks and
streak, on a desktop and a phone."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.models import DailyPuzzle

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
    streak = {"last": today.isoformat(), "count": 4, "best": 6}
    page.context.add_init_script(
        f"localStorage.setItem('queens:solved', '{json.dumps([solved])}');"
        f"localStorage.setItem('queens:streak', '{json.dumps(streak)}');")
    page.goto("/archive/")
    links = page.locator("#archive a.day")
    assert links.count() == len(dailies)
    marked = page.locator("#archive a.day.solved")
    assert marked.count() == 1
    assert marked.get_attribute("data-level") == str(solved)
    assert marked.get_attribute("aria-label").endswith(", solved")
    assert page.locator("#streak-count").inner_text() == "4"
    assert page.locator("#streak-best").inner_text() == "6"
    assert page.locator("#month-solved").inner_text() == "1"
    # The calendar fits the screen's width: no sideways scroll.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport[0]
    page.screenshot(path=shots / f"archive-{viewport[0]}x{viewport[1]}.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=shots / f"archive-{viewport[0]}x{viewport[1]}-dark.png", full_page=True)
    links.first.click()
    page.wait_for_selector("#game[data-ready='true']")
    assert "/daily/" in page.url
