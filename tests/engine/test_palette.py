"""Colours people can tell apart: the palette under colour-vision deficiency, a level's
colouring, and the names its sentences use."""

import itertools

import pytest

from generator_ext import generate, rate
from generator_ext.palette import (
    DEUTERANOPIA,
    PROTANOPIA,
    REGION_COLORS,
    contrast,
    delta_e,
    region_colors,
    region_name,
)

HEXES = [hex_color for _, hex_color in REGION_COLORS]
DARK_THEME_BRIGHTNESS = 0.82  # static/css/queens.css: the cells' brightness(.82) filter


@pytest.mark.parametrize("scale", [1.0, DARK_THEME_BRIGHTNESS], ids=["light", "dark"])
@pytest.mark.parametrize("vision,floor", [(None, 10.0), (PROTANOPIA, 9.3), (DEUTERANOPIA, 8.9)],
                         ids=["normal", "protanopia", "deuteranopia"])
def test_every_two_palette_colours_differ_for_every_viewer(vision, floor, scale):
    smallest = min(delta_e(a, b, vision, scale) for a, b in itertools.combinations(HEXES, 2))
    # The palette before this one: 1.2 under deuteranopia.
    assert smallest >= floor * (0.8 if scale < 1 else 1.0), smallest


def test_names_are_unique_words():
    names = [name for name, _ in REGION_COLORS]
    assert len(set(names)) == len(names) == 20 and all(name.isalpha() for name in names)


@pytest.mark.parametrize("n", [5, 9, 14, 20])
def test_a_levels_colouring_gives_touching_regions_distinct_colours(n):
    for seed in range(5):
        regions = generate(n, seed=seed).regions
        colors = region_colors(regions)
        assert len(set(colors)) == n  # 20 colours: every region its own
        assert colors == region_colors([row[:] for row in regions])  # deterministic
        for r in range(n):
            for c in range(n):
                for nr, nc in ((r + 1, c), (r, c + 1), (r + 1, c + 1), (r + 1, c - 1)):
                    if 0 <= nr < n and 0 <= nc < n:
                        g, h = regions[r][c], regions[nr][nc]
                        assert g == h or colors[g] != colors[h]


def test_touching_regions_get_more_distinct_colours_than_ids_would():
    def worst_touching(regions, colors):
        n, worst = len(regions), float("inf")
        for r in range(n):
            for c in range(n - 1):
                g, h = regions[r][c], regions[r][c + 1]
                if g != h:
                    a, b = HEXES[colors[g]], HEXES[colors[h]]
                    worst = min(worst, min(delta_e(a, b, v) for v in (None, PROTANOPIA,
                                                                       DEUTERANOPIA)))
        return worst

    ours = by_id = 0.0
    for seed in range(20):
        regions = generate(8, seed=seed).regions
        ours += worst_touching(regions, region_colors(regions))
        by_id += worst_touching(regions, list(range(8)))
    assert ours > by_id


def test_sentences_name_the_colours_the_level_shows():
    level = generate(9, seed=2, tier="hard")
    names = {region_name(g, region_colors(level.regions)) for g in range(9)}
    for step in rate(level.regions).steps:
        if "region" in step.message:
            assert any(f"{name} region" in step.message or f"{name} and" in step.message
                       or f"{name}," in step.message for name in names), step.message


def test_marks_focus_and_conflicts_stand_out_on_every_region_colour():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/css/queens.css").read_text()
    for var in ("--focus", "--bad", "--mark"):
        value = css.split(f"{var}: ", 1)[1][:7]
        for hex_color in HEXES:
            assert contrast(value, hex_color) >= 3.0, (var, value, hex_color)
