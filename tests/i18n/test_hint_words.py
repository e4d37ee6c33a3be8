"""Hints in the player's language (issue 22): every sentence the engine says, taken from real
steps (every technique, every form of it, the mistakes), worded from its reason in every
language the site serves, with no placeholder left; in English it is the engine's own
message; the hint API answers in the language of the request, with the reason as data."""

import json
import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from generator_ext import generate, hint, rate
from generator_ext.reasons import SENTENCES, sentence
from puzzles.words import step_message

LEFTOVER = re.compile(r"%\(|%s|\{|\}")


def real_steps():
    """Steps of generated levels of every tier and both rules, and the mistakes."""
    steps = []
    for n, tier, rule in [(6, "easy", "touch"), (8, "medium", "touch"), (9, "hard", "touch"),
                          (10, "expert", "touch"), (8, "easy", "classic"),
                          (12, "hard", "touch"), (11, "medium", "touch")]:
        level = generate(n, rule, seed=5, tier=tier)
        steps += rate(level.regions, rule).steps
        for row in (1, 3):
            wrong = [row, (level.solution[row] + 3) % n]
            steps.append(hint(level.regions, rule, queens=[wrong]))
        steps.append(hint(level.regions, rule, crosses=[[2, level.solution[2]]]))
    stars = generate(10, seed=2, stars=2)
    wrong = next([0, c] for c in range(10) if c not in stars.solution[0])
    steps.append(hint(stars.regions, queens=[wrong], stars=2))
    return [step for step in steps if step is not None and step.reason is not None]


@pytest.fixture(scope="module")
def steps():
    return real_steps()


def form(step) -> tuple:
    """Which sentence a step takes, down to its variant (one cell or many, whole or open)."""
    r = step.reason
    return (r["technique"], r["says"], r.get("whole"), len(r.get("regions", [])) > 1,
            len(r.get("cells", [])) > 1, r.get("rule"), (r.get("outcome") or {}).get("why"),
            r.get("reach"), min(r.get("steps", 0), 2))


def test_the_real_steps_take_every_sentence(steps):
    said = {(s.reason["technique"], s.reason["says"]) for s in steps}
    assert said == set(SENTENCES)
    assert len({form(s) for s in steps}) >= 15  # and most of the variants within them


def test_the_english_sentence_is_the_engines_message(steps):
    for step in steps:
        assert sentence(step.reason) == step.message
        with translation.override("en"):
            assert step_message(step) == step.message


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES if code != "en"])
def test_every_sentence_in_every_language_is_whole(steps, language):
    seen = {}
    with translation.override(language):
        for step in steps:
            text = step_message(step)
            assert not LEFTOVER.search(text), (language, step.reason, text)
            assert text != step.message, (language, step.message)
            seen.setdefault(form(step), text)
    # The colours are named in the language too: no English colour name left in a sentence.
    english_colours = {"khaki", "periwinkle", "mustard", "lavender", "yellow", "green", "violet"}
    for text in seen.values():
        assert not english_colours & set(re.findall(r"[a-z]+", text.lower())), (language, text)


@pytest.mark.django_db
def test_the_hint_api_answers_in_the_language_of_the_request(make_level):
    level = make_level(size=8)
    queens = [[0, level.solution[0]]]
    url = f"/api/levels/8/{level.id}/hint/"
    body = json.dumps({"queens": queens, "crosses": []})
    answers = {}
    for accept in ("es", "zh-CN", "en"):
        client = Client(HTTP_ACCEPT_LANGUAGE=accept)
        answers[accept] = client.post(url, body, content_type="application/json").json()
    assert answers["es"]["message"].startswith("La reina de fila 1, columna ")
    assert answers["zh-CN"]["message"].startswith("第 1 行第 ")
    assert answers["en"]["message"].startswith("The queen in row 1, column ")
    assert answers["es"]["reason"] == answers["en"]["reason"]  # the data is the same
    assert answers["es"]["reason"]["region"]["color"] in {"khaki", "sky", "rose", "mint",
                                                          "periwinkle", "pink", "lime", "mustard",
                                                          "blush", "sage", "lavender", "peach",
                                                          "teal", "orange", "yellow", "coral",
                                                          "jade", "green", "aqua", "violet"}


ROW, COLUMN = {"kind": "row", "index": 2}, {"kind": "column", "index": 4}
ORANGE, SAGE = {"kind": "region", "index": 1, "color": "orange"}, {"kind": "region",
                                                                   "index": 3, "color": "sage"}
ROWS, COLUMNS = {"kind": "row", "indexes": [1, 2]}, {"kind": "column", "indexes": [0, 3, 5]}
OUTCOMES = [{"why": "empty_unit", "unit": COLUMN}, {"why": "clash"},
            {"why": "hall", "regions": [ORANGE, SAGE], "lines": ROWS}]


def every_variant():
    """A reason for every form of every sentence, the ones real levels rarely show too."""
    out = [{"technique": "last_cell", "says": "last_cell", "unit": unit, "cell": [2, 4]}
           for unit in (ROW, COLUMN, ORANGE)]
    out += [{"technique": "neighbours", "says": "neighbours", "cell": [0, 1], "rule": rule,
             "region": ORANGE} for rule in ("touch", "classic")]
    for says in ("regions_in_lines", "lines_in_regions"):
        for regions, lines in (([ORANGE], {"kind": "row", "indexes": [2]}),
                               ([ORANGE, SAGE], ROWS), ([ORANGE, SAGE], COLUMNS)):
            out += [{"technique": "group_confinement", "says": says, "regions": regions,
                     "lines": lines, "whole": whole} for whole in (True, False)]
    out += [{"technique": "elimination", "says": "elimination", "unit": unit, "cells": cells}
            for unit in (ROW, SAGE) for cells in ([[1, 1]], [[1, 1], [1, 2], [1, 3]])]
    out += [{"technique": "contradiction", "says": "contradiction", "cell": [3, 3],
             "outcome": outcome} for outcome in OUTCOMES]
    out += [{"technique": "mistake", "says": "wrong_queen", "cell": [1, 1], "steps": steps,
             "reach": False, "outcome": outcome} for steps in (0, 1, 3) for outcome in OUTCOMES]
    out += [{"technique": "mistake", "says": "wrong_queen", "cell": [1, 1], "steps": 1,
             "reach": True, "outcome": {"why": "empty_unit", "unit": ORANGE}},
            {"technique": "mistake", "says": "wrong_queen", "cell": [1, 1], "steps": 0,
             "reach": False, "outcome": None},
            {"technique": "mistake", "says": "wrong_cross", "row": 4},
            {"technique": "mistake", "says": "wrong_star", "cell": [4, 4]}]
    return out


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_every_variant_of_every_sentence_is_worded_in_every_language(language):
    from puzzles.words import PLAYER_WORDS

    english = [sentence(reason) for reason in every_variant()]
    assert len(set(english)) == len(english)  # each variant says something of its own
    with translation.override(language):
        for reason, said in zip(every_variant(), english, strict=True):
            text = sentence(reason, PLAYER_WORDS)
            assert not LEFTOVER.search(text), (language, reason, text)
            assert (text == said) == (language == "en"), (language, text)


def test_a_reason_the_sentences_do_not_know_is_refused():
    with pytest.raises(ValueError, match="no sentence for 'blocks'"):
        sentence({"technique": "blocks", "says": "blocks"})
