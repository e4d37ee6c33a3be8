"""Celery tasks of the ratings (named `puzzles.tasks.<fn>` as every task: beat's rows)."""

from celery import shared_task

from puzzles.core.task_options import TASK_OPTIONS
from puzzles.ratings import level_predictions, training


@shared_task(name="puzzles.tasks.train_difficulty_model", **TASK_OPTIONS)
def train_difficulty_model() -> str:
    """Train a new version of the difficulty model (safe to run twice: with no rating moved
    since the last training it does nothing). What happened."""
    return training.train_difficulty_model()[1]


@shared_task(name="puzzles.tasks.predict_new_levels", **TASK_OPTIONS)
def predict_new_levels() -> int:
    """Features and the model in service's predictions for levels that lack them, a batch."""
    return level_predictions.predict_new_levels()
