"""The difficulty model's learning, through scikit-learn (never a hand-written learner): two
gradient-boosted regressors on the features, one for the rating and one for the log of the
median solve over the board's yardstick (so one model spans sizes), and the figures a model
is judged by. No database here."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import joblib
import numpy as np
from scipy.stats import spearmanr
from sklearn.ensemble import GradientBoostingRegressor

from puzzles.ratings import scale

# Small trees, slow learning and a fixed seed: the same data, the same model; a few hundred
# levels do not overfit much.
PARAMETERS = {"n_estimators": 200, "learning_rate": 0.05, "max_depth": 3,
              "min_samples_leaf": 3, "subsample": 0.8, "random_state": 0}


@dataclass(frozen=True)
class Board:
    size: int
    stars: int


def fit(features: list[list[float]], ratings: list[float], seconds: list[float],
        boards: list[Board]) -> dict:
    """{"rating": regressor, "seconds": regressor}, fitted."""
    x = np.asarray(features, dtype=float)
    rating = GradientBoostingRegressor(**PARAMETERS).fit(x, ratings)
    time = GradientBoostingRegressor(**PARAMETERS).fit(x, [
        math.log10(s / scale.yardstick_seconds(size=b.size, stars=b.stars))
        for s, b in zip(seconds, boards, strict=True)])
    return {"rating": rating, "seconds": time}


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
