"""The time a level is expected to take a player rated START: the cold start, from the engine's
tier and the board, until a model learned from play replaces it (prediction). One function,
one home. Games are scored against the board's yardstick (scale), never against this."""

from __future__ import annotations

# Seconds an 8×8 one-star level of each tier is expected to take (the engine's tiers).
SECONDS_AT_8 = {"easy": 60.0, "medium": 120.0, "hard": 240.0, "expert": 420.0}
UNKNOWN_TIER = "medium"  # a level without a tier (some community levels)
BASE_SIZE = 8


def expected_seconds(*, size: int, tier: str | None, stars: int = 1) -> float:
    """The cold start: the tier's 8×8 time scaled by the cells (size²) and by the stars per
    unit (a Star Battle board places that many per row)."""
    base = SECONDS_AT_8.get(tier or UNKNOWN_TIER, SECONDS_AT_8[UNKNOWN_TIER])
    return base * (size / BASE_SIZE) ** 2 * max(stars, 1)
