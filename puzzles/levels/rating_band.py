"""A difficulty band (issue 39): its rule (the check of its ends, what lies in it, its words),
and its three questions, which only the ratings domain can answer (it sits above
levels and registers here from PuzzlesConfig.ready(), so levels never imports it):

- `early_judge(size=, rule=, stars=, rating_min=, rating_max=) -> callable | None`: the
  judge a run hands the engine (generate(judge=)), asked of each candidate while it is
  built (unique, of its tier and polished) from the map alone; it turns down only
  a candidate predicted clearly outside the band. None: nothing to judge a map by (no model
  in service that reads maps, or k-star levels), and every candidate is built whole.
- `judge(generated, rating_min=, rating_max=) -> Verdict`: does a candidate the engine just
  made lie in the band, by the rating predicted of it? The final word: a run asks before it
  stores the candidate (runs._advance), before any of the site's own costly steps (the
  second rating, the hash, the insert and its signals, the colouring).
- `count_within(levels, rating_min=, rating_max=) -> int`: how many of these levels (a
  queryset: a pool's) are rated within the band, as a pick reads a level's rating (play's
  once settled, else predicted): a banded pool's fill."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puzzles.core.errors import ServiceError

# The ends a band may have: levels' ratings on the Glicko-2 scale (ratings/scale.py: a level
# rated 1500 takes a player rated 1500 its board's yardstick). Wider than any level reaches.
LIMITS = (0, 4000)


def check_band(rating_min: object, rating_max: object) -> tuple[int | None, int | None]:
    """(rating_min, rating_max): each an integer within LIMITS or None (that end open), the
    low end below the high; ServiceError naming the first problem otherwise (a 400 in the
    API, the run form's error, the pool target's)."""
    low, high = LIMITS
    for name, value in (("rating_min", rating_min), ("rating_max", rating_max)):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise ServiceError(f"{name} must be a whole number between {low} and {high} (or "
                               f"null for no bound), not {value!r}")
        if not low <= value <= high:
            raise ServiceError(f"{name} must be between {low} and {high}, not {value}")
    if rating_min is not None and rating_max is not None and rating_min >= rating_max:
        raise ServiceError(f"rating_min ({rating_min}) must be below rating_max ({rating_max})")
    return rating_min, rating_max


def words(rating_min: int | None, rating_max: int | None) -> str:
    """A band as the admin and a run's reasons say it: "1400 to 1600", "1400 or more"."""
    if rating_min is not None and rating_max is not None:
        return f"{rating_min} to {rating_max}"
    if rating_min is not None:
        return f"{rating_min} or more"
    return "any" if rating_max is None else f"{rating_max} or less"


@dataclass(frozen=True)
class Verdict:
    accepted: bool
    rating: float  # the rating predicted of the candidate
    model: str  # the model's version, or the cold start
    # What the judge learned of the candidate (its features, its prediction), written once
    # the level is stored, in the same transaction; None: nothing to keep.
    keep: Callable[[object], None] | None = None


Judge = Callable[..., Verdict]
CountWithin = Callable[..., int]
EarlyJudge = Callable[..., Callable[[list[list[int]], str], bool] | None]
_answers: dict[str, Callable] = {}


def answer(*, judge: Judge, count_within: CountWithin, early_judge: EarlyJudge) -> None:
    """The ratings domain's answers (ready() may run twice in tests: the last one holds)."""
    _answers.update(judge=judge, count_within=count_within, early_judge=early_judge)


def _answerer(name: str) -> Callable:
    try:
        return _answers[name]
    except KeyError:  # a band asked of a process where Django never became ready
        raise RuntimeError("no difficulty band answerer is registered (PuzzlesConfig.ready)") \
            from None


def early_judge(*, size: int, rule: str, stars: int, rating_min: int | None,
                rating_max: int | None) -> Callable[[list[list[int]], str], bool] | None:
    return _answerer("early_judge")(size=size, rule=rule, stars=stars, rating_min=rating_min,
                                    rating_max=rating_max)


def judge(generated, *, rating_min: int | None, rating_max: int | None) -> Verdict:
    return _answerer("judge")(generated, rating_min=rating_min, rating_max=rating_max)


def count_within(levels, *, rating_min: int | None, rating_max: int | None) -> int:
    return _answerer("count_within")(levels, rating_min=rating_min, rating_max=rating_max)


def in_band(rating: float, rating_min: int | None, rating_max: int | None) -> bool:
    """The one reading of a band: both ends included, a null end open."""
    return (rating_min is None or rating >= rating_min) and (
        rating_max is None or rating <= rating_max)
