"""Pools: how many levels each (size, rule, tier) has ready against its target."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from puzzles.models import Level, PoolTarget
from puzzles.selectors import runs


@dataclass(frozen=True)
class PoolState:
    size: int
    rule: str
    tier: str
    active: int
    target: int
    running: bool
    paused: bool

    @property
    def full(self) -> bool:
        return self.active >= self.target


def active_tier_counts() -> dict[tuple[int, str, str | None], int]:
    """Active levels per (size, rule, tier)."""
    return {
        (row["size"], row["rule"], row["tier"]): row["n"]
        for row in Level.objects.filter(is_active=True)
        .values("size", "rule", "tier")
        .annotate(n=Count("id"))
    }


def pool_status() -> list[PoolState]:
    paused = runs.generation_paused()
    active = active_tier_counts()
    running = set(runs.active_runs_by_pool())
    return [
        PoolState(size=target.size, rule=target.rule, tier=target.tier,
                  active=active.get((target.size, target.rule, target.tier), 0),
                  target=target.target,
                  running=(target.size, target.rule, target.tier) in running, paused=paused)
        for target in PoolTarget.objects.order_by("rule", "size", "tier")
    ]


def fill_summary() -> tuple[int, int]:
    """(pools at or above their target, enabled pools)."""
    active = active_tier_counts()
    targets = PoolTarget.objects.filter(enabled=True)
    full = sum(active.get((t.size, t.rule, t.tier), 0) >= t.target for t in targets)
    return full, targets.count()
