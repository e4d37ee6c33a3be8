"""Pools: how many levels each (size, rule, tier) has ready against its target (a banded
pool's: only those rated within its band)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from puzzles.core.vocabulary import Kind
from puzzles.levels import rating_band
from puzzles.levels.models import Level, PoolTarget
from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.selectors import runs


@dataclass(frozen=True)
class PoolState:
    size: int
    rule: str
    tier: str
    stars: int
    active: int
    target: int
    running: bool
    paused: bool
    kind: str = "level"

    @property
    def full(self) -> bool:
        return self.active >= self.target


def active_tier_counts() -> dict[tuple[int, str, str | None, int], int]:
    """Active levels per (size, rule, tier, stars)."""
    return {
        (row["size"], row["rule"], row["tier"], row["stars"]): row["n"]
        for row in Level.objects.filter(is_active=True)
        .values("size", "rule", "tier", "stars")
        .annotate(n=Count("id"))
    }


def pool_fill(target: PoolTarget, counts: dict | None = None) -> int:
    """The levels a pool has ready: its active levels, or of a banded pool those rated
    within the band (rating_band.count_within: play's rating once settled, else the
    predicted one). `counts`: active_tier_counts() when the caller has it. A "Solvable?"
    pool's: the mode's boards of its kind (level_selectors.kind_levels)."""
    if target.kind != Kind.LEVEL:
        return level_selectors.kind_levels(target.size, target.tier, target.kind).count()
    if target.banded:
        return rating_band.count_within(
            level_selectors.active_levels(target.size, target.rule, target.tier, target.stars),
            rating_min=target.rating_min, rating_max=target.rating_max)
    if counts is not None:
        return counts.get(_pool(target)[:4], 0)
    return level_selectors.active_levels(target.size, target.rule, target.tier,
                                         target.stars).count()


def pool_status(*, paused: bool) -> list[PoolState]:
    """Every pool's state; `paused` is the caller's word on the broker (core.health): a read
    of the database does not ping it."""
    active = active_tier_counts()
    running = set(runs.active_runs_by_pool())
    return [
        PoolState(size=target.size, rule=target.rule, tier=target.tier, stars=target.stars,
                  active=pool_fill(target, active), target=target.target,
                  running=_pool(target) in running, paused=paused, kind=target.kind)
        for target in PoolTarget.objects.order_by("rule", "stars", "size", "tier")
    ]


def fill_summary() -> tuple[int, int]:
    """(pools at or above their target, enabled pools)."""
    active = active_tier_counts()
    targets = PoolTarget.objects.filter(enabled=True)
    full = sum(pool_fill(t, active) >= t.target for t in targets)
    return full, targets.count()


def _pool(target: PoolTarget) -> tuple[int, str, str, int, str]:
    return (target.size, target.rule, target.tier, target.stars, target.kind)
