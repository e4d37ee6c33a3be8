"""A generation run's state, written: started by one worker, kept alive by its heartbeat while
the engine works, finished (succeeded, exhausted, failed or cancelled) once. The runs'
service (runs.py) creates, queues and works them through these."""

from __future__ import annotations

import logging
import threading
from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from puzzles.levels.models import GenerationRun, RunStatus

log = logging.getLogger(__name__)


def start_run(run_id: int) -> GenerationRun | None:
    """Mark a run running; None when it is finished, gone, or a live worker has it (a
    message delivered twice)."""
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is None or run.is_finished or is_live(run):
            return None
        now = timezone.now()
        run.status = RunStatus.RUNNING
        run.started_at = run.started_at or now
        run.heartbeat_at = now
        run.save(update_fields=["status", "started_at", "heartbeat_at"])
        return run


def finish(run: GenerationRun, status: str, error: str = "") -> None:
    run.status = status
    run.finished_at = timezone.now()
    run.error = error
    run.save(update_fields=["status", "finished_at", "error"])


def is_live(run: GenerationRun) -> bool:
    """A running run whose worker beat recently."""
    cutoff = timezone.now() - timedelta(seconds=settings.QUEENS_STALE_AFTER_S)
    return run.status == RunStatus.RUNNING and run.heartbeat_at is not None \
        and run.heartbeat_at >= cutoff


@contextmanager
def beating(run_id: int):
    """Refresh a running run's heartbeat from a thread every QUEENS_HEARTBEAT_S while the
    block runs: one level can take longer than the stale window, and a live run must not
    look dead."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.QUEENS_HEARTBEAT_S):
                GenerationRun.objects.filter(id=run_id, status=RunStatus.RUNNING).update(
                    heartbeat_at=timezone.now())
        except Exception:  # a missed beat only risks a re-send, which is safe
            log.warning("heartbeat of run %s failed", run_id, exc_info=True)
        finally:
            connection.close()  # the thread's own connection

    thread = threading.Thread(target=beat, name=f"heartbeat-{run_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def finish_exhausted(run_id: int, *, reason: str) -> None:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is not None and not run.is_finished:
            finish(run, RunStatus.EXHAUSTED, reason[:2000])


def fail_run(run_id: int, *, error: str) -> None:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is not None and not run.is_finished:
            finish(run, RunStatus.FAILED, error[:2000])


def cancel_run(run_id: int) -> bool:
    with transaction.atomic():
        run = GenerationRun.objects.select_for_update().filter(id=run_id).first()
        if run is None or run.is_finished:
            return False
        finish(run, RunStatus.CANCELLED)
        return True
