"""Reads: random levels without table scans, pool status, daily puzzles, solve rankings."""

from __future__ import annotations

import random
from datetime import date

from django.db.models import Count, Q, QuerySet

from puzzles.models import (
    ACTIVE_RUN_STATUSES,
    DailyPuzzle,
    GenerationRun,
    Level,
    PoolTarget,
    Solve,
)


def active_levels(size: int, rule: str) -> QuerySet[Level]:
    return Level.objects.filter(size=size, rule=rule, is_active=True)


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
    queryset = active_levels(size, rule).select_related("daily")
    if tier:
        queryset = queryset.filter(tier=tier)
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
    return Level.objects.filter(id=level_id).select_related("daily").first()


def pool_has_active_run(size: int, rule: str) -> bool:
    return GenerationRun.objects.filter(
        size=size, rule=rule, status__in=ACTIVE_RUN_STATUSES
    ).exists()


def active_counts() -> dict[tuple[int, str], int]:
    """Active levels per (size, rule)."""
    return {
        (row["size"], row["rule"]): row["n"]
        for row in Level.objects.filter(is_active=True)
        .values("size", "rule")
        .annotate(n=Count("id"))
    }


def pool_status() -> list[dict]:
    active = active_counts()
    running = set(
        GenerationRun.objects.filter(status__in=ACTIVE_RUN_STATUSES).values_list("size", "rule")
    )
    return [
        {
            "size": target.size,
            "rule": target.rule,
            "active": active.get((target.size, target.rule), 0),
            "target": target.target,
            "running": (target.size, target.rule) in running,
        }
        for target in PoolTarget.objects.order_by("rule", "size")
    ]


def daily_for(day: date) -> DailyPuzzle | None:
    return DailyPuzzle.objects.filter(date=day).select_related("level").first()


def solve_ranking(level: Level, seconds: int) -> dict:
    """This time's percentile among the level's solvers (share of them it beat or tied)."""
    solves = Solve.objects.filter(level=level, revealed=False, seconds__isnull=False)
    total = solves.count()
    slower_or_equal = solves.filter(seconds__gte=seconds).count()
    percentile = round(100.0 * slower_or_equal / total, 1) if total else 100.0
    return {"percentile": percentile, "solvers": total}
