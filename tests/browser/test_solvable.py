""""Solvable?" on a phone (issue 40): a run of five boards played in Chromium, the levels
solved with queens and each trap answered "No solution" by selecting its conflicting units
(a row's or a column's number, a region's cell), in English and in Chinese; screenshots of
a claim, a proof drawn and the run's end."""

import pytest
from playwright.sync_api import expect

from generator_ext import generate
from puzzles.core.vocabulary import SOLVABLE_SIZES, Kind
from puzzles.levels.services import levels as level_service
from puzzles.solvable.models import SolvableBoard
from tests.support import returning_player

pytestmark = pytest.mark.django_db(transaction=True)
SIZE = SOLVABLE_SIZES["easy"]
PHONE = {"width": 390, "height": 844}
# The page's words per language: the start button, the verdict on a right answer, the run's
# end, and what the board shows once answered (a level's solution, a trap's proof).
WORDS = {"en": ("Start a run", "Right!", "Run over", "The board now shows its solution.",
                "The board now shows the proof: the queens and crosses logic forces, and "
                "the units that conflict."),
         "zh-CN": ("开始一轮", "正确！", "本轮结束", "棋盘现在显示的是它的解。",
                   "棋盘现在显示的是证明：逻辑推出的皇后和十字，以及相互冲突的行、列或区域。")}
# A trap's verdict says the board has no solution once (the proof's sentence ends so).
NO_SOLUTION = {"en": "no solution", "zh-CN": "无解"}


@pytest.fixture
def stocked(db, monkeypatch):
    from puzzles.solvable import services as solvable

    monkeypatch.setattr(solvable, "trap_count", lambda: 2)  # drawn per run: two here
    for seed in (1, 2, 3, 4):
        assert level_service.save_generated_level(generate(SIZE, seed=seed, tier="easy"),
                                                  kind=Kind.SOLVABLE)
    for seed in (8, 9):  # traps whose conflicts include sets of rows or columns and regions
        assert level_service.save_generated_level(generate(SIZE, seed=seed, tier="easy", trap=True))


def cell(page, r, c):
    return page.locator(f'#board .cell[data-row="{r}"][data-col="{c}"]')


def claim(page, level):
    """Select the units of the trap's largest conflict set (rows or columns and regions) as a
    player does."""
    units = max((c["units"] for c in level.proof["conflicts"]), key=len)
    assert len(units) > 2 and {kind for kind, _ in units} > {"region"}
    page.locator("#sv-no-solution").tap()
    for kind, index in units:
        if kind == "region":
            r, c = next((r, c) for r in range(SIZE) for c in range(SIZE)
                        if level.regions[r][c] == index)
            cell(page, r, c).tap()
        else:
            page.locator(f'#sv-{"rows" if kind == "row" else "cols"} '
                         f'[data-index="{index}"]').tap()
    return units


@pytest.mark.parametrize("accept", list(WORDS))
def test_a_run_of_five_boards_on_a_phone(browser, live_server, stocked, shots, accept):
    start, right, over, shows_solution, shows_proof = WORDS[accept]
    lang = "en" if accept == "en" else "zh"
    context = returning_player(browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
        base_url=live_server.url, locale=accept,
        extra_http_headers={"Accept-Language": accept}))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/solvable/")
    page.get_by_role("button", name=start).tap()
    page.locator("#board .cell").first.wait_for()
    boards = list(SolvableBoard.objects.filter(run__player__isnull=False)
                  .order_by("-run__created_at", "position").select_related("level")[:5])
    boards.sort(key=lambda board: board.position)
    assert sum(board.level.trap for board in boards) == 2
    shot_trap = False
    for board in boards:
        level = board.level
        page.locator("#sv-progress").filter(has_text=str(board.position + 1)).wait_for()
        if level.trap:
            units = claim(page, level)
            pressed = page.locator('.sv-unit[aria-pressed="true"]').count()
            assert pressed == sum(kind != "region" for kind, _ in units)
            assert page.locator("#board .cell.sv-claimed").count() > 0
            if not shot_trap:
                page.screenshot(path=shots / f"solvable-claim-{lang}-phone.png")
            page.locator("#sv-submit").tap()
        else:
            for r, c in enumerate(level.solution):
                cell(page, r, c).dblclick()
            page.locator("#sv-solved").tap()
        page.locator("#sv-verdict.good").wait_for()
        assert page.locator("#sv-verdict-title").inner_text() == right
        # Queens the player never placed may be on the board: a line says what it shows.
        assert page.locator("#sv-board-shows").inner_text() == (
            shows_proof if level.trap else shows_solution)
        if level.trap:
            assert page.locator("#board .cell.sv-proof").count() > 0
            assert page.locator("#sv-proof-text").inner_text()
            assert page.locator("#sv-verdict").inner_text().count(NO_SOLUTION[accept]) == 1
            if not shot_trap:
                page.screenshot(path=shots / f"solvable-proof-{lang}-phone.png", full_page=True)
                shot_trap = True
        if board.position < 4:
            page.locator("#sv-next").tap()
    page.locator("#sv-summary").wait_for()
    assert page.locator("#sv-summary-title").inner_text() == over
    assert "5" in page.locator("#sv-final").inner_text()
    # No named player yet: the sentence says so, under no empty headings.
    assert page.locator("#sv-board-empty").is_visible()
    assert page.locator("#sv-board-head").is_hidden()
    page.screenshot(path=shots / f"solvable-end-{lang}-phone.png", full_page=True)
    assert errors == []
    context.close()


def test_a_trap_answered_by_keyboard_on_a_desktop_in_the_dark_theme(browser, live_server,
                                                                     stocked, shots):
    """The keyboard alone: "No solution", the units (a row's or a column's number by Tab and
    Enter, a region by a cell and Space), Submit; a hint first on a trap names the proof's
    first step. Looked at in the dark theme on a desktop."""
    context = returning_player(browser.new_context(
        viewport={"width": 1280, "height": 900}, base_url=live_server.url,
        color_scheme="dark"))
    page = context.new_page()
    started_by_keyboard(page)
    boards = list(SolvableBoard.objects.order_by("position").select_related("level"))
    trap_at = next(board.position for board in boards if board.level.trap)
    for _ in range(trap_at):  # the levels before it: a wrong claim each
        page.locator("#sv-no-solution").focus()
        page.keyboard.press("Enter")
        page.locator('#sv-rows [data-index="0"]').focus()
        page.keyboard.press("Enter")
        page.locator("#sv-submit").focus()
        page.keyboard.press("Enter")
        page.locator("#sv-verdict.bad").wait_for()
        # A wrong answer's bar stands out from the dark card (at least 3:1; it was 1.1:1).
        bar, card = page.locator("#sv-verdict").evaluate(
            "e => [getComputedStyle(e).borderLeftColor, getComputedStyle(e).backgroundColor]")
        assert contrast(bar, card) >= 3, (bar, card)
        # The answer hands the focus to "Next board": Enter goes on (it was lost to the page).
        expect(page.locator("#sv-next")).to_be_focused()
        page.keyboard.press("Enter")
    level = boards[trap_at].level
    page.locator("#sv-hint-button").focus()
    page.keyboard.press("Enter")
    page.locator("#sv-hint:not([hidden])").wait_for()
    assert page.locator("#sv-hint-text").inner_text()
    page.locator("#sv-no-solution").focus()
    page.keyboard.press("Enter")
    units = max((c["units"] for c in level.proof["conflicts"]), key=len)
    for kind, index in units:
        if kind == "region":
            r, c = next((r, c) for r in range(SIZE) for c in range(SIZE)
                        if level.regions[r][c] == index)
            cell(page, r, c).focus()
            page.keyboard.press("Space")
        else:
            bar = "#sv-rows" if kind == "row" else "#sv-cols"
            page.locator(f'{bar} [data-index="{index}"]').focus()
            page.keyboard.press("Enter")
    page.screenshot(path=shots / "solvable-claim-dark-desktop.png")
    page.locator("#sv-submit").focus()
    page.keyboard.press("Enter")
    page.locator("#sv-verdict.good").wait_for()
    assert "75" in page.locator("#sv-points").inner_text()  # a hint cost 25 points
    page.screenshot(path=shots / "solvable-proof-dark-desktop.png", full_page=True)
    context.close()


def test_a_trap_painted_in_the_builder_is_offered_with_its_proof_and_published(
        browser, live_server, shots):
    """Issue 40, item 4: a painting logic proves has no solution says so with its proof's
    steps and may be published as a trap (for "Solvable?", once promoted)."""
    from puzzles.levels.models import Level
    from tests.browser.test_builder import paint_region, verdict

    regions = generate(SIZE, seed=8, tier="easy", trap=True).regions
    context = returning_player(browser.new_context(
        viewport={"width": 1280, "height": 900}, base_url=live_server.url))
    page = context.new_page()
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    assert page.locator("#size").input_value() == str(SIZE)  # the builder starts at 6×6
    for g in range(SIZE):
        paint_region(page, regions, g)
    page.wait_for_function("document.getElementById('verdict').textContent.includes('trap')")
    assert "easy" in verdict(page).lower()
    assert page.locator("#steps-box li").count() > 1
    assert page.locator("#publish").is_enabled() and page.locator("#try").is_disabled()
    page.screenshot(path=shots / "builder-trap.png", full_page=True)
    page.locator("#title").fill("A trap")
    page.locator("#publish").click()
    page.wait_for_function("document.body.textContent.includes('Published as a trap')")
    trap = Level.all_kinds.get(title="A trap")
    assert trap.trap and trap.proof and not trap.is_active
    context.close()


def desktop_page(browser, live_server, **options):
    context = returning_player(browser.new_context(
        viewport={"width": 1280, "height": 900}, base_url=live_server.url, **options))
    return context, context.new_page()


def test_an_empty_pool_says_so_on_the_start_screen(browser, live_server, shots):
    """No boards ready at the tier (a 503 with its sentence and Retry-After): the start screen
    says the server's sentence, not a generic fault nor nothing."""
    context, page = desktop_page(browser, live_server)
    page.goto("/solvable/")
    with page.expect_response("**/api/solvable/runs/") as response:
        page.locator("#sv-start-button").click()
    assert response.value.status == 503 and response.value.headers.get("retry-after")
    status = page.locator("#sv-start-status")
    status.filter(has_text="Not enough boards are ready yet").wait_for()
    assert status.is_visible() and page.locator("#sv-start-button").is_visible()
    assert page.locator("#sv-play").is_hidden()
    page.screenshot(path=shots / "solvable-empty-pool-desktop.png")
    context.close()


def test_a_reload_or_back_and_forward_resumes_the_run(browser, live_server, stocked, shots):
    """The unfinished run is remembered on this browser: a reload, or Back then Forward,
    comes back to its first board not answered with its score; a run the server does not
    know is forgotten, and so is a finished one. On the way, two queens that touch are drawn
    red on the board, as on a level's page."""
    context, page = desktop_page(browser, live_server)
    page.goto("/solvable/")
    page.locator("#sv-start-button").click()
    page.locator("#board .cell").first.wait_for()
    cell(page, 0, 0).dblclick()  # two queens that touch are drawn red, as on a level's page
    cell(page, 1, 1).dblclick()  # (crossed by the first: its double click lands after)
    page.wait_for_function("document.querySelectorAll('#board .cell.conflict').length === 2")
    page.screenshot(path=shots / "solvable-touching-queens-desktop.png")
    page.locator("#sv-no-solution").click()  # board 1: a claim, right or wrong
    page.locator('#sv-rows [data-index="0"]').click()
    page.locator("#sv-submit").click()
    page.locator("#sv-verdict:not([hidden])").wait_for()
    score = page.locator("#sv-score").inner_text()
    page.reload()
    page.locator("#sv-progress").filter(has_text="Board 2 of 5").wait_for()
    assert page.locator("#sv-start").is_hidden()
    assert page.locator("#sv-score").inner_text() == score
    assert page.locator("#sv-play-controls").is_visible()
    page.screenshot(path=shots / "solvable-resumed-desktop.png")
    # Marks on the board in play are kept over a reload (they were wiped).
    cell(page, 2, 3).dblclick()
    page.reload()
    page.locator("#sv-progress").filter(has_text="Board 2 of 5").wait_for()
    expect(cell(page, 2, 3)).to_have_attribute("data-state", "queen")
    page.locator("#sv-play-controls [data-action=clear]").click()
    page.goto("/")
    page.go_back()
    page.locator("#sv-progress").filter(has_text="Board 2 of 5").wait_for()
    page.go_forward()
    page.go_back()
    page.locator("#sv-progress").filter(has_text="Board 2 of 5").wait_for()
    for _ in range(4):  # the rest of the run: a claim each, then the run is over
        page.locator("#sv-no-solution").click()
        page.locator('#sv-rows [data-index="0"]').click()
        page.locator("#sv-submit").click()
        page.locator("#sv-verdict:not([hidden])").wait_for()
        if page.locator("#sv-next").is_visible():
            page.locator("#sv-next").click()
    page.locator("#sv-summary").wait_for()
    # A guest is not on the board, and is told why rather than given a place on it.
    page.locator("#sv-board-me").filter(has_text="Only players who show their name").wait_for()
    assert "place" not in page.locator("#sv-board-me").inner_text()
    assert page.evaluate("localStorage.getItem('queens:solvable-run')") is None
    page.reload()
    page.locator("#sv-start-button").wait_for()
    assert page.locator("#sv-play").is_hidden()
    page.evaluate("localStorage.setItem('queens:solvable-run', JSON.stringify('no-such-run'))")
    with page.expect_response("**/api/solvable/runs/no-such-run/") as response:
        page.reload()
    assert response.value.status == 404
    page.wait_for_function("localStorage.getItem('queens:solvable-run') === null")
    assert page.locator("#sv-start-button").is_visible()
    context.close()


def contrast(*colors):
    """WCAG's contrast ratio of two computed "rgb(r, g, b)" colours."""
    def luminance(css):
        channels = [int(v) / 255 for v in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted(map(luminance, colors), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def started_by_keyboard(page):
    """A run started from the keyboard ("Start a run" focused, Enter), the page's contrast
    checked by axe before and after: white on the dark accent ("Start a run", a selected
    unit) was 2.9:1."""
    from tests.browser.test_game import axe_violations

    page.goto("/solvable/")
    assert [v for v in axe_violations(page) if v[0] == "color-contrast"] == []
    page.locator("#sv-start-button").focus()
    page.keyboard.press("Enter")
    page.locator("#board .cell").first.wait_for()
    assert [v for v in axe_violations(page) if v[0] == "color-contrast"] == []


def focused(page):
    return page.evaluate("""() => { const e = document.activeElement;
        return e.id || (e.dataset.unit ? `${e.dataset.unit} ${e.dataset.index}` : '')
            || (e.classList.contains('cell') ? `cell ${e.dataset.row} ${e.dataset.col}`
                : e.tagName); }""")


def test_the_focus_follows_the_keyboard_and_escape_cancels_a_claim(browser, live_server,
                                                                    stocked, shots):
    """After "Start a run" the focus is on the board's first cell (Tab does not start from
    the page's body), after "No solution" on the first column's number; Escape cancels the
    claim and the focus goes back to "No solution"."""
    context, page = desktop_page(browser, live_server)
    started_by_keyboard(page)
    page.wait_for_function("document.activeElement.classList.contains('cell')")
    assert focused(page) == "cell 0 0"
    page.keyboard.press("ArrowRight")
    assert focused(page) == "cell 0 1"
    playing = page.locator("#board").bounding_box()
    page.locator("#sv-no-solution").focus()
    page.keyboard.press("Enter")
    assert focused(page) == "column 0"
    # The claim's long instruction does not widen the page and grow the board (it did).
    assert page.locator("#board").bounding_box() == playing
    page.keyboard.press("Enter")  # column 1 selected, then the claim cancelled
    assert page.locator('.sv-unit[aria-pressed="true"]').count() == 1
    page.screenshot(path=shots / "solvable-claim-focus-desktop.png")
    page.keyboard.press("Escape")
    assert page.locator("#solvable").get_attribute("data-mode") == "play"
    assert page.locator("#sv-claim-controls").is_hidden()
    assert page.locator('.sv-unit[aria-pressed="true"]').count() == 0
    assert focused(page) == "sv-no-solution"
    context.close()


def test_the_claim_count_is_singular_or_plural_in_spanish(browser, live_server, stocked):
    """"%(count)s selected" through ngettext: Spanish says "1 seleccionada", "2
    seleccionadas" (gettext said "1 seleccionadas")."""
    context, page = desktop_page(browser, live_server, locale="es",
                                 extra_http_headers={"Accept-Language": "es"})
    page.goto("/solvable/")
    page.locator("#sv-start-button").click()
    page.locator("#board .cell").first.wait_for()
    page.locator("#sv-no-solution").click()
    count = page.locator("#sv-claim-count")
    page.locator('#sv-rows [data-index="0"]').click()
    assert count.inner_text() == "1 seleccionada"
    page.locator('#sv-rows [data-index="1"]').click()
    assert count.inner_text() == "2 seleccionadas"
    context.close()


def test_the_second_click_of_a_double_click_on_no_solution_does_not_cancel(
        browser, live_server, stocked):
    """"No solution" swaps the row of buttons: the second click of a double click on it,
    landing on "Cancel" (where a longer sentence or another language puts it), is not a
    press of "Cancel"; the claim stays open. A single click on "Cancel" still leaves it."""
    context, page = desktop_page(browser, live_server)
    page.goto("/solvable/")
    page.locator("#sv-start-button").click()
    page.locator("#board .cell").first.wait_for()
    box = page.locator("#sv-no-solution").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    cancel = page.locator("#sv-cancel")
    box = cancel.bounding_box()
    at = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*at)
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    assert cancel.is_visible()
    page.wait_for_timeout(700)  # past a double click's time
    page.mouse.click(*at)
    expect(page.locator("#sv-no-solution")).to_be_visible()
    context.close()


def test_a_double_tap_on_start_leaves_the_new_board_blank(browser, live_server, stocked):
    """On a phone the board comes up under "Start a run": the second tap of a double tap on
    it landed on a cell and put a queen there (with auto-cross, ten crosses around it). A
    double click begun off the board is not the board's; one on the board still places."""
    context, page = desktop_page(browser, live_server)
    page.set_viewport_size(PHONE)
    page.goto("/solvable/")
    box = page.locator("#sv-start-button").bounding_box()
    at = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(*at)
    page.locator("#board .cell").first.wait_for()
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.cell') !== null",
                          list(at))
    assert under, "the board does not come up under the button"
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    page.wait_for_timeout(100)
    assert page.locator("#board .cell:not([data-state='empty'])").count() == 0
    page.wait_for_timeout(700)  # past a double click's time: one on the board places a queen
    page.mouse.dblclick(*at)
    expect(page.locator("#board .cell[data-state='queen']")).to_have_count(1)
    context.close()


def test_a_double_click_on_a_button_selects_no_text(browser, live_server, stocked):
    """Double-clicking "Solved" (or any button) selects no words of the page: not its own,
    nor those a button that changes the page brings under the pointer (the footer's were)."""
    context, page = desktop_page(browser, live_server)
    page.goto("/solvable/")
    page.locator("#sv-start-button").dblclick()
    page.locator("#board .cell").first.wait_for()
    for button in ("#sv-solved", "#sv-hint-button", "#sv-no-solution", "#sv-cancel"):
        page.evaluate("getSelection().removeAllRanges()")
        page.locator(button).dblclick()
        assert page.evaluate("getSelection().toString()") == "", button
        assert page.locator(button).evaluate("e => getComputedStyle(e).userSelect") == "none"
    context.close()
