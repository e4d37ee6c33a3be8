"""Generation runs: created, queued, worked a slice at a time with a heartbeat, handed to a
fresh task, resumed when their worker died, and finished (their states: run_states.py). A
banded run's candidates are judged twice (levels/rating_band.py): by the engine while they
are built (a candidate clearly outside the band is abandoned for the next), and finished,
before they are stored."""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Q
from django.utils import timezone

from generator_ext import JudgedOut, generate
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.vocabulary import Kind
from puzzles.levels import cache as level_cache
from puzzles.levels import rating_band
from puzzles.levels.models import GenerationRun, RunStatus, check_kind
from puzzles.levels.services import run_states
from puzzles.levels.services.levels import save_generated_level
from puzzles.levels.services.run_states import (  # the runs' service names them too
    beating,
    cancel_run,
    fail_run,
    finish_exhausted,
    start_run,
)

log = logging.getLogger(__name__)
MAX_RUN_REQUEST = 1000
# A run ends "exhausted" once its duplicates pass this floor and this multiple of its levels.
EXHAUSTED_MIN_DUPLICATES = 100
EXHAUSTED_RATIO = 2
# A banded run ends "exhausted" once the candidates it rejected (predicted outside its band)
# pass this floor and this multiple of its levels: a band its pool seldom reaches (under
# about one candidate in twenty) or never does ends with its reason, not a run for ever.
# A generate() whose every candidate the engine's judge turned down (JudgedOut) counts one.
EXHAUSTED_MIN_REJECTED = 100
REJECTED_RATIO = 20


def check_run_request(*, size: object, rule: object, tier: object, requested: object,
                      style: object = "", motif: object = "", stars: object = 1,
                      family: object = "", rating_min: object = None,
                      rating_max: object = None, kind: object = Kind.LEVEL) -> str:
    """ServiceError naming the first bad field of a run request; the checked tier."""
    domain.check_size(size)
    if check_kind(kind, size=size, rule=rule, tier=tier, stars=stars) == Kind.TRAP and (
            style or motif or family or rating_min is not None or rating_max is not None):
        raise ServiceError("trap runs take no style, motif, family or band")
    domain.check_rule(rule)
    domain.check_stars(stars, size)
    domain.check_star_rule(stars, rule)
    if stars != 1 and (style or motif or family):
        raise ServiceError("k-star runs take no style, motif or family")
    tier = domain.check_tier(tier, size, stars)
    domain.check_style(style)
    domain.check_motif(motif, size)
    domain.check_design_together(size, style=style, motif=motif, family=family)
    if (
        isinstance(requested, bool)
        or not isinstance(requested, int)
        or not 1 <= requested <= MAX_RUN_REQUEST
    ):
        raise ServiceError(f"requested must be an integer between 1 and {MAX_RUN_REQUEST}")
    rating_band.check_band(rating_min, rating_max)
    return tier


def create_run(*, size: int, rule: str, requested: int, requested_by=None,
               tier: str = "", style: str = "", motif: str = "",
               stars: int = 1, family: str = "", rating_min: int | None = None,
               rating_max: int | None = None, kind: str = Kind.LEVEL,
               send: bool = True) -> GenerationRun:
    """A queued run; its task is sent once the transaction commits (unless `send` is false:
    run_here works it). Its levels are composed in the family (blank: each drawn) under the
    style's symmetries (blank: any) around the motif (blank: none), and each is predicted
    within the band (rating_min to rating_max, either end open) before it is stored."""
    tier = check_run_request(size=size, rule=rule, tier=tier, requested=requested,
                             style=style, motif=motif, stars=stars, family=family,
                             rating_min=rating_min, rating_max=rating_max, kind=kind)
    run = GenerationRun.objects.create(kind=kind,
        size=size, rule=rule, tier=tier, requested=requested, requested_by=requested_by,
        style=style or "", motif=motif or "", stars=stars, family=family or "",
        rating_min=rating_min, rating_max=rating_max,
    )
    if send:
        transaction.on_commit(lambda: enqueue_run(run.id))
    return run


def run_queue(run_id: int) -> str:
    """The queue of a run: a person's on the admin queue, the pools' on the generation queue."""
    asked = GenerationRun.objects.filter(id=run_id, requested_by__isnull=False).exists()
    return settings.CELERY_ADMIN_QUEUE if asked else settings.CELERY_QUEUE


def enqueue_run(run_id: int) -> None:
    from puzzles.levels.tasks import run_generation  # the tasks import this module

    try:
        result = run_generation.apply_async(args=[run_id], queue=run_queue(run_id), retry=False)
    except Exception:  # broker down: the run stays queued and resume_stale_runs re-sends it
        log.warning("could not queue generation run %s", run_id, exc_info=True)
        GenerationRun.objects.filter(id=run_id).update(task_id="")  # never sent: re-send soon
        return
    GenerationRun.objects.filter(id=run_id).update(task_id=result.id)


def advance_run(run_id: int, *, deadline: float, seed: int | None = None) -> bool:
    """Make levels for a running run until it is full or the deadline passes, one level per
    transaction. True when work remains for another task. The web processes hear of the
    new levels once a second (level_cache.batched), not once a level. With a `seed`, the
    run's k-th attempt is generated from seed + k (the same levels again)."""
    with level_cache.batched():
        return _advance(run_id, deadline, seed)


def _advance(run_id: int, deadline: float, seed: int | None = None) -> bool:
    while True:
        run = GenerationRun.objects.get(id=run_id)
        if run.status != RunStatus.RUNNING:
            return False
        if run.produced >= run.requested:
            with transaction.atomic():
                run = GenerationRun.objects.select_for_update().get(id=run_id)
                if run.status == RunStatus.RUNNING:
                    run_states.finish(run, RunStatus.SUCCEEDED)
            return False
        if time.monotonic() >= deadline:
            return True
        failure, verdict, judged_out = None, None, None
        # No lock held while the engine works; it releases the GIL, so the beat goes on.
        with beating(run_id):
            attempt = None if seed is None else (
                seed + run.produced + run.duplicates + run.rejected)
            early = rating_band.early_judge(
                size=run.size, rule=run.rule, stars=run.stars, rating_min=run.rating_min,
                rating_max=run.rating_max) if run.banded else None
            try:
                generated = generate(run.size, run.rule, seed=attempt, tier=run.tier or None,
                                     style=run.style or None, motif=run.motif or None,
                                     stars=run.stars, family=run.family or None, judge=early,
                                     trap=run.kind == Kind.TRAP)  # a trap run is never banded
            except JudgedOut as error:  # every candidate predicted outside, while built
                judged_out = error
            except RuntimeError as error:  # every attempt of the engine's budget failed
                failure = str(error)
            else:
                if run.banded:  # judged before it is stored: a rejected one costs no write
                    verdict = rating_band.judge(generated, rating_min=run.rating_min,
                                                rating_max=run.rating_max)
        if failure is not None:
            finish_exhausted(run_id, reason=failure)
            return False
        if judged_out is not None:
            if _rejected(run_id, f"{judged_out.judged_out} turned down while built"):
                return False
            continue
        if verdict is not None and not verdict.accepted:
            if _rejected(run_id, f"{verdict.rating:.0f}, by {verdict.model}"):
                return False
            continue
        with transaction.atomic():
            run = GenerationRun.objects.select_for_update().get(id=run_id)
            if run.status != RunStatus.RUNNING or run.produced >= run.requested:
                continue
            level = save_generated_level(generated, kind=run.kind)
            if level is None:
                run.duplicates += 1
            else:
                run.produced += 1
                if verdict is not None and verdict.keep is not None:
                    verdict.keep(level)  # the judge's features and prediction of it
            run.heartbeat_at = timezone.now()
            run.save(update_fields=["produced", "duplicates", "heartbeat_at"])
            if run.duplicates > max(EXHAUSTED_MIN_DUPLICATES, EXHAUSTED_RATIO * run.produced):
                run_states.finish(run, RunStatus.EXHAUSTED,
                        f"only {run.produced} new levels for {run.duplicates} duplicates: "
                        f"this pool has few distinct levels left")
                return False


def _rejected(run_id: int, last: str) -> bool:
    """Count a candidate predicted outside the run's band (`last`: how it was); True when
    that ended the run (exhausted: the band is out of this pool's reach)."""
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().get(id=run_id)
        if run.status != RunStatus.RUNNING:
            return True
        run.rejected += 1
        run.heartbeat_at = timezone.now()
        run.save(update_fields=["rejected", "heartbeat_at"])
        if run.rejected <= max(EXHAUSTED_MIN_REJECTED, REJECTED_RATIO * run.produced):
            return False
        band = rating_band.words(run.rating_min, run.rating_max)
        run_states.finish(run, RunStatus.EXHAUSTED,
                f"only {run.produced} levels rated {band} for {run.rejected} candidates "
                f"predicted outside it (the last {last}): "
                f"the band is out of reach of {run.size}×{run.size} "
                f"{run.tier or 'any-tier'} levels")
        return True


def requeue_run(run_id: int) -> bool:
    """Hand a running run to a fresh task: queued again (its message waits in the broker),
    so a long queue does not make it look dead."""
    handed = GenerationRun.objects.filter(id=run_id, status=RunStatus.RUNNING).update(
        status=RunStatus.QUEUED, heartbeat_at=timezone.now())
    if handed:
        enqueue_run(run_id)
    return bool(handed)


def execute_run(run_id: int) -> str:
    """The body of the run_generation task: safe to deliver twice, resumable at any point."""
    if start_run(run_id) is None:
        return "finished"
    try:
        more = advance_run(run_id, deadline=time.monotonic() + settings.QUEENS_TASK_SLICE_S)
    except (OperationalError, InterfaceError):
        # The database went away: nothing can be written, not even the failure. The run
        # keeps its state, its heartbeat goes stale, and resume_stale_runs hands it on.
        log.warning("generation run %s interrupted: the database is unreachable", run_id,
                    exc_info=True)
        return "interrupted"
    except Exception as error:  # an engine or data error fails the run, not the worker
        log.exception("generation run %s failed", run_id)
        fail_run(run_id, error=f"{type(error).__name__}: {error}")
        return "failed"
    if more and requeue_run(run_id):
        return "continued"
    return "done"


def run_here(run_id: int, *, seed: int | None = None, progress=None,
             every_s: float = 1.0) -> GenerationRun:
    """Work a run in this process to its end (the command line's generate_levels, the first
    set-up's starter pool), calling progress(run) every `every_s` seconds and at the end; the
    finished run. Interrupted (Ctrl-C), the run is cancelled, not left for a worker."""
    if start_run(run_id) is None:
        return GenerationRun.objects.get(id=run_id)
    try:
        while advance_run(run_id, deadline=time.monotonic() + every_s, seed=seed):
            if progress:
                progress(GenerationRun.objects.get(id=run_id))
    except KeyboardInterrupt:
        cancel_run(run_id)
        raise
    except Exception as error:  # as a worker's run: the run fails, with the reason
        log.exception("generation run %s failed", run_id)
        fail_run(run_id, error=f"{type(error).__name__}: {error}")
    run = GenerationRun.objects.get(id=run_id)
    if progress:
        progress(run)
    return run


def resume_stale_runs() -> list[int]:
    """Re-send the runs no worker has: running ones whose heartbeat stopped (a killed
    worker), queued ones never sent (the broker was down), and queued ones whose message
    waited so long it was likely lost (a broker restarted without its data)."""
    now = timezone.now()
    dead = now - timedelta(seconds=settings.QUEENS_STALE_AFTER_S)
    lost = now - timedelta(seconds=settings.QUEENS_QUEUED_STALE_S)

    def not_since(cutoff):  # heartbeat_at also marks a send: one re-send per window
        return Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=cutoff)

    stale_filter = (
        Q(status=RunStatus.RUNNING, heartbeat_at__lt=dead)
        | Q(not_since(dead), status=RunStatus.QUEUED, task_id="", created_at__lt=dead)
        | Q(not_since(lost), status=RunStatus.QUEUED, created_at__lt=lost)
    )
    resent = []
    for run_id in GenerationRun.objects.filter(stale_filter).values_list("id", flat=True):
        # Claim it in one UPDATE: of two beat ticks at once, one re-sends. Queued again, so
        # it is not re-sent while its message waits behind others.
        if GenerationRun.objects.filter(stale_filter, id=run_id).update(
                status=RunStatus.QUEUED, heartbeat_at=now):
            enqueue_run(run_id)
            resent.append(run_id)
    return resent
