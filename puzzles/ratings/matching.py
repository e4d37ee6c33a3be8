"""Levels matched to a player (issue 39, item 3): "Any" difficulty near the player's rating,
a little above it, so the site adapts to them; a player with no rated game starts easy. A
pick draws a few levels of each tier from the lists kept in memory and takes the one whose
rating is nearest the target: never a scan of the levels, one query for their ratings."""

from __future__ import annotations

import random

from puzzles.core import vocabulary as domain
from puzzles.core.vocabulary import Tier
from puzzles.levels.models import Level
from puzzles.levels.selectors import levels as level_selectors
from puzzles.ratings.models import LevelRating, PlayerRating
from puzzles.ratings.prediction import cold_start, predicted_all
from puzzles.ratings.selectors import SHOWN_DEVIATION

# How far above the player's rating the next level aims: about a quarter longer than their
# median on the scale (ratings/scale.py: 600 points a tenfold time), a little stretch.
STRETCH = 60.0
# Levels drawn from each tier's list to choose among (the tiers' cold starts differ by ~180
# points; drawn levels of one tier differ once the model or play tells them apart).
PER_TIER = 6


def target_rating(player: str | None, *, size: int, stars: int = 1) -> float:
    """The rating a pick aims at: the player's plus STRETCH; before their first rated game,
    the easiest tier's cold start at this board (a new player starts easy)."""
    row = PlayerRating.objects.filter(player=player or "", games__gt=0).first()
    if row is not None:
        return row.rating + STRETCH
    easiest = domain.tiers_at(size, stars)[0]
    return cold_start(size=size, tier=easiest, stars=stars).rating


def level_ratings(levels: list[Level]) -> dict[int, float]:
    """Each level's rating as a pick reads it: play's once shown (its deviation small
    enough), the model's prediction before. Two queries, however many levels."""
    measured = dict(LevelRating.objects.filter(
        level_id__in=[level.id for level in levels], games__gt=0,
        deviation__lte=SHOWN_DEVIATION).values_list("level_id", "rating"))
    predictions = predicted_all([level for level in levels if level.id not in measured])
    return {level.id: measured[level.id] if level.id in measured
            else predictions[level.id].rating for level in levels}


def level_near(size: int, rule: str, *, player: str | None, solves: int,
               tier: str | None = None, exclude_ids: tuple[int, ...] = (), stars: int = 1,
               rng: random.Random | None = None) -> Level | None:
    """A level of this board nearest the player's target rating, among PER_TIER drawn from
    each tier (only `tier`'s when one is asked); ties broken at random. As "Any" does, no
    expert Queens level before the player's NEWCOMER_SOLVES-th solve."""
    rng = rng or random.Random()
    tiers = [tier] if tier else domain.tiers_at(size, stars)
    if not tier and solves < level_selectors.NEWCOMER_SOLVES and stars == 1:
        tiers = [t for t in tiers if t != Tier.EXPERT]
    candidates = [level for t in tiers for level in level_selectors.random_playable_levels(
        size, rule, tier=t, exclude_ids=exclude_ids, stars=stars, count=PER_TIER, rng=rng)]
    if not candidates:
        return None
    ratings = level_ratings(candidates)
    target = target_rating(player, size=size, stars=stars)
    rng.shuffle(candidates)
    return min(candidates, key=lambda level: abs(ratings[level.id] - target))
