"""The daily's part of the level cache (puzzles/levels/cache_invalidation.py): a change to a
level makes the days it is the daily of stale, and a change to a day's daily makes that day,
its level and the lists the level is in stale. Registered from here, so levels never imports
daily (PuzzlesConfig.ready() imports this module)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from puzzles.daily.models import DailyPuzzle
from puzzles.levels import cache_invalidation as level_changes
from puzzles.levels.cache import forget
from puzzles.levels.cache_tags import daily_tag
from puzzles.levels.models import Level


def dailies_of(level_ids: list[int]) -> list[tuple]:
    return [daily_tag(day) for day in DailyPuzzle.objects.filter(level_id__in=level_ids)
            .values_list("date", flat=True)]


if dailies_of not in level_changes.also_stale:
    level_changes.also_stale.append(dailies_of)


@receiver([post_save, post_delete], sender=DailyPuzzle)
def _daily_changed(sender, instance, **kwargs) -> None:
    # Its level comes out on that day: the level and the lists it is in change too.
    level = Level.objects.filter(id=instance.level_id).only("id", "size", "rule").first()
    forget([daily_tag(instance.date),
            *(level_changes.tags_of(level, any_tier=True) if level else [])])
