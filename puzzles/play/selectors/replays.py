"""Recorded solves of a level, to race as a ghost or to watch as a replay.

A recording is a recorded solve whose move log replays to the solution (puzzles.play.move_log): the
viewer's own, the fastest ranked solve by a player shown by name, and the solves of the
players the viewer follows. Before the viewer has solved or revealed the level, a recording
is only its timeline, how many queens stood on the board when (never where): a ghost. Its
moves, which end in the solution, are given only after."""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.core.errors import ServiceError
from puzzles.levels.models import Level
from puzzles.play import move_log as moves
from puzzles.play.models import Solve
from puzzles.players.models import Player

FRIENDS_SHOWN = 8  # the followed players' recordings listed, fastest first


class NotYet(ServiceError):
    """A replay asked for before the viewer has solved or revealed its level."""


@dataclass(frozen=True)
class Recording:
    id: int  # the solve's
    who: str  # "you", "fastest" or "friend"
    name: str
    seconds: int
    category: str  # the leaderboard category it earned; "" for none
    moves: list[list[int]]  # the move log: given only with a replay

    @property
    def timeline(self) -> list[list[int]]:
        return queens_timeline(self.moves)

    @property
    def finished_ms(self) -> int:
        return self.moves[-1][0]


def queens_timeline(log: list[list[int]]) -> list[list[int]]:
    """[[ms, queens on the board], ...] at every change of the count: what a ghost shows."""
    standing: set[tuple[int, int]] = set()
    timeline: list[list[int]] = []
    for ms, row, col, mark in log:
        if mark == moves.QUEEN:
            standing.add((row, col))
        else:
            standing.discard((row, col))
        if not timeline or timeline[-1][1] != len(standing):
            timeline.append([ms, len(standing)])
    return timeline


def replayable(solve: Solve, level: Level) -> bool:
    """The log is in order and ends in the solution: it can be played back as it went."""
    if not solve.moves or solve.seconds is None:
        return False
    # The replay rule's one home (a Star Battle solution is k columns a row, not one).
    return not moves.replay_problem(solve.moves, level.solution)


def recorded(level: Level):
    return Solve.objects.filter(level=level, seconds__isnull=False, revealed=False,
                                moves__isnull=False)


def recordings(level: Level, viewer: str) -> list[Recording]:
    """The recordings this viewer may race or watch on this level: theirs first, then the
    fastest named player's, then their friends' (fastest first); each solve once."""
    found: list[Recording] = []
    seen: set[int] = set()

    def add(solve: Solve, who: str, name: str) -> None:
        if solve.id not in seen and replayable(solve, level):
            seen.add(solve.id)
            found.append(Recording(id=solve.id, who=who, name=name, seconds=solve.seconds,
                                   category=solve.category, moves=solve.moves))

    mine = recorded(level).filter(player=viewer).first()
    if mine is not None:
        add(mine, "you", "You")
    named = {key: name for key, name in Player.objects.filter(
        user__isnull=False, hidden=False, name__isnull=False).exclude(key=viewer).filter(
        key__in=recorded(level).values("player")).values_list("key", "name")}
    if named:
        for solve in recorded(level).filter(ranked=True, player__in=named).order_by(
                "seconds", "id")[:3]:  # the first whose log plays back
            before = len(found)
            add(solve, "fastest", named[solve.player])
            if len(found) > before:
                break
    friends = {key: name for key, name in Player.objects.filter(
        followers__follower__key=viewer, user__isnull=False, hidden=False,
        name__isnull=False).values_list("key", "name")}
    if friends:
        for solve in recorded(level).filter(player__in=friends).order_by("seconds", "id")[
                :FRIENDS_SHOWN]:
            add(solve, "friend", friends[solve.player])
    return found


def may_watch(level: Level, viewer: str) -> bool:
    """Replays show the solution: only to a viewer who solved or revealed the level."""
    return Solve.objects.filter(level=level, player=viewer).exclude(
        solved_at__isnull=True, revealed=False).exists()


def replay(level: Level, viewer: str, recording_id: int) -> Recording | None:
    """One recording with its moves, for a viewer who may watch it; None if there is no such
    recording for this viewer (NotYet before the level is solved or revealed)."""
    if not may_watch(level, viewer):
        raise NotYet("solve or reveal this level first: a replay shows its solution")
    return next((r for r in recordings(level, viewer) if r.id == recording_id), None)
