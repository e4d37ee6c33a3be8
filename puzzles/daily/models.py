"""The daily puzzle and the themes of its days."""


from django.db import models

from puzzles.core.vocabulary import (
    MOTIF_CHOICES,
)
from puzzles.levels.models import Level


class DailyTheme(models.Model):
    """A motif staff scheduled for a date (a heart on 14 February): that day's daily is
    composed around it. The theme is named to a player only after they solve the daily."""

    date = models.DateField(unique=True)
    motif = models.CharField(max_length=16, choices=MOTIF_CHOICES)
    note = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["date"]

    def __str__(self) -> str:
        return f"{self.motif} on {self.date}"


class DailyPuzzle(models.Model):
    date = models.DateField(unique=True)
    level = models.OneToOneField(Level, on_delete=models.PROTECT, related_name="daily")
    number = models.PositiveIntegerField(unique=True)

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"Daily #{self.number} ({self.date})"
