"""Par in the win dialog (issue 39, item 3): after a person's solve, Chromium shows the level's
three par times (measured from its games: 24 rated ones before this solve) and how the solve
compares, the best standard it beat and the share of players it was faster than, in English
and in Spanish, on a phone and on a desktop."""

import pytest

from puzzles.models import LevelRating, Solve
from puzzles.ratings import services as ratings
from tests.browser.test_game import solve_as_a_person
from tests.puzzles.test_ratings import established, played
from tests.support import returning_player

pytestmark = pytest.mark.django_db(transaction=True)

# The others' times: four quick ones, then 60 s to 155 s. A person's solve here takes about
# 45 s: within the master's par (the 7th of 25 times: 65 s) and over the grandmaster's (the
# 3rd: 30 s), faster than the twenty from 60 s on.
OTHERS = [20, 25, 30, 35, *range(60, 160, 5)]

WORDS = {
    "en": {"par": "Par: Grandmaster {grandmaster} · Master {master} · Expert {expert}",
           "beat": "Under Master par.",
           "rank": "Faster than {percent} % of players on this level."},
    "es": {"par": "Par: Gran maestro {grandmaster} · Maestro {master} · Experto {expert}",
           "beat": "Por debajo del par de Maestro.",
           "rank": "Más rápido que el {percent} % de los jugadores de este nivel."},
}
VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 800)}


def clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", list(WORDS))
def test_the_win_dialog_shows_par_and_how_the_solve_compares(browser, live_server, make_level,
                                                             shots, lang, viewport):
    level = make_level(size=8, seed=3)
    established(make_level, [f"other{i}" for i in range(len(OTHERS))])
    for i, seconds in enumerate(OTHERS):
        ratings.rate_solve(solve_id=played(level, f"other{i}", seconds, at=i,
                                           address=f"o{i}").id)
    width, height = VIEWPORTS[viewport]
    context = returning_player(browser.new_context(
        viewport={"width": width, "height": height}, base_url=live_server.url, locale=lang,
        extra_http_headers={"Accept-Language": lang}))
    try:
        page = context.new_page()
        page.goto(f"/levels/{level.id}/")
        solve_as_a_person(page, level)
        page.wait_for_function("document.getElementById('win-beat').textContent.length > 0")
        mine = Solve.objects.exclude(player__startswith="other").get(level=level)
        assert mine.ranked and 35 < mine.seconds < 60, (mine.seconds, mine.unranked)
        row = LevelRating.objects.get(level=level)
        assert row.games == len(OTHERS) + 1  # this solve is a game too, and par moved with it
        words = WORDS[lang]
        assert page.locator("#win-par").inner_text() == words["par"].format(
            grandmaster=clock(row.par_grandmaster), master=clock(row.par_master),
            expert=clock(row.par_expert))
        assert (row.par_grandmaster, row.par_master) == (30, 65)
        assert page.locator("#win-beat").inner_text() == words["beat"]
        assert page.locator("#win-rank").inner_text() == words["rank"].format(
            percent=100 * 20 // len(OTHERS))
        page.screenshot(path=shots / f"win-par-{lang}-{viewport}.png")
    finally:
        context.close()
