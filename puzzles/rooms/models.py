"""Race rooms, their players and results."""
from django.db import models
from django.utils import timezone

from puzzles.core.model_bases import Stamped, one_row_per


class RoomState(models.TextChoices):
    LOBBY = "lobby"  # players join; the host starts
    COUNTDOWN = "countdown"  # the boards are dealt; the race starts at starts_at
    RACING = "racing"
    FINISHED = "finished"  # everyone finished or the time ran out: results, then a rematch


class Room(Stamped):
    """A race between friends: the same boards for everyone, each player's progress shown to
    the others live (puzzles.rooms.consumers), the finish decided by the server from each player's
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
        constraints = [one_row_per("room", "player", name="room_player_unique")]
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
        constraints = [one_row_per("room", "round", "player", name="room_result_unique")]
        ordering = ["round", "rank", "id"]

    def __str__(self):
        return f"{self.name}: {self.rank or 'unfinished'} in round {self.round}"
