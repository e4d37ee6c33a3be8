"""A rated solve's outcome for its player: a score in [0, 1] from the time against the time
expected of the level, lowered by mistakes. Pure; hinted solves are never games (eligibility)."""

from __future__ import annotations

import math

# The score is logistic in log(seconds / expected): 1 / (1 + (seconds / expected) ** STEEPNESS).
# 0.5 at the expected time; at 1.5 about 0.74 for half the time, 0.26 for twice the time.
STEEPNESS = 1.5
# Each full board checked wrong keeps this share of the score (two mistakes: 0.64 of it).
MISTAKE_FACTOR = 0.8


def outcome(*, seconds: int, expected_seconds: float, mistakes: int,
            best: float = 1.0) -> float:
    """The player's score: 0.5 at exactly the expected time, more when faster, less when
    slower, and less for each wrong board checked. `best`: the most a time can score (a
    quicker time scores that), before the mistakes."""
    ratio = max(seconds, 1) / max(expected_seconds, 1.0)  # a 0 s solve is still a number
    pace = 1.0 / (1.0 + math.exp(STEEPNESS * math.log(ratio)))
    return min(pace, best) * MISTAKE_FACTOR ** max(mistakes, 0)
