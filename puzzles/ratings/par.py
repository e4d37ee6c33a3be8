"""Par times: three standards a solve can be measured against, as Grandmaster Puzzles gives
them. Before enough ranked solves, from the prediction on the one scale: the seconds a player
of each standard's rating is expected to take."""

from __future__ import annotations

from puzzles.ratings import scale
from puzzles.ratings.glicko import START
from puzzles.ratings.prediction import Prediction

# Each standard twice as fast as the one before (about 180 points on the scale): an expert
# takes the predicted median, a master half, a grandmaster a quarter.
STANDARDS = {"expert": START.rating, "master": START.rating + 180.0,
             "grandmaster": START.rating + 360.0}


def predicted_par(prediction: Prediction, *, size: int, stars: int = 1) -> dict[str, int]:
    """{"master", "expert", "grandmaster"}: whole seconds, at least 1."""
    return {name: max(1, round(scale.seconds_at(level_rating=prediction.rating,
                                                player_rating=rating, size=size,
                                                stars=stars)))
            for name, rating in STANDARDS.items()}
