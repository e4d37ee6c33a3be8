"""Star Battle in a real browser: a 10×10 2★ and a 14×14 3★ level opened from their play
pages and won through hints and taps; the rules line, the star marks, the conflicts of a
crowded row, and the solution kept off the page until the win."""

import itertools
from collections import Counter

import pytest

from puzzles.models import Solve
from puzzles.play.board_check import solution_cells
from tests.browser.test_game import NO_AUTO_CROSS, assert_solution_hidden, cell, state

pytestmark = pytest.mark.django_db(transaction=True)


def win_through_hints_and_taps(page, level, limit=400) -> tuple[int, int]:
    """Ask for hints until the board is won: a hint that finds stars is played by tapping
    those cells (a double click places a star), one that only crosses is applied. Returns
    (hints, stars tapped)."""
    hints = taps = 0
    answer = solution_cells(level.solution)
    # The last star fills the board, and the check that sends opens the win dialog when its
    # answer comes: until then the Hint button is still enabled, so the board's own count,
    # not the button, says when to stop asking.
    stars = page.locator(".cell[data-state='queen']")
    while stars.count() < level.size * level.stars:
        assert hints < limit, "the hints did not finish the level"
        taps += len(take_a_hint(page, answer)[1])
        hints += 1
    page.locator("#win-dialog").wait_for(state="visible")
    return hints, taps


def take_a_hint(page, answer: set, shot=None) -> tuple[str, list[tuple[int, int]]]:
    """Ask for a hint and play it: the stars it finds by tapping them (a double click places
    a star), a hint that only crosses by its Apply. Returns its sentence and the stars
    tapped; `shot`, a path: a screenshot of the hint as shown."""
    page.locator("#hint").click()
    page.locator("#hint-panel").wait_for(state="visible")
    said = page.locator("#hint-text").inner_text()
    if shot:
        page.screenshot(path=shot)
    assert page.locator(".cell.hint-mistake").count() == 0
    found = [(int(el.get_attribute("data-row")), int(el.get_attribute("data-col")))
             for el in page.locator(".cell.hint-queen").all()]
    if found:
        assert set(found) <= answer  # a hint never names a wrong star
        for r, c in found:
            cell(page, r, c).dblclick()
    else:
        page.locator("#hint-apply").click()
    return said, found


@pytest.mark.parametrize("size, stars, seed", [(10, 2, 4), (14, 3, 3)])
def test_a_star_battle_level_is_won_through_hints_and_taps(page, make_level, shots, size,
                                                           stars, seed, monkeypatch):
    from puzzles.api.throttles import PostThrottle

    # A 14×14 3★ solved by hints alone takes some 170 of them within a minute or two: more
    # than the 120 POSTs a minute a person never reaches (the live server is this process).
    monkeypatch.setattr(PostThrottle, "THROTTLE_RATES", {"anon_post": "1000/minute"})
    level = make_level(size, seed=seed, stars=stars)
    page.context.add_init_script(NO_AUTO_CROSS)
    page.goto(f"/play/{size}/?stars={stars}")  # lands on the level's own page
    page.wait_for_url(f"**/levels/{level.id}/")
    page.wait_for_selector("#game[data-ready='true']")
    words = {2: "two", 3: "three"}[stars]
    assert page.locator("#stars-badge").inner_text() == (
        f"{stars}★: {words} stars in every row, column and region")
    assert page.locator("#board").get_attribute("aria-label") == (
        f"Star Battle board, {stars} stars")
    assert_solution_hidden(page, level)
    hints, taps = win_through_hints_and_taps(page, level)
    assert taps == size * stars
    glyph = page.evaluate("getComputedStyle(document.querySelector(\".cell[data-state='queen']\"),"
                          " '::after').content")
    assert glyph == '"★"'
    assert "star" in cell(page, *sorted(solution_cells(level.solution))[0]).get_attribute(
        "aria-label")
    page.wait_for_function("document.getElementById('win-hints').textContent.length > 0")
    assert page.locator("#win-hints").inner_text().startswith(f"Solved with {hints} hints")
    page.screenshot(path=shots / f"star-battle-{size}-{stars}-won.png")
    solve = Solve.objects.get(level=level)
    assert solve.hints == hints and solve.seconds is not None


def test_a_crowded_row_and_touching_stars_are_shown_as_conflicts(page, make_level, shots):
    level = make_level(10, seed=5, stars=2)
    page.context.add_init_script(NO_AUTO_CROSS)
    page.goto(f"/levels/{level.id}/")
    page.wait_for_selector("#game[data-ready='true']")
    # Three stars in a row, none touching and no region given three: only the row is crowded.
    r, columns = next((r, cols) for r, line in enumerate(level.regions)
                      for cols in itertools.combinations(range(10), 3)
                      if cols[1] - cols[0] > 1 and cols[2] - cols[1] > 1
                      and max(Counter(line[c] for c in cols).values()) < 3)
    for c in columns:
        cell(page, r, c).dblclick()
    assert page.locator(".cell.conflict").count() == 3
    assert page.locator(".cell.conflict-zone").count() >= 10  # the whole row
    assert "conflict" in cell(page, r, columns[1]).get_attribute("aria-label")
    assert page.locator("#status").inner_text() == f"Row {r + 1} holds 3 stars; it takes 2."
    cell(page, r, columns[2]).click()  # a tap on a star empties it: two left, no conflict
    assert state(page, r, columns[2]) == "empty"
    assert page.locator(".cell.conflict").count() == 0
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#clear").click()
    assert page.locator(".cell[data-state='queen']").count() == 0
    cell(page, 3, 3).dblclick()
    cell(page, 4, 4).dblclick()  # touching at a corner
    assert page.locator(".cell.conflict").count() == 2
    assert page.locator("#status").inner_text() == "Two stars touch."
    page.screenshot(path=shots / "star-battle-conflicts.png")


def test_the_home_page_offers_star_battle_boards(page, make_level):
    make_level(10, seed=6, stars=2)
    page.goto("/")
    link = page.locator("a[data-star-size='10'][data-stars='2']")
    assert "10×10 2★" in link.inner_text() and "1 ready" in link.inner_text()
    assert page.locator("a[data-star-size='14'][data-stars='3']").count() == 1
    link.click()
    page.wait_for_selector("#game[data-ready='true']")
    assert page.locator("#stars-badge").is_visible()


def test_a_bad_star_count_on_the_play_page_is_a_400_page(page):
    response = page.goto("/play/16/?stars=2")
    assert response.status == 400
    assert "2-star levels are served at 8×8 to 12×12" in page.content()


def test_how_to_play_pictures_each_star_technique_from_a_real_step(page, shots):
    from generator_ext import STAR_TECHNIQUES

    page.goto("/how-to-play/")
    figures = page.locator(".star-techniques figure")
    assert figures.count() == len(STAR_TECHNIQUES)
    captions = [figures.nth(k).locator("figcaption").inner_text() for k in range(figures.count())]
    assert captions[4].startswith("5. 2×2 blocks.") and "blocks of 2×2" in captions[4]
    for k in range(figures.count()):
        board = figures.nth(k).locator(".mini-board")
        assert board.locator("span").count() == 64  # an 8×8 2★ level as it stood
        assert board.locator("span.new").count() >= 1  # what the step decides is shown
    assert "★" in page.locator(".star-techniques").inner_text()
    page.locator("#star-battle").scroll_into_view_if_needed()
    page.screenshot(path=shots / "how-to-play-star-battle.png", full_page=True)


def test_the_builder_paints_tries_and_publishes_a_2_star_level(page, shots, builder_worker):
    from generator_ext import generate
    from puzzles.models import Level, Source
    from tests.browser.test_builder import paint_region

    level = generate(10, seed=8, stars=2)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    page.locator("#size").select_option("10")
    page.locator("#stars").select_option("2")
    page.locator("#new-board").click()
    for g in range(10):
        paint_region(page, level.regions, g)
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")
    assert "A 2★ level." in page.locator("#verdict").inner_text()
    page.screenshot(path=shots / "builder-2-star.png")
    page.locator("#try").click()
    for r, cols in enumerate(level.solution):
        for c in cols:
            page.locator(f"#board .cell[data-row='{r}'][data-col='{c}']").dblclick()
    page.wait_for_function("document.getElementById('builder').dataset.tried === 'solved'")
    page.locator("#try-stop").click()
    page.locator("#title").fill("Two by two")
    page.locator("#publish").click()
    page.locator("#published").wait_for(state="visible")
    published = Level.objects.get(source=Source.COMMUNITY)
    assert published.stars == 2 and published.title == "Two by two"
    page.goto(page.locator("#share-link").input_value())
    page.wait_for_selector("#game[data-ready='true']")
    assert page.locator("#stars-badge").is_visible()
    assert errors == []


# English words no German hint sentence holds; a German sentence holds one of these.
ENGLISH_WORDS = {"star", "stars", "row", "rows", "column", "columns", "region", "regions",
                 "the", "and", "touch", "touches", "needs", "empty", "cell", "cells"}
GERMAN_WORDS = {"Stern", "Sterne", "Sternen", "Zeile", "Zeilen", "Spalte", "Spalten",
                "Region", "Regionen", "Feld", "Felder", "der", "die", "das", "und"}


def test_a_german_player_wins_a_16_by_16_3_star_level_through_hints(
        browser, live_server, make_level, shots, monkeypatch):
    """Every hint of a whole 16×16 3★ level is said in German, none in the English sentence
    of the same step, and applying them one after another wins the level."""
    import re
    import time

    from generator_ext import sentence
    from puzzles.api.throttles import PostThrottle
    from tests.support import returning_player

    monkeypatch.setattr(PostThrottle, "THROTTLE_RATES", {"anon_post": "1000/minute"})
    level = make_level(16, seed=11, stars=3)  # expert, about 110 steps
    context = returning_player(browser.new_context(
        viewport={"width": 1280, "height": 800}, base_url=live_server.url, locale="de-DE",
        extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"}))
    context.add_init_script(NO_AUTO_CROSS)
    started = time.monotonic()
    try:
        page = context.new_page()
        page.goto(f"/levels/{level.id}/")
        page.wait_for_selector("#game[data-ready='true']")
        assert page.locator("html").get_attribute("lang") == "de"
        stars = page.locator(".cell[data-state='queen']")
        said_all = []
        while stars.count() < 16 * 3:
            assert len(said_all) < 300, "the hints did not finish the level"
            with page.expect_response(lambda r: "/hint/" in r.url) as answer:
                page.locator("#hint").click()
            step = answer.value.json()
            assert step["technique"] and not step["mistake"], step
            page.wait_for_function("m => document.getElementById('hint-text').textContent === m",
                                   arg=step["message"])
            said = page.locator("#hint-text").inner_text()
            assert said != sentence(step["reason"]), said  # not the English one
            assert not ENGLISH_WORDS & set(re.findall(r"[A-Za-z]+", said)), said
            assert GERMAN_WORDS & set(re.findall(r"\w+", said)), said
            said_all.append(said)
            page.locator("#hint-apply").click()
        page.locator("#win-dialog").wait_for(state="visible")
        assert page.locator("#win-title").inner_text() == "Gelöst!"
        for r, cols in enumerate(level.solution):
            for c in cols:
                assert cell(page, r, c).get_attribute("data-state") == "queen"
        page.screenshot(path=shots / "star-battle-16-3-german-won.png")
        solve = Solve.objects.get(level=level)
        assert solve.hints == len(said_all)
    finally:
        context.close()
    print(f"{len(said_all)} German hints, {time.monotonic() - started:.1f} s")
    assert time.monotonic() - started < 90
