"""Colours anyone can tell apart, measured on real boards in the browser (issues 18 and 35):
the computed colours of the cells, in the light and the dark theme, against the ΔE2000
floors, in the default bright palette and in the colour-vision-safe one the colour-blind
setting draws; letters where some viewers could confuse two colours, readable in both
themes; and hint sentences that name the colours drawn."""

import itertools
import re

import pytest

from generator_ext.palette import (
    BOARD_FLOOR,
    BRIGHT_TOUCH_FLOOR,
    DEFICIENCIES,
    LETTER_CONTRAST,
    LIGHTNESS_FLOOR,
    REGION_COLORS,
    SAFE_HEXES,
    SIGHT_FLOOR,
    TOUCH_FLOOR,
    contrast,
    dark_hex,
    delta_e,
    lightness,
    second_channel,
)

pytestmark = pytest.mark.django_db(transaction=True)


def drawn_colours(page, n):
    """The computed background of every cell, as #rrggbb, by (row, col)."""
    rgb = page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map(
        (el) => [+el.dataset.row, +el.dataset.col, getComputedStyle(el).backgroundColor])""")
    out = {}
    for r, c, colour in rgb:
        red, green, blue = map(int, re.findall(r"\d+", colour)[:3])
        out[r, c] = f"#{red:02x}{green:02x}{blue:02x}"
    assert len(out) == n * n
    return out


def touching(regions):
    n, pairs = len(regions), set()
    for r, c in itertools.product(range(n), repeat=2):
        for nr, nc in ((r + 1, c), (r, c + 1), (r + 1, c + 1), (r + 1, c - 1)):
            if 0 <= nr < n and 0 <= nc < n and regions[r][c] != regions[nr][nc]:
                pairs.add(tuple(sorted((regions[r][c], regions[nr][nc]))))
    return pairs


def colour_blind(page):
    """The colour-blind setting, as a player turns it on (and it stays on)."""
    page.locator("details.settings summary").click()
    page.locator("#colorblind").check()
    page.locator("details.settings summary").click()


@pytest.mark.parametrize("size, seed", [(7, 3), (9, 4), (12, 5), (16, 6)])
def test_the_colour_blind_setting_draws_colours_apart_for_every_viewer(page, make_level,
                                                                       size, seed):
    level = make_level(size=size, seed=seed)
    regions = level.regions
    region_hex = {}
    page.goto(f"/levels/{level.id}/")
    page.wait_for_selector("#game[data-ready='true']")
    colour_blind(page)
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        page.goto(f"/levels/{level.id}/")
        page.wait_for_selector("#game[data-ready='true']")
        drawn = drawn_colours(page, size)
        by_region = {}
        for (r, c), colour in drawn.items():
            by_region.setdefault(regions[r][c], set()).add(colour)
        assert all(len(colours) == 1 for colours in by_region.values()), by_region
        colour = {g: next(iter(colours)) for g, colours in by_region.items()}
        region_hex[theme] = colour
        for g, h in touching(regions):
            assert delta_e(colour[g], colour[h]) >= TOUCH_FLOOR, (theme, g, h)
            for vision in DEFICIENCIES:
                assert delta_e(colour[g], colour[h], vision) >= SIGHT_FLOOR, (theme, g, h)
        for g, h in itertools.combinations(range(size), 2):
            assert delta_e(colour[g], colour[h]) >= BOARD_FLOOR, (theme, g, h)
        # Today's colour-vision-safe colours, and a letter in every region's every cell.
        safe = {SAFE_HEXES[k] if theme == "light" else dark_hex(SAFE_HEXES[k])
                for k in level.colors()}
        assert set(colour.values()) == safe
        assert len(letters_drawn(page)) == size * size
    assert region_hex["light"] != region_hex["dark"]  # the dark theme draws its own colours


def letters_drawn(page):
    """Each letter drawn on a cell: its text, the cell's colour and the letter's colour as
    drawn (its opacity blended over the cell)."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map((el) => {
        const before = getComputedStyle(el, '::before');
        return [before.content, getComputedStyle(el).backgroundColor, before.color,
                +before.opacity];
      }).filter(([text]) => text && text !== 'none' && text !== 'normal')""")


def rgb(css):
    return [int(v) for v in re.findall(r"[\d.]+", css)[:3]]


def as_hex(values):
    return "#" + "".join(f"{round(v):02x}" for v in values)


def letter_contrast(cell, ink, opacity):
    drawn = [opacity * i + (1 - opacity) * c for i, c in zip(rgb(ink), rgb(cell), strict=True)]
    return contrast(as_hex(drawn), as_hex(rgb(cell)))


@pytest.mark.parametrize("size, seed", [(8, 3), (11, 5), (20, 1)])
def test_the_default_palette_is_bright_and_its_letters_readable_in_both_themes(
        page, make_level, shots, size, seed):
    """Issue 35: boards looked heavier and browner than the anchors' clean pastels, and in
    the dark theme the letters all but vanished."""
    level = make_level(size=size, seed=seed)
    regions = level.regions
    for palette in ("default", "safe"):
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            page.goto(f"/levels/{level.id}/")
            page.wait_for_selector("#game[data-ready='true']")
            if palette == "safe" and theme == "light":
                colour_blind(page)
            page.screenshot(path=shots / f"colours-{size}x{size}-{palette}-{theme}.png")
            drawn = drawn_colours(page, size)
            colour = {regions[r][c]: hex_color for (r, c), hex_color in drawn.items()}
            if palette == "default":
                if theme == "light":
                    dark = {g: round(lightness(h), 1) for g, h in colour.items()
                            if lightness(h) < LIGHTNESS_FLOOR}
                    assert dark == {}, dark
                for g, h in touching(regions):
                    assert delta_e(colour[g], colour[h]) >= BRIGHT_TOUCH_FLOOR, (theme, g, h)
                for g, h in itertools.combinations(range(size), 2):
                    assert delta_e(colour[g], colour[h]) >= BOARD_FLOOR, (theme, g, h)
            letters = letters_drawn(page)
            # The default palette labels each region once where colours could be confused;
            # the colour-blind setting labels every cell.
            expected = size * size if palette == "safe" else (
                size if second_channel(level.colors()) else 0)
            assert len(letters) == expected, (palette, theme)
            faint = sorted({round(letter_contrast(cell, ink, opacity), 2)
                            for _, cell, ink, opacity in letters
                            if letter_contrast(cell, ink, opacity) < LETTER_CONTRAST})
            assert faint == [], (palette, theme, faint)


def test_hint_sentences_name_the_colours_drawn(page, make_level):
    level = make_level(size=9, seed=8, tier="hard")
    page.goto(f"/levels/{level.id}/")
    page.wait_for_selector("#game[data-ready='true']")
    drawn = drawn_colours(page, 9)
    name_of = {hex_color: name for name, hex_color in REGION_COLORS}
    named = 0
    for _ in range(12):
        page.locator("#hint").click()
        page.locator("#hint-panel").wait_for(state="visible")
        text = page.locator("#hint-text").inner_text()
        spoken = re.findall(r"\b([a-z]+)(?: and ([a-z]+))? regions?\b", text)
        # Each colour a sentence names is the colour of a region it outlines.
        outlined = {drawn[int(el.get_attribute("data-row")), int(el.get_attribute("data-col"))]
                    for el in page.locator("#board .cell.hint-because").all()}
        for words in spoken:
            for word in filter(None, words):
                if word in {name for name, _ in REGION_COLORS}:
                    named += 1
                    assert word in {name_of[h] for h in outlined}, (word, text)
        page.locator("#hint-apply").click()
    assert named > 0


# The palette a page draws, by the colour-blind setting and the theme.
PICKED = {(False, "light"): "hex", (False, "dark"): "dark", (True, "light"): "safe",
          (True, "dark"): "safe_dark"}


def drawn_fills(page, selector):
    """The computed background of each element `selector` finds, as #rrggbb."""
    colours = page.evaluate("(selector) => [...document.querySelectorAll(selector)].map("
                            "(el) => getComputedStyle(el).backgroundColor)", selector)
    return ["#{:02x}{:02x}{:02x}".format(*map(int, re.findall(r"\d+", c)[:3])) for c in colours]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_small_boards_draw_the_palette_the_setting_and_the_theme_pick(
        browser, live_server, make_level, shots, scheme):
    """How to play's figures and the community cards drew the default light palette whatever
    the colour-blind setting and the theme: they draw what the boards draw."""
    from puzzles.models import Level, Source
    from puzzles.web.views.guide import (
        example_board,
        mini_board,
        star_technique_examples,
        technique_examples,
    )
    from tests.support import returning_player

    Level.objects.filter(pk=make_level(size=7, seed=3).pk).update(source=Source.COMMUNITY)
    level = Level.objects.get(source=Source.COMMUNITY)  # painted in its maker's colours
    pictures = {
        "/how-to-play/": {".example .mini-board span": example_board()[1],
                          ".technique .mini-board span": [  # Queens' steps, then Star Battle's
                              c for t in technique_examples() + star_technique_examples()
                              for c in t["cells"]]},
        "/community/": {".community-card .mini-board span": mini_board(
            level.regions, colors=level.colors())},
    }
    for colour_blind in (False, True):
        context = returning_player(browser.new_context(
            viewport={"width": 390, "height": 844}, color_scheme=scheme,
            base_url=live_server.url))
        context.add_init_script("localStorage.setItem('queens:settings', JSON.stringify("
                                f"{{colorblind: {str(colour_blind).lower()}}}))")
        page = context.new_page()
        key = PICKED[colour_blind, scheme]
        for path, figures in pictures.items():
            page.goto(path)
            for selector, cells in figures.items():
                assert drawn_fills(page, selector) == [c[key].lower() for c in cells], (
                    path, selector, key)
                # Issue 35: the setting coloured the figures safe but drew no letters.
                assert drawn_letters(page, selector) == [
                    f'"{c["letter"]}"' if colour_blind else "none" for c in cells], path
            setting = "colour-blind" if colour_blind else "default"
            page.screenshot(path=shots / f"{path.strip('/')}-{setting}-{scheme}.png",
                            full_page=True)
        if colour_blind:  # the card's letters are the ones its board draws (one rule, two homes)
            page.goto(f"/levels/{level.id}/")
            page.wait_for_selector("#game[data-ready='true']")
            assert page.evaluate("[...document.querySelectorAll('#board .cell')].map("
                                 "(el) => el.dataset.letter)") == [
                c["letter"] for c in pictures["/community/"][".community-card .mini-board span"]]
        context.close()


def drawn_letters(page, selector):
    """The content drawn before each element `selector` finds ("none" where nothing is)."""
    return page.evaluate("(selector) => [...document.querySelectorAll(selector)].map("
                         "(el) => getComputedStyle(el, '::before').content)", selector)
