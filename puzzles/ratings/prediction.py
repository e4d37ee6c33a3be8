"""A level's predicted difficulty before anyone plays it: its rating and the seconds it takes,
and which model said so: the learned model in service's stored prediction of the level
(training, level_predictions), else the cold start: the engine's tier and the board
(expected_time), on the one scale."""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.ratings import scale
from puzzles.ratings.expected_time import expected_seconds
from puzzles.ratings.models import LevelPrediction

COLD_START = "cold-start"


@dataclass(frozen=True)
class Prediction:
    rating: float  # on the levels' Glicko-2 scale
    seconds: float  # the median solve (the cold start's: of a player rated START)
    model: str  # the model's version, or COLD_START


def cold_start(*, size: int, tier: str | None, stars: int = 1) -> Prediction:
    seconds = expected_seconds(size=size, tier=tier, stars=stars)
    return Prediction(scale.rating_of(seconds=seconds, size=size, stars=stars), seconds,
                      COLD_START)


def predicted(level) -> Prediction:
    """The level's prediction (a Level, or anything with id, size, tier and stars): one
    query, for the level's payload (kept in memory; a model entering service forgets it)."""
    row = LevelPrediction.objects.filter(level_id=level.id, model__in_service=True).values_list(
        "rating", "seconds", "model__version").first()
    if row is None:
        return cold_start(size=level.size, tier=level.tier, stars=level.stars)
    return Prediction(*row)


def predicted_all(levels) -> dict[int, Prediction]:
    """`predicted` of many levels in one query (a pick among candidates): level id ->."""
    rows = {level_id: Prediction(rating, seconds, version) for level_id, rating, seconds, version
            in LevelPrediction.objects.filter(
                level_id__in=[level.id for level in levels], model__in_service=True)
            .values_list("level_id", "rating", "seconds", "model__version")}
    return {level.id: rows.get(level.id) or cold_start(size=level.size, tier=level.tier,
                                                       stars=level.stars) for level in levels}
