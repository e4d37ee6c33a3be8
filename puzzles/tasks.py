"""The module Celery's autodiscover_tasks() imports (it looks for ``<app>.tasks`` only, and the
app is ``puzzles``): it imports each domain's tasks so the worker registers them. The tasks live
in their domains (levels/, daily/, builder/, rooms/ tasks.py) and keep the names they had here
(``puzzles.tasks.<fn>``), so beat's rows and queued messages still match."""

from puzzles.builder.tasks import fail_stuck_builder_jobs, forget_builder_jobs, work_on_fix
from puzzles.daily.tasks import ensure_daily
from puzzles.levels.tasks import resume_stale_runs, run_generation, top_up_pools
from puzzles.rooms.tasks import expire_rooms

__all__ = ["ensure_daily", "expire_rooms", "fail_stuck_builder_jobs", "forget_builder_jobs",
           "resume_stale_runs", "run_generation", "top_up_pools", "work_on_fix"]
