"""The first-visit tutorial: one tiny level, walked through with the engine's own steps, and
the words that introduce each rule the first time a step uses it. Not a served level: its
solution is the lesson, so it is shown step by step."""

from __future__ import annotations

import functools

from django.utils.translation import get_language, gettext, gettext_noop

from generator_ext import rate, region_colors, second_channel
from puzzles.core.step_words import step_message

# A 5×5 whose first step is the plainest there is (a region lying in one row) and whose
# eight steps use each of the three easy techniques.
REGIONS = [[0, 0, 0, 1, 1],
           [2, 2, 2, 1, 3],
           [4, 2, 2, 3, 3],
           [4, 4, 4, 3, 3],
           [4, 4, 4, 4, 4]]

INTRO = gettext_noop("Place one queen in every row, every column and every colored region. "
         "Let's solve this small board together, one step at a time.")
# The rule a technique rests on, said the first time a step uses it.
RULES = {
    "confinement": gettext_noop("Each row holds exactly one queen, and so does each column."),
    "group_confinement": gettext_noop(
        "Each row holds exactly one queen, and so does each column."),
    "last_cell": gettext_noop("Each colored region holds exactly one queen too."),
    "neighbours": gettext_noop("Queens never touch, not even at a corner."),
}
DO_CROSSES = gettext_noop("Tap each cell with a faint × once to cross it out.")
DO_QUEEN = gettext_noop(
    "Tap the cell with the faint ♛ twice (or double-click it) to place the queen.")
DONE = gettext_noop(
    "Solved! Every Queens level has exactly one solution, and logic alone finds it. "
    "Tap once for a cross, twice for a queen, drag to cross many cells; Hint shows the "
    "next step whenever you are stuck.")


@functools.cache
def _steps():
    return rate(REGIONS).steps


def tutorial() -> dict:
    """The tutorial as the game pages embed it, in the language of the request."""
    return _tutorial_in(get_language())


@functools.cache
def _tutorial_in(language: str | None) -> dict:
    colors = region_colors(REGIONS)
    steps, introduced = [], set()
    for step in _steps():
        rule = RULES.get(step.technique)
        new_rule = gettext(rule) if rule and rule not in introduced else ""
        introduced.add(rule)
        steps.append({"technique": step.technique, "message": step_message(step),
                      "rule": new_rule, "queens": step.queens, "crosses": step.crosses,
                      "because": step.because,
                      "todo": gettext(DO_QUEEN if step.queens else DO_CROSSES)})
    return {"level": {"size": len(REGIONS), "rule": "touch", "regions": REGIONS,
                      "colors": colors, "letters": second_channel(colors)},
            "intro": gettext(INTRO), "done": gettext(DONE), "steps": steps}
