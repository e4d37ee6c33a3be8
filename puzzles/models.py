"""Levels, generation runs, pool targets, daily puzzles, solves and players
(docs/architecture.md §4)."""

import random
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from generator_ext import painted_colors, region_colors
from puzzles.domain import (
    MOTIF_CHOICES,
    SERVED_SIZES,
    STYLE_CHOICES,
    TEXT_LIMITS,
    Category,
    Rule,
    Source,
    Tier,
    tiers_at,
)

__all__ = ["Rule", "Source", "Tier"]  # the vocabulary lives in puzzles.domain

def random_pick() -> float:
    return random.random()


def draft_key() -> str:
    return secrets.token_urlsafe(9)


class Level(models.Model):
    size = models.PositiveSmallIntegerField()
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    # Stars per row, column and region: 1 is Queens, 2 and 3 Star Battle (solution[row] is
    # then the sorted list of that row's star columns).
    stars = models.PositiveSmallIntegerField(default=1)
    regions = models.JSONField()
    solution = models.JSONField()  # never serialized to a player before a solve or reveal
    canonical_hash = models.CharField(max_length=64, unique=True)
    # The solution up to rotation and mirroring (puzzles.likeness): finds the stored levels a
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
    seed = models.PositiveBigIntegerField()
    elapsed_s = models.FloatField(default=0.0)
    created_at = models.DateTimeField(auto_now_add=True)
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

    class Meta:
        indexes = [
            models.Index(fields=["size", "rule", "is_active", "pick"], name="level_random_pick"),
            models.Index(
                fields=["size", "rule", "is_active", "tier", "pick"], name="level_random_tier"
            ),
            models.Index(fields=["source", "hidden", "created_at"], name="level_community"),
        ]

    def __str__(self) -> str:
        return f"Level {self.pk} ({self.size}×{self.size}, {self.rule})"

    def save(self, *args, **kwargs):
        if not self.solution_key and self.solution:
            from puzzles.likeness import solution_key

            self.solution_key = solution_key(self.solution, self.rule)
        super().save(*args, **kwargs)

    def colors(self) -> list[int]:
        """The palette index of each region: the engine's colouring, or for a community level
        the colours its maker painted with (the builder paints region g in colour g)."""
        if self.source == Source.COMMUNITY:
            return painted_colors(self.size)
        return region_colors(self.regions)


class RunStatus(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    EXHAUSTED = "exhausted"  # stopped: duplicates or attempts passed the cap for what it made
    FAILED = "failed"
    CANCELLED = "cancelled"


ACTIVE_RUN_STATUSES = (RunStatus.QUEUED, RunStatus.RUNNING)


class GenerationRun(models.Model):
    size = models.PositiveSmallIntegerField()
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    # The tier every level of the run has; blank: whatever tier the engine draws.
    tier = models.CharField(max_length=16, choices=Tier.choices, blank=True, default="")
    stars = models.PositiveSmallIntegerField(default=1)
    # The design generator's style (generator_ext STYLES; blank: any) and motif (blank: none).
    style = models.CharField(max_length=16, choices=STYLE_CHOICES, blank=True, default="")
    motif = models.CharField(max_length=16, choices=MOTIF_CHOICES, blank=True, default="")
    requested = models.PositiveIntegerField()
    produced = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=RunStatus.choices, default=RunStatus.QUEUED)
    task_id = models.CharField(max_length=255, blank=True, default="")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
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


class PoolTarget(models.Model):
    size = models.PositiveSmallIntegerField()
    rule = models.CharField(max_length=16, choices=Rule.choices, default=Rule.TOUCH)
    tier = models.CharField(max_length=16, choices=Tier.choices, default=Tier.HARD)
    stars = models.PositiveSmallIntegerField(default=1)
    target = models.PositiveIntegerField(default=10)
    enabled = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["size", "rule", "tier", "stars"],
                                    name="pooltarget_pool_stars"),
            # The engine's range; clean() narrows it to the served sizes and tiers.
            models.CheckConstraint(
                condition=models.Q(size__gte=4, size__lte=32), name="pooltarget_size_range"
            ),
        ]
        ordering = ["rule", "stars", "size", "tier"]

    def __str__(self) -> str:
        stars = f" {self.stars}★" if self.stars != 1 else ""
        return f"Pool {self.size}×{self.size}{stars} {self.rule} {self.tier}: {self.target}"

    def save(self, *args, **kwargs):
        self.full_clean(validate_unique=False, validate_constraints=False)
        super().save(*args, **kwargs)


    def clean(self) -> None:
        if not isinstance(self.size, int) or self.size not in SERVED_SIZES:
            raise ValidationError({"size": f"size must be between {SERVED_SIZES[0]} and "
                                           f"{SERVED_SIZES[-1]}"})
        if self.tier not in tiers_at(self.size, self.stars):
            stars = f" {self.stars}-star" if self.stars != 1 else ""
            raise ValidationError(
                {"tier": f"{self.tier}{stars} levels are not generated at {self.size}×{self.size}"}
            )


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


class Solve(models.Model):
    """One player's dealings with one level: when they first opened it, the hints they were
    given, and their solve (seconds measured by the server) or reveal."""

    level = models.ForeignKey(Level, on_delete=models.CASCADE, related_name="solves")
    player = models.CharField(max_length=64)
    opened_at = models.DateTimeField(null=True, blank=True)
    seconds = models.PositiveIntegerField(null=True, blank=True)
    hints = models.PositiveIntegerField(default=0)
    revealed = models.BooleanField(default=False)
    # When a check found the player's queens to be the solution (a solve, recorded or not).
    solved_at = models.DateTimeField(null=True, blank=True)
    # The recorded solve counts in the level's rankings: plausibly fast, and not one of too
    # many from one address.
    ranked = models.BooleanField(default=False)
    # The client address it came from, keyed (HMAC), never stored plainly: solves are also
    # counted per address, so fresh cookies do not multiply one player.
    address = models.CharField(max_length=32, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    # Checks of a full board that was not the solution ("a wrong move checked").
    wrong_checks = models.PositiveIntegerField(default=0)
    # The technique of each hint given, in order ("mistake" for a wrong queen pointed out).
    techniques = models.JSONField(default=list, blank=True)
    # The client's move log sent with the solve, [[ms_since_open, row, col, mark], ...].
    moves = models.JSONField(null=True, blank=True)
    # The leaderboard category the recorded solve earned (puzzles.moves verified its log and
    # its timing); blank: kept, shown to its player, on no board.
    category = models.CharField(max_length=16, choices=Category.choices, blank=True, default="")
    # Why a recorded solve is on no board or ranking (blank when it is ranked).
    unranked = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["level", "player"], name="solve_level_player")
        ]
        indexes = [models.Index(fields=["level", "revealed", "seconds"], name="solve_ranking"),
                   models.Index(fields=["level", "address"], name="solve_address"),
                   # "Any" difficulty asks how many levels a player has solved.
                   models.Index(fields=["player", "solved_at"], name="solve_player"),
                   # A daily's leaderboard, rebuilt from here when Redis lost it.
                   models.Index(fields=["level", "category", "seconds"],
                                name="solve_board")]

    def __str__(self) -> str:
        return f"Solve of level {self.level_id} by {self.player[:8]}"


class Reveal(models.Model):
    """A level's solution shown at a client address (keyed, as Solve.address), by any player
    there, guest or account: that address's later solves of the level are not ranked. Kept
    apart from the players' rows, which a merge or a deletion rewrites: a throwaway cookie's
    reveal, or a deleted account's, still counts."""

    level = models.ForeignKey(Level, on_delete=models.CASCADE, related_name="reveals")
    address = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["level", "address"],
                                               name="reveal_level_address")]

    def __str__(self) -> str:
        return f"Level {self.level_id} revealed at {self.address[:8]}"


class Strike(models.Model):
    """Staff took a recorded solve off the boards (a top time they judged not a person's),
    with their reason; the category it had is kept."""

    solve = models.OneToOneField(Solve, on_delete=models.CASCADE, related_name="strike")
    reason = models.TextField()
    category = models.CharField(max_length=16, blank=True, default="")
    struck_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Strike of solve {self.solve_id}"


class Draft(models.Model):
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
    created_at = models.DateTimeField(auto_now_add=True)
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


class FixJob(models.Model):
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
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "created_at"], name="fixjob_pending")]

    def __str__(self) -> str:
        return f"{self.kind.capitalize()} {self.key} ({self.status})"


def player_handle() -> str:
    return secrets.token_urlsafe(8)


class Player(models.Model):
    """A player beyond the cookie: `key` is the token every one of their rows is filed under
    (Solve.player, Draft.player, Level.maker...). Guests get a row only when they need one
    (a sync code, a follow); an account's row links its user, public name and choices."""

    key = models.CharField(max_length=64, unique=True)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="player")
    # NULL, not "", when there is none: names are unique, and any number of guests have none.
    name = models.CharField(  # noqa: DJ001
        max_length=TEXT_LIMITS["display_name"], null=True, blank=True)
    # How the name looks (puzzles.text.skeleton): unique too, so no two names read alike
    # ("AIice" and "Alice"). Set on every save of the name.
    name_look = models.CharField(max_length=100, null=True, blank=True, unique=True)  # noqa: DJ001
    # The public link (/players/<handle>/) that friends follow: never the key, which is the
    # cookie's secret.
    handle = models.CharField(max_length=16, unique=True, default=player_handle)
    hidden = models.BooleanField(default=False)  # on no public or friends' board
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(models.functions.Lower("name"),
                                               name="player_name_unique")]

    def __str__(self) -> str:
        return self.name or f"Guest {self.handle}"

    def save(self, *args, **kwargs):
        from puzzles.text import skeleton

        self.name_look = skeleton(self.name) if self.name else None
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "name_look"}
        super().save(*args, **kwargs)

    @property
    def on_boards(self) -> bool:
        """Shown by name on leaderboards: an account with a name, not hidden."""
        return self.user_id is not None and bool(self.name) and not self.hidden


class Follow(models.Model):
    """`follower` sees `followed` on their friends' board."""

    follower = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="following")
    followed = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["follower", "followed"],
                                               name="follow_once")]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class SyncCode(models.Model):
    """A short code that joins another device to a guest's history; only its hash is kept."""

    code_hash = models.CharField(max_length=64, unique=True)
    player = models.CharField(max_length=64, db_index=True)  # the history's key
    expires_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Sync code until {self.expires_at:%H:%M}"


class RoomState(models.TextChoices):
    LOBBY = "lobby"  # players join; the host starts
    COUNTDOWN = "countdown"  # the boards are dealt; the race starts at starts_at
    RACING = "racing"
    FINISHED = "finished"  # everyone finished or the time ran out: results, then a rematch


class Room(models.Model):
    """A race between friends: the same boards for everyone, each player's progress shown to
    the others live (puzzles.realtime), the finish decided by the server from each player's
    verified move log and its own clock. A rematch is a new round of the same room."""

    code = models.CharField(max_length=8, unique=True)
    size = models.PositiveSmallIntegerField()
    tier = models.CharField(max_length=16)
    boards = models.PositiveSmallIntegerField()
    host = models.CharField(max_length=64)  # the host's player key
    state = models.CharField(max_length=16, choices=RoomState.choices, default=RoomState.LOBBY)
    round = models.PositiveSmallIntegerField(default=1)
    levels = models.JSONField(default=list, blank=True)  # this round's level ids, in order
    starts_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The last time anyone was connected: a room nobody is in expires after a while.
    active_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"room {self.code} ({self.size}×{self.size} {self.tier}, {self.state})"


class RoomPlayer(models.Model):
    """One player in a room: their name there, whether a connection of theirs is open, and
    this round's progress (queens on each board, boards finished and when)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="players")
    player = models.CharField(max_length=64)
    name = models.CharField(max_length=40)
    joined_at = models.DateTimeField(auto_now_add=True)
    connections = models.PositiveSmallIntegerField(default=0)
    # When their last connection closed (null while one is open): gone after a grace.
    left_at = models.DateTimeField(null=True, blank=True)
    # The last beat of one of their connections: a count whose connections died without a
    # word (their worker was killed) is swept once this is old (services.rooms.sweep).
    seen_at = models.DateTimeField(default=timezone.now)
    queens = models.JSONField(default=list, blank=True)  # per board, as they last said
    done = models.JSONField(default=list, blank=True)  # per board: ms after the start, or null
    finished_ms = models.PositiveIntegerField(null=True, blank=True)
    # Why this round's finish cannot be ranked ("" while it can): a level revealed, or a
    # board solved faster than a person could (services.rooms.finish_board).
    unranked = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["room", "player"],
                                               name="room_player_unique")]
        ordering = ["joined_at", "id"]

    def __str__(self):
        return f"{self.name} in room {self.room_id}"


class RoomResult(models.Model):
    """A finished round's place, kept: a restart or the room's expiry loses no result."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="results")
    round = models.PositiveSmallIntegerField()
    player = models.CharField(max_length=64)
    name = models.CharField(max_length=40)
    # null: did not finish, or finished unranked (`unranked` says why), after every rank
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    finished_ms = models.PositiveIntegerField(null=True, blank=True)
    boards_done = models.PositiveSmallIntegerField(default=0)
    unranked = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["room", "round", "player"],
                                               name="room_result_unique")]
        ordering = ["round", "rank", "id"]

    def __str__(self):
        return f"{self.name}: {self.rank or 'unfinished'} in round {self.round}"
