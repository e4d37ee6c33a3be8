"""What a change to the data makes stale in the level cache (puzzles/levels/cache.py): a
level's own entry, the candidate lists it is in and the daily it is; a new level only joins
its pool's lists. Saves and deletes tell it through signals; bulk updates, which send none,
through forget_levels."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from puzzles.core.vocabulary import Tier
from puzzles.daily.models import DailyPuzzle
from puzzles.levels.cache import forget
from puzzles.levels.cache_tags import added_tag, daily_tag, level_tag, pool_tag
from puzzles.levels.models import Level


def tags_of(level, *, any_tier: bool = False) -> list[tuple]:
    """What a change to this level makes stale: itself and the candidate lists it is in (its
    tier's and the any-tier list; every tier's when its tier may have changed)."""
    tiers = ["", *Tier.values] if any_tier else ["", level.tier]
    return [level_tag(level.id),
            *(pool_tag(level.size, level.rule, t, level.stars) for t in tiers)]


def _dailies_of(level_ids: list[int]) -> list[tuple]:
    return [daily_tag(day) for day in DailyPuzzle.objects.filter(level_id__in=level_ids)
            .values_list("date", flat=True)]


def forget_levels(levels: Iterable) -> None:
    """A batch of levels changed by update() (which sends no signal): one change for all."""
    levels = list(levels)
    tags: list[tuple] = _dailies_of([level.id for level in levels])
    for level in levels:
        tags += tags_of(level, any_tier=True)
    forget(tags)


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
    forget(tags_of(instance, any_tier=True) + _dailies_of([instance.id]))


@receiver(post_delete, sender=Level)
def _level_deleted(sender, instance, **kwargs) -> None:
    forget(tags_of(instance, any_tier=True))


@receiver([post_save, post_delete], sender=DailyPuzzle)
def _daily_changed(sender, instance, **kwargs) -> None:
    # Its level comes out on that day: the level and the lists it is in change too.
    level = Level.objects.filter(id=instance.level_id).only("id", "size", "rule").first()
    forget([daily_tag(instance.date), *(tags_of(level, any_tier=True) if level else [])])
