"""The level builder's costly work as jobs on its own worker queue (Make it unique, a k-star
painting's analysis, a motif start): asked for here after the cheap checks, shared out per
player and per client address, worked on by the worker, and failed when no worker will finish
them. services.builder holds the checks and the work itself."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import asdict
from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_lazy, override

from generator_ext import Analysis, DesignScore, Problem, Rating, Step
from puzzles.builder import selectors as community_selectors
from puzzles.builder.models import FixJob, FixStatus, JobKind
from puzzles.builder.services.painting import (
    analyze_painting,
    analyzed,
    check_fixable,
    check_motif_start,
    checked_painting,
    is_costly,
    is_finished,
    motif_painting,
    propose_fix,
)
from puzzles.core import inflight_locks as inflight
from puzzles.core.errors import Busy, ServiceError

log = logging.getLogger(__name__)


# The builder's worker queue is shared out: at most this many jobs wait (beyond, a 503 asks
# to retry), one per player and one per client address in flight (an address behind which
# 33 fixes a minute are asked fills nothing but its own place); a job older than FIX_EXPIRY_S
# when a worker reaches it is dropped (its page gave up polling long ago).
MAX_PENDING_FIXES = 32
PER_PLAYER = 1
PER_ADDRESS = 1
FIX_EXPIRY_S = 60

# Fair to a newcomer while many addresses fill it (attack row 27: 33 fixes from 33 addresses
# took all 32 places; a maker's analysis was refused, then waited 57 s behind them). An
# analysis is a stroke's feedback, bounded by the engine's node budget (under a second); a
# repair (Make it unique, a motif start) is a search of seconds. So:
# - repairs hold at most MAX_PENDING_REPAIRS of the places: an analysis always finds one;
# - an analysis goes first: the worker takes a waiting analysis before any waiting repair
#   (the broker's priority; it takes one job at a time), so it waits for the job in hand at
#   most;
# - that job is bounded: a repair's search stops at REPAIR_DEADLINE_S (failed with a
#   sentence), so MAX_PENDING_REPAIRS of them end within FIX_EXPIRY_S.
# No limit per network (/24, /64): carrier-grade NAT, campuses and mobile networks put many
# honest makers behind one, and the places per kind already bound what any number of
# addresses costs a newcomer.
MAX_PENDING_REPAIRS = 8
REPAIR_DEADLINE_S = 7
REPAIRS = (JobKind.FIX, JobKind.MOTIF)
ANALYSIS_PRIORITY, REPAIR_PRIORITY = 0, 9  # Redis's: 0 first


def request_analysis(*, player: str, address: str, regions: object, rule: object,
                     stars: object = 1) -> Analysis | FixJob:
    """The analysis at once when it is cheap; else a job for the builder's worker."""
    regions, rule, stars = checked_painting(regions=regions, rule=rule, player=player,
                                            stars=stars)
    if not is_finished(regions):
        return analyzed(regions, rule=rule, stars=stars)  # only its problems: microseconds
    if not is_costly(regions, stars):
        # Up to the search budget (0.2 s): one at a time per address, the next stroke waiting
        # a moment for its turn, so one address never holds more than one web thread's core.
        with costly_turn(address or player, wait_s=INLINE_TURN_WAIT_S):
            return analyzed(regions, rule=rule, stars=stars)
    return queue_job(kind=JobKind.ANALYZE, player=player, address=address, regions=regions,
                     rule=rule, stars=stars)


def request_motif(*, player: str, address: str, size: object, motif: object, rule: object,
                  style: object = "") -> FixJob:
    """A motif start, queued for the builder's worker."""
    params = check_motif_start(size=size, motif=motif, rule=rule, style=style)
    return queue_job(kind=JobKind.MOTIF, player=player, address=address, params=params,
                     rule=params["rule"])


def analysis_record(analysis: Analysis) -> dict:
    """An analysis as a job stores it (plain JSON), read back by `analysis_of_record`."""
    return asdict(analysis)


def analysis_of_record(record: dict) -> Analysis:
    rating = record["rating"]
    if rating is not None:
        rating = Rating(**{**rating, "steps": [Step(**step) for step in rating["steps"]]})
    return Analysis(**{**record, "problems": [Problem(**p) for p in record["problems"]],
                       "rating": rating,
                       "design": record["design"] and DesignScore(**record["design"])})


def request_fix(*, player: str, address: str = "", regions: object, rule: object,
                stars: object = 1) -> FixJob:
    """Queue a Make it unique for the builder's worker; the page polls the job by its key. The
    web checks only what costs no search (the worker analyses the board before fixing)."""
    regions, rule, stars = checked_painting(regions=regions, rule=rule, player=player,
                                            stars=stars)
    if not is_finished(regions):
        raise ServiceError(gettext("some cells are not painted yet. Finish painting first."))
    if not is_costly(regions, stars):  # its problems are cheap to see: refused at once
        check_fixable(regions=regions, rule=rule, player=player, stars=stars)
    return queue_job(kind=JobKind.FIX, player=player, address=address, regions=regions,
                     rule=rule, stars=stars)


INLINE_TURN_WAIT_S = 0.5


@contextmanager
def costly_turn(who: str, *, wait_s: float = 0.0):
    """This address's one costly request in flight, or a 503 while another holds it."""
    with inflight.held("builder", who, wait_s=wait_s) as mine:
        if not mine:
            raise Busy(gettext("your last request to the builder is still being worked on; "
                               "wait for it"))
        yield


def queue_job(*, kind: str, player: str, address: str, rule: str, stars: int = 1,
              regions: list | None = None, params: dict | None = None) -> FixJob:
    """A job on the builder's queue, if the player, the address and the queue have room.
    The address's lock makes its count and the new row one step (two requests of one address
    at once cannot both pass)."""
    with costly_turn(address or player):
        pending = FixJob.objects.filter(status__in=(FixStatus.QUEUED, FixStatus.RUNNING),
                                        created_at__gte=timezone.now() - timedelta(
                                            seconds=FIX_EXPIRY_S))
        if pending.filter(player=player).count() >= PER_PLAYER or (
                address and pending.filter(address=address).count() >= PER_ADDRESS):
            raise Busy(gettext("your last request to the builder is still being worked on; "
                               "wait for it"))
        if pending.count() >= MAX_PENDING_FIXES or (
                kind in REPAIRS
                and pending.filter(kind__in=REPAIRS).count() >= MAX_PENDING_REPAIRS):
            raise Busy(gettext("many boards are being worked on right now; try again in a few "
                               "seconds"))
        # The worker words a failure in the language of the page that asked.
        job = FixJob.objects.create(kind=kind, player=player, address=address, rule=rule,
                                    stars=stars, regions=regions,
                                    params={**(params or {}), LANGUAGE: get_language()})
    transaction.on_commit(lambda: enqueue_fix(job.id, kind=kind))
    return job


def enqueue_fix(job_id: int, *, kind: str = JobKind.FIX) -> None:
    from puzzles.builder.tasks import work_on_fix  # the tasks import this module

    bounds = {"priority": ANALYSIS_PRIORITY} if kind not in REPAIRS else {
        "priority": REPAIR_PRIORITY, "soft_time_limit": REPAIR_DEADLINE_S,
        "time_limit": REPAIR_DEADLINE_S + 5}
    try:
        work_on_fix.apply_async(args=[job_id], queue=settings.CELERY_BUILDER_QUEUE,
                                retry=False, **bounds)
    except Exception:  # the broker is down: the page hears it at once (the log says why)
        log.warning("could not queue fix %s", job_id, exc_info=True)
        _end_fix(job_id, status=FixStatus.FAILED,
                 error=gettext("the request could not be queued; try again in a moment"))


def _end_fix(job_id: int, *, status: str, result: dict | None = None, error: str = "") -> None:
    FixJob.objects.filter(id=job_id).update(status=status, result=result, error=error[:2000],
                                            finished_at=timezone.now())


def execute_fix(job_id: int) -> str:
    """The body of the work_on_fix task: safe to deliver twice (only a queued job is taken),
    a job its page has long given up on is dropped, and a job found running was being worked
    on by a worker that died (the broker delivers it again): it fails with a sentence."""
    try:
        claimed = FixJob.objects.filter(id=job_id, status=FixStatus.QUEUED).update(
            status=FixStatus.RUNNING, started_at=timezone.now())
        if not claimed:
            if FixJob.objects.filter(id=job_id, status=FixStatus.RUNNING).exists():
                _end_fix(job_id, status=FixStatus.FAILED, error=str(WORKER_LOST))
                return "lost"
            return "taken"
        job = FixJob.objects.get(id=job_id)
        with override(job.params.get(LANGUAGE)):
            return _execute(job)
    except SoftTimeLimitExceeded:
        # The deadline came before the work began (taking the job, reading it): the job ends
        # here, not left running for a retry to call its worker dead.
        FixJob.objects.filter(id=job_id, status__in=(FixStatus.QUEUED, FixStatus.RUNNING)).update(
            status=FixStatus.FAILED, error=str(TOO_LONG), finished_at=timezone.now())
        return "failed"


def _execute(job: FixJob) -> str:
    job_id = job.id
    if (timezone.now() - job.created_at).total_seconds() > FIX_EXPIRY_S:
        _end_fix(job_id, status=FixStatus.FAILED, error=gettext("the request waited too long; "
                                                                "ask again"))
        return "expired"
    try:
        result = _work(job)
    except ValueError as error:  # ServiceError or the engine's own refusal: a sentence
        _end_fix(job_id, status=FixStatus.FAILED, error=str(error))
        return "failed"
    except SoftTimeLimitExceeded:  # past REPAIR_DEADLINE_S: the queue's share of its time
        _end_fix(job_id, status=FixStatus.FAILED, error=str(TOO_LONG))
        return "failed"
    except Exception:  # a runaway search stopped by its time limit, or a bug: never a hang
        log.exception("fix %s failed", job_id)
        _end_fix(job_id, status=FixStatus.FAILED,
                 error=gettext("the work on this board failed; try again"))
        return "failed"
    _end_fix(job_id, status=FixStatus.DONE, result=result)
    return "done"


def _work(job: FixJob) -> dict:
    """The job's own work, by kind: what its page polls for."""
    if job.kind == JobKind.MOTIF:
        return motif_painting(**{k: v for k, v in job.params.items() if k != LANGUAGE})
    if job.kind == JobKind.ANALYZE:
        return analysis_record(analyze_painting(regions=job.regions, rule=job.rule,
                                                player=job.player, stars=job.stars))
    fix = propose_fix(regions=job.regions, rule=job.rule, player=job.player, stars=job.stars)
    return {"regions": fix.regions, "moved": fix.moved, "tier": fix.rating.tier,
            "score": fix.rating.score}


LANGUAGE = "language"  # the job's parameter naming the asking page's language

WORKER_LOST = gettext_lazy("the worker stopped while working on this; try again")
TOO_LONG = gettext_lazy("this board took too long to work on; change a few cells and try again")


def job_limit_s() -> float:
    """How long a job may be running before a sweep takes its worker for dead: the task's
    hard time limit and a margin."""
    return settings.QUEENS_BUILDER_JOB_LIMIT_S


def fail_stuck_jobs(*, job_id: int | None = None) -> int:
    """Jobs no worker will finish: running past the limit (the worker was killed and the
    broker has not delivered the task again yet) or queued past their expiry (the message
    was lost). Failed with a sentence, so no page polls "running" forever."""
    now = timezone.now()
    jobs = FixJob.objects.all() if job_id is None else FixJob.objects.filter(id=job_id)
    running = jobs.filter(status=FixStatus.RUNNING,
                          started_at__lt=now - timedelta(seconds=job_limit_s()))
    queued = jobs.filter(status=FixStatus.QUEUED,
                         created_at__lt=now - timedelta(seconds=FIX_EXPIRY_S + job_limit_s()))
    return (running.update(status=FixStatus.FAILED, error=str(WORKER_LOST), finished_at=now)
            + queued.update(status=FixStatus.FAILED, finished_at=now,
                            error=gettext("the request waited too long; ask again")))


# A finished job is kept a day (its page polled it within seconds); a k-star painting makes one
# per stroke, so they are not kept for ever.
FINISHED_JOB_KEPT = timedelta(days=1)


def forget_finished_jobs() -> int:
    """Delete jobs that ended more than a day ago; how many."""
    old = FixJob.objects.filter(status__in=(FixStatus.DONE, FixStatus.FAILED),
                                finished_at__lt=timezone.now() - FINISHED_JOB_KEPT)
    return old.delete()[0]


def polled_job(*, player: str, key: str, kind: str) -> FixJob | None:
    """The player's job as its page polls it, failed first if no worker will finish it."""
    job = community_selectors.fix_job_of(player, key)
    if job is None or job.kind != kind:
        return None
    if job.status in (FixStatus.QUEUED, FixStatus.RUNNING) and fail_stuck_jobs(job_id=job.id):
        job.refresh_from_db()
    return job
