"""What a change to the data makes stale in the level cache (puzzles/levels/cache.py): a
level's own entry and the candidate lists it is in, and what the domains above levels keep of
it (the daily it is: puzzles/daily/cache_invalidation.py adds that through `also_stale`, so
levels never imports daily); a new level only joins its pool's lists. Saves and deletes tell
it through signals; bulk updates, which send none, through forget_levels."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from puzzles.core.vocabulary import Tier
from puzzles.levels.cache import forget
from puzzles.levels.cache_tags import added_tag, level_tag, pool_tag
from puzzles.levels.models import Level


def tags_of(level, *, any_tier: bool = False) -> list[tuple]:
    """What a change to this level makes stale: itself and the candidate lists it is in (its
    tier's and the any-tier list; every tier's when its tier may have changed)."""
    tiers = ["", *Tier.values] if any_tier else ["", level.tier]
    return [level_tag(level.id),
            *(pool_tag(level.size, level.rule, t, level.stars) for t in tiers)]


# What else a change to these levels (by id) makes stale: each domain that keeps entries
# built from levels appends its own function here when it is imported.
also_stale: list[Callable[[list[int]], list[tuple]]] = []


def _others_of(level_ids: list[int]) -> list[tuple]:
    return [tag for stale in also_stale for tag in stale(level_ids)]


def forget_levels(levels: Iterable) -> None:
    """A batch of levels changed by update() (which sends no signal): one change for all."""
    levels = list(levels)
    tags: list[tuple] = _others_of([level.id for level in levels])
    for level in levels:
        tags += tags_of(level, any_tier=True)
    forget(tags)


def forget_level_entries(level_ids: list[int]) -> None:
    """Something a domain above shows on these levels' own entries changed (the ratings'
    difficulty in the payload): their entries and what is built from them, no candidate list."""
    forget([level_tag(level_id) for level_id in level_ids] + _others_of(level_ids))


@receiver(post_save, sender=Level)
def _level_saved(sender, instance, created, raw=False, **kwargs) -> None:
    if created:
        # A new level is in no daily and no other entry: an active one joins its pool's
        # lists where they are kept (a generation run's saves read nothing again); its own
        # id may be kept as "no such level" by a request that came too early.
        added = [added_tag(instance.size, instance.rule, instance.tier, instance.id,
                           instance.stars)]
        forget([level_tag(instance.id), *(added if instance.is_active else [])])
        return
    forget(tags_of(instance, any_tier=True) + _others_of([instance.id]))


@receiver(post_delete, sender=Level)
def _level_deleted(sender, instance, **kwargs) -> None:
    forget(tags_of(instance, any_tier=True))
