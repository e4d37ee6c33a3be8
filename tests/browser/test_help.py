"""Help at the board (issue 18): a first-visit tutorial on a tiny board, walked through with
the engine's own steps, skippable and replayable; the rules and controls one tap away."""

import contextlib

import pytest
from playwright.sync_api import expect

from generator_ext import rate
from puzzles.play.tutorial import REGIONS, RULES

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def first_visit(browser, live_server):
    """A player who has never been here: no tutorial seen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


def tutorial_cell(page, r, c):
    return page.locator(f"#tutorial-board .cell[data-row='{r}'][data-col='{c}']")


def walk_the_tutorial(page, each_step=lambda number, step: None):
    """Start the open tutorial and play the engine's steps on its tiny board as it asks them,
    up to its last word (Play, not yet pressed); each_step(number, step) looks at a step
    before its marks are made.

    A step the player's marks complete moves on by itself 0.7 s later; only a step auto-cross
    had already done on arrival waits for Next. Next was clicked after every step it found
    enabled: a click that came after the tutorial had moved on (an xdist worker descheduled
    for 0.7 s) waited on the next step's disabled Next, or, its button moved by the new
    step's text, met the dialog instead ("intercepts pointer events"), until the timeout."""
    page.locator("#tutorial-next").click()  # Start
    steps = rate(REGIONS).steps
    for number, step in enumerate(steps):
        page.wait_for_function(f"document.getElementById('tutorial-progress').textContent"
                               f" === 'Step {number + 1} of {len(steps)}'")
        each_step(number, step)
        # Read on arrival: nothing changes it until a mark is made.
        done_on_arrival = page.locator("#tutorial-next").is_enabled()
        for r, c in step.crosses:
            if tutorial_cell(page, r, c).get_attribute("data-state") != "cross":
                tutorial_cell(page, r, c).click()
        for r, c in step.queens:
            tutorial_cell(page, r, c).dblclick()
        for r, c in step.queens:
            assert tutorial_cell(page, r, c).get_attribute("data-state") == "queen"
        if done_on_arrival:
            page.locator("#tutorial-next").click()
    page.wait_for_function("document.getElementById('tutorial-next').textContent === 'Play'")


def test_a_first_visit_walks_through_the_tiny_board_with_the_engines_steps(first_visit,
                                                                          make_level, shots):
    page = first_visit
    level = make_level(size=8)
    page.goto(f"/levels/{level.id}/")
    dialog = page.locator("#tutorial")
    dialog.wait_for(state="visible")
    assert page.locator("#tutorial-board .cell").count() == 25
    page.screenshot(path=shots / "tutorial-intro-phone.png")
    introduced, done_on_arrival = set(), []

    def check(number, step):
        assert page.locator("#tutorial-text").inner_text() == step.message
        if page.locator("#tutorial-next").is_enabled():
            # Auto-cross made this step's marks already: it says so and waits on a focused
            # Next (it said "Done: on to the next step." and sat there).
            assert page.locator("#tutorial-todo").inner_text().startswith("Already done")
            expect(page.locator("#tutorial-next")).to_be_focused()
            done_on_arrival.append(number)
        rule = RULES.get(step.technique)
        shown = page.locator("#tutorial-rule").inner_text()
        assert shown == ("" if rule in introduced else rule)
        introduced.add(rule)
        if number == 0:
            # A cell off the step takes no mark: the tutorial says which cells it wants.
            tutorial_cell(page, 4, 4).click()
            assert tutorial_cell(page, 4, 4).get_attribute("data-state") == "empty"
            assert "Not that cell yet" in page.locator("#tutorial-todo").inner_text()
            page.screenshot(path=shots / "tutorial-step-phone.png")

    walk_the_tutorial(page, check)
    assert done_on_arrival, "no step was done on arrival: the check above saw nothing"
    assert "exactly one solution" in page.locator("#tutorial-text").inner_text()
    page.locator("#tutorial-next").click()
    assert dialog.is_hidden()
    # Seen once: a reload does not show it again.
    page.reload()
    page.wait_for_selector("#game[data-ready='true']")
    assert page.locator("#tutorial").is_hidden()


def test_the_tutorial_can_be_skipped_and_replayed_from_the_rules(first_visit, make_level):
    page = first_visit
    level = make_level(size=8)
    page.goto(f"/levels/{level.id}/")
    page.locator("#tutorial").wait_for(state="visible")
    page.locator("#tutorial-skip").click()
    assert page.locator("#tutorial").is_hidden()
    page.wait_for_selector("#game[data-ready='true']")
    # The rules and controls: one tap from the board.
    page.locator("#rules-open").click()
    rules = page.locator("#rules-dialog")
    rules.wait_for(state="visible")
    text = rules.inner_text()
    assert "every row, every column and every colored region" in text
    assert "twice for a queen" in text and "never touch" in text
    page.locator("#tutorial-replay").click()
    page.locator("#tutorial").wait_for(state="visible")
    assert page.locator("#tutorial-next").inner_text() == "Start"
    page.keyboard.press("Escape")
    assert page.locator("#tutorial").is_hidden()
    page.goto(f"/levels/{level.id}/")
    page.wait_for_selector("#game[data-ready='true']")
    assert page.locator("#tutorial").is_hidden()


FOCUSED = "(() => { const el = document.activeElement; return el === document.body ? 'body' :"\
          " el.classList.contains('cell') ? 'cell:' + el.closest('[role=grid]').id : el.id; })()"


def returning_page_in(browser, live_server, language):
    """A returning player's desktop page whose browser asks for `language`."""
    from tests.support import returning_player

    context = returning_player(browser.new_context(
        viewport={"width": 1280, "height": 800}, base_url=live_server.url,
        extra_http_headers={"Accept-Language": language}))
    return context, context.new_page()


def skip_to_the_board(page, words):
    """The first Tab shows the skip link, in the page's language; Enter lands on a cell."""
    page.keyboard.press("Tab")
    link = page.locator(":focus")
    assert link.inner_text() == words and link.is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == "cell:board"


def assert_focus_settles_on(page, where, timeout_ms=3000):
    """The dialog hands focus back after its closing frame, not in the key's own event: poll
    for it rather than read it once."""
    with contextlib.suppress(Exception):  # the assertion below says what it was instead
        page.wait_for_function(f"{FOCUSED} === {where!r}", timeout=timeout_ms)
    assert page.evaluate(FOCUSED) == where


def test_escape_on_the_tutorial_gives_focus_back_to_the_board_or_its_opener(first_visit,
                                                                            make_level):
    """Issue 35: Escape on the tutorial dropped focus to the page's body: a keyboard player
    had to find the board again from the top."""
    page = first_visit
    level = make_level(size=8)
    page.goto(f"/levels/{level.id}/")
    page.locator("#tutorial").wait_for(state="visible")
    page.wait_for_selector("#game[data-ready='true']")
    page.keyboard.press("Escape")
    assert page.locator("#tutorial").is_hidden()
    assert_focus_settles_on(page, "cell:board")
    # Replayed from the rules: back to the button that opened them.
    page.locator("#rules-open").focus()
    page.keyboard.press("Enter")
    page.locator("#rules-dialog").wait_for(state="visible")
    page.locator("#tutorial-replay").click()
    page.locator("#tutorial").wait_for(state="visible")
    page.keyboard.press("Escape")
    assert page.locator("#tutorial").is_hidden()
    assert_focus_settles_on(page, "rules-open")


@pytest.mark.parametrize("language, words", [("en", "Skip to the board"),
                                             ("es", "Saltar al tablero")])
@pytest.mark.parametrize("path", ["level", "/"])
def test_a_skip_link_reaches_the_board_in_two_keys(browser, live_server, make_level, settings,
                                                   language, words, path):
    """Issue 35: 18 Tabs to reach the board, and no skip link. The first Tab shows "Skip to
    the board"; Enter puts the focus on a cell, where the arrows and keys play."""
    from django.utils import timezone

    from puzzles.daily import services as daily_service

    today = timezone.now().date()
    settings.QUEENS_DAILY_EPOCH = today
    level = make_level(size=daily_service.DAILY_SIZES[today.weekday()])
    context, page = returning_page_in(browser, live_server, language)
    try:
        page.goto(f"/levels/{level.id}/" if path == "level" else path)
        page.wait_for_selector("#game[data-ready='true']")
        skip_to_the_board(page, words)
        # The cell takes keys: a queen by keyboard.
        page.keyboard.press("q")
        assert page.locator("#board .cell[data-state='queen']").count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("language, words", [("en", "Skip to the board"),
                                             ("es", "Saltar al tablero")])
def test_the_builders_skip_link_reaches_its_board_in_two_keys(browser, live_server, language,
                                                             words):
    """The builder's board came after its size, rule, stars, motif, colour and tool
    controls, with no skip link: the first Tab shows one, and Enter puts the focus on a cell,
    where Space paints."""
    context, page = returning_page_in(browser, live_server, language)
    try:
        page.goto("/create/")
        page.wait_for_selector("#builder[data-ready='true']")
        skip_to_the_board(page, words)
        focused = page.locator("#board .cell:focus")
        before = focused.get_attribute("aria-label")
        page.keyboard.press(" ")  # the cell takes the brush's colour
        assert page.locator("#board .cell:focus").get_attribute("aria-label") != before
    finally:
        context.close()
