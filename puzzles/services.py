"""Writes: levels, generation runs, pools, daily puzzles, checks, reveals and solves."""

from __future__ import annotations

import logging
import time
from datetime import date, timedelta

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from generator_ext import GeneratedLevel, canonical_hash, count_solutions, generate
from generator_ext.deduce import parse_cells
from puzzles import board, selectors
from puzzles.models import (
    DailyPuzzle,
    GenerationRun,
    Level,
    PoolTarget,
    Rule,
    RunStatus,
    Solve,
)

log = logging.getLogger(__name__)

SOLVE_TOKEN_SALT = "queens.solve"
SOLVE_TOKEN_MAX_AGE_S = 7 * 24 * 3600
MAX_RUN_REQUEST = 1000
DAILY_SIZES = {0: 7, 1: 8, 2: 8, 3: 9, 4: 9, 5: 10, 6: 11}  # Monday = 0
STARTER_SIZES = range(4, 13)


class ServiceError(ValueError):
    """A request the rules refuse; the message is shown to the client as is."""


def check_served_size(size: object) -> int:
    low, high = settings.QUEENS_SERVED_SIZES
    if isinstance(size, bool) or not isinstance(size, int) or not low <= size <= high:
        raise ServiceError(f"size must be an integer between {low} and {high}")
    return size


def check_rule(rule: object) -> str:
    if rule not in Rule.values:
        raise ServiceError(f"unknown rule {rule!r}; the rules are 'touch' and 'classic'")
    return rule


# ---------------------------------------------------------------- levels


def save_generated_level(generated: GeneratedLevel, min_region_size: int = 2) -> Level | None:
    """Store a level after the engine confirms it again; None if the same puzzle is stored."""
    regions, rule = generated.regions, generated.rule
    if count_solutions(regions, rule, limit=2) != 1:
        raise ServiceError("the level does not have exactly one solution")
    try:
        with transaction.atomic():
            return Level.objects.create(
                size=len(regions),
                rule=rule,
                regions=regions,
                solution=generated.solution,
                canonical_hash=canonical_hash(regions, rule),
                min_region_size=min_region_size,
                strategy=generated.strategy,
                seed=generated.seed,
                elapsed_s=generated.elapsed_s,
            )
    except IntegrityError:
        return None


# ---------------------------------------------------------------- generation runs


def create_run(size: int, rule: str, requested: int, requested_by=None) -> GenerationRun:
    """A queued run; its task is sent once the transaction commits."""
    check_served_size(size)
    check_rule(rule)
    if (
        isinstance(requested, bool)
        or not isinstance(requested, int)
        or not 1 <= requested <= MAX_RUN_REQUEST
    ):
        raise ServiceError(f"requested must be an integer between 1 and {MAX_RUN_REQUEST}")
    run = GenerationRun.objects.create(
        size=size, rule=rule, requested=requested, requested_by=requested_by
    )
    transaction.on_commit(lambda: enqueue_run(run.id))
    return run


def enqueue_run(run_id: int) -> None:
    from puzzles.tasks import run_generation  # tasks import services

    try:
        result = run_generation.apply_async(
            args=[run_id], queue=settings.CELERY_QUEUE, retry=False
        )
    except Exception:  # broker down: the run stays queued and resume_stale_runs re-sends it
        log.warning("could not queue generation run %s", run_id, exc_info=True)
        return
    GenerationRun.objects.filter(id=run_id).update(task_id=result.id)


def start_run(run_id: int) -> GenerationRun | None:
    """Mark a run running; None when it is already finished (or gone)."""
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is None or run.is_finished:
            return None
        now = timezone.now()
        run.status = RunStatus.RUNNING
        run.started_at = run.started_at or now
        run.heartbeat_at = now
        run.save(update_fields=["status", "started_at", "heartbeat_at"])
        return run


def _finish(run: GenerationRun, status: str, error: str = "") -> None:
    run.status = status
    run.finished_at = timezone.now()
    run.error = error
    run.save(update_fields=["status", "finished_at", "error"])


def advance_run(run_id: int, deadline: float) -> bool:
    """Make levels for a running run until it is full or the deadline passes, one level per
    transaction. True when work remains for another task."""
    while True:
        run = GenerationRun.objects.get(id=run_id)
        if run.status != RunStatus.RUNNING:
            return False
        if run.produced >= run.requested:
            with transaction.atomic():
                run = GenerationRun.objects.select_for_update().get(id=run_id)
                if run.status == RunStatus.RUNNING:
                    _finish(run, RunStatus.SUCCEEDED)
            return False
        if time.monotonic() >= deadline:
            return True
        generated = generate(run.size, run.rule)  # no lock held while the engine works
        with transaction.atomic():
            run = GenerationRun.objects.select_for_update().get(id=run_id)
            if run.status != RunStatus.RUNNING or run.produced >= run.requested:
                continue
            if save_generated_level(generated) is None:
                run.duplicates += 1
            else:
                run.produced += 1
            run.heartbeat_at = timezone.now()
            run.save(update_fields=["produced", "duplicates", "heartbeat_at"])


def fail_run(run_id: int, error: str) -> None:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is not None and not run.is_finished:
            _finish(run, RunStatus.FAILED, error[:2000])


def cancel_run(run_id: int) -> bool:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is None or run.is_finished:
            return False
        _finish(run, RunStatus.CANCELLED)
        return True


def execute_run(run_id: int) -> str:
    """The body of the run_generation task: safe to deliver twice, resumable at any point."""
    if start_run(run_id) is None:
        return "finished"
    try:
        more = advance_run(run_id, time.monotonic() + settings.QUEENS_TASK_SLICE_S)
    except Exception as error:  # an engine or database error fails the run, not the worker
        log.exception("generation run %s failed", run_id)
        fail_run(run_id, f"{type(error).__name__}: {error}")
        return "failed"
    if more:
        enqueue_run(run_id)
        return "continued"
    return "done"


def resume_stale_runs() -> list[int]:
    """Re-queue running runs whose heartbeat stopped (a killed worker) and queued runs
    whose task never started."""
    cutoff = timezone.now() - timedelta(seconds=settings.QUEENS_STALE_AFTER_S)
    stale = list(
        GenerationRun.objects.filter(
            Q(status=RunStatus.RUNNING, heartbeat_at__lt=cutoff)
            | Q(status=RunStatus.QUEUED, created_at__lt=cutoff)
        ).values_list("id", flat=True)
    )
    for run_id in stale:
        GenerationRun.objects.filter(id=run_id).update(heartbeat_at=timezone.now())
        enqueue_run(run_id)
    return stale


# ---------------------------------------------------------------- pools


def ensure_pool_targets(sizes=range(4, 21), rule: str = Rule.TOUCH, target: int = 20) -> None:
    for size in sizes:
        PoolTarget.objects.get_or_create(size=size, rule=rule, defaults={"target": target})


def top_up_pools() -> list[GenerationRun]:
    """One run per enabled pool below its target, for the deficit, unless one is already
    queued or running for that pool."""
    created = []
    for target in PoolTarget.objects.filter(enabled=True):
        with transaction.atomic():
            # Lock the target row so two top-ups at once cannot both queue a run.
            target = PoolTarget.objects.select_for_update().get(id=target.id)
            busy = selectors.pool_has_active_run(target.size, target.rule)
            deficit = target.target - selectors.active_levels(target.size, target.rule).count()
            if busy or deficit <= 0:
                continue
            created.append(
                create_run(target.size, target.rule, min(deficit, MAX_RUN_REQUEST))
            )
    return created


def top_up_pool(size: int, rule: str) -> None:
    """Queue a run for one pool that ran dry (called when a player finds it empty)."""
    target, _ = PoolTarget.objects.get_or_create(size=size, rule=rule)
    if not target.enabled:
        return
    if not selectors.pool_has_active_run(size, rule):
        create_run(size, rule, max(1, target.target))


def generate_levels(size: int, count: int, rule: str = Rule.TOUCH, seed: int | None = None,
                    progress=None) -> tuple[int, int]:
    """Make and store `count` new levels here and now: (produced, duplicates)."""
    check_served_size(size)
    check_rule(rule)
    produced = duplicates = 0
    next_seed = seed
    while produced < count:
        generated = generate(size, rule, seed=next_seed)
        if save_generated_level(generated) is None:
            duplicates += 1
        else:
            produced += 1
        if next_seed is not None:
            next_seed += 1
        if progress:
            progress(produced, duplicates)
        if duplicates > 50 + 10 * count:
            raise ServiceError(f"too many duplicates at size {size}: the pool looks exhausted")
    return produced, duplicates


# ---------------------------------------------------------------- daily puzzle


def daily_number(day: date) -> int:
    number = (day - settings.QUEENS_DAILY_EPOCH).days + 1
    if number < 1:
        raise ServiceError(f"there are no daily puzzles before {settings.QUEENS_DAILY_EPOCH}")
    return number


def ensure_daily(day: date) -> DailyPuzzle | None:
    """That day's puzzle, assigned from the pool if it has none yet; never a level twice."""
    existing = selectors.daily_for(day)
    if existing:
        return existing
    number = daily_number(day)
    size = DAILY_SIZES[day.weekday()]
    level = selectors.random_level(size, Rule.TOUCH, extra=Q(daily__isnull=True))
    if level is None:
        top_up_pool(size, Rule.TOUCH)
        return None
    try:
        with transaction.atomic():
            return DailyPuzzle.objects.create(date=day, level=level, number=number)
    except IntegrityError:  # another process assigned it first
        return selectors.daily_for(day)


# ---------------------------------------------------------------- play


def check_queens(level: Level, queens_value: object, player: str) -> dict:
    """Conflicts on the player's queens; the solution and a solve token only when solved."""
    queens = parse_cells(queens_value, level.size, "queens")
    result = {
        "solved": board.is_exact_solution(queens, level.solution),
        "conflicts": board.find_conflicts(level.regions, queens, level.rule),
    }
    if result["solved"]:
        result["solution"] = level.solution
        result["token"] = signing.dumps({"l": level.id, "p": player}, salt=SOLVE_TOKEN_SALT)
    return result


def reveal_solution(level: Level, player: str) -> list[int]:
    """The solution; the level counts as revealed for this player, never as solved."""
    solve, created = Solve.objects.get_or_create(
        level=level, player=player, defaults={"revealed": True}
    )
    if not created and not solve.revealed and solve.seconds is None:
        Solve.objects.filter(id=solve.id).update(revealed=True)
    return level.solution


def record_solve(level: Level, player: str, seconds: object, hints: object,
                 token: object) -> dict:
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 <= seconds <= 604800:
        raise ServiceError("seconds must be an integer between 0 and 604800")
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= 10000:
        raise ServiceError("hints must be a non-negative integer")
    if not isinstance(token, str) or not token:
        raise ServiceError("token must be the token from a solving check")
    try:
        claim = signing.loads(token, salt=SOLVE_TOKEN_SALT, max_age=SOLVE_TOKEN_MAX_AGE_S)
    except signing.BadSignature as error:
        raise ServiceError("the solve token is not valid") from error
    if claim.get("l") != level.id or claim.get("p") != player:
        raise ServiceError("the solve token belongs to another level or player")
    try:
        with transaction.atomic():
            Solve.objects.create(level=level, player=player, seconds=seconds, hints=hints)
    except IntegrityError as error:
        previous = Solve.objects.get(level=level, player=player)
        if previous.revealed:
            raise ServiceError("this level was revealed, so it cannot count as solved") from error
        raise ServiceError("this solve is already recorded") from error
    return selectors.solve_ranking(level, seconds)
