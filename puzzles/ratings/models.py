"""Ratings from play: every rated solve is a Glicko-2 game between its player and its level.
The game log (RatedGame, one row per solve) is the record; the two rating tables are what it
adds up to, and can be replayed from the stored solves (services.recompute_ratings). The
difficulty model's trainings, the features they learn from and the predictions of the one in
service live here too."""

from django.db import models

from puzzles.core.model_bases import Stamped
from puzzles.levels.models import Level
from puzzles.play.models import Solve
from puzzles.ratings.glicko import START


class Rated(models.Model):
    """One side's Glicko-2 standing and how many games made it."""

    rating = models.FloatField(default=START.rating)
    deviation = models.FloatField(default=START.deviation)
    volatility = models.FloatField(default=START.volatility)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class LevelRating(Rated):
    """A level's difficulty as play measured it: it wins a game when its player is slow."""

    level = models.OneToOneField(Level, on_delete=models.CASCADE, primary_key=True,
                                 related_name="rating")
    # Par times measured from the level's games (par.measured_par), whole seconds; null
    # until it has par.MEASURED_PAR_GAMES of them (the prediction's par is shown until then).
    par_expert = models.PositiveIntegerField(null=True, blank=True)
    par_master = models.PositiveIntegerField(null=True, blank=True)
    par_grandmaster = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Level {self.level_id}: {self.rating:.0f} ± {self.deviation:.0f}"

    def measured_par(self) -> dict[str, int] | None:
        if self.par_expert is None:
            return None
        return {"expert": self.par_expert, "master": self.par_master,
                "grandmaster": self.par_grandmaster}


class PlayerRating(Rated):
    """A player's (guest or account, by key) skill as their rated solves measured it."""

    player = models.CharField(max_length=64, unique=True)

    def __str__(self) -> str:
        return f"Player {self.player[:8]}: {self.rating:.0f} ± {self.deviation:.0f}"


class RatedGame(models.Model):
    """One rated solve: its outcome and both sides' standings before it (each side's update
    used the other's), so a player's rating can be replayed from their games alone."""

    solve = models.OneToOneField(Solve, on_delete=models.CASCADE, related_name="rated_game")
    level = models.ForeignKey(Level, on_delete=models.CASCADE, related_name="rated_games")
    player = models.CharField(max_length=64)
    played_at = models.DateTimeField()  # the solve's solved_at: the order of a replay
    outcome = models.FloatField()  # the player's score, 0..1 (the level's is 1 - outcome)
    player_rating = models.FloatField()
    player_deviation = models.FloatField()
    level_rating = models.FloatField()
    level_deviation = models.FloatField()

    class Meta:
        indexes = [models.Index(fields=["player", "played_at"], name="rated_game_player")]

    def __str__(self) -> str:
        return f"Game of solve {self.solve_id}: {self.outcome:.2f}"


class LevelFeatures(models.Model):
    """A level's features for the difficulty model (ratings.features), kept so a training
    never rates thousands of levels again; computed again when FEATURES_VERSION moves."""

    level = models.OneToOneField(Level, on_delete=models.CASCADE, primary_key=True,
                                 related_name="features")
    version = models.PositiveSmallIntegerField()
    values = models.JSONField()  # {feature name: number}
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Features of level {self.level_id} (v{self.version})"


class DifficultyModel(Stamped):
    """One training of the difficulty model: the fitted estimators, how they and the cold
    start did on the held-out levels (metrics, and the points the admin plots), and whether
    it is the one in service. A training that did not beat the model in service is kept out
    of service, with its figures and the verdict that says why."""

    version = models.CharField(max_length=32, unique=True)  # "gbm-<id>"
    trained_on = models.PositiveIntegerField()  # levels fitted on (the held-out ones apart)
    features_version = models.PositiveSmallIntegerField()
    metrics = models.JSONField(default=dict)
    # [[level id, predicted rating, measured rating, predicted s, measured median s], ...]
    held_out = models.JSONField(default=list)
    verdict = models.TextField(blank=True, default="")
    in_service = models.BooleanField(default=False)
    # joblib's pickle of {"rating": estimator, "seconds": estimator}: only ever loaded from
    # this table, which only the training writes.
    estimator = models.BinaryField()

    class Meta:
        constraints = [models.UniqueConstraint(
            fields=["in_service"], condition=models.Q(in_service=True),
            name="one_difficulty_model_in_service")]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.version


class LevelPrediction(models.Model):
    """A level's difficulty as a model predicted it (the model in service's, once it has
    seen the level's features): read by prediction.predicted, one query per payload."""

    level = models.OneToOneField(Level, on_delete=models.CASCADE, primary_key=True,
                                 related_name="prediction")
    model = models.ForeignKey(DifficultyModel, on_delete=models.CASCADE,
                              related_name="predictions")
    rating = models.FloatField()
    seconds = models.FloatField()  # the predicted median ranked solve

    def __str__(self) -> str:
        return f"Level {self.level_id}: {self.rating:.0f} by {self.model_id}"
