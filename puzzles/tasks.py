"""The module Celery's autodiscover_tasks() imports (it looks for ``<app>.tasks`` only, and the
app is ``puzzles``): it imports each domain's tasks so the worker registers them. The tasks live
in their domains (levels/, daily/, builder/, rooms/, ratings/ tasks.py) and keep the names they
had here (``puzzles.tasks.<fn>``), so beat's rows and queued messages still match."""

from puzzles.builder.tasks import fail_stuck_builder_jobs, forget_builder_jobs, work_on_fix
from puzzles.daily.tasks import ensure_daily
from puzzles.levels.tasks import resume_stale_runs, run_generation, top_up_pools
from puzzles.ratings.tasks import predict_new_levels, train_difficulty_model
from puzzles.rooms.tasks import expire_rooms

__all__ = ["ensure_daily", "expire_rooms", "fail_stuck_builder_jobs", "forget_builder_jobs",
           "predict_new_levels", "resume_stale_runs", "run_generation", "top_up_pools",
           "train_difficulty_model", "work_on_fix"]
