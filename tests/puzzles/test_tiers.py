"""Difficulty in the backend: levels rated on save and again by rate_levels, pools per
(size, tier), runs that end, stale runs re-sent once, the daily curve, future dailies hidden."""

import threading
import time
from datetime import date, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from generator_ext import canonical_hash, generate, rate, served_tiers
from puzzles.core.vocabulary import SOLVABLE_SIZES
from puzzles.daily import services as daily_service
from puzzles.levels import cache as level_cache
from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.services import levels as level_service
from puzzles.levels.services import pools as pool_service
from puzzles.levels.services import runs as run_service
from puzzles.models import DailyPuzzle, GenerationRun, Level, PoolTarget, RunStatus
from puzzles.ratings.prediction import predicted

pytestmark = pytest.mark.django_db


def test_a_saved_level_carries_the_engines_tier_and_score():
    generated = generate(9, seed=4, tier="medium")
    level = level_service.save_generated_level(generated)
    rating = rate(generated.regions)
    assert (level.tier, level.score) == ("medium", rating.score)


def test_rate_levels_rates_everything_and_deactivates_what_logic_cannot_finish(capsys):
    good = level_service.save_generated_level(generate(8, seed=1, tier="hard"))
    Level.objects.filter(id=good.id).update(tier=None, score=None)
    rows = [[r] * 6 for r in range(6)]  # 90 solutions: no logic finishes it
    bad = Level.objects.create(size=6, rule="touch", regions=rows, solution=[0, 2, 4, 1, 3, 5],
                               canonical_hash=canonical_hash(rows), seed=0)
    call_command("rate_levels")
    assert "rated 2 levels; deactivated 1" in capsys.readouterr().out
    good.refresh_from_db()
    bad.refresh_from_db()
    assert (good.tier, good.is_active) == ("hard", True) and good.score > 0
    assert (bad.tier, bad.is_active) == (None, False)


def test_default_pool_targets_cover_every_served_size_and_tier():
    created = pool_service.ensure_pool_targets()
    pools = set(PoolTarget.objects.filter(kind="level").values_list("size", "tier", "stars"))
    modes = set(PoolTarget.objects.exclude(kind="level").values_list("size", "tier", "kind"))
    assert modes == {(size, tier, kind) for tier, size in SOLVABLE_SIZES.items()
                     for kind in ("solvable", "trap")}
    assert pools == {(n, t, k) for k in (1, 2, 3) for n in range(4, 21)
                     for t in served_tiers(n, k)}
    assert (10, "expert", 2) in pools and (14, "expert", 3) in pools  # the standard boards
    assert (14, "hard", 3) in pools and (10, "easy", 2) in pools
    assert (16, "hard", 3) not in pools  # too rare to find: a pool that would never fill
    assert created == len(pools) + len(modes) and pool_service.ensure_pool_targets() == 0
    assert (4, "medium", 1) not in pools and (16, "expert", 1) in pools
    assert (17, "expert", 1) not in pools


def test_the_setup_retires_a_pool_the_engine_no_longer_serves():
    """A database set up while 16×16 3★ hard was served keeps its target, whose runs end
    exhausted every top-up: the setup (ensure_pools; bootstrap alike) deletes it, and says so."""
    from io import StringIO

    kept = PoolTarget.objects.create(size=16, rule="touch", tier="expert", stars=3, target=1)
    PoolTarget.objects.bulk_create([PoolTarget(size=16, rule="touch", tier="hard", stars=3,
                                               target=1)])  # saved when it was served
    out = StringIO()
    call_command("ensure_pools", stdout=out)
    assert "retired (the engine no longer serves it): Pool 16×16 3★ touch hard" in out.getvalue()
    assert not PoolTarget.objects.filter(size=16, tier="hard", stars=3).exists()
    assert PoolTarget.objects.filter(id=kept.id).exists()
    assert pool_service.retire_unserved_targets() == []


@pytest.mark.parametrize("size,tier,field", [(3, "easy", "size"), (21, "easy", "size"),
                                             (4, "medium", "tier"), (18, "expert", "tier"),
                                             (8, "legendary", "tier")])
def test_a_pool_target_out_of_range_cannot_be_saved(size, tier, field):
    with pytest.raises(ValidationError) as caught:
        PoolTarget.objects.create(size=size, rule="touch", tier=tier, target=5)
    assert field in caught.value.message_dict
    assert not PoolTarget.objects.exists()


def test_one_bad_target_never_stops_the_top_up_of_the_others(django_capture_on_commit_callbacks):
    PoolTarget.objects.create(size=6, rule="touch", tier="easy", target=2)
    PoolTarget.objects.create(size=7, rule="touch", tier="easy", target=2)
    # A row written around the model's checks (an old table, a hand edit): its top-up fails.
    PoolTarget.objects.bulk_create([PoolTarget(size=25, rule="touch", tier="easy", target=2)])
    runs = pool_service.top_up_pools()
    assert sorted(r.size for r in runs) == [6, 7]


def test_a_run_stops_exhausted_when_duplicates_pass_the_cap(settings):
    settings.QUEENS_TASK_SLICE_S = 120
    run = GenerationRun.objects.create(size=4, rule="touch", tier="easy", requested=400)
    run_service.execute_run(run.id)
    run.refresh_from_db()
    assert run.status == RunStatus.EXHAUSTED and run.finished_at is not None
    assert 0 < run.produced < 400 and run.duplicates > 2 * run.produced
    assert "few distinct levels" in run.error
    assert Level.objects.filter(size=4, tier="easy").count() == run.produced


def test_a_stale_run_is_resent_once_per_stale_window(settings, django_capture_on_commit_callbacks):
    settings.QUEENS_STALE_AFTER_S = 60
    old = timezone.now() - timedelta(minutes=10)
    queued = GenerationRun.objects.create(size=6, rule="touch", requested=2)
    running = GenerationRun.objects.create(size=7, rule="touch", requested=2,
                                           status=RunStatus.RUNNING, heartbeat_at=old)
    GenerationRun.objects.filter(id=queued.id).update(created_at=old)
    fresh = GenerationRun.objects.create(size=8, rule="touch", requested=2)
    assert sorted(run_service.resume_stale_runs()) == sorted([queued.id, running.id])
    assert run_service.resume_stale_runs() == []
    assert run_service.resume_stale_runs() == []
    assert fresh.id not in run_service.resume_stale_runs()
    # Both wait as queued now: a re-sent run is not re-sent again while its message waits.
    assert {r.status for r in GenerationRun.objects.filter(id__in=[queued.id, running.id])} \
        == {RunStatus.QUEUED}


def test_a_sent_queued_run_waits_the_long_window(settings):
    settings.QUEENS_STALE_AFTER_S = 60
    settings.QUEENS_QUEUED_STALE_S = 900
    sent = GenerationRun.objects.create(size=6, rule="touch", requested=2, task_id="abc")
    GenerationRun.objects.filter(id=sent.id).update(
        created_at=timezone.now() - timedelta(minutes=10))
    assert run_service.resume_stale_runs() == []  # its message is in the broker, behind others
    GenerationRun.objects.filter(id=sent.id).update(
        created_at=timezone.now() - timedelta(minutes=20))
    assert run_service.resume_stale_runs() == [sent.id]  # so long that the broker lost it


def test_a_live_run_is_not_started_twice():
    run = GenerationRun.objects.create(size=6, rule="touch", requested=2,
                                       status=RunStatus.RUNNING, heartbeat_at=timezone.now())
    assert run_service.start_run(run.id) is None  # a second delivery while a worker has it
    GenerationRun.objects.filter(id=run.id).update(
        heartbeat_at=timezone.now() - timedelta(hours=1))
    assert run_service.start_run(run.id) is not None  # its worker died


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_beats_while_the_engine_works(settings):
    from generator_ext import count_solutions

    settings.QUEENS_HEARTBEAT_S = 0.05
    long_ago = timezone.now() - timedelta(hours=1)
    run = GenerationRun.objects.create(size=11, rule="touch", requested=1,
                                       status=RunStatus.RUNNING, heartbeat_at=long_ago)
    seen: list[tuple[float, object]] = []  # (read done, monotonic; heartbeat) from a watcher
    engine_done = threading.Event()

    def watch() -> None:
        try:
            while not engine_done.is_set():
                beat = GenerationRun.objects.values_list("heartbeat_at", flat=True).get(id=run.id)
                seen.append((time.monotonic(), beat))
                time.sleep(0.02)
        finally:
            connection.close()

    watcher = threading.Thread(target=watch)
    with run_service.beating(run.id):
        watcher.start()
        count_solutions([[r] * 11 for r in range(11)], limit=None)  # about a second, nogil
        ended = time.monotonic()
        engine_done.set()
        watcher.join()
    # Beats landed while the engine held the thread, not only once it was done: a watcher
    # reading during the search saw the heartbeat move several times (a read may slip in
    # between the engine's return and `ended`, hence more than one or two).
    during = {beat for when, beat in seen if when < ended and beat != long_ago}
    assert len(during) >= 3, (len(during), len(seen))


def test_the_daily_follows_the_weekly_curve(make_level, settings):
    monday = date(2026, 11, 30)
    settings.QUEENS_DAILY_EPOCH = monday
    expected = {0: "easy", 1: "easy", 2: "medium", 3: "medium", 4: "medium", 5: "hard",
                6: "hard"}
    for weekday, size in daily_service.DAILY_SIZES.items():
        for tier in ("easy", "medium", "hard", "expert"):
            make_level(size=size, seed=100 + weekday, tier=tier)
    week = []
    for weekday in range(7):
        daily = daily_service.ensure_daily(monday + timedelta(days=weekday))
        assert daily.level.tier == expected[weekday], weekday
        assert daily.level.size == daily_service.DAILY_SIZES[weekday]
        assert daily.level.stars == (2 if weekday == 6 else 1)  # Sunday: 10×10 Star Battle
        assert daily.level.motif == "" or weekday in daily_service.THEMED_WEEKDAYS
        week.append(predicted(daily.level).rating)
    # Issue 39: by predicted difficulty, Monday the gentlest and Saturday the hardest.
    ramp = week[:6]
    assert ramp == sorted(ramp) and ramp[0] < ramp[5], ramp
    assert min(week) == ramp[0] and max(ramp) == ramp[5]


def test_the_week_ramps_by_predicted_difficulty_and_each_day_takes_the_nearest_reserve():
    """Each weekday aims at a rating that rises from Monday to Saturday, also between days of
    one tier, and takes the reserved level predicted nearest it (the learned model tells a
    tier's levels apart; here levels of three tiers stand in for that spread)."""
    aims = [daily_service.ramp_rating(weekday) for weekday in range(7)]
    assert all(a < b for a, b in zip(aims[:5], aims[1:6], strict=True)), aims  # Mon to Sat
    assert aims[6] <= aims[5]  # Sunday's long board is outside the ramp, not above it
    reserve = [Level(size=8, tier=tier, stars=1) for tier in ("medium", "hard", "easy")]
    picked = [daily_service.nearest_on_the_ramp(reserve, weekday).tier for weekday in range(6)]
    assert picked == ["easy", "easy", "medium", "medium", "medium", "hard"], picked
    assert daily_service.nearest_on_the_ramp([], 0) is None


def test_tomorrows_daily_is_never_served_before_its_day(client, make_level, settings):
    today = timezone.now().date()
    tomorrow = today + timedelta(days=1)
    settings.QUEENS_DAILY_EPOCH = today - timedelta(days=10)
    size = daily_service.DAILY_SIZES[tomorrow.weekday()]
    for tier in ("easy", "medium", "hard"):
        make_level(size=size, seed=7, tier=tier)
    daily = daily_service.ensure_daily(tomorrow)
    reserved = daily.level
    assert client.get(f"/api/levels/{size}/{reserved.id}/").status_code == 404
    assert client.get(f"/levels/{reserved.id}/").status_code == 404
    assert client.get(f"/api/daily/{tomorrow.isoformat()}/").status_code == 400
    for _ in range(60):
        picked = level_selectors.random_level(size, "touch")
        assert picked is None or picked.id != reserved.id
        response = client.get(f"/api/levels/{size}/?tier={reserved.tier}")
        assert response.status_code == 404 or response.json()["id"] != reserved.id
    DailyPuzzle.objects.filter(id=daily.id).update(date=today - timedelta(days=1))
    level_cache.forget_all()  # .update() sends no signal
    assert client.get(f"/api/levels/{size}/{reserved.id}/").status_code == 200
