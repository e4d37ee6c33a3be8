"""A difficulty band's answers for the levels domain (levels/rating_band.py, registered from
PuzzlesConfig.ready()): a candidate's predicted rating before it is stored, and how many of a
pool's levels are rated within a band.

A candidate is judged as a stored level would be predicted (prediction.predicted): by the
model in service from its features (one engine rate(), ratings/features.py), else by the
cold start of its tier. The engine gives no hook into a map while it is built, so this
judges the finished map, before the run's own costly steps (levels.save_generated_level)."""

from __future__ import annotations

from generator_ext import GeneratedLevel
from puzzles.levels import rating_band
from puzzles.levels.rating_band import Verdict, in_band
from puzzles.ratings import estimator, level_predictions
from puzzles.ratings.features import FEATURES_VERSION, level_features, vector
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
    rating_band.answer(judge=judge_candidate, count_within=count_within)
