"""The periodic tasks, defined once, here. The setup commands (ensure_pools in production,
bootstrap for make run) write them to django-celery-beat's tables, which beat reads; a
cadence changes here and takes effect at the next setup, with no migration."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction


@dataclass(frozen=True)
class Periodic:
    name: str
    task: str
    every: int
    period: str  # an IntervalSchedule period: "seconds", "minutes", ...


PERIODIC_TASKS = (
    Periodic("Top up level pools", "puzzles.tasks.top_up_pools", 5, "minutes"),
    # With a 10 s heartbeat and a 30 s stale window, a run whose worker died is picked up
    # within 45 s.
    Periodic("Resume stale generation runs", "puzzles.tasks.resume_stale_runs", 15, "seconds"),
    Periodic("Assign tomorrow's daily puzzle", "puzzles.tasks.ensure_daily", 60, "minutes"),
    # A builder job whose worker was killed fails within its limit and this sweep's period.
    Periodic("Fail stuck builder jobs", "puzzles.tasks.fail_stuck_builder_jobs", 15, "seconds"),
    Periodic("Forget finished builder jobs", "puzzles.tasks.forget_builder_jobs", 60, "minutes"),
    Periodic("Expire empty race rooms", "puzzles.tasks.expire_rooms", 10, "minutes"),
    # New levels get features and the difficulty model's prediction within minutes (cold
    # start until then); the model learns again daily from the ratings play settled.
    Periodic("Predict new levels' difficulty", "puzzles.tasks.predict_new_levels", 10,
             "minutes"),
    Periodic("Train the difficulty model", "puzzles.tasks.train_difficulty_model", 1, "days"),
)


def sync_periodic_tasks() -> list[str]:
    """Make beat's tables hold exactly these tasks of ours: created or updated to this
    cadence, and any other puzzles task disabled. The names of what changed."""
    from django_celery_beat.models import IntervalSchedule, PeriodicTask

    changed = []
    with transaction.atomic():
        for periodic in PERIODIC_TASKS:
            interval, _ = IntervalSchedule.objects.get_or_create(every=periodic.every,
                                                                 period=periodic.period)
            row = PeriodicTask.objects.filter(name=periodic.name).first()
            if row is None or (row.task, row.interval_id, row.enabled) != (
                    periodic.task, interval.id, True):
                PeriodicTask.objects.update_or_create(name=periodic.name, defaults={
                    "task": periodic.task, "interval": interval, "enabled": True})
                changed.append(periodic.name)
        ours = [periodic.name for periodic in PERIODIC_TASKS]
        stray = PeriodicTask.objects.filter(task__startswith="puzzles.", enabled=True) \
            .exclude(name__in=ours)
        for row in stray:  # saved one by one: a save tells a running beat to reload
            row.enabled = False
            row.save(update_fields=["enabled"])
            changed.append(row.name)
    return changed
