"""Celery tasks of the builder (names kept from puzzles/tasks.py: beat's rows and queued
messages match them)."""

from celery import shared_task

from puzzles.builder.services import jobs as builder_jobs
from puzzles.core.task_options import TASK_OPTIONS


# A fix's search is bounded by the engine's own budgets; these only stop a runaway one (the
# soft limit fails the job with a sentence).
@shared_task(name="puzzles.tasks.work_on_fix", **TASK_OPTIONS, soft_time_limit=30, time_limit=45)
def work_on_fix(job_id: int) -> str:
    """A builder job (Make it unique, a k-star analysis, a motif start) on its own queue."""
    return builder_jobs.execute_fix(job_id)


@shared_task(name="puzzles.tasks.fail_stuck_builder_jobs", **TASK_OPTIONS)
def fail_stuck_builder_jobs() -> int:
    """Builder jobs no worker will finish (a killed worker's): failed with a sentence."""
    return builder_jobs.fail_stuck_jobs()


@shared_task(name="puzzles.tasks.forget_builder_jobs", **TASK_OPTIONS)
def forget_builder_jobs() -> int:
    """Builder jobs that ended a day ago: deleted (safe to run twice)."""
    return builder_jobs.forget_finished_jobs()
