"""Celery tasks: each takes ids, calls one service and is safe to run twice."""

from datetime import date, timedelta

from celery import shared_task
from django.utils import timezone

from puzzles.builder.services import jobs as builder_jobs
from puzzles.daily import services as daily
from puzzles.levels.services import pools, runs
from puzzles.rooms import services as rooms

TASK_OPTIONS = {"acks_late": True, "reject_on_worker_lost": True, "ignore_result": True}


@shared_task(**TASK_OPTIONS)
def run_generation(run_id: int) -> str:
    return runs.execute_run(run_id)


@shared_task(**TASK_OPTIONS)
def resume_stale_runs() -> list[int]:
    return runs.resume_stale_runs()


@shared_task(**TASK_OPTIONS)
def top_up_pools() -> list[int]:
    return [run.id for run in pools.top_up_pools()]


@shared_task(**TASK_OPTIONS)
def ensure_daily(day: str | None = None) -> int | None:
    """Assign a day's puzzle (default: tomorrow, UTC)."""
    target = date.fromisoformat(day) if day else timezone.now().date() + timedelta(days=1)
    puzzle = daily.ensure_daily(target)
    return puzzle.number if puzzle else None


# A fix's search is bounded by the engine's own budgets; these only stop a runaway one (the
# soft limit fails the job with a sentence).
@shared_task(**TASK_OPTIONS, soft_time_limit=30, time_limit=45)
def work_on_fix(job_id: int) -> str:
    """A builder job (Make it unique, a k-star analysis, a motif start) on its own queue."""
    return builder_jobs.execute_fix(job_id)


@shared_task(**TASK_OPTIONS)
def fail_stuck_builder_jobs() -> int:
    """Builder jobs no worker will finish (a killed worker's): failed with a sentence."""
    return builder_jobs.fail_stuck_jobs()


@shared_task(**TASK_OPTIONS)
def forget_builder_jobs() -> int:
    """Builder jobs that ended a day ago: deleted (safe to run twice)."""
    return builder_jobs.forget_finished_jobs()


@shared_task(**TASK_OPTIONS)
def expire_rooms() -> int:
    """Race rooms nobody has been in for an hour: deleted (safe to run twice)."""
    return rooms.expire_rooms()
