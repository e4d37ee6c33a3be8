"""Levels kept in memory: the same shapes as the documented serializers, and a change to a
level or a daily is seen at once (a future daily is never picked)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.api import serializers as s
from puzzles.daily import services as daily_service
from puzzles.levels.selectors import levels as level_selectors
from puzzles.models import Level

pytestmark = pytest.mark.django_db


def test_the_direct_payloads_match_the_documented_serializers(make_level, settings):
    today = timezone.now().date()
    settings.QUEENS_DAILY_EPOCH = today - timedelta(days=3)
    size = daily_service.DAILY_SIZES[today.weekday()]
    for tier in ("easy", "medium", "hard"):
        make_level(size=size, seed=5, tier=tier)
    daily = daily_service.ensure_daily(today)
    assert s.daily_payload(daily) == s.DailySerializer(daily).data
    plain = make_level(size=7, seed=9)
    for level in (daily.level, plain):
        assert s.level_payload(level) == s.LevelSerializer(level).data


def test_a_change_is_seen_at_once(make_level, settings):
    level = make_level(size=7, seed=1)
    assert level_selectors.random_playable_level(7, "touch").id == level.id
    Level.objects.filter(id=level.id).update(is_active=False)  # a bulk update: no signal...
    assert level_selectors.random_playable_level(7, "touch") is not None  # ...so still kept
    level.is_active = False
    level.save()  # a save sends its signal: every process forgets
    assert level_selectors.random_playable_level(7, "touch") is None
    other = make_level(size=7, seed=2)
    assert level_selectors.random_playable_level(7, "touch").id == other.id
    tomorrow = timezone.now().date() + timedelta(days=1)
    settings.QUEENS_DAILY_EPOCH = tomorrow - timedelta(days=5)
    size = daily_service.DAILY_SIZES[tomorrow.weekday()]
    make_level(size=size, seed=3, tier="easy")
    assert level_selectors.random_playable_level(size, "touch") is not None
    reserved = daily_service.ensure_daily(tomorrow).level
    for _ in range(20):
        picked = level_selectors.random_playable_level(size, "touch")
        assert picked is None or picked.id != reserved.id
    assert level_selectors.level_by_id(reserved.id) is None


def test_a_saved_level_forgets_its_own_pool_only(make_level, django_assert_num_queries):
    """A run saving levels of one size leaves every other pool's kept levels alone: reading
    them costs no query, while the saved size's candidate list is read again."""
    seven, eight = make_level(size=7, seed=1), make_level(size=8, seed=1)
    for _ in range(3):  # kept: the lists and the levels
        assert level_selectors.random_playable_level(7, "touch").id == seven.id
        assert level_selectors.random_playable_level(8, "touch").id == eight.id
    with django_assert_num_queries(0):
        level_selectors.random_playable_level(7, "touch")
    newer = make_level(size=8, seed=2)  # what a run does, one level at a time
    with django_assert_num_queries(0):
        assert level_selectors.random_playable_level(7, "touch").id == seven.id
        assert level_selectors.level_by_id(seven.id).id == seven.id
    # The new level joined the kept 8×8 list in place: the list is not read again, only the
    # new level itself once.
    with django_assert_num_queries(1):
        picked = {level_selectors.random_playable_level(8, "touch").id for _ in range(40)}
    assert picked == {eight.id, newer.id}
    newer.is_active = False
    newer.save()  # a change to a stored level: its lists are read again
    assert {level_selectors.random_playable_level(8, "touch").id for _ in range(20)} == {
        eight.id}


def test_a_thread_that_read_the_log_earlier_makes_nobody_forget(make_level):
    """Threads of one process read the change log's number at different moments: one that
    read it before another thread applied a change must not take the process back (once it
    did, and every save made every web process forget everything)."""
    from puzzles.levels import cache as level_cache

    level = make_level(size=7, seed=1)
    earlier = level_cache.current_version()
    make_level(size=9, seed=1)  # a change to another pool
    later = level_cache.current_version()
    assert later != earlier
    assert level_selectors.level_by_id(level.id) is not None  # kept under the later version
    key = ("level", level.id)
    with level_cache._lock:
        level_cache._catch_up(*earlier)  # the slower thread's turn
        assert key in level_cache._state["entries"]
        assert (level_cache._state["epoch"], level_cache._state["seq"]) == later
