"""Play: how a solve ranks, and the fastest time a ranking believes."""

from __future__ import annotations

import math

from puzzles.models import Level, Solve

# The fastest solve that counts in a ranking, by board size: one second to place each of
# the n queens (a double tap and the glance that finds its cell) plus an eighth of a second
# to read each of the n² cells once. 8×8: 16 s, 11×11: 27 s, 20×20: 70 s. Chosen to stay
# below what a practised player does with a board they have never seen (the daily sizes,
# 7–11, in 14–27 s) and above what a script does with a solution in hand (any time at all).
# Faster solves are stored, and the player sees their time, but they are not ranked.


def plausible_floor(size: int) -> int:
    return math.ceil(size + size * size / 8)


def solve_ranking(level: Level, seconds: int) -> dict:
    """This time's percentile among the level's solvers (share of them it beat or tied)."""
    solves = Solve.objects.filter(level=level, ranked=True)
    total = solves.count()
    slower_or_equal = solves.filter(seconds__gte=seconds).count()
    percentile = round(100.0 * slower_or_equal / total, 1) if total else 100.0
    return {"percentile": percentile, "solvers": total}


def ranked_solves_from(level: Level, address: str) -> int:
    return Solve.objects.filter(level=level, address=address, ranked=True).count()


def play_of(level: Level, player: str) -> Solve | None:
    return Solve.objects.filter(level=level, player=player).first()
