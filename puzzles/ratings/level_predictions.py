"""The difficulty model's rows per level, written: a level's features (one engine rate()
each, so kept) and the prediction of the model in service. A model entering service predicts
every level that has features at once (training); the sweep (predict_new_levels, a periodic
task) computes what new levels lack, a batch at a time, and predicts them."""

from __future__ import annotations

from collections.abc import Iterable

from puzzles.levels.cache_invalidation import forget_level_entries
from puzzles.levels.models import Level
from puzzles.ratings import estimator
from puzzles.ratings.features import FEATURES_VERSION, level_features, vector
from puzzles.ratings.models import DifficultyModel, LevelFeatures, LevelPrediction

BATCH = 500  # levels a sweep computes features for (about a millisecond each, 1★)
CHUNK = 2000  # levels predicted per query


def without_features():
    """Levels whose features are missing or of another version."""
    return Level.objects.exclude(features__version=FEATURES_VERSION)


def store_features(levels: Iterable[Level]) -> int:
    """Compute and keep the features of these levels; how many."""
    rows = [LevelFeatures(level_id=level.id, version=FEATURES_VERSION,
                          values=level_features(level.regions, level.rule, level.stars))
            for level in levels]
    LevelFeatures.objects.bulk_create(rows, update_conflicts=True, unique_fields=["level"],
                                      update_fields=["version", "values", "computed_at"])
    return len(rows)


def ensure_features(level_ids: list[int]) -> None:
    store_features(without_features().filter(id__in=level_ids)
                   .only("id", "regions", "rule", "stars"))


def feature_vectors(level_ids: Iterable[int]) -> dict[int, list[float]]:
    """{level id: its feature vector} of those levels that have current features."""
    return {level_id: vector(values) for level_id, values in LevelFeatures.objects.filter(
        level_id__in=list(level_ids), version=FEATURES_VERSION).values_list("level_id", "values")}


def predict_levels(model: DifficultyModel, fitted: dict, levels) -> list[int]:
    """Write the model's prediction of each of these levels (a queryset) that has current
    features, CHUNK at a time; their ids."""
    done = []
    rows = levels.filter(features__version=FEATURES_VERSION).order_by("id").values_list(
        "id", "size", "stars", "features__values")
    for start in range(0, rows.count(), CHUNK):
        chunk = list(rows[start:start + CHUNK])
        boards = [estimator.Board(size, stars) for _, size, stars, _ in chunk]
        answers = estimator.predict(fitted, [vector(values) for *_, values in chunk], boards)
        LevelPrediction.objects.bulk_create(
            [LevelPrediction(level_id=level_id, model=model, rating=rating, seconds=seconds)
             for (level_id, *_), (rating, seconds) in zip(chunk, answers, strict=True)],
            update_conflicts=True, unique_fields=["level"],
            update_fields=["model", "rating", "seconds"])
        done += [level_id for level_id, *_ in chunk]
    return done


def in_service() -> DifficultyModel | None:
    return DifficultyModel.objects.filter(in_service=True).first()


def predict_new_levels(*, limit: int = BATCH) -> int:
    """The sweep: features for up to `limit` levels that lack them, then the model in
    service's prediction of up to `limit` levels it has not predicted (their kept payloads
    forgotten). How many levels it predicted; safe to run twice."""
    store_features(without_features().order_by("-id").only("id", "regions", "rule",
                                                            "stars")[:limit])
    model = in_service()
    if model is None or model.features_version != FEATURES_VERSION:
        return 0
    ids = list(Level.objects.exclude(prediction__model=model)
               .filter(features__version=FEATURES_VERSION)
               .order_by("-id").values_list("id", flat=True)[:limit])
    if not ids:
        return 0
    done = predict_levels(model, estimator.loaded(model.estimator),
                          Level.objects.filter(id__in=ids))
    forget_level_entries(done)
    return len(done)


def keep_prediction(level_id: int, *, model_id: int, values: dict[str, float], rating: float,
                    seconds: float) -> None:
    """A new level's features and the model in service's prediction of it, computed before
    it was stored (a banded run's judge, ratings/band.py): the sweep need not do them again."""
    LevelFeatures.objects.update_or_create(
        level_id=level_id, defaults={"version": FEATURES_VERSION, "values": values})
    LevelPrediction.objects.update_or_create(
        level_id=level_id, defaults={"model_id": model_id, "rating": rating, "seconds": seconds})
