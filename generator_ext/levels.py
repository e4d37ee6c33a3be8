"""generate(): argument checks, seeds, tiers and the GeneratedLevel record around the
compiled core."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator_ext import stars_generate
from generator_ext._core import check_size, check_stars, rule_code
from generator_ext._generate import (
    STRATEGY_DESIGN,
    STRATEGY_FAST,
    STRATEGY_NAIVE,
    STRATEGY_UNIQUE,
    generate_raw,
)
from generator_ext.deduce import TIERS
from generator_ext.motifs import MOTIF_SIZES, motif_cells, motifs
from generator_ext.palette import ALONE_UP_TO, coloured_apart
from generator_ext.traps import DEFAULT_TRAP_ATTEMPTS, check_trap, make_trap, trap_tiers

STRATEGIES = {"design": STRATEGY_DESIGN, "fast": STRATEGY_FAST, "unique": STRATEGY_UNIQUE,
              "naive": STRATEGY_NAIVE}
# The design strategy's styles: the symmetries its compositions are laid out under (any: a
# left-right mirror most often, as on hand-made boards; mirror: left-right or top-bottom;
# turn: a half turn; diagonal: a flip across either diagonal).
STYLES = {"any": -1, "mirror": 0, "turn": 1, "diagonal": 2}
# The design strategy's composition families, in the engine's order (_compose.pxd FAMILY_*):
# strokes and shapes on a background under a symmetry; the same around a motif (letters,
# digits, pictograms); concentric frames; a spiral; stripes and bands; a cross; one large
# background with islands; rectangular blocks, mostly mirrored; loose, under no symmetry.
FAMILIES = ("strokes", "motif", "frames", "spiral", "stripes", "cross", "islands", "blocks",
            "loose")
# Untargeted generation draws its family with these weights, chosen so that the figures'
# spread (benchmarks/design_spread.py) comes near hand-made boards'. A motif is drawn only
# on the boards motifs are drawn on (MOTIF_SIZES); frames and a spiral from 8×8 (on smaller
# boards their nested rings touch so many others that colours alone cannot tell them apart).
FAMILY_WEIGHTS = {"strokes": 26, "motif": 5, "frames": 16, "spiral": 6, "stripes": 8,
                  "cross": 7, "islands": 18, "blocks": 8, "loose": 4}
NESTED_FROM = 8
# From 17×17 (_design.pyx LARGE_N) the draw leans to the families that compose there within
# the budget (frames, a spiral, stripes: 5 or 6 of 6 at n=17-20). No islands: a background
# touching 15 or more regions has no colour apart from all of theirs in the palette; nor
# blocks, which at that size keep too many solutions to mend (0 to 3 of 6 composed).
LARGE_FROM = 17
# A composition may come out with no colouring that keeps every touching pair apart
# (palette.coloured_apart): at 17-20 a region touching fifteen others, say; at 7 and less
# one touching all the others, which the colours alone (the palette's core) cannot keep
# apart. It is drawn again this many times, then the level is grown.
REDRAWS = 3
LARGE_FAMILY_WEIGHTS = {"strokes": 10, "motif": 0, "frames": 20, "spiral": 16, "stripes": 18,
                        "cross": 8, "islands": 0, "blocks": 0, "loose": 6}
# Regions of one cell (a given queen, the entry point a player starts from) are the one
# exception to a generated level's minimum region size of 2: easy and medium levels of the
# design strategy get them in ONE_CELL_PERCENT % of draws (hand-made boards: about one in
# five), never harder ones, nor a motif's, nor a level grown instead of composed.
MIN_REGION_SIZE = 2
ONE_CELL_TIERS = ("easy", "medium")
ONE_CELL_PERCENT = 45
MAX_SEED = 2**63 - 1  # seeds fit the Level.seed column (a signed 64-bit integer)
# Every attempt of ours is bounded by node budgets, and so is their number; the seed's naive
# algorithm retries until it succeeds, as it always did (one attempt is one cheap count).
DEFAULT_MAX_ATTEMPTS = 10_000

# The (size, tier) pairs generate() serves, inclusive ranges of n. Outside them a tier is
# either impossible (4×4 boards cannot need group confinement or contradiction) or too rare
# to find within the budget (expert past 16 costs seconds a level): ValueError.
SERVED_SIZES = {"easy": (4, 32), "medium": (5, 32), "hard": (4, 32), "expert": (6, 16)}
# Untargeted generation draws its tier with these weights (easy, medium, hard, expert),
# close to the mix of archived LinkedIn levels: about 30 % easy, 20 % medium, 50 % hard.
UNTARGETED_WEIGHTS = {"easy": 30, "medium": 20, "hard": 47, "expert": 3}


@dataclass(frozen=True)
class GeneratedLevel:
    regions: list[list[int]]
    solution: list[Any] | None  # solution[row]: the column (1★) or the sorted columns (k★);
    # None for a trap
    rule: str
    seed: int
    strategy: str
    attempts: int
    elapsed_s: float
    tier: str | None = None  # the rated tier (None: the naive baseline, unrated)
    style: str | None = None  # the design strategy's style (None for the other strategies)
    motif: str | None = None  # the motif the level was composed around, if any
    fallback: bool = False  # design: no composition came out, so the level was grown
    stars: int = 1  # stars per row, column and region; solution[row] is then a column list
    family: str | None = None  # the composition's family (FAMILIES; None: grown, not composed)
    trap: bool = False  # a trap (issue 40): no solution, and `tier` proves it (traps.py)
    judged_out: int = 0  # candidates the call's judge turned down

    @property
    def size(self) -> int:
        return len(self.regions)


class JudgedOut(RuntimeError):
    """generate()'s judge turned down every candidate the call made (a composed level's
    few, or 48 grown): no level. judged_out says how many it turned down."""

    def __init__(self, message: str, judged_out: int):
        super().__init__(message)
        self.judged_out = judged_out


# What generate() asks its judge: the map (n×n, regions numbered as a finished level's) and
# the tier it will be rated; True keeps the candidate, False abandons it.
Judge = Callable[[list[list[int]], str], bool]


def serves(n: int, tier: str) -> bool:
    """Does generate() serve this size and tier?"""
    low, high = SERVED_SIZES[tier]
    return low <= n <= high


def served_tiers(n: int, stars: int = 1) -> list[str]:
    if stars != 1:
        return list(stars_generate.star_tiers(n, stars))
    return [tier for tier in TIERS if serves(n, tier)]


def _check_seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer between 0 and 2**63-1 or None, not {seed!r}")
    return seed


def _check_tier(n: int, tier: object) -> int:
    """The engine's tier code (0: none asked); ValueError for unknown or unserved tiers."""
    if tier is None:
        return 0
    if tier not in TIERS:
        raise ValueError(f"unknown tier {tier!r}; the tiers are {', '.join(TIERS)}")
    if not serves(n, tier):
        low, high = SERVED_SIZES[tier]
        raise ValueError(
            f"{tier} levels are not generated at {n}×{n}; they are served for sizes "
            f"{low} to {high}"
        )
    return TIERS.index(tier) + 1


def check_design(n: int, *, style: str | None = None, motif: str | None = None,
                 family: str | None = None, stars: int = 1) -> None:
    """ValueError naming what the design strategy's options cannot be together on an n×n
    board: generate()'s own check, for a caller that checks a request before it generates
    (the site's run form). None is any style, no motif named, a family drawn."""
    if stars != 1 and (style is not None or motif is not None or family is not None):
        raise ValueError("k-star levels are not composed: leave style, motif and family unset")
    if style is not None and style not in STYLES:
        raise ValueError(f"unknown style {style!r}; the styles are {', '.join(map(repr, STYLES))}")
    if family is not None and family not in FAMILIES:
        raise ValueError(
            f"unknown family {family!r}; the families are {', '.join(map(repr, FAMILIES))}"
        )
    if motif is not None and family not in (None, "motif"):
        raise ValueError(f"a motif is drawn by the motif family, not {family!r}")
    if style is not None and family not in (None, "strokes", "motif"):
        raise ValueError(f"a style is for the strokes and motif families, not {family!r}")
    if (motif is not None or family == "motif") and n not in MOTIF_SIZES:
        raise ValueError(f"motifs are drawn on boards of {MOTIF_SIZES.start} to "
                         f"{MOTIF_SIZES.stop - 1}, not {n}×{n}")


def generate(
    n: int,
    rule: str = "touch",
    seed: int | None = None,
    strategy: str = "design",
    min_region_size: int | None = None,
    max_attempts: int | None = None,
    tier: str | None = None,
    style: str | None = None,
    motif: str | None = None,
    stars: int = 1,
    family: str | None = None,
    trap: bool = False,
    judge: Judge | None = None,
) -> GeneratedLevel:
    """A level with exactly one solution and connected regions of at least min_region_size
    cells that the deduction engine solves, of the asked tier (or of a tier drawn from
    UNTARGETED_WEIGHTS). The same arguments give the same level on every run and machine.
    min_region_size None is the engine's rule: MIN_REGION_SIZE cells, but for the one-cell
    regions (given queens) of ONE_CELL_TIERS' composed levels.

    strategy "design" (the default) composes a layout in one of FAMILIES (the family named,
    else one drawn from FAMILY_WEIGHTS): strokes and shapes on a background under the style's
    symmetries (STYLES; None: any; a style asks for the strokes family), around the motif
    when one is named (motifs(); boards of 7 to 16), or frames, a spiral, stripes, a cross,
    islands on a background, blocks, a loose layout; it breaks the layout only where
    uniqueness and logic need it, keeping the best of a few by design score; where no
    composition comes out within its budget the level is grown instead (fallback, family
    None). "fast" grows regions while logic
    still solves the map (the previous default); "unique" grows them while the solution stays
    unique and rates the result; "naive" is the seed's algorithm, kept as the benchmark
    baseline (unrated unless a tier is asked).

    `stars` 2 or 3 makes a Star Battle level (stars_generate: planted, made unique and rated
    by the k-star deduction; strategy "design" only, no style or motif) at the sizes
    stars_generate.STAR_SIZES serves, with solution[row] the sorted columns of its stars.

    `trap` makes a trap instead (generator_ext.traps, issue 40): a designed map with no
    solution (`solution` None) whose tier's techniques prove it, the proof rate() gives
    (its `contradiction`); 1★ under the rule touch, at the sizes traps.TRAP_SIZES serves its
    tier (a tier drawn among them when none is asked); max_attempts bounds the levels it
    starts from (traps.DEFAULT_TRAP_ATTEMPTS). A trap takes no judge (ValueError).

    `judge(regions, tier) -> bool`, when given, is asked of each candidate of a composed or
    grown level once it is unique, of its tier and polished, before it is compared with the
    call's other candidates (a composed level is the best of a few): False abandons that
    attempt and the next is drawn. So a caller after levels of some predicted difficulty
    turns a candidate down while the level is built, not the level once it is made. A
    turned-down candidate keeps its place among the few a composed level is chosen from, so
    a judged call costs what an unjudged one does and returns the best the judge kept; a
    grown level is the first kept, up to 48 turned down. None kept: JudgedOut. The same seed
    and a deterministic judge give the same level. Not for k-star levels nor the naive
    strategy (ValueError)."""
    if judge is not None and not callable(judge):
        raise ValueError(f"judge must be a callable (regions, tier) -> bool or None, "
                         f"not {judge!r}")
    if trap and judge is not None:
        raise ValueError("a trap takes no judge: it is made from a level, not judged as one")
    check_size(n)
    code = rule_code(rule)
    if trap:
        return _generate_trap(n, rule, seed, strategy, min_region_size, max_attempts, tier,
                              style, motif, stars, family)
    if stars != 1:
        if family is not None:
            raise ValueError("k-star levels are not composed: leave family unset")
        if judge is not None:
            raise ValueError("k-star levels take no judge")
        return _generate_stars(n, rule, seed, strategy, max_attempts, tier, style, motif, stars)
    if strategy not in STRATEGIES:
        raise ValueError(
            f"unknown strategy {strategy!r}; the strategies are {', '.join(map(repr, STRATEGIES))}"
        )
    if judge is not None and strategy == "naive":
        raise ValueError("the naive strategy takes no judge")
    if (style is not None or motif is not None or family is not None) and strategy != "design":
        raise ValueError("style, motif and family need the design strategy")
    check_design(n, style=style, motif=motif, family=family)
    if (
        min_region_size is not None and (isinstance(min_region_size, bool)
                                         or not isinstance(min_region_size, int)
                                         or not 1 <= min_region_size <= n)
    ):
        raise ValueError(f"min_region_size must be an integer between 1 and {n} or None")
    if max_attempts is not None and (
        isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1
    ):
        raise ValueError("max_attempts must be a positive integer or None")
    tier_code = _check_tier(n, tier)
    seed = _check_seed(seed)
    weights = [UNTARGETED_WEIGHTS[t] if serves(n, t) else 0 for t in TIERS]
    patient = motif is not None
    if strategy == "design":
        if family is None:
            if motif is not None:
                family = "motif"
            else:
                family = "strokes" if style is not None else _draw_family(n, seed)
        if family == "motif" and motif is None:
            motif = _draw_motif(n, seed)
    cells = None
    if motif is not None:
        if not isinstance(motif, str):
            raise ValueError(f"motif must be a motif's name, not {motif!r}")
        cells = [r * n + c for r, c in motif_cells(motif, n)]
    one_cell = min_region_size is None and motif is None
    started = time.perf_counter()
    asked = None if judge is None else (
        lambda regions, code: judge(regions, TIERS[code - 1]))
    judged_out = 0

    def draw(strategy_code: int, redraw: int):
        nonlocal judged_out
        drawn = generate_raw(
            n, code, _redraw_seed(seed, redraw), strategy_code,
            min_region_size or MIN_REGION_SIZE,
            max_attempts or (0 if strategy == "naive" else DEFAULT_MAX_ATTEMPTS), tier_code,
            weights, STYLES[style or "any"], cells, FAMILIES.index(family) if family else 0,
            ONE_CELL_PERCENT if one_cell else 0, patient, asked,
        )
        judged_out += drawn[2]["judged_out"]
        return drawn

    for redraw in range(REDRAWS + 1):
        regions, solution, stats = draw(STRATEGIES[strategy], redraw)
        if (regions is None or stats["fallback"] or strategy != "design"
                or ALONE_UP_TO < n < LARGE_FROM or coloured_apart(regions)):
            break
    else:  # composed each time, but no colouring keeps every touching pair apart: grown
        regions, solution, stats = draw(STRATEGIES["fast"], 0)
        stats["fallback"] = 1
    elapsed = time.perf_counter() - started
    if regions is None and judged_out:
        raise JudgedOut(
            f"the judge turned down all {judged_out} {n}×{n} candidates of seed {seed} "
            f"(strategy {strategy!r})", judged_out)
    if regions is None:
        raise RuntimeError(
            f"no {n}×{n} level found in {stats['attempts']} attempts "
            f"(strategy {strategy!r}, seed {seed})"
        )
    return GeneratedLevel(
        regions=regions,
        solution=solution,
        rule=rule,
        seed=seed,
        strategy=strategy,
        attempts=stats["attempts"],
        elapsed_s=elapsed,
        tier=TIERS[stats["tier"] - 1] if stats["tier"] else None,
        style=(style or "any") if strategy == "design" else None,
        motif=motif if not stats["fallback"] else None,
        fallback=bool(stats["fallback"]),
        family=family if strategy == "design" and not stats["fallback"] else None,
        judged_out=judged_out,
    )


def _generate_trap(n, rule, seed, strategy, min_region_size, max_attempts, tier, style, motif,
                   stars, family) -> GeneratedLevel:
    check_trap(n, rule, tier, stars, strategy)
    _check_tier(n, tier)
    check_design(n, style=style, motif=motif, family=family)
    if max_attempts is not None and (
        isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1
    ):
        raise ValueError("max_attempts must be a positive integer or None")
    seed = _check_seed(seed)
    if tier is None:
        tiers = trap_tiers(n)
        tier = random.Random(f"trap tier {n} {seed}").choices(
            tiers, weights=[UNTARGETED_WEIGHTS[t] for t in tiers])[0]
    started = time.perf_counter()

    def level(base_seed: int) -> GeneratedLevel:
        return generate(n, rule, base_seed, min_region_size=min_region_size, tier=tier,
                        style=style, motif=motif, family=family)

    regions, attempts, base = make_trap(n, rule, tier, seed,
                                        max_attempts or DEFAULT_TRAP_ATTEMPTS,
                                        min_region_size or MIN_REGION_SIZE, level)
    if regions is None or base is None:
        raise RuntimeError(f"no {n}×{n} {tier} trap found in {attempts} attempts (seed {seed})")
    return GeneratedLevel(regions=regions, solution=None, rule=rule, seed=seed,
                          strategy="design", attempts=attempts,
                          elapsed_s=time.perf_counter() - started, tier=tier,
                          style=base.style, motif=base.motif, fallback=base.fallback,
                          family=base.family, trap=True)


def _redraw_seed(seed: int, redraw: int) -> int:
    """The engine's seed for a draw of the level (the first: the seed itself)."""
    return seed if redraw == 0 else (seed ^ (redraw * 0x9E3779B97F4A7C15)) & MAX_SEED


def _draw_family(n: int, seed: int) -> str:
    """An untargeted level's family, from FAMILY_WEIGHTS (LARGE_FAMILY_WEIGHTS from
    LARGE_FROM) with a stream of the seed's own."""
    weights = LARGE_FAMILY_WEIGHTS if n >= LARGE_FROM else FAMILY_WEIGHTS
    names = [name for name in FAMILIES
             if (name != "motif" or n in MOTIF_SIZES)
             and (name not in ("frames", "spiral") or n >= NESTED_FROM)
             and weights[name] > 0]
    return random.Random(f"family {n} {seed}").choices(
        names, weights=[weights[name] for name in names])[0]


def _draw_motif(n: int, seed: int) -> str:
    """The motif family's motif when none is named: any motif, drawn with the seed."""
    if n not in MOTIF_SIZES:
        raise ValueError(f"motifs are drawn on boards of {MOTIF_SIZES.start} to "
                         f"{MOTIF_SIZES.stop - 1}, not {n}×{n}")
    return random.Random(f"motif {n} {seed}").choice(motifs())


def _generate_stars(n, rule, seed, strategy, max_attempts, tier, style, motif,
                    stars) -> GeneratedLevel:
    check_stars(stars, n, rule)
    stars_generate.check_star_size(n, stars)
    if strategy != "design" or style is not None or motif is not None:
        raise ValueError("k-star levels have one strategy, planted: leave strategy, style and "
                         "motif unset")
    stars_generate.check_star_tier(tier, n, stars)
    if max_attempts is not None and (
        isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1
    ):
        raise ValueError("max_attempts must be a positive integer or None")
    seed = _check_seed(seed)
    started = time.perf_counter()
    regions, solution, attempts, rated = stars_generate.generate_stars(
        n, stars, random.Random(seed), tier,
        max_attempts or stars_generate.DEFAULT_MAX_ATTEMPTS)
    return GeneratedLevel(regions=regions, solution=solution, rule=rule, seed=seed,
                          strategy="planted", attempts=attempts,
                          elapsed_s=time.perf_counter() - started, tier=rated, stars=stars)
