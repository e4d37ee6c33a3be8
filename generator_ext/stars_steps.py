"""The k-star reading, compiled: `next_step` and `deduce` as stars_logic has them, their steps
found by _stars_steps.pyx (the same techniques in the same order of search, held step for
step to the plain reading by the tests) and worded here as its RawSteps, their reasons
built through StarBoard.unit and .group as the reading builds them."""

from __future__ import annotations

from generator_ext._stars_steps import deduce_raw, next_step_raw
from generator_ext.stars_logic import STAR_TECHNIQUES, Contradiction, RawStep, StarBoard, StarState

# What a step says and what is broken, in _stars_steps.pyx's numbering.
SAYS = ("last_stars", "star_neighbours", "unit_full", "stars_confined", "block_single",
        "blocks_in_line", "star_elimination", "star_contradiction")
WHY = ("stars_touch", "too_many_stars", "no_room", "lines_no_room")
# The fields of each reason, in the reading's order.
SAYS_FIELDS = {"last_stars": ("unit", "count"), "star_neighbours": ("cell",),
               "unit_full": ("unit", "count"), "stars_confined": ("inner", "outer", "count"),
               "block_single": ("lines", "count", "cell"),
               "blocks_in_line": ("lines", "count", "unit", "held"),
               "star_elimination": ("cell", "outcome"),
               "star_contradiction": ("cell", "outcome")}
WHY_FIELDS = {"stars_touch": ("cell",), "too_many_stars": ("unit", "count"),
              "no_room": ("unit", "count"), "lines_no_room": ("lines", "count")}


def _outcome(b: StarBoard, data: tuple) -> dict:
    why, cell, unit, lines, count = data
    values = {"cell": lambda: b.cell(cell), "unit": lambda: b.unit(unit),
              "lines": lambda: b.group([lines, lines + 1]), "count": lambda: count}
    return {"why": WHY[why], **{name: values[name]() for name in WHY_FIELDS[WHY[why]]}}


def _raw_step(b: StarBoard, data: tuple) -> RawStep:
    (technique, says, stars, crosses, because, cell, unit, lines, inner, outer, count, held,
     outcome) = data
    values = {"cell": lambda: b.cell(cell), "unit": lambda: b.unit(unit),
              "lines": lambda: b.group([lines, lines + 1]), "inner": lambda: b.group(inner),
              "outer": lambda: b.group(outer), "count": lambda: count, "held": lambda: held,
              "outcome": lambda: _outcome(b, outcome)}
    name = STAR_TECHNIQUES[technique]
    reason = {"technique": name, "says": SAYS[says],
              **{field: values[field]() for field in SAYS_FIELDS[SAYS[says]]}}
    return RawStep(name, stars, crosses, because, reason)


def next_step(s: StarState) -> RawStep | None:
    """stars_logic.next_step: the easiest step the marks allow; Contradiction when they
    break a rule."""
    b = s.b
    found = next_step_raw(b.regions, b.k, s.stars, s.crosses)
    if found is not None and found[0] == "broken":
        raise Contradiction(_outcome(b, found[1]))
    return _raw_step(b, found) if found is not None else None


def deduce(s: StarState) -> tuple[bool, list[RawStep]]:
    """stars_logic.deduce, the whole solve in C: (solved, steps) from `s`, which is left as
    it was; Contradiction when the marks break a rule on the way."""
    b = s.b
    outcome, found, broken = deduce_raw(b.regions, b.k, s.stars, s.crosses)
    if broken is not None:
        raise Contradiction(_outcome(b, broken))
    return outcome == 1, [_raw_step(b, data) for data in found]
