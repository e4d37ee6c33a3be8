"""Colours anyone can tell apart, measured on real boards in the browser (issue 18): the
computed colours of the cells, in the light and the dark theme, against the ΔE2000 floors,
letters where some viewers could confuse two colours, and hint sentences that name the
colours drawn."""

import itertools
import re

import pytest

from generator_ext.palette import (
    BOARD_FLOOR,
    DEFICIENCIES,
    REGION_COLORS,
    SIGHT_FLOOR,
    TOUCH_FLOOR,
    delta_e,
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


@pytest.mark.parametrize("size, seed", [(7, 3), (9, 4), (12, 5), (16, 6)])
def test_the_colours_drawn_stay_apart_in_both_themes(page, make_level, size, seed):
    level = make_level(size=size, seed=seed)
    regions = level.regions
    region_hex = {}
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
        close = any(delta_e(colour[g], colour[h], vision) < SIGHT_FLOOR
                    for g, h in itertools.combinations(range(size), 2) for vision in DEFICIENCIES)
        lettered = page.locator("#board.lettered").count() == 1
        assert lettered == close, (theme, close)
        if lettered:  # each region's letter, once, in its first cell
            letters = page.evaluate("""() => [...document.querySelectorAll('#board .cell')]
                .map((el) => getComputedStyle(el, '::before').content)
                .filter((t) => t && t !== 'none' && t !== 'normal')""")
            assert sorted(letters) == sorted(f'"{chr(65 + g)}"' for g in range(size))
    assert region_hex["light"] != region_hex["dark"]  # the dark theme draws its own colours


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
