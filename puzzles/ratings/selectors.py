"""Ratings as the site shows them: a level's difficulty (measured once play has pinned it down,
predicted always, par times), and a player's rating once they have played a rated game."""

from __future__ import annotations

from puzzles.ratings.models import LevelRating, PlayerRating
from puzzles.ratings.par import predicted_par
from puzzles.ratings.prediction import predicted

# A level's rating is shown once its deviation is at most this (Glicko's ± about a 95 %
# interval of twice it): an unplayed level starts at 350 and takes a dozen or so games.
SHOWN_DEVIATION = 110


def shown_difficulty(row: LevelRating | None) -> dict:
    """{"rating", "deviation"}, both None until the deviation is small enough."""
    if row is None or row.games == 0 or row.deviation > SHOWN_DEVIATION:
        return {"rating": None, "deviation": None}
    return {"rating": round(row.rating), "deviation": round(row.deviation)}


def level_difficulty(level) -> dict:
    """The level JSON's "difficulty": what play measured, what the model predicts, par."""
    prediction = predicted(level)
    return {**shown_difficulty(LevelRating.objects.filter(level_id=level.id).first()),
            "predicted": round(prediction.rating),
            "par": predicted_par(prediction, size=level.size, stars=level.stars),
            "model": prediction.model}


def player_rating(key: str) -> int | None:
    """The player's rating, None while they have no rated game."""
    row = PlayerRating.objects.filter(player=key, games__gt=0).first()
    return round(row.rating) if row else None


def player_ratings(keys) -> dict[str, int]:
    """The rated ones among these players, in one query: key -> rating (a room's list)."""
    return {key: round(rating) for key, rating in PlayerRating.objects.filter(
        player__in=list(keys), games__gt=0).values_list("player", "rating")}
