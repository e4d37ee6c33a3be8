"""Which solves are games. Only a ranked solve (record_solve ranks none that was assisted,
revealed, too fast or unverified; offline and struck solves are never ranked) with no hint
is rated; one game per player per level (Solve has one row per pair), and one per client
address per level: fresh cookies at one address count once."""

from __future__ import annotations

from puzzles.play.models import Solve
from puzzles.ratings.models import RatedGame


def eligible_solves():
    """The solves that may be games, in the order a replay plays them."""
    return Solve.objects.filter(ranked=True, hints=0, revealed=False, seconds__isnull=False,
                                solved_at__isnull=False, strike__isnull=True).order_by(
        "solved_at", "id")


def address_counted(solve) -> bool:
    """Another player's game of this level already came from this solve's address. A blank
    address (unknown, or forgotten with its player) is no one's."""
    if not solve.address:
        return False
    return RatedGame.objects.filter(level_id=solve.level_id, solve__address=solve.address).exclude(
        player=solve.player).exists()
