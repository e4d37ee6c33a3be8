"""The tiers migration on a database that holds levels and pool targets from before it, the
schedule that no migration writes, and models that agree with their migrations."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from generator_ext import canonical_hash, generate, rate, served_tiers


@pytest.mark.django_db(transaction=True)
def test_existing_levels_are_rated_and_pools_split_by_tier():
    executor = MigrationExecutor(connection)
    executor.migrate([("puzzles", "0002_periodic_tasks")])
    old = executor.loader.project_state([("puzzles", "0002_periodic_tasks")]).apps
    Level, PoolTarget = old.get_model("puzzles", "Level"), old.get_model("puzzles", "PoolTarget")
    playable = generate(8, seed=3)
    Level.objects.create(size=8, rule="touch", regions=playable.regions,
                         solution=playable.solution, seed=3,
                         canonical_hash=canonical_hash(playable.regions))
    rows = [[r] * 6 for r in range(6)]  # ambiguous: logic cannot finish it
    Level.objects.create(size=6, rule="touch", regions=rows, solution=[0, 2, 4, 1, 3, 5],
                         seed=0, canonical_hash=canonical_hash(rows))
    PoolTarget.objects.create(size=8, rule="touch", target=20, enabled=False)
    try:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
        from puzzles.models import Level as NewLevel
        from puzzles.models import PoolTarget as NewPoolTarget

        good = NewLevel.objects.get(size=8)
        assert (good.tier, good.score, good.is_active) == (
            rate(playable.regions).tier, rate(playable.regions).score, True)
        bad = NewLevel.objects.get(size=6)
        assert (bad.tier, bad.is_active) == (None, False)
        pools = NewPoolTarget.objects.filter(size=8)
        assert {p.tier for p in pools} == set(served_tiers(8))
        assert not any(p.enabled for p in pools)  # a disabled pool stays disabled
    finally:
        call_command("flush", "--noinput")


@pytest.mark.django_db
def test_the_schedule_lives_in_code_and_the_setup_syncs_it():
    """No migration writes beat's rows; ensure_pools writes exactly puzzles/core/schedule.py's,
    puts a cadence edited in the admin back, and disables a task of ours it no longer has."""
    from django_celery_beat.models import IntervalSchedule, PeriodicTask

    from puzzles.core.schedule import PERIODIC_TASKS

    assert not PeriodicTask.objects.filter(task__startswith="puzzles.").exists()
    call_command("ensure_pools")
    rows = {row.name: row for row in PeriodicTask.objects.filter(task__startswith="puzzles.")}
    assert set(rows) == {periodic.name for periodic in PERIODIC_TASKS}
    for periodic in PERIODIC_TASKS:
        row = rows[periodic.name]
        assert (row.task, row.interval.every, row.interval.period, row.enabled) == (
            periodic.task, periodic.every, periodic.period, True)
    edited = rows[PERIODIC_TASKS[0].name]
    edited.interval = IntervalSchedule.objects.create(every=99, period="days")
    edited.save()
    retired = PeriodicTask.objects.create(name="Old chore", task="puzzles.tasks.old_chore",
                                          interval=edited.interval)
    call_command("ensure_pools")
    edited.refresh_from_db()
    retired.refresh_from_db()
    assert (edited.interval.every, edited.interval.period) == (PERIODIC_TASKS[0].every,
                                                               PERIODIC_TASKS[0].period)
    assert not retired.enabled


@pytest.mark.django_db
def test_the_models_and_the_migrations_agree():
    """A model change without its migration fails here, not on a production deploy."""
    from io import StringIO

    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    assert "No changes detected" in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_accounts_made_on_a_guests_key_take_a_fresh_one():
    """Migration 0021 on a database from before it: the account's key changes and its plays
    follow it; a guest (no account) keeps its key."""
    from django.contrib.auth import get_user_model

    executor = MigrationExecutor(connection)
    executor.migrate([("puzzles", "0020_hint_shown")])
    old = executor.loader.project_state([("puzzles", "0020_hint_shown")]).apps
    Player, Level = old.get_model("puzzles", "Player"), old.get_model("puzzles", "Level")
    Play = old.get_model("puzzles", "Solve")
    user = get_user_model().objects.create_user("was", "was@example.com", "pw-123456789")
    Player.objects.create(key="the-guest-key", user_id=user.pk, name="Was", handle="h1")
    Player.objects.create(key="a-guest", handle="h2")
    playable = generate(6, seed=3)
    level = Level.objects.create(size=6, rule="touch", regions=playable.regions,
                                 solution=playable.solution, seed=3,
                                 canonical_hash=canonical_hash(playable.regions))
    Play.objects.create(level=level, player="the-guest-key")
    try:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
        from puzzles.models import Player as NewPlayer
        from puzzles.models import Solve

        account = NewPlayer.objects.get(user=user)
        assert account.key != "the-guest-key" and account.name == "Was"
        assert list(Solve.objects.values_list("player", flat=True)) == [account.key]
        assert NewPlayer.objects.filter(key="a-guest", user__isnull=True).exists()
    finally:
        call_command("flush", "--noinput")
