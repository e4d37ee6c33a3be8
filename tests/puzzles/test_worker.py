"""A real Celery worker process consuming from Redis takes runs through to the database."""

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles import services
from puzzles.models import GenerationRun, Level, RunStatus
from puzzles.tasks import run_generation
from tests.conftest import wait_for

pytestmark = pytest.mark.worker


def run_state(run_id):
    return GenerationRun.objects.get(id=run_id)


def test_worker_takes_a_run_from_queued_to_succeeded(celery_worker_process):
    run = services.create_run(6, "touch", 5)  # queued on commit (transactional test)
    assert run.status == RunStatus.QUEUED
    assert wait_for(lambda: run_state(run.id).status == RunStatus.SUCCEEDED), (
        celery_worker_process.log_path.read_text()
    )
    done = run_state(run.id)
    assert done.produced == 5 and done.finished_at and done.task_id
    assert Level.objects.filter(size=6).count() == 5
    # The same task delivered again adds nothing.
    run_generation.apply_async(args=[run.id], queue=services.settings.CELERY_QUEUE)
    marker = services.create_run(5, "touch", 1)
    assert wait_for(lambda: run_state(marker.id).status == RunStatus.SUCCEEDED)
    assert Level.objects.filter(size=6).count() == 5
    assert run_state(run.id).produced == 5


def test_a_stale_run_is_resumed_and_ends_with_the_right_count(celery_worker_process, settings):
    # A run a killed worker left behind: running, two levels made, heartbeat long ago.
    run = GenerationRun.objects.create(
        size=6, rule="touch", requested=4, status=RunStatus.RUNNING,
        started_at=timezone.now() - timedelta(hours=1),
        heartbeat_at=timezone.now() - timedelta(hours=1),
    )
    services.generate_levels(6, 2)
    GenerationRun.objects.filter(id=run.id).update(produced=2)
    assert services.resume_stale_runs() == [run.id]
    assert wait_for(lambda: run_state(run.id).status == RunStatus.SUCCEEDED), (
        celery_worker_process.log_path.read_text()
    )
    assert run_state(run.id).produced == 4
    assert Level.objects.filter(size=6).count() == 4
