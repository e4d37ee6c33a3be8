"""The rules dialog tells a player, before the first hint, that a hint makes the solve
"Assisted": in every language the line names the leaderboard by the leaderboard's own word
(puzzles/web/views/players.py's CATEGORY_LABELS), so the two cannot drift apart."""

import re

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from puzzles.core.vocabulary import Category
from puzzles.web.views.players import CATEGORY_LABELS


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_the_hint_line_names_the_assisted_leaderboard(language):
    with translation.override(language):
        html = render_to_string("_help.html", {"rule": "touch", "tutorial": {}})
        assisted = str(CATEGORY_LABELS[Category.ASSISTED])
    lines = re.findall(r"<li>(.*?)</li>", html)
    hint_line = [line for line in lines if assisted in line]
    assert len(hint_line) == 1, (language, assisted, lines)


@pytest.mark.parametrize("stars", [2, 3])
@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_a_star_battle_boards_rules_say_stars(language, stars):
    """A Star Battle board's "?" said "Place one queen ♛ in every row…" under its own line
    "2★: two stars in every row, column and region"."""
    with translation.override(language):
        html = render_to_string("_help.html", {"rule": "touch", "stars": stars, "tutorial": {}})
        queens = translation.gettext("Queens never touch, not even at a corner.")
        star_rules = translation.gettext("Stars never touch, not even at a corner.")
        count = translation.gettext(
            "Place two stars ★ in every row, every column and every colored region." if stars == 2
            else "Place three stars ★ in every row, every column and every colored region.")
    assert star_rules in html and count in html and queens not in html
    assert "♛" not in html


@pytest.mark.django_db
def test_a_star_level_page_hands_its_stars_to_the_rules():
    from django.test import Client

    from generator_ext import generate
    from puzzles.levels.services.levels import save_generated_level

    level = save_generated_level(generate(10, seed=1, stars=2))
    page = Client().get(f"/levels/{level.id}/").content.decode()
    rules = page[page.index('<dialog id="rules-dialog"'):]
    rules = rules[:rules.index("</dialog>")]
    assert "Place two stars ★" in rules and "Place one queen" not in rules
