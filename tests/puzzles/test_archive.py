"""The archive: a month calendar of dailies with a spoiler-free picture of each board, its
size and tier, and months to walk back through."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.models import DailyPuzzle

pytestmark = pytest.mark.django_db


@pytest.fixture
def dailies(make_level):
    """Dailies on the last three days, up to today."""
    today = timezone.now().date()
    made = []
    for back, (size, tier) in enumerate([(7, "easy"), (8, "medium"), (9, "hard")]):
        level = make_level(size=size, seed=20 + back, tier=tier)
        made.append(DailyPuzzle.objects.create(date=today - timedelta(days=back),
                                               number=100 - back, level=level))
    return made


def test_the_month_shows_each_daily_as_a_small_picture_with_its_size_and_tier(client,
                                                                              dailies):
    page = client.get("/archive/").content.decode()
    today = timezone.now().date()
    shown = [d for d in dailies if d.date.month == today.month]
    assert page.count('class="day"') == len(shown)
    for daily in shown:
        level = daily.level
        assert f'href="/daily/{daily.date.isoformat()}/"' in page
        assert f"Daily #{daily.number}, " in page
        assert (f'{level.size}×{level.size}<span class="day-tier">'
                f'{level.tier.capitalize()}</span>') in page
    # A picture of n² cells per daily, and the regions only: no queen, no solution.
    assert page.count("--region:") == sum(d.level.size ** 2 for d in shown)
    assert "♛" not in page
    for daily in dailies:
        assert str(daily.level.solution).replace(" ", "") not in page.replace(" ", "")


def test_months_walk_back_to_the_first_daily_and_never_forward_past_today(client, make_level):
    today = timezone.now().date()
    first = today.replace(day=1) - timedelta(days=40)  # a daily two months back or so
    DailyPuzzle.objects.create(date=first, number=1, level=make_level(size=7, seed=2))
    page = client.get("/archive/").content.decode()
    assert 'rel="next"' not in page  # this month: nothing after it
    previous = re.search(r'href="\?month=(\d{4}-\d{2})" rel="prev"', page).group(1)
    back = client.get(f"/archive/?month={first:%Y-%m}").content.decode()
    assert 'rel="prev"' not in back and 'rel="next"' in back
    assert f'href="/daily/{first.isoformat()}/"' in back
    assert previous <= today.strftime("%Y-%m")


@pytest.mark.parametrize("month, words", [
    ("2026-13", "must look like"), ("26-1", "must look like"), ("2999-01", "not come yet"),
    ("x" * 300, "must look like"), ("0001-01", "starts in 2000"), ("1999-12", "starts in 2000")])
def test_a_bad_month_is_a_400_with_a_sentence(client, month, words):
    response = client.get("/archive/", {"month": month})
    assert response.status_code == 400 and words in response.content.decode()

