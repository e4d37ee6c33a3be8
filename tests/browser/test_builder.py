"""The level builder in real Chromium, desktop and phone: paint a 6×6 from scratch, watch the
problems go, meet an ambiguity, accept a fix, try it, publish, and solve the link elsewhere."""

import pytest

from generator_ext import count_solutions, generate, solve
from puzzles.models import Draft, Level, Source
from tests.support import returning_player

pytestmark = pytest.mark.django_db(transaction=True)


def cell(page, r, c):
    return page.locator(f"#board .cell[data-row='{r}'][data-col='{c}']")


def paint_region(page, regions, g):
    page.locator(f".swatch[data-region='{g}']").click()
    spots = [(r, c) for r, row in enumerate(regions) for c, v in enumerate(row) if v == g]
    # The first row's run of the region as a drag (one stroke), the rest as taps.
    first = [(r, c) for r, c in spots if r == spots[0][0]]
    if len(first) > 1:
        start, end = cell(page, *first[0]).bounding_box(), cell(page, *first[-1]).bounding_box()
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.down()
        page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
        page.mouse.up()
    else:
        first = []
    for r, c in spots:
        if (r, c) not in first:
            cell(page, r, c).click()


def verdict(page):
    return page.locator("#verdict").inner_text()


def nudge_to_ambiguity(regions):
    """One cell given to a neighbouring region so that the map has two solutions."""
    n = len(regions)
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if 0 <= r + dr < n and 0 <= c + dc < n and regions[r + dr][c + dc] != regions[r][c]:
                    grid = [row[:] for row in regions]
                    grid[r][c] = regions[r + dr][c + dc]
                    try:
                        if count_solutions(grid, limit=2) == 2:
                            return r, c, grid[r][c]
                    except ValueError:
                        continue
    raise AssertionError("no ambiguity one cell away")


@pytest.mark.parametrize("viewport", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.worker
def test_paint_fix_try_publish_and_solve_the_link(browser, live_server, builder_worker, shots,
                                                  viewport):
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height},
                                  base_url=live_server.url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    assert page.locator("#board .cell.unpainted").count() == 36
    page.wait_for_function("document.getElementById('verdict').textContent.length > 0")
    assert "36 cells are not painted" in page.locator("#problems").inner_text()

    level = generate(6, seed=21, tier="easy")
    for g in range(6):
        paint_region(page, level.regions, g)
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")
    assert page.locator("#problems li").count() == 0
    assert page.locator("#board .cell.problem").count() == 0
    assert "Easy" in verdict(page) and page.locator("#steps li").count() > 0
    page.screenshot(path=shots / f"builder-unique-{width}.png")

    # A stroke back makes a problem (an unpainted cell), undo removes it again.
    page.locator(".tool[data-tool='erase']").click()
    cell(page, 0, 0).click()
    page.wait_for_function("document.querySelectorAll('#board .cell.problem').length > 0")
    page.locator("#undo").click()
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")

    # An ambiguity: two solutions side by side.
    r, c, g = nudge_to_ambiguity(level.regions)
    page.locator(f".swatch[data-region='{g}']").click()
    cell(page, r, c).click()
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('More than one')")
    assert page.locator("#solutions .mini-board").count() == 2
    page.screenshot(path=shots / f"builder-ambiguous-{width}.png")

    # Make it unique: a proposal with its cells outlined, accepted.
    page.locator("#fix").click()
    page.locator("#fix-accept").wait_for(state="visible")
    assert page.locator("#board .cell.moved").count() >= 1
    # Issue 35: the ambiguous board's verdict and its two solutions stayed beside the
    # proposal, which has one; the verdict waits for the proposal's answer instead.
    assert verdict(page).startswith("Verdict pending"), verdict(page)
    assert page.locator("#solutions .mini-board").count() == 0
    assert page.locator("#solutions").is_hidden() and page.locator("#design").is_hidden()
    page.screenshot(path=shots / f"builder-proposal-{width}.png")
    page.locator("#fix-accept").click()
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")

    # The draft is on the server, under this player's key (a reload loses nothing).
    page.wait_for_function("document.getElementById('builder').dataset.saved === 'true'")
    key = page.url.rstrip("/").rsplit("/", 1)[-1]
    regions = Draft.objects.get(key=key).regions
    assert count_solutions(regions, limit=None) == 1
    page.reload()
    page.wait_for_selector("#builder[data-ready='true']")
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")

    # Try it in place.
    page.locator("#try").click()
    for row, col in enumerate(solve(regions)):
        cell(page, row, col).dblclick()
    page.wait_for_function("document.getElementById('builder').dataset.tried === 'solved'")
    page.locator("#try-stop").click()

    # Publish with a title and a name; the link opens elsewhere and can be solved.
    page.locator("#title").fill("Painted in a test")
    page.locator("#maker-name").fill("Tester")
    page.locator("#publish").click()
    page.locator("#published").wait_for(state="visible")
    link = page.locator("#share-link").input_value()
    assert errors == []
    published = Level.objects.get(source=Source.COMMUNITY)
    assert link.endswith(f"/levels/{published.id}/") and published.title == "Painted in a test"
    context.close()

    fresh = returning_player(browser.new_context(viewport={"width": width, "height": height}))
    other = fresh.new_page()
    other.goto(link)
    other.wait_for_selector("#game[data-ready='true']")
    assert "Painted in a test" in other.content() and "Tester" in other.content()
    from generator_ext import REGION_COLORS

    for row, col in [(0, 0), (5, 5), (3, 2)]:  # the colours the maker painted with
        region = published.regions[row][col]
        shown = other.locator(f".cell[data-row='{row}'][data-col='{col}']").evaluate(
            "e => e.style.getPropertyValue('--region')")
        assert shown == REGION_COLORS[region][1]
    for row, col in enumerate(published.solution):
        other.locator(f".cell[data-row='{row}'][data-col='{col}']").dblclick()
    other.locator("#win-dialog").wait_for(state="visible")
    fresh.close()


def test_axe_finds_nothing_on_the_builder_and_the_community_page(page, shots):
    from tests.browser.test_game import axe_violations

    level = generate(6, seed=8, tier="easy")
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    found = {"builder, blank": axe_violations(page)}
    for g in range(6):
        paint_region(page, level.regions, g)
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")
    found["builder, unique"] = axe_violations(page)
    page.emulate_media(color_scheme="dark")
    found["builder, dark"] = axe_violations(page)
    page.screenshot(path=shots / "builder-dark.png", full_page=True)
    page.locator("#title").fill("Axe")
    page.locator("#publish").click()
    page.locator("#published").wait_for(state="visible")
    page.goto("/community/")
    found["community"] = axe_violations(page)
    page.screenshot(path=shots / "community.png", full_page=True)
    page.goto(page.locator(".community-card a").first.get_attribute("href"))
    page.wait_for_selector("#game[data-ready='true']")
    found["community level"] = axe_violations(page)
    assert all(not v for v in found.values()), found


@pytest.mark.worker
def test_start_from_a_motif_paints_a_unique_board_around_it(page, shots, builder_worker):
    """The builder's "Start from a motif": composed on the builder's worker (the page polls
    the job), the board fills with a level composed around the heart (one region is the
    heart), the analysis says it works, and the page says so."""
    from generator_ext import motif_cells

    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    page.locator("#size").select_option("9")
    page.locator("#motif").select_option("heart")
    with page.expect_response("**/api/builder/motif/?*") as asked:
        page.locator("#motif-start").click()
    assert asked.value.status == 202
    page.wait_for_function(
        "document.getElementById('status').textContent.includes('around the motif heart')")
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")
    done = [r.json() for r in page.responses if "/api/builder/motif/" in r.url and r.ok
            and r.status == 200]
    assert done and done[-1]["status"] == "done"
    regions = done[-1]["painting"]["regions"]
    assert page.locator("#board .cell").count() == 81
    assert len({regions[r][c] for r, c in motif_cells("heart", 9)}) == 1
    assert count_solutions(regions, limit=2) == 1
    # What the player sees: every cell of the heart is named as one and the same region.
    names = {cell(page, r, c).get_attribute("aria-label").split(", ")[-1]
             for r, c in motif_cells("heart", 9)}
    assert len(names) == 1 and names.pop().endswith("region")
    assert "around the motif heart" in page.locator("#status").inner_text()
    page.screenshot(path=shots / "builder-motif.png", full_page=True)


def saved_draft(page, regions, title: str) -> dict:
    """A 2★ draft saved through the API from the builder page (its CSRF token)."""
    return page.evaluate("""async ([regions, title]) => {
        const csrf = document.getElementById("builder").dataset.csrf;
        const answer = await fetch("/api/builder/drafts/", { method: "POST", headers: {
            "Content-Type": "application/json", "X-CSRFToken": csrf },
            body: JSON.stringify({ regions, stars: 2, title }) });
        return answer.json(); }""", [regions, title])


@pytest.mark.worker
def test_a_star_battle_draft_is_analyzed_on_the_builders_worker(page, shots, builder_worker):
    """A finished 2★ board is analyzed as a job on the builder's worker (202): the page polls
    it and shows the verdict."""
    level = generate(10, seed=3, stars=2)
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    # The blank board's own analysis (a 200) answered first: else, late under load, it was
    # the answer the draft page's expectation below caught.
    page.wait_for_function("document.getElementById('verdict').textContent.length > 0")
    draft = saved_draft(page, level.regions, "Twin")
    with page.expect_response(lambda r: r.url.endswith("/api/builder/analyze/")) as asked:
        page.goto(draft["url"])
    assert asked.value.status == 202
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")
    assert any("/api/builder/analyze/" in r.url and r.status == 200 for r in page.responses)
    page.screenshot(path=shots / "builder-stars-job.png", full_page=True)


def test_a_stored_level_painted_by_hand_is_refused_with_a_sentence_and_no_stale_verdict(
        page, make_level, shots):
    """Issue 35: the refusal started lower case, and the verdict beside it still said "1 cell
    is not painted yet" with every cell painted (the last stroke's answer was the refusal)."""
    level = make_level(size=6, seed=4)
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    for g in range(6):
        paint_region(page, level.regions, g)
    page.wait_for_function("document.getElementById('status').textContent.length > 0")
    said = page.locator("#status").inner_text()
    assert said.startswith("This board is one of the site's levels") and said.endswith("."), said
    assert page.locator("#board .cell.unpainted").count() == 0
    assert "not painted" not in verdict(page) and page.locator("#problems li").count() == 0
    assert page.locator("#steps-box").is_hidden() and page.locator("#solutions").is_hidden()
    page.screenshot(path=shots / "builder-refused.png")


BUILDER_WORDS = {
    "es": ("casillas aún no están pintadas", "Una solución. Dificultad", "Parece hecho a mano",
           "Una casilla aún no está pintada."),
    "de-DE": ("Felder sind noch nicht bemalt", "Eine Lösung. Schwierigkeit", "Wirkt handgemacht",
              "Ein Feld ist noch nicht bemalt."),
}


@pytest.mark.parametrize("accept", list(BUILDER_WORDS))
@pytest.mark.parametrize("viewport", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_builders_verdict_and_problems_speak_the_language(browser, live_server, shots,
                                                              accept, viewport):
    """Issue 35: the verdict's problems were the engine's English, and the design line jargon
    in English, in every language."""
    unpainted, unique, design, one_left = BUILDER_WORDS[accept]
    width, height = viewport
    context = returning_player(browser.new_context(
        viewport={"width": width, "height": height}, base_url=live_server.url, locale=accept,
        extra_http_headers={"Accept-Language": accept}))
    try:
        page = context.new_page()
        page.goto("/create/")
        page.wait_for_selector("#builder[data-ready='true']")
        page.locator("#problems li").filter(has_text=unpainted).wait_for()
        level = generate(6, seed=21, tier="easy")
        for g in range(6):
            paint_region(page, level.regions, g)
        page.locator("#verdict").filter(has_text=unique).wait_for()
        assert page.locator("#design").inner_text().startswith(design)
        steps = page.locator("#steps li").all_inner_texts()
        assert steps and not any(" the " in text or "column" in text for text in steps), steps
        page.screenshot(path=shots / f"builder-{accept[:2]}-{width}.png", full_page=True)
        page.locator(".tool[data-tool='erase']").click()
        cell(page, 0, 0).click()
        page.locator("#problems li").filter(has_text=one_left).wait_for()
    finally:
        context.close()


@pytest.mark.worker
def test_a_stroke_while_a_star_battle_analysis_runs_is_analyzed_after_it(
        page, shots, celery_processes):
    """A stroke made while the last stroke's analysis job was still queued sent a second
    request, which the server refused (503: one job of a player's at a time); the page
    showed the refusal, dropped the first job's answer, and kept no verdict. The stroke now
    waits its turn and is analyzed once the first answer is in. The first answer is held
    back until after the stroke, and the builder's worker starts only then, so the first
    job is surely still queued."""
    from django.conf import settings

    level = generate(10, seed=3, stars=2)
    r, c = next((r, c) for r, row in enumerate(level.regions) for c in range(9)
                if row[c] != row[c + 1] and c not in level.solution[r])
    changed = [list(row) for row in level.regions]
    changed[r][c] = changed[r][c + 1]  # one cell off: the stroke below paints it back
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    page.wait_for_function("document.getElementById('verdict').textContent.length > 0")
    draft = saved_draft(page, changed, "Late")
    statuses = []
    page.on("response", lambda response: statuses.append(response.status)
            if response.url.endswith("/api/builder/analyze/") else None)
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:  # its job is made on the server; the page hears of it only later
            held.append((route, route.fetch()))

    page.route("**/api/builder/analyze/", hold_the_first)
    page.goto(draft["url"])
    for _ in range(200):  # the route's handler runs while Playwright waits
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the draft's analysis was never asked for"
    page.locator(f".swatch[data-region='{level.regions[r][c]}']").click()
    cell(page, r, c).click()  # the stroke, while the first request is unanswered
    page.wait_for_timeout(300)  # the old page's second request went at once
    route, answer = held[0]
    assert answer.status == 202  # a job, queued: no worker yet
    route.fulfill(response=answer)
    celery_processes("builder", "worker", "-Q", settings.CELERY_BUILDER_QUEUE,
                     "--concurrency=1", "--pool=solo", "--without-gossip",
                     "--without-mingle", "--loglevel=INFO")
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')",
        timeout=60_000)
    assert 503 not in statuses, statuses
    page.screenshot(path=shots / "builder-stars-stroke-during-analysis.png")


def held_requests(page, pattern, method="PUT"):
    """The page's requests to `pattern` by `method`, in order of asking: the first held
    unanswered (release it with route.continue_()), the others let through."""
    held = []

    def hold(route):
        if route.request.method == method:
            held.append(route)
        if route.request.method != method or len(held) > 1:
            route.continue_()

    page.route(pattern, hold)
    return held


def until(page, condition, timeout_ms=5000):
    """Poll a Python-side condition (a route's handler runs while Playwright waits)."""
    for _ in range(timeout_ms // 50):
        if condition():
            return True
        page.wait_for_timeout(50)
    return condition()


def test_saved_means_the_painting_on_screen_is_on_the_server(page, shots):
    """make test on three workers (its browser test above): the draft read after "saved" had
    the painting before Make it unique, 2 solutions. An edit's save still in flight when the
    next edit came answered late and said "saved" for the newer painting; and a second save
    went out beside it, so the two could reach the server in either order. Now one save is in
    flight at a time, and "saved" comes with the answer for the painting on screen."""
    level = generate(6, seed=21, tier="easy")
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    for g in range(6):
        paint_region(page, level.regions, g)
    page.wait_for_function("document.getElementById('builder').dataset.saved === 'true'")
    key = page.url.rstrip("/").rsplit("/", 1)[-1]
    held = held_requests(page, f"**/api/builder/drafts/{key}/")
    page.locator(".tool[data-tool='erase']").click()
    cell(page, 0, 0).click()  # an edit whose save is held in flight
    assert until(page, lambda: held), "the erased cell's save was never sent"
    page.locator("#undo").click()  # the next edit, while that save is unanswered
    # Its save comes 600 ms after it: the old page sent it beside the held one.
    until(page, lambda: len(held) > 1, timeout_ms=2000)
    assert len(held) == 1, "a second save went out while the first was in flight"
    held[0].continue_()  # the erased cell's save lands, then the undo's
    page.wait_for_function("document.getElementById('builder').dataset.saved === 'true'")
    assert Draft.objects.get(key=key).regions == level.regions
    assert count_solutions(Draft.objects.get(key=key).regions, limit=None) == 1


@pytest.mark.worker
def test_no_try_or_publish_on_a_verdict_the_board_has_outgrown(page, shots, builder_worker):
    """Publish stayed enabled from a stroke until its verdict came: a board one stroke from
    unique to ambiguous could be sent (the server refuses it, 400, with a sentence), and
    tried against the solution of the board before. And a Make it unique answered after a
    stroke proposed a change of the board before it, undoing the stroke."""
    level = generate(6, seed=21, tier="easy")
    page.goto("/create/")
    page.wait_for_selector("#builder[data-ready='true']")
    for g in range(6):
        paint_region(page, level.regions, g)
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")
    assert page.locator("#publish").is_enabled() and page.locator("#try").is_enabled()

    held = held_requests(page, "**/api/builder/analyze/", method="POST")
    r, c, g = nudge_to_ambiguity(level.regions)
    page.locator(f".swatch[data-region='{g}']").click()
    cell(page, r, c).click()  # two solutions now; its verdict is held back
    assert until(page, lambda: held), "the stroke's analysis was never asked for"
    assert verdict(page).startswith("One solution")  # the last verdict, still in view
    assert page.locator("#publish").is_disabled() and page.locator("#try").is_disabled()
    held[0].continue_()
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('More than one')")
    assert page.locator("#publish").is_disabled()

    # Make it unique, and a stroke while its search runs: no proposal for the board before.
    held = held_requests(page, "**/api/builder/fix/", method="POST")
    page.locator("#fix").click()
    assert until(page, lambda: held), "the fix was never asked for"
    page.locator(f".swatch[data-region='{level.regions[r][c]}']").click()
    cell(page, r, c).click()  # back to the unique board
    page.wait_for_function(
        "document.getElementById('verdict').textContent.startsWith('One solution')")
    held[0].continue_()
    # The search's answer is in once its button is free again (hidden: the board is unique).
    page.wait_for_function("!document.getElementById('fix').disabled", timeout=30_000)
    assert page.locator("#fix-accept").is_hidden()
    assert page.locator("#board .cell.moved").count() == 0
    assert page.locator("#publish").is_enabled()
    page.screenshot(path=shots / "builder-fix-after-stroke.png")
