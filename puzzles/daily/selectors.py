"""Daily puzzles: a day's, the archive, and the reserve a new daily draws from."""

from __future__ import annotations

from datetime import date

from django.db.models import QuerySet

from puzzles.core.vocabulary import Rule
from puzzles.daily.models import DailyPuzzle, DailyTheme
from puzzles.levels import cache as level_cache
from puzzles.levels import cache_tags
from puzzles.levels.models import Level


def daily_for(day: date) -> DailyPuzzle | None:
    """Kept in memory between changes (level_cache): treat it as read-only."""
    return level_cache.remembered(
        cache_tags.daily_tag(day),
        lambda: DailyPuzzle.objects.filter(date=day).select_related("level").first())


def dailies_until(day: date, *, limit: int = 366) -> QuerySet[DailyPuzzle]:
    """The archive: dailies up to `day`, newest first."""
    return DailyPuzzle.objects.filter(date__lte=day).select_related("level")[:limit]


def dailies_between(first: date, last: date) -> QuerySet[DailyPuzzle]:
    """The dailies of these days (both included), oldest first, with their levels."""
    return (DailyPuzzle.objects.filter(date__gte=first, date__lte=last)
            .select_related("level").order_by("date"))


def first_daily() -> DailyPuzzle | None:
    """The earliest daily stored (its date and number date the others)."""
    return DailyPuzzle.objects.order_by("date").only("date", "number").first()


def first_daily_date() -> date | None:
    return DailyPuzzle.objects.order_by("date").values_list("date", flat=True).first()


def reserved_levels(size: int, tier: str, motif: str = "", stars: int = 1, *,
                    limit: int = 1) -> list[Level]:
    """Up to `limit` levels of the daily reserve that no daily has taken yet (oldest first),
    composed around the motif (blank: around none), with `stars` per unit."""
    return list(Level.objects.filter(reserved=True, daily__isnull=True, hidden=False,
                                     size=size, rule=Rule.TOUCH, tier=tier, motif=motif,
                                     stars=stars).order_by("created_at", "id")[:limit])


def scheduled_theme(day) -> str:
    """The motif staff scheduled for that day, or blank."""
    return DailyTheme.objects.filter(date=day).values_list("motif", flat=True).first() or ""
