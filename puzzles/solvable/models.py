""""Solvable?" (issue 40): a run of boards, some ordinary levels and some traps, each answered
once: solved, or "no solution" with the units that conflict."""

from django.db import models

from puzzles.core.model_bases import Stamped, one_row_per
from puzzles.core.vocabulary import Tier


class Answer(models.TextChoices):
    SOLVED = "solved"  # the player's queens
    NO_SOLUTION = "no_solution"  # the player's claim: the units that cannot all have a queen


class SolvableRun(Stamped):
    # The run's public name in its address: never the id (one player's runs are theirs).
    key = models.CharField(max_length=32, unique=True)
    player = models.CharField(max_length=64, db_index=True)
    tier = models.CharField(max_length=16, choices=Tier.choices)
    size = models.PositiveSmallIntegerField()
    score = models.PositiveIntegerField(default=0)
    right = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["tier", "finished_at", "score"],
                                name="solvable_board")]

    def __str__(self) -> str:
        return f"Solvable? run {self.key} ({self.tier}): {self.score}"


class SolvableBoard(models.Model):
    run = models.ForeignKey(SolvableRun, on_delete=models.CASCADE, related_name="boards")
    position = models.PositiveSmallIntegerField()  # 0-based, the order the player meets it
    # A level or a trap (Level.trap): told to the player only in the answer.
    level = models.ForeignKey("puzzles.Level", on_delete=models.CASCADE, related_name="+")
    hints = models.PositiveSmallIntegerField(default=0)
    answer = models.CharField(max_length=16, choices=Answer.choices, blank=True, default="")
    claim = models.JSONField(null=True, blank=True)  # the queens or the units answered
    correct = models.BooleanField(null=True)
    points = models.PositiveIntegerField(default=0)
    seconds = models.PositiveIntegerField(null=True, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [one_row_per("run", "position", name="solvable_board_position")]
        ordering = ["run", "position"]

    def __str__(self) -> str:
        return f"Board {self.position + 1} of run {self.run_id}"
