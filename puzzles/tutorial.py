"""The first-visit tutorial: one tiny level, walked through with the engine's own steps, and
the words that introduce each rule the first time a step uses it. Not a served level: its
solution is the lesson, so it is shown step by step."""

from __future__ import annotations

import functools

from generator_ext import rate, region_colors, second_channel

# A 5×5 whose first step is the plainest there is (a region lying in one row) and whose
# eight steps use each of the three easy techniques.
REGIONS = [[0, 0, 0, 1, 1],
           [2, 2, 2, 1, 3],
           [4, 2, 2, 3, 3],
           [4, 4, 4, 3, 3],
           [4, 4, 4, 4, 4]]

INTRO = ("Place one queen in every row, every column and every colored region. "
         "Let's solve this small board together, one step at a time.")
# The rule a technique rests on, said the first time a step uses it.
RULES = {
    "confinement": "Each row holds exactly one queen, and so does each column.",
    "group_confinement": "Each row holds exactly one queen, and so does each column.",
    "last_cell": "Each colored region holds exactly one queen too.",
    "neighbours": "Queens never touch, not even at a corner.",
}
DO_CROSSES = "Tap each cell with a faint × once to cross it out."
DO_QUEEN = "Tap the cell with the faint ♛ twice (or double-click it) to place the queen."
DONE = ("Solved! Every Queens level has exactly one solution, and logic alone finds it. "
        "Tap once for a cross, twice for a queen, drag to cross many cells; Hint shows the "
        "next step whenever you are stuck.")


@functools.cache
def tutorial() -> dict:
    """The tutorial as the game pages embed it."""
    colors = region_colors(REGIONS)
    steps, introduced = [], set()
    for step in rate(REGIONS).steps:
        rule = RULES.get(step.technique)
        new_rule = rule if rule and rule not in introduced else ""
        introduced.add(rule)
        steps.append({"technique": step.technique, "message": step.message, "rule": new_rule,
                      "queens": step.queens, "crosses": step.crosses, "because": step.because,
                      "todo": DO_QUEEN if step.queens else DO_CROSSES})
    return {"level": {"size": len(REGIONS), "rule": "touch", "regions": REGIONS,
                      "colors": colors, "letters": second_channel(colors)},
            "intro": INTRO, "done": DONE, "steps": steps}
