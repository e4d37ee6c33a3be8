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

from generator_ext import generate, hint, rate, sentence, trap_conflicts
from generator_ext.reasons import SENTENCES
from puzzles.core.step_words import colour_label, step_message

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
    # Star Battle's steps (issue 35: they had no reason and stayed English): a 2★ level whose
    # solves take every k-star technique and sentence, and a 3★ one.
    for n, seed, k in [(8, 12, 2), (8, 20, 2), (12, 1, 3)]:
        level = generate(n, seed=seed, stars=k)
        steps += rate(level.regions, stars=k).steps
    # Traps (issue 40): the steps that end their proofs, and the conflicts a player may name
    # (worded as steps are), from traps whose proofs and conflicts take every form.
    for n, tier, seed in TRAPS:
        level = generate(n, seed=seed, tier=tier, trap=True)
        steps.append(rate(level.regions).contradiction)
        steps += trap_conflicts(level.regions)
    return [step for step in steps if step is not None]


# Traps whose proofs end each way (a unit left empty, a last cell a queen takes, three
# regions in two rows) and whose conflicts take every sentence.
TRAPS = [(8, "easy", 1), (8, "medium", 3), (10, "hard", 2), (6, "medium", 2), (9, "easy", 4)]


@pytest.fixture(scope="module")
def steps():
    return real_steps()


def form(step) -> tuple:
    """Which sentence a step takes, down to its variant (one cell or many, whole or open)."""
    r = step.reason
    return (r["technique"], r["says"], r.get("whole"), len(r.get("regions", [])) > 1,
            len(r.get("cells", [])) > 1, r.get("rule"), (r.get("outcome") or {}).get("why"),
            r.get("reach"), min(r.get("steps", 0), 2))


def test_every_step_carries_its_reason(steps):  # (a trap's conflicts are said as steps)
    assert all(step.reason is not None for step in steps)
    assert {"blocks", "last_cell"} <= {s.technique for s in steps if s.reason["says"] in
                                       ("block_single", "blocks_in_line", "last_stars")}


def test_the_real_steps_take_every_sentence(steps):
    said = {(s.reason["technique"], s.reason["says"]) for s in steps}
    assert said == {key for key in SENTENCES if key[0] != "problem"}  # problems: builder's
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
    # The colours are named in the language too: no English colour name left in a sentence
    # (but a name the language spells the same way: German's Khaki).
    with translation.override(language):
        english_colours = {name for name in ("khaki", "periwinkle", "mustard", "lavender",
                                             "yellow", "green", "violet")
                           if colour_label(name).lower() != name}
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


@pytest.mark.django_db
def test_a_star_battle_hint_is_worded_in_the_language_of_the_request(make_level):
    """Issue 35: k-star steps had no reason, and their hints were English in every language."""
    level = make_level(size=10, seed=4, stars=2)
    url = f"/api/levels/10/{level.id}/hint/"
    body = json.dumps({"queens": [], "crosses": []})
    answers = {}
    for accept in ("es", "de", "en"):
        client = Client(HTTP_ACCEPT_LANGUAGE=accept)
        answers[accept] = client.post(url, body, content_type="application/json").json()
    assert answers["en"]["reason"] is not None
    assert answers["es"]["reason"] == answers["en"]["reason"]
    assert "estrella" in answers["es"]["message"], answers["es"]["message"]
    assert "Stern" in answers["de"]["message"], answers["de"]["message"]
    assert not {"star", "stars", "needs", "region"} & set(
        re.findall(r"[a-z]+", answers["es"]["message"])), answers["es"]["message"]


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
    out += no_solution_variants()
    out += star_variants()
    return out


def no_solution_variants():
    """The sentences that end a trap's proof (issue 40), with one line (region) and several
    on the smaller side."""
    units = [["region", 1]]
    out = [{"technique": "last_cell", "says": "no_solution", "why": "empty_unit", "unit": unit,
            "units": units} for unit in (ROW, COLUMN, ORANGE)]
    out.append({"technique": "neighbours", "says": "no_solution", "why": "ruled_out",
                "unit": SAGE, "cell": [2, 2], "queen": [3, 3], "units": units})
    third = {"kind": "region", "index": 5, "color": "teal"}
    for why in ("regions_in_lines", "lines_in_regions"):
        for regions, lines in (([ORANGE, SAGE], {"kind": "row", "indexes": [2]}),
                               ([ORANGE, SAGE, third], ROWS), ([ORANGE], ROWS),
                               ([ORANGE, SAGE], COLUMNS), ([ORANGE, SAGE], {"kind": "column",
                                                                           "indexes": [4]})):
            out.append({"technique": "group_confinement", "says": "no_solution", "why": why,
                        "regions": regions, "lines": lines, "units": units})
    return out


REGIONS = {"kind": "region", "regions": [ORANGE, SAGE]}
STAR_OUTCOMES = [{"why": "stars_touch", "cell": [2, 2]},
                 {"why": "too_many_stars", "unit": ROW, "count": 2},
                 {"why": "no_room", "unit": SAGE, "count": 1},
                 {"why": "no_room", "unit": COLUMN, "count": 3},
                 {"why": "lines_no_room", "lines": ROWS, "count": 4}]


def star_variants():
    """Star Battle's sentences, with one star and with several where the count shows."""
    out = [{"technique": "last_cell", "says": "last_stars", "unit": unit, "count": count}
           for unit, count in ((ROW, 1), (ORANGE, 2))]
    out += [{"technique": "neighbours", "says": "star_neighbours", "cell": [3, 4]}]
    out += [{"technique": "neighbours", "says": "unit_full", "unit": unit, "count": count}
            for unit, count in ((COLUMN, 2), (SAGE, 3))]
    out += [{"technique": "group_confinement", "says": "stars_confined", "inner": inner,
             "outer": outer, "count": count}
            for inner, outer, count in ((REGIONS, ROWS, 3), (COLUMNS, REGIONS, 1),
                                        ({"kind": "region", "regions": [ORANGE]},
                                         {"kind": "row", "indexes": [2]}, 2))]
    out += [{"technique": "blocks", "says": "block_single", "lines": ROWS, "count": count,
             "cell": [1, 4]} for count in (1, 4)]
    out += [{"technique": "blocks", "says": "blocks_in_line", "lines": ROWS, "count": 4,
             "unit": COLUMN, "held": held} for held in (1, 2)]
    out += [{"technique": technique, "says": says, "cell": [0, 0], "outcome": outcome}
            for technique, says in (("elimination", "star_elimination"),
                                    ("contradiction", "star_contradiction"))
            for outcome in STAR_OUTCOMES]
    return out


def test_one_of_two_blocks_is_said_in_the_singular():
    """Issue 35's "1 of them lie": the count agrees with its verb."""
    text = sentence({"technique": "blocks", "says": "blocks_in_line", "lines": ROWS,
                     "count": 4, "unit": COLUMN, "held": 1})
    assert "One of those blocks lies in column 5, which needs one more star" in text
    assert "1 of them lie" not in text


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_every_variant_of_every_sentence_is_worded_in_every_language(language):
    from puzzles.core.step_words import PLAYER_WORDS

    english = [sentence(reason) for reason in every_variant()]
    assert len(set(english)) == len(english)  # each variant says something of its own
    with translation.override(language):
        for reason, said in zip(every_variant(), english, strict=True):
            text = sentence(reason, PLAYER_WORDS)
            assert not LEFTOVER.search(text), (language, reason, text)
            assert (text == said) == (language == "en"), (language, text)


def test_german_names_a_region_in_any_case():
    """Issue 35: "von die Region in Rosa": the region's phrase took its article with it into
    every preposition. Named as a row is ("Zeile 3"), it fits after "von" and "in" alike."""
    from puzzles.core.step_words import PLAYER_WORDS

    with translation.override("de"):
        said = [sentence(reason, PLAYER_WORDS) for reason in every_variant()]
    assert not [text for text in said if re.search(r"\b(von|in|aus) die\b", text)]
    assert any("von Region Orange" in text for text in said)


def test_chinese_spaces_numbers_and_only_numbers():
    """Issue 35: the house style spaces digits from Chinese ("第 3 行") but not words
    ("这两行"); "的 两 个皇后", "第 2和3 行" and "引出的1步" broke it."""
    from puzzles.core.step_words import PLAYER_WORDS

    with translation.override("zh-hans"):
        said = [sentence(reason, PLAYER_WORDS) for reason in every_variant()]
    han = "\u4e00-\u9fff"
    slips = re.compile(f"[{han}] [{han}]|[{han}][0-9A-Za-z]|[0-9A-Za-z][{han}]")
    assert [text for text in said if slips.search(text)] == []
    assert any("第 2、3 行" in text for text in said)


def test_a_reason_the_sentences_do_not_know_is_refused():
    with pytest.raises(ValueError, match="no sentence for 'blocks'"):
        sentence({"technique": "blocks", "says": "blocks"})
