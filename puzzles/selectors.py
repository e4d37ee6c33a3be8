"""Reads: random levels without table scans, pool status, daily puzzles, solve rankings."""

from __future__ import annotations

import random
from datetime import date

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from puzzles import level_cache
from puzzles.models import (
    ACTIVE_RUN_STATUSES,
    DailyPuzzle,
    Draft,
    GenerationRun,
    Level,
    PoolTarget,
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
    if level is None:
        return None
    daily = getattr(level, "daily", None)
    return level if daily is None or daily.date <= timezone.now().date() else None


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


# Nobody places n queens by reasoning in under a second each: faster times are left out of
# the percentiles (they are stored, and the player still sees their own rank).
PLAUSIBLE_SECONDS_PER_QUEEN = 1


def plausible_floor(size: int) -> int:
    return PLAUSIBLE_SECONDS_PER_QUEEN * size


def solve_ranking(level: Level, seconds: int) -> dict:
    """This time's percentile among the level's solvers (share of them it beat or tied)."""
    solves = Solve.objects.filter(level=level, revealed=False,
                                  seconds__gte=plausible_floor(level.size))
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
    levels = levels.annotate(
        plays=Count("solves"),
        solved=Count("solves", filter=Q(solves__seconds__isnull=False)),
    )
    return levels.order_by(*COMMUNITY_ORDERS.get(order, COMMUNITY_ORDERS["newest"]))


def drafts_of(player: str) -> QuerySet[Draft]:
    return Draft.objects.filter(player=player)


def draft_of(player: str, key: str) -> Draft | None:
    return Draft.objects.filter(player=player, key=key).first()
