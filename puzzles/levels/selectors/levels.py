"""Levels a player may see: random picks without table scans, a level by id."""

from __future__ import annotations

import random
import threading
from datetime import date

from django.db.models import Count, Max, Q, QuerySet
from django.utils import timezone

from puzzles.core import vocabulary as domain
from puzzles.core.vocabulary import Tier
from puzzles.levels import cache as level_cache
from puzzles.levels import cache_tags, likeness
from puzzles.levels.models import Level


def active_levels(size: int, rule: str, tier: str | None = None,
                  stars: int = 1) -> QuerySet[Level]:
    levels = Level.objects.filter(size=size, rule=rule, stars=stars, is_active=True)
    return levels.filter(tier=tier) if tier else levels


def kind_levels(size: int, tier: str, kind: str) -> QuerySet[Level]:
    """The boards of a (size, tier) that "Solvable?" may deal (issue 40), of a kind (Kind:
    its ordinary boards or its traps): the one read of them outside the mode's own rows."""
    return Level.all_kinds.filter(kind=kind, size=size, tier=tier, hidden=False,
                                  is_active=True)


def modes_boards_near(painting: list[list[int]]) -> list[Level]:
    """"Solvable?"'s boards of either kind (any state) the painting is or is near (a few
    cells apart, likeness.near_maps: the map alone, for a trap holds no solution)."""
    boards = list(Level.all_kinds.filter(kind__in=(domain.Kind.SOLVABLE, domain.Kind.TRAP),
                                         size=len(painting))
                  .only("id", "regions", "kind", "source", "maker"))
    return [boards[at] for at in likeness.near_maps(painting, [b.regions for b in boards])]


def not_a_future_daily(today: date | None = None) -> Q:
    """Levels a player may see today: none reserved for a daily after today."""
    today = today or timezone.now().date()
    return Q(daily__isnull=True) | Q(daily__date__lte=today)


def random_level(size: int, rule: str, *, tier: str | None = None,
                 exclude_ids: tuple[int, ...] = (), extra: Q | None = None,
                 stars: int = 1) -> Level | None:
    """A uniformly placed random point on the indexed `pick` key, then the next level after it
    (wrapping around): two index seeks at most, never ORDER BY RANDOM()."""
    queryset = active_levels(size, rule, tier, stars).select_related("daily")
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


def is_out(level: Level) -> bool:
    """False for a level kept for a daily whose day has not come: it does not exist yet."""
    daily = getattr(level, "daily", None)
    if daily is not None:
        return daily.date <= timezone.now().date()
    return not level.reserved


def level_by_id(level_id: int) -> Level | None:
    """A level by id, unless it is a daily whose day has not come (it does not exist yet).
    Kept in memory between changes (level_cache): treat it as read-only."""
    return _kept_level(level_id, level_cache.current_version())


def _kept_level(level_id: int, version) -> Level | None:
    level = level_cache.remembered(
        cache_tags.level_tag(level_id),
        lambda: Level.objects.filter(id=level_id, hidden=False).select_related("daily").first(),
        version=version)
    return level if level is not None and is_out(level) else None


def random_playable_level(size: int, rule: str, *, tier: str | None = None,
                          exclude_ids: tuple[int, ...] = (), stars: int = 1) -> Level | None:
    """random_level for players: the same levels, picked uniformly from the ids kept in
    memory between changes, so a pick costs no query while nothing changed."""
    picked = random_playable_levels(size, rule, tier=tier, exclude_ids=exclude_ids,
                                    stars=stars, count=1)
    return picked[0] if picked else None


def random_playable_levels(size: int, rule: str, *, tier: str | None = None,
                           exclude_ids: tuple[int, ...] = (), stars: int = 1, count: int = 1,
                           rng: random.Random | None = None) -> list[Level]:
    """Up to `count` different levels as random_playable_level picks one (uniformly, from the
    ids kept in memory), for a caller that chooses among a few."""
    rng = rng or random
    today = timezone.now().date()
    version = level_cache.current_version()  # once: the ids and the levels it picks
    tag = cache_tags.pool_tag(size, rule, tier, stars)
    loaded = []

    def load_ids() -> list[int]:
        loaded.append(True)
        return list(active_levels(size, rule, tier, stars).filter(not_a_future_daily(today))
                    .values_list("id", flat=True))

    ids = level_cache.remembered((*tag, today), load_ids, tag=tag, version=version)
    if loaded:  # a list read anew (a run added levels): its new levels in one query
        level_cache.remember_many(
            [cache_tags.level_tag(level_id) for level_id in ids],
            lambda keys: {cache_tags.level_tag(level.id): level for level in
                          Level.objects.filter(id__in=[key[1] for key in keys], hidden=False)
                          .select_related("daily")},
            version=version)
    if exclude_ids:
        excluded = set(exclude_ids)
        ids = [level_id for level_id in ids if level_id not in excluded]
    picked: list[Level] = []
    tried: set[int] = set()
    while len(picked) < count and len(tried) < len(ids):
        pick = rng.choice(ids)
        if pick in tried:
            continue
        tried.add(pick)
        level = _kept_level(pick, version)
        if level is not None:  # else gone since the list was kept
            picked.append(level)
    return picked


# "Any" difficulty is this mix, not whatever the pool holds: mostly easy to hard, expert
# now and then, and never expert before a player has NEWCOMER_SOLVES solves.
ANY_MIX = {Tier.EASY: 35, Tier.MEDIUM: 30, Tier.HARD: 30, Tier.EXPERT: 5}
NEWCOMER_SOLVES = 5


def any_tier_level(size: int, rule: str, *, solves: int, exclude_ids: tuple[int, ...] = (),
                   rng: random.Random | None = None, stars: int = 1) -> Level | None:
    """A level of "Any" difficulty for a player with `solves` solves: a tier drawn by ANY_MIX
    among those this size has, then a level of it; the next tier by weight when it has none
    left for them."""
    rng = rng or random
    tiers = [t for t in domain.tiers_at(size, stars) if t in ANY_MIX]
    if solves < NEWCOMER_SOLVES and stars == 1:  # k-star boards are hard or expert anyway
        tiers = [t for t in tiers if t != Tier.EXPERT]
    while tiers:
        tier = rng.choices(tiers, weights=[ANY_MIX[t] for t in tiers])[0]
        level = random_playable_level(size, rule, tier=tier, exclude_ids=exclude_ids,
                                      stars=stars)
        if level is not None:
            return level
        tiers.remove(tier)
    return None


def levels_with_hashes(digests: list[str]) -> list[Level]:
    """The stored levels that are any of these puzzles (a map under several rules)."""
    return list(Level.objects.filter(canonical_hash__in=digests).select_related("daily"))


# Each process keeps the near-copy index of each size: a query per check says whether a level
# of that size was added (its count, largest id and newest time moved together: only those
# are read) or deleted (read again). The time tells a level apart from an older one under the
# same id (SQLite hands a rolled-back id out again).
_indexes: dict[int, tuple[tuple, likeness.SolutionIndex]] = {}
_indexes_lock = threading.Lock()


def solution_index(size: int) -> likeness.SolutionIndex:
    """Every stored level of this size, any rule and star count, for the near-copy check."""
    levels = Level.objects.filter(size=size)
    version = tuple(levels.aggregate(count=Count("id"), last=Max("id"),
                                     newest=Max("created_at")).values())
    kept = _indexes.get(size)
    if kept is not None and kept[0] == version:
        return kept[1]
    with _indexes_lock:
        kept = _indexes.get(size)
        if kept is not None and kept[0] == version:
            return kept[1]
        columns = ("id", "solution", "stars", "regions")
        if kept is not None and kept[0][1] is not None:
            (count, last, newest), index = kept
            same_before = levels.filter(id__lte=last).aggregate(
                newest=Max("created_at"))["newest"] == newest
            added = list(levels.filter(id__gt=last).values_list(*columns))
            if same_before and count + len(added) == version[0]:
                index.add(added)
                _indexes[size] = (version, index)
                return index
        index = likeness.SolutionIndex(size)
        index.add(list(levels.values_list(*columns)))
        _indexes[size] = (version, index)
    return index


def levels_with_ids(ids: list[int]) -> list[Level]:
    return list(Level.objects.filter(id__in=ids).select_related("daily"))
