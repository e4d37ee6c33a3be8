"""Storing levels: a generated one after the engine rates it again, and the re-rating of stored
ones (a batch made here and now is a run worked in this process: runs.run_here)."""

from __future__ import annotations

from collections import Counter

from django.db import IntegrityError, transaction

from generator_ext import (
    GeneratedLevel,
    canonical_hash,
    count_solutions,
    rate,
    star_tier,
)
from puzzles.core.errors import ServiceError
from puzzles.levels import cache_invalidation as level_changes
from puzzles.levels.models import Level


def save_generated_level(generated: GeneratedLevel, *, reserved: bool = False) -> Level | None:
    """Store a level after the engine rates it again (logic that finishes it also proves the
    solution unique); None if the same puzzle is stored. A reserved level is kept for a daily,
    out of the pools. Its min_region_size is its smallest region as generated: the engine
    holds the rule (one-cell regions on easy and medium levels only)."""
    regions, rule, stars = generated.regions, generated.rule, generated.stars
    tier, score = _rated(regions, rule, stars)
    try:
        with transaction.atomic():
            return Level.objects.create(
                size=len(regions),
                rule=rule,
                stars=stars,
                regions=regions,
                solution=generated.solution,
                canonical_hash=canonical_hash(regions, rule, stars),
                tier=tier,
                score=score,
                min_region_size=min(Counter(g for row in regions for g in row).values()),
                strategy=generated.strategy,
                motif=generated.motif or "",
                family=generated.family or "",
                seed=generated.seed,
                elapsed_s=generated.elapsed_s,
                reserved=reserved,
                is_active=not reserved,
            )
    except IntegrityError:
        return None


def _rated(regions, rule: str, stars: int) -> tuple[str, float | None]:
    """(tier, score) once the engine has checked the level again; ServiceError when it has
    not exactly one solution or logic cannot finish it. A k-star level is checked by the
    compiled closures and counter (the step-by-step rating takes seconds at 14×14), unscored."""
    if stars != 1:
        tier = star_tier(regions, stars)
        if count_solutions(regions, rule, limit=2, stars=stars) != 1:
            raise ServiceError("the level does not have exactly one solution")
        if tier is None:
            raise ServiceError("logic alone cannot finish this level")
        return tier, None
    rating = rate(regions, rule)
    if not rating.solved_by_logic:
        if count_solutions(regions, rule, limit=2) != 1:
            raise ServiceError("the level does not have exactly one solution")
        raise ServiceError("logic alone cannot finish this level")
    return rating.tier, rating.score


def rate_levels(levels=None, *, progress=None) -> dict[str, int]:
    """Rate every level again (tier and score) and deactivate those logic cannot finish, so
    pools refill with playable ones. `levels`: a queryset, default every level."""
    levels = Level.objects.all() if levels is None else levels
    counts = {"rated": 0, "deactivated": 0}
    changed = []
    for level in levels.only("id", "size", "rule", "stars", "tier", "regions",
                             "is_active").iterator(chunk_size=500):
        if level.stars != 1:
            tier = star_tier(level.regions, level.stars)
            fields = {"tier": tier, "score": None}
            solved = tier is not None
        else:
            rating = rate(level.regions, level.rule)
            fields = {"tier": rating.tier, "score": rating.score}
            solved = rating.solved_by_logic
        if not solved:
            fields["is_active"] = False
            counts["deactivated"] += level.is_active
        Level.objects.filter(id=level.id).update(**fields)
        changed.append(level)
        counts["rated"] += 1
        if progress:
            progress(counts)
    level_changes.forget_levels(changed)  # the updates above send no signals
    return counts
