"""The difficulty model's learning, through scikit-learn (never a hand-written learner): two
gradient-boosted regressors on the features, one for the rating and one for the log of the
median solve over the board's yardstick (so one model spans sizes), and the figures a model
is judged by. No database here.

Beside them a third, smaller one reads only the map's features (features.MAP_FEATURE_NAMES:
no engine solve) and learns what the rating regressor says of the same levels: the band's
judge of a candidate still being built (band.early_judge) asks it, and turns a candidate
down only when it predicts the rating more than its margin outside the band: the margin
is what it misses the rating regressor by on levels it was not fitted on (calibrate_map).
Boosted too: a ridge on the same features missed the rating regressor by 82 points (its
margin) where this misses by 24, on the benchmark's levels, and so turned down too few;
its predict() of one row costs about 0.2 ms, below the map's shape figures' own cost. The
rating regressor judges the finished level, as ever."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import joblib
import numpy as np
from scipy.stats import spearmanr
from sklearn.ensemble import GradientBoostingRegressor

from puzzles.ratings import scale
from puzzles.ratings.features import map_vector

# Small trees, slow learning and a fixed seed: the same data, the same model; a few hundred
# levels do not overfit much.
PARAMETERS = {"n_estimators": 200, "learning_rate": 0.05, "max_depth": 3,
              "min_samples_leaf": 3, "subsample": 0.8, "random_state": 0}
# The map's estimator: half the trees (it learns one smooth target, the rating regressor's
# answers); its margin, the share of unseen levels it must come within.
MAP_PARAMETERS = {**PARAMETERS, "n_estimators": 100}
MARGIN_QUANTILE = 0.95


@dataclass(frozen=True)
class Board:
    size: int
    stars: int


def fit(features: list[list[float]], ratings: list[float], seconds: list[float],
        boards: list[Board]) -> dict:
    """{"rating": regressor, "seconds": regressor, "map": regressor}, fitted (the map's
    without a margin until calibrate_map)."""
    x = np.asarray(features, dtype=float)
    rating = GradientBoostingRegressor(**PARAMETERS).fit(x, ratings)
    time = GradientBoostingRegressor(**PARAMETERS).fit(x, [
        math.log10(s / scale.yardstick_seconds(size=b.size, stars=b.stars))
        for s, b in zip(seconds, boards, strict=True)])
    maps = GradientBoostingRegressor(**MAP_PARAMETERS).fit(_map_rows(features),
                                                           rating.predict(x))
    return {"rating": rating, "seconds": time, "map": maps}


def _map_rows(features: list[list[float]]) -> np.ndarray:
    return np.asarray([map_vector(row) for row in features], dtype=float)


def calibrate_map(fitted: dict, features: list[list[float]]) -> dict:
    """The estimators with the map's margin: the MARGIN_QUANTILE of how far it misses the
    rating regressor on these levels' features (ones neither was fitted on)."""
    misses = np.abs(fitted["map"].predict(_map_rows(features))
                    - fitted["rating"].predict(np.asarray(features, dtype=float)))
    return {**fitted, "map_margin": float(np.quantile(misses, MARGIN_QUANTILE))}


def map_margin(fitted: dict) -> float | None:
    """The map's estimator's margin; None for estimators without a calibrated one (a model
    trained before it)."""
    return fitted.get("map_margin")


def predict_map(fitted: dict, values: list[float]) -> float:
    """The rating the map's estimator predicts from one map's features (map_vector order)."""
    return float(fitted["map"].predict(np.asarray([values], dtype=float))[0])


def predict(fitted: dict, features: list[list[float]],
            boards: list[Board]) -> list[tuple[float, float]]:
    """(rating, seconds) for each row."""
    if not features:
        return []
    x = np.asarray(features, dtype=float)
    ratings = fitted["rating"].predict(x)
    logs = fitted["seconds"].predict(x)
    return [(float(r), scale.yardstick_seconds(size=b.size, stars=b.stars) * 10 ** float(t))
            for r, t, b in zip(ratings, logs, boards, strict=True)]


def figures(predicted: list[float], measured: list[float], *, log: bool = False) -> dict:
    """{"spearman", "mae"}: rank correlation (0 where either side is constant) and the mean
    absolute error (of log10 when `log`, as for seconds: 0.3 is twice or half)."""
    p, m = np.asarray(predicted, dtype=float), np.asarray(measured, dtype=float)
    if log:
        p, m = np.log10(p), np.log10(m)
    rho = spearmanr(p, m).statistic if len(p) > 1 else float("nan")
    return {"spearman": 0.0 if math.isnan(rho) else round(float(rho), 4),
            "mae": round(float(np.mean(np.abs(p - m))), 4)}


def dumped(fitted: dict) -> bytes:
    buffer = io.BytesIO()
    joblib.dump(fitted, buffer)
    return buffer.getvalue()


def loaded(data: bytes) -> dict:
    """A model's estimators from its row (written by the training only: never bytes from
    anywhere else, as unpickling runs code)."""
    return joblib.load(io.BytesIO(bytes(data)))
