"""Levels, generation runs and pool targets (docs/architecture.md §4)."""

import random

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from generator_ext import painted_colors, region_colors, trap_tiers
from puzzles.core.errors import ServiceError
from puzzles.core.model_bases import Stamped, one_row_per
from puzzles.core.vocabulary import (
    FAMILY_CHOICES,
    MOTIF_CHOICES,
    SERVED_SIZES,
    STYLE_CHOICES,
    TEXT_LIMITS,
    Kind,
    Rule,
    Source,
    Tier,
    tiers_at,
)
from puzzles.levels import rating_band


def random_pick() -> float:
    return random.random()


class OrdinaryLevels(models.Manager):
    """Level.objects: the levels every route deals (kind "level"). "Solvable?"'s boards, its
    traps (no solution) and its ordinary boards (issue 40), are read only through
    Level.all_kinds by the mode and its pools; every other route, pick, list, sweep and
    check reads Level.objects and so never meets one: the one home of "the mode's boards stay
    out of the ordinary routes" (and no public level tells an ordinary board from a trap)."""

    def get_queryset(self):
        return super().get_queryset().filter(kind=Kind.LEVEL)


class Level(Stamped):
    objects = OrdinaryLevels()
    all_kinds = models.Manager()  # the "Solvable?" pools and mode only

    size = models.PositiveSmallIntegerField()
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    # Stars per row, column and region: 1 is Queens, 2 and 3 Star Battle (solution[row] is
    # then the sorted list of that row's star columns).
    stars = models.PositiveSmallIntegerField(default=1)
    regions = models.JSONField()
    solution = models.JSONField()  # never serialized to a player before a solve or reveal
    canonical_hash = models.CharField(max_length=64, unique=True)
    # The solution up to rotation and mirroring (puzzles.levels.likeness): finds the stored levels a
    # painting in the builder might be a near copy of.
    solution_key = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # null until the deduction engine rates the level (docs/architecture.md)
    tier = models.CharField(  # noqa: DJ001
        max_length=16, choices=Tier.choices, null=True, blank=True
    )
    score = models.FloatField(null=True, blank=True)
    min_region_size = models.PositiveSmallIntegerField(default=2)
    strategy = models.CharField(max_length=16, default="fast")
    # The motif the level was composed around (generator_ext.motifs()); blank for none. It is
    # named to a player only once they have solved or revealed the level.
    motif = models.CharField(max_length=16, blank=True, default="")
    # The composition family the design strategy drew or was asked for (issue 38); blank for
    # a level grown instead of composed, and for levels stored before families.
    family = models.CharField(max_length=16, choices=FAMILY_CHOICES, blank=True, default="")
    seed = models.PositiveBigIntegerField()
    elapsed_s = models.FloatField(default=0.0)
    # In the pools (random picks, the daily). Community levels start outside; staff promote.
    is_active = models.BooleanField(default=True)
    # A random key fixed at creation: "a random level" is one index seek from a random point.
    pick = models.FloatField(default=random_pick)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.GENERATED)
    maker = models.CharField(max_length=64, blank=True, default="")  # the maker's player token
    title = models.CharField(max_length=TEXT_LIMITS["title"], blank=True, default="")
    maker_name = models.CharField(max_length=TEXT_LIMITS["maker_name"], blank=True, default="")
    hidden = models.BooleanField(default=False)  # staff hid it: served by no route
    # Kept for a daily puzzle: served by no route (and never in a pool) until its day comes,
    # so no one can collect it from the pools or name it early.
    reserved = models.BooleanField(default=False)
    # Who deals it (Kind): every route, or only "Solvable?" (its ordinary boards and its traps:
    # boards with no solution that logic proves at `tier`, solution []). Never said in any
    # JSON or header before the player answers (puzzles/solvable/).
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.LEVEL)
    # A trap's proof, computed once when stored (levels.services.levels.trap_proof), so an
    # answer runs no engine: {"steps": [...], "contradiction": {...}, "conflicts": [...]}.
    proof = models.JSONField(null=True, blank=True)

    class Meta:
        base_manager_name = "all_kinds"  # a board's level reached through a foreign key
        indexes = [
            models.Index(fields=["size", "rule", "is_active", "pick"], name="level_random_pick"),
            models.Index(
                fields=["size", "rule", "is_active", "tier", "pick"], name="level_random_tier"
            ),
            models.Index(fields=["source", "hidden", "created_at"], name="level_community"),
            models.Index(fields=["kind", "size", "tier"], name="level_kind_pool"),
        ]

    def __str__(self) -> str:
        return f"Level {self.pk} ({self.size}×{self.size}, {self.rule})"

    @property
    def trap(self) -> bool:
        return self.kind == Kind.TRAP

    def save(self, *args, **kwargs):
        if not self.solution_key and self.solution:
            from puzzles.levels.likeness import solution_key

            self.solution_key = solution_key(self.solution, self.rule)
        super().save(*args, **kwargs)

    def colors(self) -> list[int]:
        """The palette index of each region: the engine's colouring, or for a community level
        the colours its maker painted with (the builder paints region g in colour g)."""
        if self.source == Source.COMMUNITY:
            return painted_colors(self.size)
        return region_colors(self.regions)


def check_kind(kind: object, *, size: object, rule: object, tier: object,
               stars: object = 1) -> str:
    """A run's or a pool's kind: "Solvable?"'s boards are 1★ under the touch rule, its traps
    at the engine's sizes and tiers (generator_ext.trap_tiers); ServiceError otherwise."""
    if kind not in Kind.values:
        raise ServiceError(f"kind must be one of {', '.join(Kind.values)}")
    if kind != Kind.LEVEL and (stars != 1 or rule != Rule.TOUCH):
        raise ServiceError("\"Solvable?\" boards are 1★ under the touch rule")
    if kind == Kind.TRAP and (not isinstance(size, int) or tier not in trap_tiers(size)):
        raise ServiceError(f"no {tier} traps are made at {size}×{size} {rule}")
    return kind


class RunStatus(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    EXHAUSTED = "exhausted"  # stopped: duplicates or attempts passed the cap for what it made
    FAILED = "failed"
    CANCELLED = "cancelled"


ACTIVE_RUN_STATUSES = (RunStatus.QUEUED, RunStatus.RUNNING)


class GenerationRun(Stamped):
    size = models.PositiveSmallIntegerField()
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    # The tier every level of the run has; blank: whatever tier the engine draws.
    tier = models.CharField(max_length=16, choices=Tier.choices, blank=True, default="")
    stars = models.PositiveSmallIntegerField(default=1)
    # The design generator's style (generator_ext STYLES; blank: any) and motif (blank: none).
    style = models.CharField(max_length=16, choices=STYLE_CHOICES, blank=True, default="")
    motif = models.CharField(max_length=16, choices=MOTIF_CHOICES, blank=True, default="")
    # Every level of the run composed in this family (blank: each drawn, as the pools do).
    family = models.CharField(max_length=16, choices=FAMILY_CHOICES, blank=True, default="")
    # The difficulty band every level of the run lies in (issue 39; either end null: open),
    # by the rating predicted of it (rating_band: its check and its judge).
    rating_min = models.IntegerField(null=True, blank=True)
    rating_max = models.IntegerField(null=True, blank=True)
    # What the run makes (Kind): levels, or "Solvable?"'s boards or traps (issue 40).
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.LEVEL)
    requested = models.PositiveIntegerField()
    produced = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    # Candidates the engine made whose predicted rating fell outside the band: never stored.
    rejected = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=RunStatus.choices, default=RunStatus.QUEUED)
    task_id = models.CharField(max_length=255, blank=True, default="")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True, default="")

    class Meta:
        indexes = [
            models.Index(fields=["size", "rule", "status"], name="run_pool_status"),
            models.Index(fields=["size", "rule", "tier", "status"], name="run_pool_tier_status"),
        ]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Run {self.pk}: {self.produced}/{self.requested} of {self.size}×{self.size}"

    @property
    def is_finished(self) -> bool:
        return self.status not in ACTIVE_RUN_STATUSES

    @property
    def banded(self) -> bool:
        return self.rating_min is not None or self.rating_max is not None


class PoolTarget(models.Model):
    size = models.PositiveSmallIntegerField()
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    tier = models.CharField(max_length=16, choices=Tier.choices, default=Tier.HARD)
    stars = models.PositiveSmallIntegerField(default=1)
    target = models.PositiveIntegerField(default=10)
    enabled = models.BooleanField(default=True)
    # A band (issue 39): the pool counts only its levels rated within it (measured once
    # settled, else predicted) and its runs make only such levels. Null ends: open.
    rating_min = models.IntegerField(null=True, blank=True)
    rating_max = models.IntegerField(null=True, blank=True)
    # Whose pool (Kind): the levels every route deals, or "Solvable?"'s boards or traps
    # (issue 40), each a pool of its own beside the ordinary one of the same (size, tier).
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.LEVEL)

    class Meta:
        constraints = [
            one_row_per("size", "rule", "tier", "stars", "kind", name="pooltarget_pool_kind"),
            # The engine's range; clean() narrows it to the served sizes and tiers.
            models.CheckConstraint(
                condition=models.Q(size__gte=4, size__lte=32), name="pooltarget_size_range"
            ),
        ]
        ordering = ["rule", "stars", "size", "tier"]

    def __str__(self) -> str:
        stars = f" {self.stars}★" if self.stars != 1 else ""
        kind = f" ({self.kind})" if self.kind != Kind.LEVEL else ""
        return (f"Pool {self.size}×{self.size}{stars} {self.rule} {self.tier}{kind}: "
                f"{self.target}")

    def save(self, *args, **kwargs):
        self.full_clean(validate_unique=False, validate_constraints=False)
        super().save(*args, **kwargs)


    def clean(self) -> None:
        if not isinstance(self.size, int) or self.size not in SERVED_SIZES:
            raise ValidationError({"size": f"size must be between {SERVED_SIZES[0]} and "
                                           f"{SERVED_SIZES[-1]}"})
        if self.kind != Kind.LEVEL:
            try:
                check_kind(self.kind, size=self.size, rule=self.rule, tier=self.tier,
                           stars=self.stars)
            except ServiceError as error:
                raise ValidationError({"tier": str(error)}) from None
        if self.tier not in tiers_at(self.size, self.stars):
            stars = f" {self.stars}-star" if self.stars != 1 else ""
            raise ValidationError(
                {"tier": f"{self.tier}{stars} levels are not generated at {self.size}×{self.size}"}
            )
        try:
            rating_band.check_band(self.rating_min, self.rating_max)
        except ServiceError as error:
            raise ValidationError(str(error)) from None

    @property
    def banded(self) -> bool:
        return self.rating_min is not None or self.rating_max is not None
