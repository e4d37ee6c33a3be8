"""Ratings as the site shows them: a level's difficulty (measured once play has pinned it down,
predicted always, par times), and a player's rating once they have played a rated game."""

from __future__ import annotations

from puzzles.ratings.models import LevelRating, PlayerRating
from puzzles.ratings.par import beaten, predicted_par
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
    """The level JSON's "difficulty": what play measured, what the model predicts, par (its
    games' once it has enough of them, the prediction's before)."""
    prediction = predicted(level)
    row = LevelRating.objects.filter(level_id=level.id).first()
    par = (row and row.measured_par()) or predicted_par(prediction, size=level.size,
                                                        stars=level.stars)
    return {**shown_difficulty(row), "predicted": round(prediction.rating), "par": par,
            "model": prediction.model}


def solve_against_par(level, *, seconds: int, ranked: bool) -> dict:
    """How a solve's time compares with the level's par: {"par", "beat"}, beat the best
    standard it is within (par.beaten), None when it is over all three or is not ranked (an
    assisted or unranked time claims no standard)."""
    par = level_difficulty(level)["par"]
    return {"par": par, "beat": beaten(seconds, par) if ranked else None}


def player_rating(key: str) -> int | None:
    """The player's rating, None while they have no rated game."""
    row = PlayerRating.objects.filter(player=key, games__gt=0).first()
    return round(row.rating) if row else None


def player_ratings(keys) -> dict[str, int]:
    """The rated ones among these players, in one query: key -> rating (a room's list)."""
    return {key: round(rating) for key, rating in PlayerRating.objects.filter(
        player__in=list(keys), games__gt=0).values_list("player", "rating")}
