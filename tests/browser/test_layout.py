"""Layouts that fit (issue 18): board, timer and the main controls inside the viewport with
no scrolling, with a hint open too, at two desktop and two phone sizes, on the home daily and
play pages; a one-line phone header; and a screenshot of each, light and dark, to look at."""

import functools

import pytest
from django.utils import timezone

from generator_ext import generate
from puzzles.daily import services as daily_service
from puzzles.levels.services.levels import save_generated_level
from tests.support import returning_player

pytestmark = pytest.mark.django_db(transaction=True)
VIEWPORTS = [(1280, 800), (1366, 768), (390, 844), (360, 740)]
MAIN_CONTROLS = ["#board", "#timer", "#undo", "#hint", "#rules-open"]
PHONE_HEADER_MAX_PX = 56


@functools.cache
def generated(size, seed, tier=None, stars=1):
    """Generated once per run: each test saves them anew (its database starts empty)."""
    return generate(size, seed=seed, tier=tier, stars=stars)


@pytest.fixture
def levels(db):
    size = daily_service.DAILY_SIZES[timezone.now().date().weekday()]
    return {key: save_generated_level(generated(*args)) for key, args in
            [("daily", (size, 12, "medium")), (8, (8, 3, "medium")), (20, (20, 1))]}


def open_page(browser, live_server, viewport, theme):
    width, height = viewport
    context = returning_player(browser.new_context(
        viewport={"width": width, "height": height}, base_url=live_server.url,
        color_scheme=theme))
    return context, context.new_page()


def outside(page, selector):
    """How far the element sticks out of the viewport, in px (0 when inside)."""
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    assert box is not None, f"{selector} is not shown"
    return max(0.0, -box["x"], -box["y"], box["x"] + box["width"] - view["width"],
               box["y"] + box["height"] - view["height"])


def assert_fits(page, selectors, where):
    assert page.evaluate("window.scrollY") == 0
    misfits = {s: round(outside(page, s), 1) for s in selectors if outside(page, s) > 0.5}
    assert misfits == {}, f"{where}: out of the viewport by {misfits}"


def assert_fits_with_and_without_hint(page, shot, name):
    """Every main control fits; then with the hint panel open (its screenshot), they and the
    hint's own controls still do."""
    assert_fits(page, MAIN_CONTROLS, name)
    page.locator("#hint").click()
    page.locator("#hint-panel").wait_for(state="visible")
    page.screenshot(path=shot)
    hint_controls = [*MAIN_CONTROLS, "#hint-text", "#hint-apply", "#hint-dismiss"]
    assert_fits(page, hint_controls, f"{name} with a hint")
    # The sentence depends on the board (a daily is drawn anew each day): the longest the
    # engine says, a Star Battle step in Spanish, scrolls inside the room kept for a hint.
    page.evaluate("""(words) => { const text = document.getElementById("hint-text");
        text.textContent = words; }""", LONG_HINT)
    page.screenshot(path=shot.with_name(f"{shot.stem}-longest.png"))
    assert_fits(page, hint_controls, f"{name} with the longest hint")
    # ...and all of it can be read: it fits, or it scrolls.
    overflow = page.evaluate("""() => { const text = document.getElementById("hint-text");
        return {hidden: text.scrollHeight - text.clientHeight,
                scrolls: getComputedStyle(text).overflowY}; }""")
    assert overflow["hidden"] <= 1 or overflow["scrolls"] == "auto", overflow


LONG_HINT = ("Las casillas libres de las regiones caqui, mostaza, pervinca y rosa están todas "
             "en las filas 7, 8, 9 y 10, y a ambos lados aún faltan 8 estrellas: así que las "
             "demás casillas de las filas 7, 8, 9 y 10 quedan vacías.")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
@pytest.mark.parametrize("which", ["daily", 8, 20], ids=["home-daily", "play-8", "play-20"])
def test_board_timer_and_controls_fit_with_and_without_a_hint(browser, live_server, levels,
                                                             shots, viewport, which):
    # The fit does not depend on the theme; the sweep below shows both.
    theme = "light"
    context, page = open_page(browser, live_server, viewport, theme)
    try:
        page.goto("/" if which == "daily" else f"/levels/{levels[which].id}/")
        page.wait_for_selector("#game[data-ready='true']")
        name = f"{'home' if which == 'daily' else f'play-{which}'}-{viewport[0]}x{viewport[1]}"
        page.screenshot(path=shots / f"layout-{name}-{theme}.png")
        assert_fits_with_and_without_hint(page, shots / f"layout-{name}-{theme}-hint.png", name)
        if viewport[0] < 600:
            header = page.locator(".site-header").bounding_box()
            assert header["height"] <= PHONE_HEADER_MAX_PX, header
    finally:
        context.close()


PAGES = ["/", "/archive/", "/how-to-play/", "/community/", "/create/", "/privacy/", "/play/8/",
         "/me/"]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_every_page_fits_the_width_in_both_themes(browser, live_server, levels, shots,
                                                  viewport):
    for theme in ("light", "dark"):
        context, page = open_page(browser, live_server, viewport, theme)
        try:
            for path in PAGES:
                page.goto(path)
                if path in ("/", "/play/8/"):
                    page.wait_for_selector("#game[data-ready='true']")
                name = path.strip("/").replace("/", "-") or "home"
                page.screenshot(path=shots / f"page-{name}-{viewport[0]}x{viewport[1]}-{theme}.png",
                                full_page=True)
                # Nothing sideways: the page is as wide as the screen.
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport[0], path
                header = page.locator(".site-header").bounding_box()
                assert viewport[0] >= 600 or header["height"] <= PHONE_HEADER_MAX_PX, path
        finally:
            context.close()


PHONE = (390, 844)


@pytest.mark.parametrize("which", ["stars-14", "queens-20"])
def test_a_phone_board_uses_the_screens_width(browser, live_server, db, shots, which):
    """Issue 35: on a 390 px phone the Star Battle rule badge wrapped into five lines and
    the 14×14 board was 318 px wide; a 20×20 started at 18.5 px cells. The board takes the
    screen's width (a few px of margin), its rule stays one line, and everything still fits
    with a hint open."""
    size, stars = (14, 3) if which == "stars-14" else (20, 1)
    level = save_generated_level(generated(size, 3, None, stars))
    for theme in ("light", "dark"):
        context, page = open_page(browser, live_server, PHONE, theme)
        try:
            page.goto(f"/levels/{level.id}/")
            page.wait_for_selector("#game[data-ready='true']")
            page.screenshot(path=shots / f"phone-{which}-{theme}.png")
            board = page.locator("#board").bounding_box()
            assert board["width"] >= PHONE[0] - 8, board
            cell = page.locator("#board .cell").first.bounding_box()
            assert cell["width"] >= (PHONE[0] - 14) / size, cell
            if stars > 1:
                badge = page.locator("#stars-badge")
                lines = badge.evaluate("(el) => el.getBoundingClientRect().height / "
                                       "parseFloat(getComputedStyle(el).lineHeight)")
                assert lines < 1.5, lines
            assert_fits_with_and_without_hint(page, shots / f"phone-{which}-{theme}-hint.png",
                                              which)
        finally:
            context.close()


@pytest.mark.parametrize("language", ["de", "es", "fr", "pt-br", "zh-hans"])
def test_a_desktops_side_buttons_keep_their_labels_on_one_line(browser, live_server, levels,
                                                               language):
    """Beside the board on a desktop the controls sit two to a row: “Nächstes Level” and
    “Siguiente nivel” wrapped to two lines there, a row taller than the others."""
    context = returning_player(browser.new_context(
        viewport={"width": 1280, "height": 800}, base_url=live_server.url,
        extra_http_headers={"Accept-Language": language}))
    page = context.new_page()
    try:
        page.goto(f"/levels/{levels[8].id}/")
        page.wait_for_selector("#game[data-ready='true']")
        heights = page.locator(".side .controls button").evaluate_all(
            "buttons => buttons.map(b => [b.textContent.trim(), b.offsetHeight])")
        assert len(heights) == 6 and len({h for _, h in heights}) == 1, heights
    finally:
        context.close()
