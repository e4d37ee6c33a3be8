"""rate, hint and analyze: the deduction engine's Python face, and the sentences it speaks.

The reasoning itself is compiled (`_deduce.pyx`); this module turns its step records into
`Step`s with a sentence that names rows and columns from 1 and regions by their colours."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from generator_ext import stars_logic, stars_steps
from generator_ext._core import check_stars, rule_code
from generator_ext._deduce_api import (
    closure_raw,
    forced_raw,
    logic_solution_raw,
    next_step_raw,
    paint_problems,
    proof_raw,
    technique_tiers,
    tier_technique_of,
)
from generator_ext._solver import two_solutions
from generator_ext.conflicts import (
    REGIONS_IN_LINES,
    Clash,
    Rest,
    all_clashes,
    minimal_clashes,
    rest_of,
)
from generator_ext.palette import region_colors, region_name
from generator_ext.reasons import sentence
from generator_ext.shapes import DesignScore, design_score

# Technique numbers (docs/architecture.md §5) and the names the API uses.
TECHNIQUES = (
    "last_cell",
    "neighbours",
    "confinement",
    "group_confinement",
    "elimination",
    "contradiction",
)
TIERS = ("easy", "medium", "hard", "expert")
# The tier a technique makes a level (1-3 easy, 4 medium, 5 hard, 6 expert): the compiled
# engine's one mapping (_deduce.pxd), read here rather than written again.
TECHNIQUE_TIER = {technique: TIERS[code - 1] for technique, code in technique_tiers().items()}


def hardest_technique(tier: str) -> int:
    """The number of the hardest technique a level of this tier needs."""
    return tier_technique_of(TIERS.index(tier) + 1)
# Score weights: a step of a harder kind counts for more; group confinement grows with k.
STEP_WEIGHT = {1: 1, 2: 1, 3: 3, 4: 6, 5: 10, 6: 20}
MISTAKE = "mistake"

UNIT_ROW, UNIT_COL, UNIT_REGION = 0, 1, 2
FORM_REGIONS_IN_LINES, FORM_LINES_IN_REGIONS = 0, 1
WHY_EMPTY_UNIT, WHY_HALL, WHY_CLASH = 0, 1, 2

Cell = list[int]


@dataclass(frozen=True)
class Step:
    """One deduction: the cells it decides (`queens`, `crosses`), the cells of the rows,
    columns and regions it reasons about (`because`) and a sentence that explains it."""

    technique: str
    message: str
    queens: list[Cell] = field(default_factory=list)
    crosses: list[Cell] = field(default_factory=list)
    because: list[Cell] = field(default_factory=list)
    # The step as data (generator_ext.reasons): what the site words in the player's language,
    # for 1★ and k★ steps alike.
    reason: dict | None = None

    @property
    def mistake(self) -> bool:
        return self.technique == MISTAKE

    @property
    def number(self) -> int:
        """1..6 for a technique (its place in docs/architecture.md §5; 1..7 for k stars, whose
        2×2 blocks are 5th), 0 for a mistake."""
        if self.mistake:
            return 0
        if self.technique in TECHNIQUES and self.technique != "elimination":
            return TECHNIQUES.index(self.technique) + 1
        return stars_logic.STAR_TECHNIQUES.index(self.technique) + 1


@dataclass(frozen=True)
class Rating:
    """How a person solves a level: `tier` (None when logic cannot finish it), `score`
    (orders levels within a tier), `solved_by_logic`, and every step, easiest first. On a map
    with no solution whose contradiction the techniques reach (a trap, issue 40), the steps
    lead up to it and `contradiction` is the step that ends the proof (its reason names the
    units that cannot all have their queen); `tier` is then the hardest technique the proof
    needs, and `solved_by_logic` stays False."""

    tier: str | None
    score: int
    solved_by_logic: bool
    steps: list[Step]
    contradiction: Step | None = None


@dataclass(frozen=True)
class Conflict:
    """A set of units that cannot all have their queen, on the marks the techniques reach on
    a map with no solution (trap_conflicts): `units` as ("row", i), ("column", j) or
    ("region", g), from 0; `reason` and `message` say why (generator_ext.reasons)."""

    units: frozenset[tuple[str, int]]
    reason: dict
    message: str


@dataclass(frozen=True)
class Problem:
    """Something that keeps a painted map from being a level."""

    kind: str  # "unpainted", "unused", "disconnected" or "too_open"
    message: str  # in English; the site words `reason` in the player's language
    cells: list[Cell]
    region: int | None = None
    reason: dict | None = None  # {"technique": "problem", "says": kind, ...}: reasons.py


@dataclass(frozen=True)
class Analysis:
    """What the level builder needs after a stroke: every problem, then (for a complete map)
    up to two differing solutions and, when there is exactly one, the rating."""

    size: int
    rule: str
    problems: list[Problem]
    solution_count: int | None  # 0, 1 or 2 (two or more); None while there are problems
    solutions: list[list[int]]
    rating: Rating | None
    design: DesignScore | None = None  # a complete map's design figures (shapes.design_score)
    stars: int = 1  # with k > 1 each solution is a list of each row's star columns

    @property
    def playable(self) -> bool:
        return self.solution_count == 1 and self.rating is not None and (
            self.rating.solved_by_logic
        )


# ---------------------------------------------------------------- sentences

def _lines_hold_regions(regions: Sequence[Sequence[int]], kind: int, lines: Sequence[int],
                        regs: Sequence[int], *, whole_regions: bool) -> bool:
    """Do these rows (or columns) and these regions match cell for cell on the bare map:
    every cell of the regions in the lines (whole_regions), or every cell of the lines in
    the regions? When not, the step rests on crossed cells, and its sentence says "open"."""
    inside, ours = set(lines), set(regs)
    for r, row in enumerate(regions):
        for c, g in enumerate(row):
            in_lines, in_regions = (r if kind == UNIT_ROW else c) in inside, g in ours
            if (in_regions and not in_lines) if whole_regions else (in_lines and not in_regions):
                return False
    return True


def _reason(raw: dict, rule: str, regions: Sequence[Sequence[int]],
            colors: Sequence[int]) -> dict:
    """The step as data (generator_ext.reasons words it); regions are named by the colours
    the level shows (`colors`)."""
    tech = raw["technique"]
    technique = TECHNIQUES[tech - 1]
    if tech == 1:
        return {"technique": technique, "says": "last_cell", "cell": list(raw["cell"]),
                "unit": _unit_data(raw["unit_kind"], raw["unit_id"], colors)}
    if tech == 2:
        r, c = raw["cell"]
        return {"technique": technique, "says": "neighbours", "cell": [r, c], "rule": rule,
                "region": _region_data(regions[r][c], colors)}
    if tech in (3, 4):
        regs, kind = raw["regions"], raw["line_kind"]
        inside = raw["form"] == FORM_REGIONS_IN_LINES
        # "Entirely" and "every cell" only when the map itself says so; else the crossed
        # cells do, and the sentence says "open".
        whole = _lines_hold_regions(regions, kind, raw["lines"], regs, whole_regions=inside)
        return {"technique": technique,
                "says": "regions_in_lines" if inside else "lines_in_regions",
                "regions": [_region_data(g, colors) for g in regs],
                "lines": _lines_data(kind, raw["lines"]), "whole": whole}
    if tech == 5:
        return {"technique": technique, "says": "elimination",
                "unit": _unit_data(raw["unit_kind"], raw["unit_id"], colors),
                "cells": [list(cell) for cell in raw["crosses"]]}
    return {"technique": technique, "says": "contradiction", "cell": list(raw["cell"]),
            "outcome": _outcome_data(raw, colors)}


def _region_data(g: int, colors: Sequence[int]) -> dict:
    return {"kind": "region", "index": g, "color": region_name(g, colors)}


def _lines_data(kind: int, ids: Sequence[int]) -> dict:
    return {"kind": "row" if kind == UNIT_ROW else "column", "indexes": list(ids)}


def _unit_data(kind: int, uid: int, colors: Sequence[int]) -> dict:
    if kind == UNIT_REGION:
        return _region_data(uid, colors)
    return {"kind": "row" if kind == UNIT_ROW else "column", "index": uid}


def _outcome_data(why: dict, colors: Sequence[int]) -> dict:
    """What a contradiction comes to, from the engine's reason for it."""
    if why["why"] == WHY_EMPTY_UNIT:
        return {"why": "empty_unit", "unit": _unit_data(why["why_kind"], why["why_id"], colors)}
    if why["why"] == WHY_HALL:
        return {"why": "hall", "regions": [_region_data(g, colors) for g in why["why_regions"]],
                "lines": _lines_data(why["why_line_kind"], why["why_lines"])}
    return {"why": "clash"}


def _weight(raw: dict) -> int:
    extra = 2 * (len(raw["regions"]) - 2) if raw["technique"] == 4 else 0
    return STEP_WEIGHT[raw["technique"]] + extra


def _step(raw: dict, rule: str, regions: Sequence[Sequence[int]],
          colors: Sequence[int]) -> Step:
    return _worded(TECHNIQUES[raw["technique"] - 1], _reason(raw, rule, regions, colors),
                   queens=raw["queens"], crosses=raw["crosses"], because=raw["because"])


def _worded(technique: str, reason: dict, **cells) -> Step:
    """A Step with its reason and the reason's English sentence."""
    return Step(technique, sentence(reason), reason=reason, **cells)


def _problem(reason: dict, cells: list, region: int | None = None) -> Problem:
    """A Problem with its reason and the reason's English sentence."""
    reason = {"technique": "problem", **reason}
    return Problem(reason["says"], sentence(reason), cells, region, reason)


def _grid(regions) -> list[list[int]]:
    return regions.tolist() if hasattr(regions, "tolist") else [list(row) for row in regions]


# ---------------------------------------------------------------- entry points

def _colors_for(grid, colors) -> list[int]:
    """The palette index of each region, as the level shows them: `colors` when the caller
    has them (a community level keeps its maker's paint), else the engine's colouring."""
    if colors is None:
        return region_colors(grid)
    colors = list(colors)
    if len(colors) < len(grid) or any(
            isinstance(k, bool) or not isinstance(k, int) or k < 0 for k in colors):
        raise ValueError(f"colors must give a palette index for each of the {len(grid)} "
                         "regions")
    return colors


def rate(regions, rule: str = "touch", colors=None, stars: int = 1) -> Rating:
    """Solve the level as a person would, always with the easiest technique that makes
    progress; the tier is the hardest technique it needed. Sentences name regions by
    `colors` (default: the engine's colouring). `stars`: k stars per unit (Star Battle)."""
    if stars != 1:
        return _rate_stars(regions, rule, colors, stars)
    solved, raw_steps, ending = proof_raw(regions, rule)
    grid = _grid(regions)
    colors = _colors_for(grid, colors)
    steps = [_step(raw, rule, grid, colors) for raw in raw_steps]
    contradiction = _ending_step(ending, rule, grid, colors) if ending else None
    hardest = max([raw["technique"] for raw in raw_steps]
                  + ([TECHNIQUES.index(contradiction.technique) + 1] if contradiction
                     else []), default=1)
    return Rating(
        tier=TECHNIQUE_TIER[hardest] if solved or contradiction else None,
        score=sum(_weight(raw) for raw in raw_steps),
        solved_by_logic=solved,
        steps=steps,
        contradiction=contradiction,
    )


# ---------------------------------------------------------------- a proof of no solution

def _units_data(units) -> list[list]:
    return [[kind, i] for kind, i in sorted(units)]


def _clash_reason(clash: Clash, colors: Sequence[int]) -> dict:
    """A conflicting set as a reason: one unit with no open cell, or k regions (lines) whose
    open cells lie in k-1 lines (regions); named by the technique that sees it."""
    units = _units_data(clash.units)
    if clash.size == 1:
        kind, i = next(iter(clash.units))
        unit = (_region_data(i, colors) if kind == "region"
                else {"kind": kind, "index": i})
        return {"technique": "last_cell", "says": "no_solution", "why": "empty_unit",
                "unit": unit, "units": units}
    return {"technique": "confinement" if clash.size == 2 else "group_confinement",
            "says": "no_solution", "why": clash.form,
            "regions": [_region_data(g, colors) for g in clash.regions],
            "lines": {"kind": clash.line_kind, "indexes": list(clash.lines)}, "units": units}


def _ending_clash(ending: dict, rest: Rest) -> Clash:
    """The conflicting set the proof ends on: its empty unit, or the smallest set of
    regions within the engine's Hall violator (the engine's own need not be minimal)."""
    if ending["why"] == WHY_HALL:
        kind = "row" if ending["why_line_kind"] == UNIT_ROW else "column"
        return minimal_clashes(rest, kind, REGIONS_IN_LINES, within=ending["why_regions"])[0]
    kind = ("row", "column", "region")[ending["why_kind"]]
    uid = ending["why_id"]
    if kind == "region":
        return Clash(REGIONS_IN_LINES, "row", (uid,), ())
    return Clash("lines_in_regions", kind, (), (uid,))


def _ending_step(ending: dict, rule: str, grid, colors: Sequence[int]) -> Step | None:
    """The step that ends a proof of no solution, from proof_raw's ending."""
    rest = rest_of(grid, rule, ending)
    if rest is None:  # proof_raw places no queen that clashes: not reached
        return None
    clash = _ending_clash(ending, rest)
    reason = _clash_reason(clash, colors)
    because = sorted({(r, c) for r, row in enumerate(grid) for c, g in enumerate(row)
                      if ("region", g) in clash.units or ("row", r) in clash.units
                      or ("column", c) in clash.units})
    if "ruled_by" in ending:
        # A last cell an earlier queen rules out: said as that queen taking it.
        reason = {"technique": "neighbours", "says": "no_solution", "why": "ruled_out",
                  "unit": reason["unit"], "cell": list(ending["cell"]),
                  "queen": list(ending["ruled_by"]), "units": reason["units"]}
        because = sorted({*because, tuple(ending["ruled_by"])})
    return _worded(reason["technique"], reason, because=[list(cell) for cell in because])


def trap_conflicts(regions, rule: str = "touch", colors=None) -> list[Conflict]:
    """Every minimal set of units that cannot all have their queen on the marks where the
    techniques reach a contradiction on this map (none when they reach none: a map with a
    solution, or one beyond logic): the marks the proof of rate() ends on, and those of the
    closure of the easiest tier that reaches one. The proof's own set comes first, then the
    others smallest first; no set holds another. A player who names one of them has found
    why the board has no solution."""
    rule_code(rule)
    grid = _grid(regions)
    _, _, ending = proof_raw(grid, rule)
    if ending is None:
        return []
    colors = _colors_for(grid, colors)
    rests = [rest_of(grid, rule, ending)]
    for level in range(hardest_technique(TIERS[0]), hardest_technique(TIERS[-1]) + 1):
        status, closed = closure_raw(grid, rule, level)
        if closed is not None:
            rests.append(rest_of(grid, rule, closed))
            break
    first = _ending_clash(ending, rests[0]).units if rests[0] is not None else frozenset()
    found: dict[frozenset, Clash] = {}
    for rest in rests:
        for clash in all_clashes(rest) if rest is not None else []:
            found.setdefault(clash.units, clash)
    kept = [clash for units, clash in found.items() if not any(o < units for o in found)]
    kept.sort(key=lambda clash: (clash.units != first, len(clash.units), sorted(clash.units)))
    out = []
    for clash in kept:
        reason = _clash_reason(clash, colors)
        out.append(Conflict(clash.units, reason, sentence(reason)))
    return out


def parse_cells(value: object, n: int, name: str) -> list[tuple[int, int]]:
    """A list of distinct [row, col] pairs on an n×n board; ValueError naming the problem."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise ValueError(f"{name} must be a list of [row, col] pairs")
    if len(value) > n * n:
        raise ValueError(f"{name} has more cells than the {n}×{n} board")
    cells = []
    for item in value:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in item)
        ):
            raise ValueError(f"{name} must be a list of [row, col] pairs of integers")
        r, c = item
        if not (0 <= r < n and 0 <= c < n):
            raise ValueError(f"cell [{r}, {c}] in {name} is off the {n}×{n} board")
        cells.append((r, c))
    if len(set(cells)) != len(cells):
        raise ValueError(f"{name} lists a cell twice")
    return cells


def _wrong_queen(grid, rule: str, cell: tuple[int, int], colors: Sequence[int]) -> dict:
    """Why a queen off the solution cannot stay: what the steps it forces (the engine's own,
    from a board with only that queen) leave without a place."""
    steps, why = forced_raw(grid, rule, [cell])
    reason = {"technique": MISTAKE, "says": "wrong_queen", "cell": list(cell), "steps": steps,
              "reach": False, "outcome": None}
    if why is None:  # beyond the techniques: the count of solutions says so
        return reason
    # Its own reach empties a unit: said as that, not as the steps it forces.
    reason["reach"] = why["why"] == WHY_EMPTY_UNIT and steps <= 1
    reason["outcome"] = _outcome_data(why, colors)
    return reason


# The builder analyzes a painting per stroke: its count of solutions stops past this many
# search nodes (about 0.2 s here; random 16×16 maps need under a thousand).
ANALYZE_NODES = 200_000


def hint(regions, rule: str = "touch", queens=(), crosses=(), colors=None,
         stars: int = 1) -> Step | None:
    """The next step from the player's own board: a mistake first (a queen off the solution,
    by its cell; a cross on a solution cell, by its row only), otherwise the easiest step
    the marks allow. None when the board is solved or no technique applies. With `stars`
    > 1, `queens` are the stars placed."""
    rule_code(rule)
    if stars != 1:
        return _hint_stars(regions, rule, queens, crosses, colors, stars)
    grid = _grid(regions)
    # Logic that solves the level proves it unique, and is faster than a count.
    solution = logic_solution_raw(grid, rule)  # checks the map
    solutions = [solution] if solution is not None else two_solutions(grid, rule)
    n = len(grid)
    queen_cells = parse_cells(queens, n, "queens")
    cross_cells = parse_cells(crosses, n, "crosses")
    both = sorted(set(queen_cells) & set(cross_cells))
    if both:
        raise ValueError(f"cell {list(both[0])} is both a queen and a cross")
    if len(solutions) != 1:
        raise ValueError(
            "hints need a level with exactly one solution; this map has "
            + ("none" if not solutions else "more than one")
        )
    solution = solutions[0]
    for r, c in sorted(queen_cells):
        if solution[r] != c:
            return _worded(MISTAKE, _wrong_queen(grid, rule, (r, c), _colors_for(grid, colors)),
                           because=[[r, c]])
    wrong_rows = sorted(r for r, c in cross_cells if solution[r] == c)
    if wrong_rows:
        r = wrong_rows[0]
        return _worded(MISTAKE, {"technique": MISTAKE, "says": "wrong_cross", "row": r},
                       because=[[r, c] for c in range(n)])
    raw = next_step_raw(grid, rule, queen_cells, cross_cells)
    if raw is None or raw == "contradiction":
        return None
    return _step(raw, rule, grid, _colors_for(grid, colors))


def analyze(regions, rule: str = "touch", colors=None, stars: int = 1) -> Analysis:
    """Everything the level builder shows for a possibly unfinished map (cells -1 are
    unpainted): every problem at once, then the solution count up to 2 with two differing
    solutions, then the rating when there is exactly one. Regions are named by `colors`; the
    builder passes its painting's own (region g painted in colour g). `stars`: k stars per
    unit; a k-star map too open to count within the budget is reported as a problem."""
    rule_code(rule)
    n, grid, unpainted, unused, split = paint_problems(regions)
    check_stars(stars, n, rule)
    problems = []
    if unpainted:
        problems.append(_problem({"says": "unpainted", "count": len(unpainted)}, unpainted))
    for g in unused:
        problems.append(_problem({"says": "unused", "region": _region_data(g, colors),
                                  "size": n}, [], g))
    for g, pieces in split.items():
        largest = max(pieces, key=len)
        stray = [cell for piece in pieces if piece is not largest for cell in piece]
        problems.append(_problem({"says": "disconnected", "region": _region_data(g, colors),
                                  "count": len(pieces)}, stray, g))
    if problems:
        return Analysis(n, rule, problems, None, [], None, stars=stars)
    if stars != 1:
        return _analyze_stars(n, rule, grid, colors, stars)
    solution = logic_solution_raw(grid, rule)
    solutions = [solution] if solution is not None else two_solutions(
        grid, rule, node_budget=ANALYZE_NODES)
    rating = rate(grid, rule, colors) if len(solutions) == 1 else None
    return Analysis(n, rule, [], len(solutions), solutions, rating, design_score(grid))


# ---------------------------------------------------------------- k stars (Star Battle)
def _star_board(regions, rule: str, colors, stars: int) -> stars_logic.StarBoard:
    rule_code(rule)
    board = stars_logic.board_for(regions, stars, colors)
    check_stars(stars, board.n, rule)
    return board


def _star_step(board: stars_logic.StarBoard, raw: stars_logic.RawStep) -> Step:
    return _worded(raw.technique, raw.reason, queens=stars_logic.cells_of(board, raw.stars),
                   crosses=stars_logic.cells_of(board, raw.crosses),
                   because=stars_logic.cells_of(board, raw.because))


def _rate_stars(regions, rule: str, colors, stars: int) -> Rating:
    board = _star_board(regions, rule, colors, stars)
    try:
        solved, raws = stars_steps.deduce(stars_logic.StarState(board))
    except stars_logic.Contradiction:  # no solution at all
        solved, raws = False, []
    hardest = max((stars_logic.STAR_TECHNIQUES.index(raw.technique) for raw in raws), default=0)
    return Rating(tier=stars_logic.STAR_TIER[stars_logic.STAR_TECHNIQUES[hardest]]
                  if solved else None,
                  score=sum(stars_logic.STEP_WEIGHT[raw.technique] for raw in raws),
                  solved_by_logic=solved, steps=[_star_step(board, raw) for raw in raws])


def star_tier(regions, stars: int) -> str | None:
    """The tier of a k-star level from the compiled closures, without the steps or a score
    (rate() finds every step, and the score): None when logic cannot finish it."""
    from generator_ext._stars_logic import star_tier_raw

    _star_board(regions, "touch", None, stars)
    return star_tier_raw(regions, stars)


ANALYZE_STAR_NODES = 3_000_000  # a k-star count past this (about half a second) is reported
# A first count from the closure of techniques 1-6, cut short at this many nodes: most of
# the seven techniques' count is the closure of technique 7 (10-40 ms on an expert 14×14 or
# 16×16 3★ level), and from the cheaper closure the search rarely needs more than a few
# thousand nodes. Its count is exact when it finishes (the closures are sound).
QUICK_COUNT_LEVEL = 6
QUICK_COUNT_NODES = 20_000


def _quick_count(grid, stars: int) -> tuple[int, list] | None:
    """(count up to 2, the solutions found) from the quick count; None when it ran out."""
    from generator_ext._stars_logic import count_after_closure_raw

    count, found, _, aborted = count_after_closure_raw(grid, stars, 2, QUICK_COUNT_NODES,
                                                       QUICK_COUNT_LEVEL)
    return None if aborted else (count, found)


def _analyze_stars(n: int, rule: str, grid, colors, stars: int) -> Analysis:
    from generator_ext._solver import count_stars

    rating = None
    quick = _quick_count(grid, stars)
    if quick is not None and quick[0] == 1:
        # One solution: when logic finishes the level the closure of all seven techniques
        # does too, and the full count would find that solution without a search.
        rating = _rate_stars(grid, rule, colors, stars)
        if rating.solved_by_logic:
            return Analysis(n, rule, [], 1, quick[1], rating, design_score(grid), stars=stars)
    # Two or more (which two the full count finds first is what the builder shows), or
    # beyond logic: the full count, as the level is judged.
    count, found, _, aborted = count_stars(grid, stars, 2, ANALYZE_STAR_NODES)
    if aborted and count < 2:
        problem = _problem({"says": "too_open"}, [])
        return Analysis(n, rule, [problem], None, [], None, stars=stars)
    if count == 1 and rating is None:
        rating = _rate_stars(grid, rule, colors, stars)
    return Analysis(n, rule, [], count, found, rating if count == 1 else None,
                    design_score(grid), stars=stars)


def _hint_stars(regions, rule: str, queens, crosses, colors, stars: int) -> Step | None:
    from generator_ext._solver import count_stars

    board = _star_board(regions, rule, colors, stars)
    n = board.n
    star_cells = parse_cells(queens, n, "queens")
    cross_cells = parse_cells(crosses, n, "crosses")
    both = sorted(set(star_cells) & set(cross_cells))
    if both:
        raise ValueError(f"cell {list(both[0])} is both a star and a cross")
    quick = _quick_count(board.regions, stars)  # the same count, mostly sooner
    count, found = quick if quick is not None else count_stars(board.regions, stars, 2)[:2]
    if count != 1:
        raise ValueError("hints need a level with exactly one solution; this map has "
                         + ("none" if not count else "more than one"))
    solution = {(r, c) for r, cols in enumerate(found[0]) for c in cols}
    for r, c in sorted(star_cells):
        if (r, c) not in solution:
            return _worded(MISTAKE, {"technique": MISTAKE, "says": "wrong_star", "cell": [r, c]},
                           because=[[r, c]])
    wrong_rows = sorted(r for r, c in cross_cells if (r, c) in solution)
    if wrong_rows:
        r = wrong_rows[0]
        return _worded(MISTAKE, {"technique": MISTAKE, "says": "wrong_cross", "row": r},
                       because=[[r, c] for c in range(n)])
    state = stars_logic.StarState(board, sum(1 << (r * n + c) for r, c in star_cells),
                                  sum(1 << (r * n + c) for r, c in cross_cells))
    if state.solved():
        return None
    raw = stars_steps.next_step(state)
    return _star_step(board, raw) if raw is not None else None
