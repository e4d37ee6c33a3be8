"""Colours people can tell apart: the default palette as bright as the anchors', the
colour-vision-safe one under colour-vision deficiency, a level's colouring in both, letters
readable on every colour, and the names its sentences use."""

import itertools
from pathlib import Path

import pytest

from generator_ext import generate, rate
from generator_ext.palette import (
    ALONE_UP_TO,
    BOARD_FLOOR,
    BRIGHT_TOUCH_FLOOR,
    CORE,
    DARK_SCALE,
    DEUTERANOPIA,
    LETTER_CONTRAST,
    LETTER_INK,
    LIGHTNESS_FLOOR,
    PROTANOPIA,
    REGION_COLORS,
    SAFE_HEXES,
    SIGHT_FLOOR,
    TOUCH_FLOOR,
    TRITANOPIA,
    ciede2000,
    contrast,
    dark_hex,
    delta_e,
    lightness,
    region_colors,
    region_name,
    second_channel,
)

BRIGHT_HEXES = [hex_color for _, hex_color in REGION_COLORS]
HEXES = SAFE_HEXES
EVERY_DRAWN = [*BRIGHT_HEXES, *SAFE_HEXES, *(dark_hex(h) for h in BRIGHT_HEXES + SAFE_HEXES)]
CSS = (Path(__file__).resolve().parents[2] / "static/css/queens.css").read_text()
THEMES = [(1.0, "light"), (DARK_SCALE, "dark")]


def test_ciede2000_matches_the_published_test_data():
    # Sharma, Wu and Dalal (2005), pairs 1, 7 and 17.
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


@pytest.mark.parametrize("hexes", [BRIGHT_HEXES, SAFE_HEXES], ids=["default", "safe"])
@pytest.mark.parametrize("scale", [s for s, _ in THEMES], ids=[t for _, t in THEMES])
def test_any_two_palette_colours_differ_in_both_themes(scale, hexes):
    smallest = min(delta_e(a, b, None, scale) for a, b in itertools.combinations(hexes, 2))
    assert smallest >= BOARD_FLOOR, smallest


def test_the_default_palette_is_as_bright_as_the_anchors():
    # Issue 35: khaki, mustard and sage at L* 62–74 made boards heavy and brown. Every
    # colour is light, so a board of any size (11 regions and more) is.
    dark = {name: round(lightness(h), 1) for name, h in REGION_COLORS
            if lightness(h) < LIGHTNESS_FLOOR}
    assert dark == {}


def test_both_palettes_name_the_same_colours():
    assert len(SAFE_HEXES) == len(REGION_COLORS)
    # The colour-blind setting's palette keeps today's colours.
    assert SAFE_HEXES[:3] == ["#bcb880", "#63c9ff", "#dc74a3"]


def test_letters_are_readable_on_every_colour_in_both_themes():
    assert f"--ink: {LETTER_INK}" in CSS
    worst = min(EVERY_DRAWN, key=lambda h: contrast(LETTER_INK, h))
    assert contrast(LETTER_INK, worst) >= LETTER_CONTRAST, worst


@pytest.mark.parametrize("scale", [s for s, _ in THEMES], ids=[t for _, t in THEMES])
@pytest.mark.parametrize("vision", [PROTANOPIA, DEUTERANOPIA, TRITANOPIA],
                         ids=["protanopia", "deuteranopia", "tritanopia"])
def test_any_two_core_colours_differ_for_every_deficiency(vision, scale):
    core = HEXES[:CORE]
    smallest = min(delta_e(a, b, vision, scale) for a, b in itertools.combinations(core, 2))
    assert smallest >= SIGHT_FLOOR, smallest


def test_names_are_unique_plain_words():
    names = [name for name, _ in REGION_COLORS]
    assert len(set(names)) == len(names) == 20 and all(name.isalpha() for name in names)


def touching_pairs(regions):
    n, pairs = len(regions), set()
    for r in range(n):
        for c in range(n):
            for nr, nc in ((r + 1, c), (r, c + 1), (r + 1, c + 1), (r + 1, c - 1)):
                if 0 <= nr < n and 0 <= nc < n and regions[r][c] != regions[nr][nc]:
                    pairs.add(tuple(sorted((regions[r][c], regions[nr][nc]))))
    return pairs


@pytest.mark.parametrize("n", range(4, 21))
def test_generated_boards_of_every_size_are_coloured_apart(n):
    for seed in range(4):
        regions = generate(n, seed=seed).regions
        colors = region_colors(regions)
        assert colors == region_colors([row[:] for row in regions])  # deterministic
        assert len(set(colors)) == n  # every region a colour (and a name) of its own
        hexes = [HEXES[k] for k in colors]
        bright = [BRIGHT_HEXES[k] for k in colors]
        for g, h in touching_pairs(regions):
            for scale, _ in THEMES:
                assert delta_e(bright[g], bright[h], None, scale) >= BRIGHT_TOUCH_FLOOR
                assert delta_e(hexes[g], hexes[h], None, scale) >= TOUCH_FLOOR, (seed, g, h)
                for vision in (PROTANOPIA, DEUTERANOPIA, TRITANOPIA):
                    assert delta_e(hexes[g], hexes[h], vision, scale) >= SIGHT_FLOOR
        for a, b in [*itertools.combinations(hexes, 2), *itertools.combinations(bright, 2)]:
            assert min(delta_e(a, b, None, s) for s, _ in THEMES) >= BOARD_FLOOR
        # Colours closer than the floors for some viewer: the letters are shown.
        close = any(delta_e(a, b, v, s) < SIGHT_FLOOR for a, b in itertools.combinations(hexes, 2)
                    for v in (PROTANOPIA, DEUTERANOPIA, TRITANOPIA) for s, _ in THEMES)
        assert second_channel(colors) == close
        if n <= ALONE_UP_TO:
            assert not close  # small boards: colours alone


def test_a_board_past_the_core_shows_its_letters():
    assert not second_channel(list(range(CORE)))
    assert second_channel(list(range(CORE + 1)))
    assert second_channel([0, 0])  # a colour twice


def test_sentences_name_the_colours_the_level_shows():
    level = generate(9, seed=2, tier="hard")
    names = {region_name(g, region_colors(level.regions)) for g in range(9)}
    for step in rate(level.regions).steps:
        if "region" in step.message:
            assert any(f"{name} region" in step.message or f"{name} and" in step.message
                       or f"{name}," in step.message for name in names), step.message


def test_marks_focus_and_conflicts_stand_out_on_every_region_colour():
    for var in ("--focus", "--bad", "--mark"):
        value = CSS.split(f"{var}: ", 1)[1][:7]
        for hex_color in EVERY_DRAWN:
            assert contrast(value, hex_color) >= 3.0, (var, value, hex_color)


def test_a_painted_board_needs_letters_exactly_past_the_core():
    # static/js/builder.js shows letters on a painting larger than the core: the same rule.
    from generator_ext import painted_colors

    for n in range(4, 21):
        assert second_channel(painted_colors(n)) == (n > CORE), n
