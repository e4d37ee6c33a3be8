"""The level builder: a painting analyzed after each stroke, never a way to read a stored
level's solution, and Make it unique queued for the builder's own worker."""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from generator_ext import Analysis, Fix, analyze, canonical_hash, generate, make_unique
from generator_ext.palette import painted_colors
from puzzles import domain, likeness
from puzzles.errors import Busy, ServiceError
from puzzles.models import FixJob, FixStatus, Level, Source
from puzzles.selectors import community as community_selectors
from puzzles.selectors import levels as level_selectors

log = logging.getLogger(__name__)

STORED_LEVEL_REFUSAL = gettext_lazy(
    "this board is one of the site's levels, so the builder will not solve it for you: play "
    "it instead (once you have solved or revealed it, the builder shows it too)")


# A motif start is one generation in the web process: its compositions are bounded so the
# slowest (a 16×16 board) stays within about two seconds.
MOTIF_START_ATTEMPTS = 3000


def motif_painting(*, size: object, motif: object, rule: object, style: object = "") -> dict:
    """A fresh level composed around the motif, for the maker to start from: one region is
    the motif, the rest a near-symmetric layout, unique and solved by logic as it comes.
    Made with a secret seed and stored nowhere (so it is no stored level's copy)."""
    size = domain.check_size(size, domain.BUILDER_SIZES)
    rule = domain.check_rule(rule)
    motif = domain.check_motif(motif, size)
    if not motif:
        raise ServiceError(gettext("motif: name one of the motifs"))
    style = domain.check_style(style)
    try:
        level = generate(size, rule, seed=secrets.randbits(63), motif=motif,
                         style=style or None, max_attempts=MOTIF_START_ATTEMPTS)
    except RuntimeError:
        raise ServiceError(gettext("no %(size)s×%(size)s level came out around the motif "
                                   "%(motif)s; try another size or motif")
                           % {"size": size, "motif": motif}) from None
    return {"regions": level.regions, "motif": motif, "tier": level.tier}


def refuse_stored_level(regions: list[list[int]], *, rule: str, player: str,
                        stars: int = 1) -> Level | None:
    """A finished painting that is a stored level (under any symmetry or relabelling) is
    refused, unless the player may already see its solution: then that level. The builder
    never hands out a level's solution, id or a daily before its day this way."""
    if any(-1 in row for row in regions):
        return None  # unfinished: the analysis reports problems, never a solution
    try:
        digest = canonical_hash(regions, rule, stars)
    except ValueError:
        return None  # not a valid map: the analysis says why
    level = level_selectors.level_with_hash(digest)
    if level is None:
        return None
    if level.hidden and level.source == Source.COMMUNITY:
        raise ServiceError(gettext("this board was taken down by the moderators"))
    if community_selectors.may_see_solution(level, player):
        return level
    raise ServiceError(str(STORED_LEVEL_REFUSAL))


def analyzed(regions: list[list[int]], *, rule: str, stars: int = 1) -> Analysis:
    """The engine's analysis of a painting, its regions named by their paint; a board past
    its search budget is refused with its sentence."""
    try:
        return analyze(regions, rule, colors=painted_colors(len(regions)), stars=stars)
    except ValueError as error:
        raise ServiceError(str(error)) from None


def refuse_near_copy(regions: list[list[int]], *, rule: str, analysis: Analysis,
                     player: str) -> None:
    """A painting a few cells away from a stored level, with the same solution, is refused
    like the level itself (it would hand that solution out), unless the player may see it."""
    for solution in analysis.solutions or []:
        for level in level_selectors.levels_with_solution_key(
                likeness.solution_key(solution, rule), size=len(regions), rule=rule):
            if likeness.is_near(regions, solution, level.regions, level.solution) \
                    and not community_selectors.may_see_solution(level, player):
                raise ServiceError(str(STORED_LEVEL_REFUSAL))


def check_builder_stars(stars: object, rule: str) -> int:
    """A star count the builder paints for: 1, or 2 and 3 under the touch rule."""
    stars = domain.check_stars(stars)
    if stars != 1 and rule != domain.Rule.TOUCH:
        raise ServiceError(gettext("k-star boards use the touch rule only"))
    return stars


def analyze_painting(*, regions: object, rule: object, player: str,
                     stars: object = 1) -> Analysis:
    """The builder's analysis of a painting after a stroke: problems, solutions, rating."""
    regions = domain.check_painting(regions, allow_unpainted=True)
    rule = domain.check_rule(rule)
    stars = check_builder_stars(stars, rule)
    refuse_stored_level(regions, rule=rule, player=player, stars=stars)
    analysis = analyzed(regions, rule=rule, stars=stars)
    refuse_near_copy(regions, rule=rule, analysis=analysis, player=player)
    return analysis


# Make it unique runs on the builder's own worker queue: at most this many requests wait
# (beyond, a 503 asks to retry), and one older than FIX_EXPIRY_S when a worker reaches it is
# dropped (its page gave up polling long ago).
MAX_PENDING_FIXES = 32
FIX_EXPIRY_S = 60


def check_fixable(*, regions: object, rule: object, player: str, stars: object = 1) -> Analysis:
    """The analysis of a painting a fix may be asked for, refused at once when it cannot be
    fixed (the worker then never sees a board it would refuse)."""
    analysis = analyze_painting(regions=regions, rule=rule, player=player, stars=stars)
    if analysis.problems:
        raise ServiceError(analysis.problems[0].message + " Finish painting first.")
    return analysis


def request_fix(*, player: str, regions: object, rule: object, stars: object = 1) -> FixJob:
    """Queue a Make it unique for the builder's worker; the page polls the job by its key. A
    player has one fix in the queue at a time."""
    analysis = check_fixable(regions=regions, rule=rule, player=player, stars=stars)
    rule, stars = analysis.rule, analysis.stars  # checked in place
    pending = FixJob.objects.filter(status__in=(FixStatus.QUEUED, FixStatus.RUNNING),
                                    created_at__gte=timezone.now() - timedelta(
                                        seconds=FIX_EXPIRY_S))
    if pending.filter(player=player).exists():
        raise Busy(gettext("your last Make it unique is still being worked on; wait for it"))
    if pending.count() >= MAX_PENDING_FIXES:
        raise Busy(gettext("many boards are being fixed right now; try again in a few seconds"))
    job = FixJob.objects.create(player=player, rule=rule, regions=regions, stars=stars)
    transaction.on_commit(lambda: enqueue_fix(job.id))
    return job


def enqueue_fix(job_id: int) -> None:
    from puzzles.tasks import work_on_fix  # tasks import services

    try:
        work_on_fix.apply_async(args=[job_id], queue=settings.CELERY_BUILDER_QUEUE,
                                retry=False)
    except Exception as error:  # the broker is down: the page hears it at once
        log.warning("could not queue fix %s", job_id, exc_info=True)
        _end_fix(job_id, status=FixStatus.FAILED,
                 error=f"the fix could not be queued ({error}); try again in a moment")


def _end_fix(job_id: int, *, status: str, result: dict | None = None, error: str = "") -> None:
    FixJob.objects.filter(id=job_id).update(status=status, result=result, error=error[:2000],
                                            finished_at=timezone.now())


def execute_fix(job_id: int) -> str:
    """The body of the work_on_fix task: safe to deliver twice (only a queued job is taken),
    and a job its page has long given up on is dropped."""
    claimed = FixJob.objects.filter(id=job_id, status=FixStatus.QUEUED).update(
        status=FixStatus.RUNNING)
    if not claimed:
        return "taken"
    job = FixJob.objects.get(id=job_id)
    if (timezone.now() - job.created_at).total_seconds() > FIX_EXPIRY_S:
        _end_fix(job_id, status=FixStatus.FAILED, error="the fix waited too long; ask again")
        return "expired"
    try:
        fix = propose_fix(regions=job.regions, rule=job.rule, player=job.player,
                          stars=job.stars)
    except ValueError as error:  # ServiceError or the engine's own refusal: a sentence
        _end_fix(job_id, status=FixStatus.FAILED, error=str(error))
        return "failed"
    except Exception:  # a runaway search stopped by its time limit, or a bug: never a hang
        log.exception("fix %s failed", job_id)
        _end_fix(job_id, status=FixStatus.FAILED, error="the search for a fix failed; try again")
        return "failed"
    _end_fix(job_id, status=FixStatus.DONE, result={
        "regions": fix.regions, "moved": fix.moved, "tier": fix.rating.tier,
        "score": fix.rating.score})
    return "done"


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
