"""rate, hint and analyze: the deduction engine's Python face, and the sentences it speaks.

The reasoning itself is compiled (`_deduce.pyx`); this module turns its step records into
`Step`s with a sentence that names rows and columns from 1 and regions by their colours."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from generator_ext import stars_logic
from generator_ext._core import check_stars, rule_code
from generator_ext._deduce_api import (
    deduce_raw,
    forced_raw,
    logic_solution_raw,
    next_step_raw,
    paint_problems,
    technique_tiers,
    tier_technique_of,
)
from generator_ext._solver import two_solutions
from generator_ext.palette import region_colors, region_name
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
    (orders levels within a tier), `solved_by_logic`, and every step, easiest first."""

    tier: str | None
    score: int
    solved_by_logic: bool
    steps: list[Step]


@dataclass(frozen=True)
class Problem:
    """Something that keeps a painted map from being a level."""

    kind: str  # "unpainted", "unused" or "disconnected"
    message: str
    cells: list[Cell]
    region: int | None = None


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

def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _cell(cell: Sequence[int]) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _lines(kind: int, ids: Sequence[int]) -> str:
    word = "row" if kind == UNIT_ROW else "column"
    if len(ids) == 1:
        return f"{word} {ids[0] + 1}"
    return f"{word}s " + _and([str(i + 1) for i in ids])


def _regions(ids: Sequence[int], colors: Sequence[int]) -> str:
    if len(ids) == 1:
        return f"the {region_name(ids[0], colors)} region"
    return "the " + _and([region_name(g, colors) for g in ids]) + " regions"


def _unit(kind: int, uid: int, colors: Sequence[int]) -> str:
    return _regions([uid], colors) if kind == UNIT_REGION else _lines(kind, [uid])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _count(k: int) -> str:
    return NUMBER_WORDS.get(k, str(k))


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


def _message(raw: dict, rule: str, regions: Sequence[Sequence[int]],
             colors: Sequence[int]) -> str:
    """The step's sentence; regions are named by the colours the level shows (`colors`)."""
    tech = raw["technique"]
    if tech == 1:
        cell = raw["cell"]
        unit = _capital(_unit(raw["unit_kind"], raw["unit_id"], colors))
        where = {UNIT_ROW: f"column {cell[1] + 1}", UNIT_COL: f"row {cell[0] + 1}"}.get(
            raw["unit_kind"], _cell(cell))
        return f"{unit} has only one open cell left, so its queen goes in {where}."
    if tech == 2:
        r, c = raw["cell"]
        touching = "the cells touching it and its diagonals" if rule == "classic" else (
            "the cells touching it")
        return (f"The queen in {_cell(raw['cell'])} rules out the rest of its row, its column "
                f"and {_regions([regions[r][c]], colors)}, and {touching}.")
    if tech in (3, 4):
        regs, kind = raw["regions"], raw["line_kind"]
        named, lines, k = _regions(regs, colors), _lines(raw["line_kind"], raw["lines"]), len(regs)
        if raw["form"] == FORM_REGIONS_IN_LINES:
            # "Entirely" only when every cell is there; else the crossed ones lie outside.
            whole = _lines_hold_regions(regions, kind, raw["lines"], regs, whole_regions=True)
            if k == 1:
                where = (f"{_capital(named)} lies entirely in {lines}" if whole
                         else f"The open cells of {named} all lie in {lines}")
                return f"{where}, so the rest of {lines} cannot hold a queen."
            where = (f"{_capital(named)} lie entirely in {lines}" if whole
                     else f"The open cells of {named} all lie in {lines}")
            return (f"{where}, so those {_count(k)} {'rows' if kind == UNIT_ROW else 'columns'} "
                    f"hold their queens and no other region can use them.")
        # "Every cell" when the lines have no cell of another region at all.
        whole = _lines_hold_regions(regions, kind, raw["lines"], regs, whole_regions=False)
        if k == 1:
            return (f"Every {'' if whole else 'open '}cell of {lines} is in {named}, so that "
                    f"region's queen is in {lines} and its other cells cannot hold one.")
        where = (f"Every cell of {lines} lies in {named}" if whole
                 else f"The open cells of {lines} all lie in {named}")
        return (f"{where}, so those {_count(k)} regions have their queens there and their "
                f"other cells cannot hold one.")
    if tech == 5:
        unit = _unit(raw["unit_kind"], raw["unit_id"], colors)
        if len(raw["crosses"]) == 1:
            return (f"A queen in {_cell(raw['crosses'][0])} would rule out every open cell of "
                    f"{unit}, so that cell cannot hold one.")
        return (f"A queen in any of these {len(raw['crosses'])} cells would rule out every open "
                f"cell of {unit}, so none of them can hold one.")
    cell = _cell(raw["cell"])
    return (f"Suppose {cell} held a queen: the easier techniques then show that "
            f"{_outcome(raw, colors)}. So {cell} cannot hold a queen.")


def _outcome(why: dict, colors: Sequence[int]) -> str:
    """What a contradiction comes to, from the engine's reason for it."""
    if why["why"] == WHY_EMPTY_UNIT:
        return f"{_unit(why['why_kind'], why['why_id'], colors)} would have no open cell left"
    if why["why"] == WHY_HALL:
        regs = why["why_regions"]
        lines = _lines(why["why_line_kind"], why["why_lines"])
        return (f"{_regions(regs, colors)} would have only {lines} for their "
                f"{_count(len(regs))} queens")
    return "two queens would have to touch or share a row, a column or a region"


def _weight(raw: dict) -> int:
    extra = 2 * (len(raw["regions"]) - 2) if raw["technique"] == 4 else 0
    return STEP_WEIGHT[raw["technique"]] + extra


def _step(raw: dict, rule: str, regions: Sequence[Sequence[int]],
          colors: Sequence[int]) -> Step:
    return Step(
        technique=TECHNIQUES[raw["technique"] - 1],
        message=_message(raw, rule, regions, colors),
        queens=raw["queens"],
        crosses=raw["crosses"],
        because=raw["because"],
    )


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
    solved, raw_steps = deduce_raw(regions, rule)
    grid = _grid(regions)
    colors = _colors_for(grid, colors)
    steps = [_step(raw, rule, grid, colors) for raw in raw_steps]
    hardest = max((raw["technique"] for raw in raw_steps), default=1)
    return Rating(
        tier=TECHNIQUE_TIER[hardest] if solved else None,
        score=sum(_weight(raw) for raw in raw_steps),
        solved_by_logic=solved,
        steps=steps,
    )


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


def _wrong_queen(grid, rule: str, cell: tuple[int, int], colors: Sequence[int]) -> str:
    """Why a queen off the solution cannot stay: what the steps it forces (the engine's own,
    from a board with only that queen) leave without a place."""
    here = _cell(cell)
    steps, why = forced_raw(grid, rule, [cell])
    if why is None:  # beyond the techniques: the count of solutions says so
        return (f"A queen in {here} leaves no way to finish the board: the level's only "
                "solution has none there. Take it off.")
    if why["why"] == WHY_EMPTY_UNIT and steps <= 1:  # the queen's own reach does it
        named = _unit(why["why_kind"], why["why_id"], colors)
        return (f"A queen in {here} rules out every cell of {named}, so {named} would have "
                f"no place for its queen. Take it off.")
    if steps == 0:
        return f"With a queen in {here}, {_outcome(why, colors)}. Take it off."
    forced = ("the step it forces shows" if steps == 1
              else f"the {_count(steps)} steps it forces show")
    return f"With a queen in {here}, {forced} that {_outcome(why, colors)}. Take it off."


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
            return Step(MISTAKE, _wrong_queen(grid, rule, (r, c), _colors_for(grid, colors)),
                        because=[[r, c]])
    wrong_rows = sorted(r for r, c in cross_cells if solution[r] == c)
    if wrong_rows:
        r = wrong_rows[0]
        return Step(MISTAKE, f"A cross in row {r + 1} is wrong.",
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
        cells = "cell is" if len(unpainted) == 1 else "cells are"
        problems.append(Problem("unpainted", f"{len(unpainted)} {cells} not painted yet.",
                                unpainted))
    for g in unused:
        problems.append(Problem("unused", f"The {region_name(g, colors)} region has no cells; a "
                                          f"{n}×{n} board needs {n} regions.", [], g))
    for g, pieces in split.items():
        largest = max(pieces, key=len)
        stray = [cell for piece in pieces if piece is not largest for cell in piece]
        problems.append(Problem("disconnected", f"The {region_name(g, colors)} region is in "
                                                f"{len(pieces)} pieces; its cells must touch.",
                                stray, g))
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
    return Step(raw.technique, raw.why, queens=stars_logic.cells_of(board, raw.stars),
                crosses=stars_logic.cells_of(board, raw.crosses),
                because=stars_logic.cells_of(board, raw.because))


def _rate_stars(regions, rule: str, colors, stars: int) -> Rating:
    board = _star_board(regions, rule, colors, stars)
    try:
        solved, raws = stars_logic.deduce(stars_logic.StarState(board))
    except stars_logic.Contradiction:  # no solution at all
        solved, raws = False, []
    hardest = max((stars_logic.STAR_TECHNIQUES.index(raw.technique) for raw in raws), default=0)
    return Rating(tier=stars_logic.STAR_TIER[stars_logic.STAR_TECHNIQUES[hardest]]
                  if solved else None,
                  score=sum(stars_logic.STEP_WEIGHT[raw.technique] for raw in raws),
                  solved_by_logic=solved, steps=[_star_step(board, raw) for raw in raws])


def star_tier(regions, stars: int) -> str | None:
    """The tier of a k-star level from the compiled closures, without the steps or a score
    (rate() reads them one by one, seconds at 14×14): None when logic cannot finish it."""
    from generator_ext._stars_logic import star_tier_raw

    _star_board(regions, "touch", None, stars)
    return star_tier_raw(regions, stars)


ANALYZE_STAR_NODES = 3_000_000  # a k-star count past this (about half a second) is reported


def _analyze_stars(n: int, rule: str, grid, colors, stars: int) -> Analysis:
    from generator_ext._stars import count_star_solutions

    count, found, _, aborted = count_star_solutions(grid, stars, 2, ANALYZE_STAR_NODES)
    if aborted and count < 2:
        problem = Problem("too_open", "This map leaves the stars so much room that its "
                                      "solutions could not be counted in time; make the "
                                      "regions smaller or more varied.", [])
        return Analysis(n, rule, [problem], None, [], None, stars=stars)
    rating = _rate_stars(grid, rule, colors, stars) if count == 1 else None
    return Analysis(n, rule, [], count, found, rating, design_score(grid), stars=stars)


def _hint_stars(regions, rule: str, queens, crosses, colors, stars: int) -> Step | None:
    from generator_ext._stars import count_star_solutions

    board = _star_board(regions, rule, colors, stars)
    n = board.n
    star_cells = parse_cells(queens, n, "queens")
    cross_cells = parse_cells(crosses, n, "crosses")
    both = sorted(set(star_cells) & set(cross_cells))
    if both:
        raise ValueError(f"cell {list(both[0])} is both a star and a cross")
    count, found, _, _ = count_star_solutions(board.regions, stars, 2)
    if count != 1:
        raise ValueError("hints need a level with exactly one solution; this map has "
                         + ("none" if not count else "more than one"))
    solution = {(r, c) for r, cols in enumerate(found[0]) for c in cols}
    for r, c in sorted(star_cells):
        if (r, c) not in solution:
            return Step(MISTAKE, f"The star at row {r + 1}, column {c + 1} cannot be part of "
                                 "the solution.", because=[[r, c]])
    wrong_rows = sorted(r for r, c in cross_cells if (r, c) in solution)
    if wrong_rows:
        r = wrong_rows[0]
        return Step(MISTAKE, f"A cross in row {r + 1} is wrong.",
                    because=[[r, c] for c in range(n)])
    state = stars_logic.StarState(board, sum(1 << (r * n + c) for r, c in star_cells),
                                  sum(1 << (r * n + c) for r, c in cross_cells))
    if state.solved():
        return None
    raw = stars_logic.next_step(state)
    return _star_step(board, raw) if raw is not None else None
