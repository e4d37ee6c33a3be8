"""The level builder: a painting checked (no stored level, no near copy: no search needed)
and analyzed after each stroke, never a way to read a stored level's solution; a motif
start and Make it unique's proposal. What runs on the builder's worker, and how it is queued,
is services.builder_jobs."""

from __future__ import annotations

import dataclasses
import logging
import secrets

from django.utils.translation import gettext, gettext_lazy

from generator_ext import (
    Analysis,
    Fix,
    analyze,
    canonical_hashes,
    generate,
    make_unique,
    painted_colors,
    rate,
    validate_regions,
)
from generator_ext import check_stars as engine_check_stars
from puzzles.builder import selectors as community_selectors
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.step_words import problem_message
from puzzles.core.vocabulary import Source
from puzzles.levels.models import Level
from puzzles.levels.selectors import levels as level_selectors

log = logging.getLogger(__name__)

STORED_LEVEL_REFUSAL = gettext_lazy(
    "This board is one of the site's levels, so the builder will not solve it for you: play "
    "it instead (once you have solved or revealed it, the builder shows it too).")


# A motif start is one generation (0.6 to 2.2 s): it runs on the builder's worker, never in
# a web process. Its compositions are bounded so the slowest (a 16×16 board) stays within
# about two seconds there too.
MOTIF_START_ATTEMPTS = 3000


def check_motif_start(*, size: object, motif: object, rule: object,
                      style: object = "") -> dict:
    """The checked parameters of a motif start (a 400 at once for a bad one)."""
    size = domain.check_size(size, domain.BUILDER_SIZES)
    rule = domain.check_rule(rule)
    motif = domain.check_motif(motif, size)
    if not motif:
        raise ServiceError(gettext("motif: name one of the motifs"))
    return {"size": size, "motif": motif, "rule": rule, "style": domain.check_style(style)}


def motif_painting(*, size: int, motif: str, rule: str, style: str = "") -> dict:
    """A fresh level composed around the motif, for the maker to start from: one region is
    the motif, the rest a near-symmetric layout, unique and solved by logic as it comes.
    Made with a secret seed and stored nowhere (so it is no stored level's copy)."""
    try:
        level = generate(size, rule, seed=secrets.randbits(63), motif=motif,
                         style=style or None, max_attempts=MOTIF_START_ATTEMPTS)
    except RuntimeError:
        raise ServiceError(gettext("no %(size)s×%(size)s level came out around the motif "
                                   "%(motif)s; try another size or motif")
                           % {"size": size, "motif": motif}) from None
    return {"regions": level.regions, "motif": motif, "tier": level.tier}


def is_finished(regions: list[list[int]]) -> bool:
    """Every cell painted."""
    return not any(-1 in row for row in regions)


def refuse_stored_level(regions: list[list[int]], *, rule: str, player: str,
                        stars: int = 1) -> Level | None:
    """A finished painting that is a stored level (under any symmetry or relabelling, and
    under ANY rule and star count: a touch level's map analysed as classic still hands out
    its solution) is refused, unless the player may already see its solution: then the level
    stored under this rule and star count, if any. The builder never hands out a level's
    solution, id or a daily before its day this way."""
    if not is_finished(regions):
        return None  # unfinished: the analysis reports problems, never a solution
    try:
        digests = canonical_hashes(regions)
    except ValueError:
        return None  # not a valid map: the analysis says why
    same = None
    for level in level_selectors.levels_with_hashes(digests):
        if level.hidden and level.source == Source.COMMUNITY:
            raise ServiceError(gettext("this board was taken down by the moderators"))
        if not community_selectors.may_see_solution(level, player):
            raise ServiceError(str(STORED_LEVEL_REFUSAL))
        if (level.rule, level.stars) == (rule, stars):
            same = level
    return same


def refuse_near_copy(regions: list[list[int]], *, player: str) -> None:
    """A painting a few cells away from a stored level that still holds that level's
    solution (any rule, any star count) is refused like the level itself, unless the player
    may see it; checked from the stored levels alone, before any analysis (likeness)."""
    if not is_finished(regions):
        return
    near = level_selectors.solution_index(len(regions)).near(regions)
    if not near:
        return
    # Deleted meanwhile: nothing to hand out.
    for level in level_selectors.levels_with_ids(sorted(near)):
        if not community_selectors.may_see_solution(level, player):
            raise ServiceError(str(STORED_LEVEL_REFUSAL))


def refuse_modes_board(regions: list[list[int]], *, player: str) -> None:
    """A finished painting that is, or is a few cells from, one of "Solvable?"'s boards is
    refused with one sentence whichever kind it is (under any symmetry, relabelling, rule
    and star count), unless the player painted that trap: its analysis (solutions, or a
    trap's proof) told a dealt board's kind and answer before the player answered it, and
    publishing it said "no solution" for a trap alone."""
    if not is_finished(regions):
        return
    for board in level_selectors.modes_boards_near(regions):
        if not (board.source == Source.COMMUNITY and board.maker == player):
            raise ServiceError(gettext("This board is one of “Solvable?”'s boards, so the "
                                       "builder will not analyse it: answer it there."))


def analyzed(regions: list[list[int]], *, rule: str, stars: int = 1) -> Analysis:
    """The engine's analysis of a painting, its regions named by their paint; a board past
    its search budget is refused with its sentence. A finished Queens painting with no
    solution whose contradiction logic reaches carries that proof as its rating (rate():
    its tier, steps and contradiction): it may be published as a trap (issue 40). One of
    "Solvable?"'s boards, either kind, never gets here (refuse_modes_board)."""
    colors = painted_colors(len(regions))
    try:
        analysis = analyze(regions, rule, colors=colors, stars=stars)
    except ValueError as error:
        raise ServiceError(str(error)) from None
    if stars == 1 and analysis.solution_count == 0 and not analysis.problems:
        proof = rate(regions, rule, colors=colors)
        if proof.contradiction is not None:
            analysis = dataclasses.replace(analysis, rating=proof)
    return analysis


def is_trap(analysis: Analysis) -> bool:
    """A painting logic proves has no solution: what may be published as a trap."""
    return (analysis.solution_count == 0 and analysis.rating is not None
            and analysis.rating.contradiction is not None)


def check_builder_stars(stars: object, rule: str) -> int:
    """A star count the builder paints for: 1, or 2 and 3 under the touch rule."""
    stars = domain.check_stars(stars)
    domain.check_star_rule(stars, rule)
    return stars


def checked_painting(*, regions: object, rule: object, player: str,
                     stars: object = 1) -> tuple[list[list[int]], str, int]:
    """A painting the builder may analyze: its shape checked and no stored level or near
    copy of one, all without the engine's search (milliseconds, whatever the board)."""
    regions = domain.check_painting(regions, allow_unpainted=True)
    rule = domain.check_rule(rule)
    stars = check_builder_stars(stars, rule)
    try:
        engine_check_stars(stars, len(regions), rule)  # a board too small for its stars
    except ValueError:
        # Said in the player's language; the smallest board that holds them is the engine's
        # answer too (its rule asked size by size, not written here again).
        smallest = next((m for m in range(len(regions), 100) if _holds(stars, m, rule)), "?")
        raise ServiceError(gettext(
            "a %(size)s×%(size)s board cannot hold %(stars)s stars in every row without two "
            "touching; %(stars)s stars need %(smallest)s×%(smallest)s or larger") % {
                "size": len(regions), "stars": stars, "smallest": smallest}) from None
    refuse_stored_level(regions, rule=rule, player=player, stars=stars)
    refuse_near_copy(regions, player=player)
    refuse_modes_board(regions, player=player)
    return regions, rule, stars


def _holds(stars: int, size: int, rule: str) -> bool:
    try:
        engine_check_stars(stars, size, rule)
    except ValueError:
        return False
    return True


def is_whole(regions: list[list[int]], stars: int) -> bool:
    """A finished painting whose every region is used and in one piece: the engine's own
    check (generator_ext.validate_regions, microseconds), no second copy of its rule here."""
    try:
        validate_regions(regions, stars)
    except ValueError:
        return False
    return True


def is_costly(regions: list[list[int]], stars: int) -> bool:
    """Past the web's bound: a finished, whole k-star painting (30 ms at 8×8 2★, 0.2 to 1.6 s
    at 10 to 14 with 2★ or 3★). A Queens analysis stops at its search budget (under 0.2 s at
    16×16), and an unfinished or broken painting (a region unused or in pieces) only lists
    its problems: those stay in the web (a broken map queued as a job took a place on the
    builder's worker to say what the web can say at once)."""
    return stars > 1 and is_finished(regions) and is_whole(regions, stars)


def analyze_painting(*, regions: object, rule: object, player: str,
                     stars: object = 1) -> Analysis:
    """The builder's analysis of a painting after a stroke: problems, solutions, rating."""
    regions, rule, stars = checked_painting(regions=regions, rule=rule, player=player,
                                            stars=stars)
    return analyzed(regions, rule=rule, stars=stars)


def check_fixable(*, regions: object, rule: object, player: str, stars: object = 1) -> Analysis:
    """The analysis of a painting a fix may be asked for, refused when it cannot be fixed."""
    analysis = analyze_painting(regions=regions, rule=rule, player=player, stars=stars)
    if analysis.problems:
        raise ServiceError(gettext("%(problem)s Finish painting first.")
                           % {"problem": problem_message(analysis.problems[0])})
    return analysis


def propose_fix(*, regions: object, rule: object, player: str, seed: int = 0,
                stars: object = 1) -> Fix:
    """Make it unique: a small repaint that leaves exactly one solution logic finds."""
    analysis = check_fixable(regions=regions, rule=rule, player=player, stars=stars)
    fix = make_unique(regions, analysis.rule, seed=seed, stars=analysis.stars)
    if fix is None:
        if analysis.solution_count == 0:
            raise ServiceError(gettext("this board has no solution, and no small change was "
                                       "found that gives it exactly one; repaint so that a "
                                       "placement works"))
        raise ServiceError(gettext("no small change was found that leaves exactly one solution"))
    return fix
