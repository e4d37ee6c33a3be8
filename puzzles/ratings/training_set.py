"""What the difficulty model learns from (reads only): the levels whose ratings play has
settled, with both targets (the rating, and the median eligible solve in seconds), and the
one split into training and held-out levels."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from statistics import median

from puzzles.ratings.eligibility import eligible_solves
from puzzles.ratings.models import LevelRating
from puzzles.ratings.selectors import SHOWN_DEVIATION

MIN_GAMES = 10  # a settled rating: shown (deviation at most SHOWN_DEVIATION) and this many
HELD_OUT_EVERY = 4  # about one level in four is held out


@dataclass(frozen=True)
class Settled:
    level_id: int
    size: int
    stars: int
    tier: str | None
    rating: float
    seconds: float  # the median of its eligible solves


def settled_levels() -> list[Settled]:
    """Every level with a settled rating, by id."""
    rows = list(LevelRating.objects.filter(deviation__lte=SHOWN_DEVIATION, games__gte=MIN_GAMES)
                .select_related("level").order_by("level_id"))
    times = defaultdict(list)
    for level_id, seconds in eligible_solves().filter(
            level_id__in=[row.level_id for row in rows]).values_list("level_id", "seconds"):
        times[level_id].append(seconds)
    return [Settled(row.level_id, row.level.size, row.level.stars, row.level.tier, row.rating,
                    float(median(times[row.level_id])))
            for row in rows if times[row.level_id]]


def held_out(level_id: int) -> bool:
    """Whether a level is held out of every training (a fixed hash of its id): each model is
    measured on levels no model was fitted on, so a new model and the one in service compare
    fairly on the same ones."""
    # Knuth's multiplicative hash: the top bits of id × 2³²/φ, spread evenly over any ids.
    return (level_id * 2654435769) % 2**32 * HELD_OUT_EVERY >> 32 == 0
