"""One Glicko-2 game between a player and a level, through the glicko2 library (never a
hand-written update). Both sides move, each against the other's standing before the game."""

from __future__ import annotations

from dataclasses import dataclass

import glicko2


@dataclass(frozen=True)
class Standing:
    rating: float
    deviation: float
    volatility: float


START = Standing(1500.0, 350.0, 0.06)  # Glicko-2's unrated player (the library's defaults)
SCALE = 173.7178  # Glicko-2's internal scale: (rating - 1500) / SCALE, as the library converts


def expected(side: Standing, *, against: Standing) -> float:
    """`side`'s expected score against `against`, by the library's own E function: the
    logistic in the rating gap, flattened by the other side's deviation (g)."""
    player = glicko2.Player(rating=side.rating, rd=side.deviation, vol=side.volatility)
    return player._E((against.rating - START.rating) / SCALE, against.deviation / SCALE)


def updated(side: Standing, *, against: Standing, score: float) -> Standing:
    """`side` after one game scoring `score` (0..1) against `against`."""
    player = glicko2.Player(rating=side.rating, rd=side.deviation, vol=side.volatility)
    player.update_player([against.rating], [against.deviation], [score])
    return Standing(player.rating, player.rd, player.vol)


def game(player: Standing, level: Standing, outcome: float) -> tuple[Standing, Standing]:
    """(player, level) after a game the player scored `outcome` in."""
    return (updated(player, against=level, score=outcome),
            updated(level, against=player, score=1.0 - outcome))
