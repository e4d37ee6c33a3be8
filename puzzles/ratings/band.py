"""A difficulty band's answers for the levels domain (levels/rating_band.py, registered from
PuzzlesConfig.ready()): a judge of a candidate while the engine builds it, a candidate's
predicted rating before it is stored, and how many of a pool's levels are rated within a
band.

Twice judged. While the level is built (generate(judge=), asked of each candidate once it is
unique, of its tier and polished, before the engine compares it with the call's others), by
the model in service's map estimator from the map's features alone (features.map_features:
no engine solve), turned down only when that predicts it more than the estimator's margin
outside the band (estimator.calibrate_map): the engine draws the next in its place, and the
level is the best of those kept. Why there: asked before the polish, the map's prediction
missed the finished candidate's by up to 250 points (the polish raises the design score),
after it by about the margin; asked of each composition, before any queen, it would run
some fifty times a level, each time costing more than the composition (the shape figures
alone take 0.5 to 2.5 ms). Finished, as a stored level would be predicted
(prediction.predicted): by the model in service from its features (one engine rate(),
ratings/features.py), else by the cold start of its tier: the final word, before the run's
own costly steps (levels.save_generated_level). The cold start judges no map (it reads only
the size, the tier and the stars), so without a model in service nothing is
judged early. benchmarks/rating_band.py measures what the early judge saves."""

from __future__ import annotations

from collections.abc import Callable

from generator_ext import GeneratedLevel
from puzzles.levels import rating_band
from puzzles.levels.rating_band import Verdict, in_band
from puzzles.ratings import estimator, level_predictions
from puzzles.ratings.features import (
    FEATURES_VERSION,
    level_features,
    map_features,
    map_vector,
    vector,
)
from puzzles.ratings.matching import level_ratings
from puzzles.ratings.models import DifficultyModel
from puzzles.ratings.prediction import cold_start

_fitted: dict[int, dict] = {}  # the model in service's estimators, loaded once per process


def serving_model() -> tuple[int, str, dict] | None:
    """(id, version, estimators) of the model in service whose features are current; None
    while there is none. One small query a call; the estimators are unpickled once."""
    row = DifficultyModel.objects.filter(
        in_service=True, features_version=FEATURES_VERSION).values_list("id", "version").first()
    if row is None:
        return None
    model_id, version = row
    if model_id not in _fitted:
        data = DifficultyModel.objects.filter(id=model_id).values_list("estimator",
                                                                       flat=True).first()
        if data is None:  # taken out of service and deleted between the two reads
            return None
        _fitted.clear()
        _fitted[model_id] = estimator.loaded(data)
    return model_id, version, _fitted[model_id]


def early_judge(*, size: int, rule: str, stars: int, rating_min: int | None,
                rating_max: int | None) -> Callable[[list[list[int]], str], bool] | None:
    """The engine's judge of a candidate still being built (its map and the tier it is made
    for): False when the model in service's map estimator predicts it more than its margin
    outside the band. None without a model in service that has a map estimator, or for
    k-star levels (the engine judges none)."""
    model = serving_model()
    if model is None or stars != 1 or (rating_min is None and rating_max is None):
        return None
    fitted = model[2]
    margin = estimator.map_margin(fitted)
    if margin is None:  # a model trained before the map's estimator
        return None
    low = None if rating_min is None else rating_min - margin
    high = None if rating_max is None else rating_max + margin

    def judge(regions: list[list[int]], tier: str) -> bool:
        rating = estimator.predict_map(fitted, map_vector(map_features(regions, rule, stars,
                                                                       tier)))
        return in_band(rating, low, high)

    return judge


def judge_candidate(generated: GeneratedLevel, *, rating_min: int | None,
                    rating_max: int | None) -> Verdict:
    size, stars = len(generated.regions), generated.stars
    model = serving_model()
    if model is None:
        guess = cold_start(size=size, tier=generated.tier, stars=stars)
        return Verdict(in_band(guess.rating, rating_min, rating_max), guess.rating, guess.model)
    model_id, version, fitted = model
    values = level_features(generated.regions, generated.rule, stars)
    [(rating, seconds)] = estimator.predict(fitted, [vector(values)],
                                            [estimator.Board(size, stars)])

    def keep(level) -> None:
        level_predictions.keep_prediction(level.id, model_id=model_id, values=values,
                                          rating=rating, seconds=seconds)

    return Verdict(in_band(rating, rating_min, rating_max), rating, version, keep)


def count_within(levels, *, rating_min: int | None, rating_max: int | None) -> int:
    """How many of these levels (a queryset) are rated within the band, each rating read as
    a pick reads it (matching.level_ratings: play's once settled, else predicted)."""
    rows = list(levels.only("id", "size", "tier", "stars"))
    ratings = level_ratings(rows)
    return sum(in_band(ratings[level.id], rating_min, rating_max) for level in rows)


def answer_levels() -> None:
    rating_band.answer(judge=judge_candidate, count_within=count_within,
                       early_judge=early_judge)
