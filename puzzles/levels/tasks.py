"""Celery tasks of levels: each takes ids, calls one service and is safe to run twice.

Each keeps the name it had when all tasks lived in puzzles/tasks.py (``puzzles.tasks.<fn>``),
so beat's rows and messages already queued still find it."""

from celery import shared_task

from puzzles.core.task_options import TASK_OPTIONS
from puzzles.levels.services import pools, runs


@shared_task(name="puzzles.tasks.run_generation", **TASK_OPTIONS)
def run_generation(run_id: int) -> str:
    return runs.execute_run(run_id)


@shared_task(name="puzzles.tasks.resume_stale_runs", **TASK_OPTIONS)
def resume_stale_runs() -> list[int]:
    return runs.resume_stale_runs()


@shared_task(name="puzzles.tasks.top_up_pools", **TASK_OPTIONS)
def top_up_pools() -> list[int]:
    return [run.id for run in pools.top_up_pools()]
