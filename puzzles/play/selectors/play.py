"""Play: how a solve ranks, and what keeps a solve out of a ranking (the fastest time a person
makes is puzzles.play.move_log' to say)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from puzzles.levels.models import Level
from puzzles.play.models import HintShown, Reveal, Solve

# A ranking line ("faster than 60 % of players") needs this many ranked solves of the level:
# with fewer, one other player makes it 0 % or 100 %.
RANKING_MIN_SOLVES = 10


@dataclass(frozen=True)
class Ranking:
    percentile: float  # share of the ranked solvers this time beat or tied (itself included)
    solvers: int  # ranked solves of the level
    faster_than: int | None  # whole per cent of the others who took longer; None below the min


def solve_ranking(level: Level, seconds: int, *, counted: bool) -> Ranking:
    """How this time ranks among the level's ranked solves, in one query; `counted`: the
    player's own solve is among them (a ranked one)."""
    counts = Solve.objects.filter(level=level, ranked=True).aggregate(
        total=Count("id"), slower_or_equal=Count("id", filter=Q(seconds__gte=seconds)),
        slower=Count("id", filter=Q(seconds__gt=seconds)))
    total = counts["total"]
    percentile = round(100.0 * counts["slower_or_equal"] / total, 1) if total else 100.0
    faster_than = None
    others = total - 1 if counted else total
    if total >= RANKING_MIN_SOLVES and others:
        faster_than = math.floor(100 * counts["slower"] / others)
    return Ranking(percentile=percentile, solvers=total, faster_than=faster_than)


def board_solves_from(level: Level, address: str) -> int:
    """This address's solves of the level that are on a board (and so may be ranked)."""
    return Solve.objects.filter(level=level, address=address).exclude(category="").count()


def revealed_at(level: Level, address: str) -> bool:
    """The level's solution was shown at this address (to any player there)."""
    return bool(address) and Reveal.objects.filter(level=level, address=address).exists()


# Hints are steps of the solution: a script asks them from a throwaway cookie until it has
# every queen, then solves "without hints" from its account at the same address. This many
# hints for a level at an address, taken by other players there, rank no solve of it from
# there; one or two (a flatmate stuck on the daily) keep the others' solves ranked.
HINTS_SHOWN_AT_ADDRESS = 3


def exposed_at(level: Level, address: str, *, besides: str | None = None) -> str | None:
    """Why a solve of `level` from `address` may not rank for what was shown there:
    "revealed" (its solution, to anyone there) or "hinted" (HINTS_SHOWN_AT_ADDRESS hints or
    more, to players there other than `besides`, whose own hints count on their own solve);
    None when nothing was."""
    if not address:
        return None
    if revealed_at(level, address):
        return "revealed"
    hints = Solve.objects.filter(level=level, address=address).exclude(
        player=besides or "").aggregate(total=Sum("hints"))["total"] or 0
    # Hints shown here on plays begun at another address (anyone's, as a reveal is).
    hints += HintShown.objects.filter(level=level, address=address).aggregate(
        total=Sum("hints"))["total"] or 0
    return "hinted" if hints >= HINTS_SHOWN_AT_ADDRESS else None


def solves_by(player: str) -> int:
    """How many levels this player has solved (any solve, assisted or not)."""
    return Solve.objects.filter(player=player, solved_at__isnull=False).count()


def play_of(level: Level, player: str) -> Solve | None:
    return Solve.objects.filter(level=level, player=player).first()


def finished_play(level: Level, player: str | None) -> dict | None:
    """How this player finished the level, if they did (on any device): {"done": "solved",
    "seconds", "solution"} or {"done": "revealed", "solution"}; None before. The solution is
    here only because this player solved or revealed it (they have been shown it)."""
    solve = play_of(level, player) if player else None
    if solve is None:
        return None
    if solve.revealed and solve.seconds is None:
        return {"done": "revealed", "solution": level.solution}
    if solve.seconds is None and solve.solved_at is None:
        return None
    seconds = solve.seconds
    if seconds is None:  # solved, the solve not recorded (yet): the solving check's time
        seconds = max(0, int((solve.solved_at - (solve.opened_at or solve.solved_at))
                             .total_seconds()))
    return {"done": "solved", "seconds": seconds, "solution": level.solution}
