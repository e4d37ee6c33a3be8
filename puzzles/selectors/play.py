"""Play: how a solve ranks, and the fastest time a ranking believes."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.db.models import Count, Q

from puzzles.models import Level, Solve

# The fastest solve that counts in a ranking, by board size: one second to place each of
# the n queens (a double tap and the glance that finds its cell) plus an eighth of a second
# to read each of the n² cells once. 8×8: 16 s, 11×11: 27 s, 20×20: 70 s. Chosen to stay
# below what a practised player does with a board they have never seen (the daily sizes,
# 7–11, in 14–27 s) and above what a script does with a solution in hand (any time at all).
# Faster solves are stored, and the player sees their time, but they are not ranked.


def plausible_floor(size: int) -> int:
    return math.ceil(size + size * size / 8)


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


def solves_by(player: str) -> int:
    """How many levels this player has solved (any solve, assisted or not)."""
    return Solve.objects.filter(player=player, solved_at__isnull=False).count()


def play_of(level: Level, player: str) -> Solve | None:
    return Solve.objects.filter(level=level, player=player).first()
