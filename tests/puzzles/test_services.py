"""Services against the real database."""

from datetime import date, timedelta

import pytest

from generator_ext import generate
from puzzles.core.errors import ServiceError
from puzzles.daily import services as daily_service
from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.services import levels as level_service
from puzzles.levels.services import pools as pool_service
from puzzles.levels.services import runs as run_service
from puzzles.models import DailyPuzzle, GenerationRun, Level, PoolTarget, RunStatus
from tests.engine.test_canonical import all_symmetries, relabel


def copy_of(generated, regions):
    return type(generated)(**{**generated.__dict__, "regions": regions})


@pytest.mark.django_db
def test_duplicates_are_refused_rotated_mirrored_relabelled():
    generated = generate(8, seed=5)
    assert level_service.save_generated_level(generated) is not None
    for i, regions in enumerate(all_symmetries(generated.regions)):
        assert level_service.save_generated_level(copy_of(generated, regions)) is None
        assert level_service.save_generated_level(copy_of(generated, relabel(regions, i))) is None
    assert Level.objects.count() == 1


@pytest.mark.django_db
def test_a_level_without_a_unique_solution_is_refused():
    generated = generate(6, seed=1)
    rows = [[r] * 6 for r in range(6)]
    with pytest.raises(ServiceError, match="exactly one solution"):
        level_service.save_generated_level(copy_of(generated, rows))


@pytest.mark.django_db
def test_top_up_queues_exactly_the_deficit_once(make_level, django_capture_on_commit_callbacks):
    for seed in range(3):
        make_level(size=6, seed=seed, tier="hard")
    make_level(size=6, seed=9, tier="easy")  # another pool's level
    PoolTarget.objects.create(size=6, rule="touch", tier="hard", target=10)
    PoolTarget.objects.create(size=7, rule="touch", tier="easy", target=4)
    PoolTarget.objects.create(size=8, rule="touch", tier="hard", target=4, enabled=False)
    runs = pool_service.top_up_pools()
    assert sorted((r.size, r.tier, r.requested) for r in runs) == [(6, "hard", 7), (7, "easy", 4)]
    assert pool_service.top_up_pools() == []  # queued runs block a second one
    assert GenerationRun.objects.count() == 2


@pytest.mark.django_db
def test_create_run_rejects_bad_input():
    for args, message in [((3, "touch", 5), "size"), ((21, "touch", 5), "size"),
                          ((8, "nope", 5), "unknown rule"), ((8, "touch", 0), "requested"),
                          ((8, "touch", 10**6), "requested"), (("8", "touch", 5), "size")]:
        with pytest.raises(ServiceError, match=message):
            size, rule, requested = args
            run_service.create_run(size=size, rule=rule, requested=requested)
    assert GenerationRun.objects.count() == 0


@pytest.mark.django_db
def test_run_lifecycle_in_process(settings):
    run = GenerationRun.objects.create(size=6, rule="touch", requested=3)
    settings.QUEENS_TASK_SLICE_S = 60
    assert run_service.execute_run(run.id) == "done"
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED and run.produced == 3
    assert Level.objects.filter(size=6).count() == 3
    assert run_service.execute_run(run.id) == "finished"  # delivered twice: nothing more
    assert Level.objects.count() == 3


@pytest.mark.django_db
def test_cancelled_run_stops():
    run = GenerationRun.objects.create(size=6, rule="touch", requested=3)
    assert run_service.cancel_run(run.id)
    assert run_service.execute_run(run.id) == "finished"
    assert not run_service.cancel_run(run.id)
    assert Level.objects.count() == 0


@pytest.mark.django_db
def test_dailies_come_from_the_reserve_never_from_the_public_pool(make_level, settings):
    settings.QUEENS_DAILY_EPOCH = date(2026, 11, 30)  # a Monday: size 7, easy
    monday = date(2026, 12, 7)
    public = {make_level(size=7, seed=seed, tier="easy").id for seed in range(3)}
    seen = set()
    for week in range(4):
        daily = daily_service.ensure_daily(monday + timedelta(weeks=week))
        assert daily.level.size == 7 and daily.level.tier == "easy"
        assert daily.level.reserved and not daily.level.is_active  # in no pool, ever
        seen.add(daily.level_id)
    assert len(seen) == 4 and not seen & public
    assert Level.objects.filter(id__in=public, is_active=True).count() == 3  # untouched
    assigned = DailyPuzzle.objects.get(date=monday).level_id
    assert daily_service.ensure_daily(monday).level_id == assigned
    assert daily_service.ensure_daily(monday).number == 8


@pytest.mark.django_db
def test_a_fresh_site_opens_on_daily_number_one_and_counts_on_by_day(settings):
    """Issue 35: a fresh install opened on "Daily #5" (numbered from a fixed day in the
    settings). Unset, the first daily a site assigns is #1, even when beat assigns
    tomorrow's before anyone opens today's; the numbers then go on by day."""
    from django.utils import timezone

    settings.QUEENS_DAILY_EPOCH = None
    today = timezone.now().date()
    for day in (today + timedelta(days=1), today):
        level_service.save_generated_level(
            generate(daily_service.DAILY_SIZES[day.weekday()], seed=day.toordinal(),
                     tier=daily_service.DAILY_TIERS[day.weekday()],
                     stars=daily_service.daily_stars(day)), reserved=True)
    assert daily_service.ensure_daily(today + timedelta(days=1)).number == 2  # beat, first
    assert daily_service.ensure_daily(today).number == 1
    # A site whose dailies began on another day keeps its numbers going on from them.
    DailyPuzzle.objects.all().delete()
    settings.QUEENS_DAILY_EPOCH = today - timedelta(days=4)
    assert daily_service.ensure_daily(today).number == 5
    settings.QUEENS_DAILY_EPOCH = None
    assert daily_service.daily_number(today + timedelta(days=3)) == 8


@pytest.mark.django_db
def test_a_level_put_in_the_reserve_is_taken_first(settings):
    settings.QUEENS_DAILY_EPOCH = date(2026, 11, 30)
    kept = level_service.save_generated_level(generate(8, seed=4, tier="easy"), reserved=True)
    daily = daily_service.ensure_daily(date(2026, 12, 8))  # a Tuesday: 8x8 easy
    assert daily.level_id == kept.id
    assert daily_service.ensure_daily(date(2026, 12, 15)).level_id != kept.id  # once only


@pytest.mark.django_db
def test_a_reserved_level_is_served_by_no_route_until_its_day(client, settings):
    from django.utils import timezone

    today = timezone.now().date()
    settings.QUEENS_DAILY_EPOCH = today - timedelta(days=10)
    tomorrow = daily_service.ensure_daily(today + timedelta(days=1))
    spare = level_service.save_generated_level(generate(7, seed=9, tier="easy"), reserved=True)
    for level in (tomorrow.level, spare):
        assert level_selectors.level_by_id(level.id) is None
        assert client.get(f"/api/levels/{level.size}/{level.id}/").status_code == 404
        assert client.get(f"/levels/{level.id}/").status_code == 404
        assert level_selectors.random_playable_level(level.size, "touch") is None
    today_daily = daily_service.ensure_daily(today)
    assert level_selectors.level_by_id(today_daily.level_id) is not None  # out today


@pytest.mark.django_db
def test_random_selection_is_spread(make_level):
    ids = {make_level(size=7, seed=s).id for s in range(12)}
    picked = {level_selectors.random_level(7, "touch").id for _ in range(300)}
    assert len(picked) >= 8 and picked <= ids
    excluded = tuple(sorted(ids)[:11])
    picks = {level_selectors.random_level(7, "touch", exclude_ids=excluded).id
             for _ in range(20)}
    assert picks == ids - set(excluded)


@pytest.mark.django_db
def test_an_engine_error_fails_the_run_with_its_message():
    run = GenerationRun.objects.create(size=3, rule="touch", requested=2)  # bypassing checks
    assert run_service.execute_run(run.id) == "failed"
    run.refresh_from_db()
    assert run.status == RunStatus.FAILED and "n must be between 4 and 32" in run.error
    assert run.finished_at is not None and Level.objects.count() == 0
