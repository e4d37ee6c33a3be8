"""The builder's drafts, community levels and the builder's jobs."""

import secrets

from django.db import models

from puzzles.core.model_bases import Stamped
from puzzles.core.vocabulary import (
    TEXT_LIMITS,
    Rule,
)
from puzzles.levels.models import Level


def draft_key() -> str:
    return secrets.token_urlsafe(9)


class Draft(Stamped):
    """A board in the level builder, kept for its maker (by player token) until published or
    deleted; cells of region -1 are unpainted."""

    key = models.CharField(max_length=16, unique=True, default=draft_key)
    player = models.CharField(max_length=64, db_index=True)
    size = models.PositiveSmallIntegerField()
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    stars = models.PositiveSmallIntegerField(default=1)
    regions = models.JSONField()
    title = models.CharField(max_length=TEXT_LIMITS["title"], blank=True, default="")
    maker_name = models.CharField(max_length=TEXT_LIMITS["maker_name"], blank=True, default="")
    level = models.ForeignKey(Level, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="drafts")  # once published
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"Draft {self.key} ({self.size}×{self.size})"


class CommunityLevel(Level):
    """Levels published from the builder, moderated on their own admin page."""

    class Meta:
        proxy = True
        verbose_name = "community level"


class FixStatus(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"  # a proposal in `result`
    FAILED = "failed"  # no proposal: `error` says why


class JobKind(models.TextChoices):
    FIX = "fix"  # Make it unique: a proposal in `result`
    ANALYZE = "analyze"  # a k-star painting's analysis, past the web's bound
    MOTIF = "motif"  # a start composed around a motif (`params`: size, motif, rule, style)


class FixJob(Stamped):
    """A costly request of the level builder (Make it unique, a k-star analysis, a motif
    start), worked on by the builder's own worker queue (bounded concurrency) while the page
    polls for it by its random key. `address` (a keyed hash, never the address) shares the
    queue out per client address; `started_at` lets a sweep fail a job whose worker died."""

    key = models.CharField(max_length=16, unique=True, default=draft_key)
    kind = models.CharField(max_length=16, choices=JobKind.choices, default=JobKind.FIX)
    player = models.CharField(max_length=64, db_index=True)
    address = models.CharField(max_length=32, blank=True, default="", db_index=True)
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    stars = models.PositiveSmallIntegerField(default=1)
    regions = models.JSONField(null=True, blank=True)
    params = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=FixStatus.choices, default=FixStatus.QUEUED)
    result = models.JSONField(null=True, blank=True)  # by kind: the fix, analysis or start
    error = models.TextField(blank=True, default="")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "created_at"], name="fixjob_pending")]

    def __str__(self) -> str:
        return f"{self.kind.capitalize()} {self.key} ({self.status})"
