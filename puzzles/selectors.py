"""Reads: random levels without table scans, pool status, daily puzzles, solve rankings."""

from __future__ import annotations

import math
import random
from datetime import date

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from puzzles import level_cache
from puzzles.models import (
    ACTIVE_RUN_STATUSES,
    DailyPuzzle,
    Draft,
    FixJob,
    GenerationRun,
    Level,
    PoolTarget,
    Rule,
    Solve,
    Source,
)


def active_levels(size: int, rule: str, tier: str | None = None) -> QuerySet[Level]:
    levels = Level.objects.filter(size=size, rule=rule, is_active=True)
    return levels.filter(tier=tier) if tier else levels


def not_a_future_daily(today: date | None = None) -> Q:
    """Levels a player may see today: none reserved for a daily after today."""
    today = today or timezone.now().date()
    return Q(daily__isnull=True) | Q(daily__date__lte=today)


def random_level(
    size: int,
    rule: str,
    *,
    tier: str | None = None,
    exclude_ids: tuple[int, ...] = (),
    extra: Q | None = None,
) -> Level | None:
    """A uniformly placed random point on the indexed `pick` key, then the next level after it
    (wrapping around): two index seeks at most, never ORDER BY RANDOM()."""
    queryset = active_levels(size, rule, tier).select_related("daily")
    queryset = queryset.filter(not_a_future_daily())
    if exclude_ids:
        queryset = queryset.exclude(id__in=exclude_ids)
    if extra is not None:
        queryset = queryset.filter(extra)
    point = random.random()
    level = queryset.filter(pick__gte=point).order_by("pick").first()
    if level is None:
        level = queryset.filter(pick__lt=point).order_by("pick").first()
    return level


def level_by_id(level_id: int) -> Level | None:
    """A level by id, unless it is a daily whose day has not come (it does not exist yet).
    Kept in memory between changes (level_cache): treat it as read-only."""
    return _kept_level(level_id, level_cache.current_version())


def _kept_level(level_id: int, version: str | None) -> Level | None:
    level = level_cache.remembered(
        ("level", level_id),
        lambda: Level.objects.filter(id=level_id, hidden=False).select_related("daily").first(),
        version)
    return level if level is not None and is_out(level) else None


def is_out(level: Level) -> bool:
    """False for a level kept for a daily whose day has not come: it does not exist yet."""
    daily = getattr(level, "daily", None)
    if daily is not None:
        return daily.date <= timezone.now().date()
    return not level.reserved


def reserved_level(size: int, tier: str) -> Level | None:
    """A level of the daily reserve that no daily has taken yet (oldest first)."""
    return (Level.objects.filter(reserved=True, daily__isnull=True, hidden=False, size=size,
                                 rule=Rule.TOUCH, tier=tier)
            .order_by("created_at", "id").first())


def random_playable_level(size: int, rule: str, *, tier: str | None = None,
                          exclude_ids: tuple[int, ...] = ()) -> Level | None:
    """random_level for players: the same levels, picked uniformly from the ids kept in
    memory between changes, so a pick costs no query while nothing changed."""
    today = timezone.now().date()
    version = level_cache.current_version()  # once: the ids and the level it picks
    ids = level_cache.remembered(
        ("playable", size, rule, tier, today),
        lambda: list(active_levels(size, rule, tier).filter(not_a_future_daily(today))
                     .values_list("id", flat=True)),
        version)
    if exclude_ids:
        excluded = set(exclude_ids)
        ids = [level_id for level_id in ids if level_id not in excluded]
    while ids:
        pick = random.choice(ids)
        level = _kept_level(pick, version)
        if level is not None:
            return level
        ids = [level_id for level_id in ids if level_id != pick]  # gone since the list was kept
    return None


def pool_has_active_run(size: int, rule: str, tier: str = "") -> bool:
    return GenerationRun.objects.filter(
        size=size, rule=rule, tier=tier or "", status__in=ACTIVE_RUN_STATUSES
    ).exists()


def active_tier_counts() -> dict[tuple[int, str, str | None], int]:
    """Active levels per (size, rule, tier)."""
    return {
        (row["size"], row["rule"], row["tier"]): row["n"]
        for row in Level.objects.filter(is_active=True)
        .values("size", "rule", "tier")
        .annotate(n=Count("id"))
    }


def generation_paused() -> bool:
    """True while the broker is unreachable: no run can be queued or worked."""
    from puzzles.health import check_broker

    try:
        return check_broker() != "ok"
    except Exception:
        return True


def pool_status() -> list[dict]:
    paused = generation_paused()
    active = active_tier_counts()
    running = set(
        GenerationRun.objects.filter(status__in=ACTIVE_RUN_STATUSES).values_list(
            "size", "rule", "tier"
        )
    )
    return [
        {
            "size": target.size,
            "rule": target.rule,
            "tier": target.tier,
            "active": active.get((target.size, target.rule, target.tier), 0),
            "target": target.target,
            "running": (target.size, target.rule, target.tier) in running,
            "paused": paused,
        }
        for target in PoolTarget.objects.order_by("rule", "size", "tier")
    ]


def active_runs_by_pool() -> dict[tuple[int, str, str], GenerationRun]:
    """The queued or running run of each (size, rule, tier) pool."""
    return {
        (run.size, run.rule, run.tier): run
        for run in GenerationRun.objects.filter(status__in=ACTIVE_RUN_STATUSES)
    }


def daily_for(day: date) -> DailyPuzzle | None:
    """Kept in memory between changes (level_cache): treat it as read-only."""
    return level_cache.remembered(
        ("daily", day),
        lambda: DailyPuzzle.objects.filter(date=day).select_related("level").first())


# The fastest solve that counts in a ranking, by board size: one second to place each of
# the n queens (a double tap and the glance that finds its cell) plus an eighth of a second
# to read each of the n² cells once. 8×8: 16 s, 11×11: 27 s, 20×20: 70 s. Chosen to stay
# below what a practised player does with a board they have never seen (the daily sizes,
# 7–11, in 14–27 s) and above what a script does with a solution in hand (any time at all).
# Faster solves are stored, and the player sees their time, but they are not ranked.


def plausible_floor(size: int) -> int:
    return math.ceil(size + size * size / 8)


def solve_ranking(level: Level, seconds: int) -> dict:
    """This time's percentile among the level's solvers (share of them it beat or tied)."""
    solves = Solve.objects.filter(level=level, ranked=True)
    total = solves.count()
    slower_or_equal = solves.filter(seconds__gte=seconds).count()
    percentile = round(100.0 * slower_or_equal / total, 1) if total else 100.0
    return {"percentile": percentile, "solvers": total}


COMMUNITY_ORDERS = {"newest": ("-created_at", "-id"), "played": ("-plays", "-created_at")}


def community_levels(order: str = "newest", size: int | None = None,
                     tier: str | None = None, include_hidden: bool = False) -> QuerySet[Level]:
    """Published community levels anyone may see (staff: hidden ones too), with their plays
    (players who opened them) and solves."""
    levels = Level.objects.filter(source=Source.COMMUNITY)
    if not include_hidden:
        levels = levels.filter(hidden=False)
    if size:
        levels = levels.filter(size=size)
    if tier:
        levels = levels.filter(tier=tier)
    # Plays: players who marked a cell (never a page view). Solves: client addresses that
    # solved it, so fresh cookies do not multiply one solver.
    levels = levels.annotate(
        plays=Count("solves"),
        solved=Count("solves__address", filter=Q(solves__solved_at__isnull=False),
                     distinct=True),
    )
    return levels.order_by(*COMMUNITY_ORDERS.get(order, COMMUNITY_ORDERS["newest"]))


def drafts_of(player: str) -> QuerySet[Draft]:
    return Draft.objects.filter(player=player)


def draft_of(player: str, key: str) -> Draft | None:
    return Draft.objects.filter(player=player, key=key).first()


def fix_job_of(player: str, key: str) -> FixJob | None:
    return FixJob.objects.filter(player=player, key=key).first()
