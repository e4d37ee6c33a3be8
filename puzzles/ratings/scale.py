"""The one scale between a level's rating and the seconds it takes (issue 39). A game's outcome
is logistic in log(seconds / yardstick) with the outcome's STEEPNESS, Glicko's expected score
logistic in the rating gap over 400: equal, they tie a rating gap to a time ratio. A player
rated as a level takes the yardstick; every POINTS_PER_DECADE more the level has over them,
ten times longer. Outcomes, cold starts, predictions and par times all read it here."""

from __future__ import annotations

import math

from puzzles.ratings.glicko import START
from puzzles.ratings.outcome import STEEPNESS

# The yardstick: seconds an 8×8 one-star level rated START takes a player rated START. It
# depends on the board alone (cells and stars), never on the tier: a tier's harder levels
# then beat players more often and rate higher, so ratings order levels across tiers.
YARDSTICK_AT_8 = 150.0
BASE_SIZE = 8
POINTS_PER_DECADE = 400 * STEEPNESS  # 600: twice the time is about 180 points


def yardstick_seconds(*, size: int, stars: int = 1) -> float:
    """The board's yardstick: scaled by its cells (size²) and its stars per unit."""
    return YARDSTICK_AT_8 * (size / BASE_SIZE) ** 2 * max(stars, 1)


def seconds_at(*, level_rating: float, player_rating: float = START.rating, size: int,
               stars: int = 1) -> float:
    """The seconds a player of `player_rating` is expected to take on a level rated
    `level_rating` (an outcome of one half)."""
    gap = level_rating - player_rating
    return yardstick_seconds(size=size, stars=stars) * 10 ** (gap / POINTS_PER_DECADE)


def rating_of(*, seconds: float, size: int, stars: int = 1) -> float:
    """The level rating at which a player rated START is expected to take `seconds`."""
    ratio = max(seconds, 1.0) / yardstick_seconds(size=size, stars=stars)
    return START.rating + POINTS_PER_DECADE * math.log10(ratio)
