"""A real Celery worker process consuming from Redis takes runs through to the database."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from generator_ext import generate
from puzzles.core.schedule import sync_periodic_tasks
from puzzles.levels.services import levels as level_service
from puzzles.levels.services import pools as pool_service
from puzzles.levels.services import runs as run_service
from puzzles.models import GenerationRun, Level, PoolTarget, RunStatus
from puzzles.tasks import run_generation
from tests.support import wait_until

pytestmark = pytest.mark.worker


def run_state(run_id):
    return GenerationRun.objects.get(id=run_id)


def test_worker_takes_a_run_from_queued_to_succeeded(celery_worker_process):
    # Queued on commit (a transactional test).
    run = run_service.create_run(size=6, rule="touch", requested=5)
    assert run.status == RunStatus.QUEUED
    assert wait_until(lambda: run_state(run.id).status == RunStatus.SUCCEEDED), (
        celery_worker_process.log_path.read_text()
    )
    done = run_state(run.id)
    assert done.produced == 5 and done.finished_at and done.task_id
    assert Level.objects.filter(size=6).count() == 5
    # The same task delivered again adds nothing.
    run_generation.apply_async(args=[run.id], queue=settings.CELERY_QUEUE)
    marker = run_service.create_run(size=5, rule="touch", requested=1)
    assert wait_until(lambda: run_state(marker.id).status == RunStatus.SUCCEEDED)
    assert Level.objects.filter(size=6).count() == 5
    assert run_state(run.id).produced == 5


def test_a_stale_run_is_resumed_and_ends_with_the_right_count(celery_worker_process, settings):
    # A run a killed worker left behind: running, two levels made, heartbeat long ago.
    run = GenerationRun.objects.create(
        size=6, rule="touch", requested=4, status=RunStatus.RUNNING,
        started_at=timezone.now() - timedelta(hours=1),
        heartbeat_at=timezone.now() - timedelta(hours=1),
    )
    for seed in (1, 2):
        level_service.save_generated_level(generate(6, seed=seed))
    GenerationRun.objects.filter(id=run.id).update(produced=2)
    assert run_service.resume_stale_runs() == [run.id]
    assert wait_until(lambda: run_state(run.id).status == RunStatus.SUCCEEDED), (
        celery_worker_process.log_path.read_text()
    )
    assert run_state(run.id).produced == 4
    assert Level.objects.filter(size=6).count() == 4


def test_a_run_of_400_4x4_levels_ends_exhausted(celery_worker_process):
    run = run_service.create_run(size=4, rule="touch", requested=400)
    assert wait_until(lambda: run_state(run.id).status == RunStatus.EXHAUSTED, timeout=180), (
        celery_worker_process.log_path.read_text()[-3000:]
    )
    done = run_state(run.id)
    assert 0 < done.produced < 400 and "few distinct levels" in done.error
    assert Level.objects.filter(size=4).count() == done.produced


def test_ten_parallel_top_ups_queue_one_run_per_pool(celery_worker_process):
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    for size, tier in [(5, "easy"), (6, "hard"), (7, "medium")]:
        PoolTarget.objects.create(size=size, rule="touch", tier=tier, target=3)

    def top_up(_):
        try:
            return [run.id for run in pool_service.top_up_pools()]
        finally:
            connection.close()  # each thread had a connection of its own

    with ThreadPoolExecutor(max_workers=10) as pool:
        created = [run_id for ids in pool.map(top_up, range(10)) for run_id in ids]
    runs = GenerationRun.objects.filter(id__in=created)
    assert sorted((r.size, r.tier, r.requested) for r in runs) == [
        (5, "easy", 3), (6, "hard", 3), (7, "medium", 3)
    ]
    assert GenerationRun.objects.count() == 3
    assert wait_until(
        lambda: all(run_state(i).status == RunStatus.SUCCEEDED for i in created), timeout=120
    ), celery_worker_process.log_path.read_text()[-3000:]
    for size, tier in [(5, "easy"), (6, "hard"), (7, "medium")]:
        assert Level.objects.filter(size=size, tier=tier, is_active=True).count() == 3


def test_three_resume_ticks_resend_a_stale_run_once(celery_worker_process, settings):
    stale = timezone.now() - timedelta(hours=1)
    run = GenerationRun.objects.create(size=6, rule="touch", tier="easy", requested=3,
                                       status=RunStatus.RUNNING, started_at=stale,
                                       heartbeat_at=stale)
    ticks = [run_service.resume_stale_runs() for _ in range(3)]
    assert ticks == [[run.id], [], []]
    assert wait_until(lambda: run_state(run.id).status == RunStatus.SUCCEEDED), (
        celery_worker_process.log_path.read_text()[-3000:]
    )
    assert run_state(run.id).produced == 3
    assert Level.objects.filter(size=6, tier="easy").count() == 3


def test_a_worker_killed_mid_run_is_replaced_within_a_minute(celery_processes):
    """kill -9 the worker in the middle of a 17x17 run, start another, and let the real beat
    (resume every 15 s) re-send the run: it ends with the requested count, no duplicates."""
    import os
    import signal
    import time

    from tests.conftest import worker_args

    run = run_service.create_run(size=17, rule="touch", requested=40)
    first = celery_processes("worker-1", *worker_args())
    assert wait_until(lambda: run_state(run.id).produced >= 3, timeout=60), (
        first.log_path.read_text()[-3000:])
    os.kill(first.pid, signal.SIGKILL)
    killed_at = time.monotonic()
    first.wait()
    at_kill = run_state(run.id)
    assert at_kill.status == RunStatus.RUNNING and at_kill.produced < 40
    sync_periodic_tasks()  # what the setup command does (a transactional test starts empty)
    celery_processes("worker-2", *worker_args())
    beat = celery_processes("beat", "beat", "--loglevel=INFO", ready="beat: Starting")
    # Replaced: the new worker makes the run's next level within a minute of the kill (a
    # stale window, 30 s, and a resume tick, 15 s); the rest of the work takes what the
    # machine gives it, so the end is awaited, not timed.
    assert wait_until(lambda: run_state(run.id).produced > at_kill.produced, timeout=60), (
        beat.log_path.read_text()[-2000:])
    recovered = time.monotonic() - killed_at
    print(f"run {run.id}: {at_kill.produced} levels at the kill, going again {recovered:.1f} s "
          f"after it")
    assert wait_until(lambda: run_state(run.id).status == RunStatus.SUCCEEDED, timeout=600), (
        beat.log_path.read_text()[-2000:])
    done = run_state(run.id)
    assert done.produced == 40
    hashes = list(Level.objects.filter(size=17).values_list("canonical_hash", flat=True))
    assert len(hashes) == 40 == len(set(hashes))


def test_the_worker_fills_a_star_battle_pool(celery_worker_process):
    """A 2★ pool's top-up is a run the real worker carries out: the levels it saves are 10×10
    2★ boards, checked again on the way in (one solution, the tier the closures give)."""
    from generator_ext import count_solutions, star_tier

    PoolTarget.objects.create(size=10, rule="touch", tier="hard", stars=2, target=2)
    runs = pool_service.top_up_pools()
    assert [(r.size, r.tier, r.stars, r.requested) for r in runs] == [(10, "hard", 2, 2)]
    assert wait_until(lambda: run_state(runs[0].id).status == RunStatus.SUCCEEDED,
                      timeout=120), celery_worker_process.log_path.read_text()[-3000:]
    made = Level.objects.filter(size=10, stars=2, tier="hard", is_active=True)
    assert made.count() == 2 and run_state(runs[0].id).produced == 2
    for level in made:
        assert count_solutions(level.regions, stars=2) == 1
        assert star_tier(level.regions, stars=2) == "hard"
        assert all(len(cols) == 2 for cols in level.solution)
    # A second top-up finds the pool full: nothing queued.
    assert pool_service.top_up_pools() == []
