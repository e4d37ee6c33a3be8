"""Celery tasks of the daily puzzle (name kept from puzzles/tasks.py: beat's rows match it)."""

from datetime import date, timedelta

from celery import shared_task
from django.utils import timezone

from puzzles.core.task_options import TASK_OPTIONS
from puzzles.daily import services as daily


@shared_task(name="puzzles.tasks.ensure_daily", **TASK_OPTIONS)
def ensure_daily(day: str | None = None) -> int | None:
    """Assign a day's puzzle (default: tomorrow, UTC)."""
    target = date.fromisoformat(day) if day else timezone.now().date() + timedelta(days=1)
    puzzle = daily.ensure_daily(target)
    return puzzle.number if puzzle else None
