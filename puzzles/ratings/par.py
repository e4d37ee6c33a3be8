"""Par times: three standards a solve can be measured against, as Grandmaster Puzzles gives
them. Before enough rated games, from the prediction on the one scale: the seconds a player
of each standard's rating is expected to take. From MEASURED_PAR_GAMES games on, from their
times: the median, the quickest quarter's and the quickest tenth's."""

from __future__ import annotations

import math

from puzzles.ratings import scale
from puzzles.ratings.glicko import START
from puzzles.ratings.prediction import Prediction

# Each standard twice as fast as the one before (about 180 points on the scale): an expert
# takes the predicted median, a master half, a grandmaster a quarter.
STANDARDS = {"expert": START.rating, "master": START.rating + 180.0,
             "grandmaster": START.rating + 360.0}
# No game scores more than a player of the grandmaster standard is expected to against its
# level: a time under grandmaster par says no more than that. A script solving every level at
# the ranked floor then rates as a grandmaster at most, never above (it climbed past 2,000 on
# sixteen levels before; the outside attacker, issue 39), and a player's rating tops out there.
CEILING = STANDARDS["grandmaster"]
# The best first: the standard a time beats is the first whose par it is within.
BEST_FIRST = ("grandmaster", "master", "expert")

# A level's par comes from its games' times once it has this many (one per player and
# address: eligibility), the model's before. Measured, each standard is a percentile of those
# times: an expert solves as the median game does, a master as the quickest quarter, a
# grandmaster as the quickest tenth. Times of play spread about twofold between quartiles,
# so these land near the prediction's half and quarter; play says where exactly.
MEASURED_PAR_GAMES = 20
# Only established players' games measure par: their deviation before the game at most this
# (three to six rated games in, by their opponents' certainty). Twenty fresh cookies at twenty
# addresses solving at the ranked floor set every standard to 6 s for everyone (the outside
# attacker, issue 39); now each must first play a few other levels, rated, from its address.
ESTABLISHED_DEVIATION = 200
PERCENTILES = {"expert": 50, "master": 25, "grandmaster": 10}


def predicted_par(prediction: Prediction, *, size: int, stars: int = 1) -> dict[str, int]:
    """{"master", "expert", "grandmaster"}: whole seconds, at least 1."""
    return {name: max(1, round(scale.seconds_at(level_rating=prediction.rating,
                                                player_rating=rating, size=size,
                                                stars=stars)))
            for name, rating in STANDARDS.items()}


def measured_par(seconds: list[int]) -> dict[str, int] | None:
    """The par of these game times (any order): each standard's percentile by nearest rank,
    at least 1 s; None below MEASURED_PAR_GAMES times."""
    if len(seconds) < MEASURED_PAR_GAMES:
        return None
    ordered = sorted(seconds)
    return {name: max(1, ordered[math.ceil(len(ordered) * share / 100) - 1])
            for name, share in PERCENTILES.items()}


def beaten(seconds: int, par: dict[str, int]) -> str | None:
    """The best standard whose par this time is within (at or under), None when over all."""
    return next((name for name in BEST_FIRST if seconds <= par[name]), None)
