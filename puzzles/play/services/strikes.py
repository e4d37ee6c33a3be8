"""Staff strikes: a recorded solve taken off the boards and out of the level's ranking, with
the reason kept (puzzles.models.Strike). The pace rules (puzzles.play.move_log) keep scripts out; a
strike is for what they let through, judged by a person."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from puzzles.core.errors import ServiceError
from puzzles.play.models import Solve, Strike
from puzzles.players import leaderboards

MAX_REASON = 500


def strike_solves(solve_ids, *, reason: object, by=None) -> int:
    """Strike these recorded solves (those not struck already) for `reason`; how many were.
    Their players' places on every board are written again after the commit."""
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError(gettext("a strike needs its reason"))
    reason = reason.strip()
    if len(reason) > MAX_REASON:
        raise ServiceError(gettext("the reason is %(count)s characters long; at most %(most)s")
                           % {"count": len(reason), "most": MAX_REASON})
    with transaction.atomic():
        solves = list(Solve.objects.select_for_update(of=("self",)).filter(
            id__in=list(solve_ids), seconds__isnull=False).exclude(
            id__in=Strike.objects.values("solve_id")))
        players = {solve.player for solve in solves}
        before = {player: leaderboards.boards_of(player) for player in players}
        for solve in solves:
            Strike.objects.create(solve=solve, reason=reason, category=solve.category,
                                  struck_by=by)
            solve.category, solve.ranked, solve.unranked = "", False, "struck"
            solve.save(update_fields=["category", "ranked", "unranked"])
        transaction.on_commit(lambda: [leaderboards.resync_player(player, also=boards)
                                       for player, boards in before.items()])
    return len(solves)
