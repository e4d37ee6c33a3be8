"""Themed dailies (issue 17): staff schedule a motif for a date, that day's daily is composed
around it, and no route names the theme before the player has solved or revealed it (it
could hint at where the solution's queens are)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from generator_ext import motif_cells
from puzzles.core.errors import ServiceError
from puzzles.daily import services as daily_service
from puzzles.levels.services import runs as run_service
from puzzles.models import DailyTheme
from tests.api.test_api import post, queens_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def today(settings):
    day = timezone.now().date()
    settings.QUEENS_DAILY_EPOCH = day - timedelta(days=3)
    return day


def themed_daily(day, motif="heart"):
    DailyTheme.objects.create(date=day, motif=motif)
    daily = daily_service.ensure_daily(day)
    assert daily.level.motif == motif
    return daily


def mentions(response, word) -> bool:
    return word in response.content.decode().lower()


def test_a_scheduled_theme_is_drawn_as_a_region_of_that_days_daily(today):
    daily = themed_daily(today + timedelta(days=1), "star")
    level = daily.level
    cells = motif_cells("star", level.size)
    assert len({level.regions[r][c] for r, c in cells}) == 1
    assert level.reserved and not level.is_active  # in the daily reserve, not a pool


def test_no_route_names_the_theme_before_the_solve(client, today):
    daily = themed_daily(today)
    level = daily.level
    for url in ("/daily/", "/api/daily/", f"/api/daily/{today.isoformat()}/",
                f"/levels/{level.id}/", f"/api/levels/{level.size}/{level.id}/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert not mentions(response, "heart") and not mentions(response, '"theme"'), url
    wrong = post(client, f"/api/levels/{level.size}/{level.id}/check/", {"queens": [[0, 0]]})
    assert wrong.status_code == 200 and "theme" not in wrong.json()
    hint = post(client, f"/api/levels/{level.size}/{level.id}/hint/", {"queens": []})
    assert not mentions(hint, "heart")


def test_the_theme_is_named_once_solved(client, today):
    level = themed_daily(today).level
    solved = post(client, f"/api/levels/{level.size}/{level.id}/check/",
                  {"queens": queens_of(level)}).json()
    assert solved["solved"] and solved["theme"] == "heart"


def test_the_theme_is_named_on_a_reveal(client, today):
    level = themed_daily(today, "T").level
    revealed = post(client, f"/api/levels/{level.size}/{level.id}/reveal/").json()
    assert revealed["theme"] == "T" and revealed["solution"] == level.solution


def test_a_future_themed_daily_is_served_by_no_route(client, today):
    tomorrow = today + timedelta(days=1)
    daily = themed_daily(tomorrow, "house")
    level = daily.level
    assert client.get(f"/api/daily/{tomorrow.isoformat()}/").status_code == 400
    assert client.get(f"/api/levels/{level.size}/{level.id}/").status_code == 404
    assert post(client, f"/api/levels/{level.size}/{level.id}/reveal/").status_code == 404
    assert not mentions(client.get("/daily/"), "house")


def test_an_unthemed_day_has_no_theme(client, today):
    # Monday, Tuesday, Thursday, Friday and Saturday have none unless staff schedule one.
    day = next(today + timedelta(days=d) for d in range(7)
               if (today + timedelta(days=d)).weekday() not in daily_service.THEMED_WEEKDAYS)
    assert daily_service.daily_theme(day) == ""
    themed = next(today + timedelta(days=d) for d in range(7)
                  if (today + timedelta(days=d)).weekday() in daily_service.THEMED_WEEKDAYS)
    assert daily_service.daily_theme(themed) in daily_service.PICTOGRAMS


def test_an_unthemed_daily_is_never_drawn_around_a_motif(monkeypatch):
    """Untargeted generation draws the motif family too (issue 38); the reserve's secret
    seed may draw it, and an unthemed day's daily is drawn again rather than themed."""
    from generator_ext.levels import _draw_family

    motif_seed = next(s for s in range(1000) if _draw_family(8, s) == "motif")
    other_seed = next(s for s in range(1000) if _draw_family(8, s) != "motif")
    seeds = iter([motif_seed, other_seed])
    monkeypatch.setattr(daily_service.secrets, "randbelow", lambda _: next(seeds))
    level = daily_service.reserve_new_level(size=8, tier="medium")
    assert (level.seed, level.motif) == (other_seed, "")


def test_a_run_takes_a_style_and_a_motif_and_refuses_bad_ones():
    run = run_service.create_run(size=9, rule="touch", requested=1, style="turn", motif="A")
    assert (run.style, run.motif) == ("turn", "A")
    with pytest.raises(ServiceError, match="unknown style"):
        run_service.check_run_request(size=9, rule="touch", tier="", requested=1, style="wavy")
    with pytest.raises(ServiceError, match="unknown motif"):
        run_service.check_run_request(size=9, rule="touch", tier="", requested=1, motif="dragon")
    with pytest.raises(ServiceError, match="boards of 7×7 to 16×16"):
        run_service.check_run_request(size=20, rule="touch", tier="", requested=1, motif="A")


def test_staff_schedule_a_theme_in_the_admin(staff_client, today):
    day = today + timedelta(days=5)
    response = staff_client.post("/admin/puzzles/dailytheme/add/",
                                 {"date": day.isoformat(), "motif": "heart", "note": "love"})
    assert response.status_code == 302
    assert DailyTheme.objects.get(date=day).motif == "heart"
    listing = staff_client.get("/admin/puzzles/dailytheme/")
    assert listing.status_code == 200 and mentions(listing, "heart")
