"""The difficulty model trained (issue 39, item 2): fitted on the levels whose ratings play
has settled, measured on the held-out ones against the cold start and the model in service,
kept as a new version (with the map's estimator for the band's judge of a candidate still
being built, its margin measured on the held-out levels), and put in service only when it
ranks the held-out levels' ratings better than the model in service does (the cold start
while none is): a retrain that scores worse is kept, out of service, with the figures that
say why. Safe to run twice."""

from __future__ import annotations

import logging
import uuid

from django.db import transaction
from django.db.models import Max

from puzzles.levels.cache import forget_all
from puzzles.levels.models import Level
from puzzles.ratings import estimator, level_predictions, training_set
from puzzles.ratings.features import FEATURES_VERSION
from puzzles.ratings.models import DifficultyModel, LevelRating
from puzzles.ratings.prediction import COLD_START, cold_start

log = logging.getLogger(__name__)

MIN_SETTLED = 30  # settled levels before any model is trained
MIN_HELD_OUT = 5


def train_difficulty_model() -> tuple[DifficultyModel | None, str]:
    """(the new model, in service or not, and its verdict), or (None, why not: too little
    to learn from, or no rating moved since the last training). Logged either way."""
    levels = training_set.settled_levels()
    testing = [level for level in levels if training_set.held_out(level.level_id)]
    training = [level for level in levels if not training_set.held_out(level.level_id)]
    if len(levels) < MIN_SETTLED or len(testing) < MIN_HELD_OUT:
        return nothing(f"{len(levels)} settled levels ({len(testing)} held out), "
                       f"{MIN_SETTLED} ({MIN_HELD_OUT}) needed: nothing trained")
    last = DifficultyModel.objects.first()
    changed_at = LevelRating.objects.aggregate(at=Max("updated_at"))["at"]
    if last and last.features_version == FEATURES_VERSION and last.created_at >= changed_at:
        return nothing(f"no rating moved since {last.version}: nothing trained")
    level_predictions.ensure_features([level.level_id for level in levels])
    vectors = level_predictions.feature_vectors(level.level_id for level in levels)
    training = [level for level in training if level.level_id in vectors]
    testing = [level for level in testing if level.level_id in vectors]
    fitted = estimator.fit([vectors[level.level_id] for level in training],
                           [level.rating for level in training],
                           [level.seconds for level in training], boards(training))
    fitted = estimator.calibrate_map(fitted, [vectors[level.level_id] for level in testing])
    mine = estimator.predict(fitted, [vectors[level.level_id] for level in testing],
                             boards(testing))
    serving = level_predictions.in_service()
    rival = serving if serving and serving.features_version == FEATURES_VERSION else None
    # (A model that reads other features is no rival: the cold start stands for it.)
    theirs = (estimator.predict(estimator.loaded(rival.estimator),
                                [vectors[level.level_id] for level in testing], boards(testing))
              if rival else cold_predictions(testing))
    metrics = {"held_out": len(testing), "rival": rival.version if rival else COLD_START,
               "map_margin": round(fitted["map_margin"], 1),
               **{target: {"model": score(mine, testing, target),
                           "cold_start": score(cold_predictions(testing), testing, target),
                           "rival": score(theirs, testing, target)}
                  for target in ("rating", "seconds")}}
    return stored(fitted, training, testing, mine, metrics, serving_id=serving and serving.id)


def nothing(why: str) -> tuple[None, str]:
    log.info("difficulty model: %s", why)
    return None, why


def boards(levels: list[training_set.Settled]) -> list[estimator.Board]:
    return [estimator.Board(level.size, level.stars) for level in levels]


def cold_predictions(levels: list[training_set.Settled]) -> list[tuple[float, float]]:
    return [(p.rating, p.seconds) for p in (
        cold_start(size=level.size, tier=level.tier, stars=level.stars) for level in levels)]


def score(predicted: list[tuple[float, float]], levels: list[training_set.Settled],
          target: str) -> dict:
    if target == "rating":
        return estimator.figures([p[0] for p in predicted], [level.rating for level in levels])
    return estimator.figures([p[1] for p in predicted], [level.seconds for level in levels],
                             log=True)


def stored(fitted, training, testing, mine, metrics, *, serving_id: int | None
           ) -> tuple[DifficultyModel, str]:
    """The new version's row; in service (every level with features predicted by it, the
    kept payloads forgotten) when its held-out Spearman beats the rival's. A tie keeps the
    model in service."""
    ours = metrics["rating"]["model"]["spearman"]
    theirs = metrics["rating"]["rival"]["spearman"]
    with transaction.atomic():
        current = DifficultyModel.objects.select_for_update().filter(in_service=True).first()
        row = DifficultyModel.objects.create(
            version=uuid.uuid4().hex, trained_on=len(training),
            features_version=FEATURES_VERSION, metrics=metrics, estimator=estimator.dumped(fitted),
            held_out=[[level.level_id, round(rating, 1), round(level.rating, 1),
                       round(seconds, 1), level.seconds]
                      for level, (rating, seconds) in zip(testing, mine, strict=True)])
        row.version = f"gbm-{row.id}"
        name = metrics["rival"]
        if ours <= theirs:
            row.verdict = (f"kept out of service: held-out Spearman {ours:.3f}, not above "
                           f"{theirs:.3f} of {name}")
        elif (current and current.id) != serving_id:
            row.verdict = f"kept out of service: {current.version} entered service meanwhile"
        else:
            row.verdict = f"in service: held-out Spearman {ours:.3f} against {theirs:.3f} of {name}"
            if current is not None:
                current.in_service = False
                current.save(update_fields=["in_service"])
            row.in_service = True
        row.save(update_fields=["version", "verdict", "in_service"])
        if row.in_service:
            level_predictions.predict_levels(row, fitted, Level.objects.all())
            forget_all()  # every level's predicted difficulty moved (again at commit)
    log.info("difficulty model %s: %s", row.version, row.verdict)
    return row, row.verdict
