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
