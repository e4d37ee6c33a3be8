"""Celery tasks of race rooms (name kept from puzzles/tasks.py: beat's row matches it)."""

from celery import shared_task

from puzzles.core.task_options import TASK_OPTIONS
from puzzles.rooms import services as rooms


@shared_task(name="puzzles.tasks.expire_rooms", **TASK_OPTIONS)
def expire_rooms() -> int:
    """Race rooms nobody has been in for an hour: deleted (safe to run twice)."""
    return rooms.expire_rooms()
