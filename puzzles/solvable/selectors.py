""""Solvable?"'s reads: a run and its boards as its player sees them, the tier a player's
next run is in, and the mode's leaderboard (each shown player's best finished run of a
tier). The leaderboard reads PostgreSQL alone: one aggregate over finished runs, with the
shown players the dailies' boards show (players.leaderboards.public_players, the one rule)."""

from __future__ import annotations

from django.db.models import Max

from generator_ext import region_colors
from puzzles.core.vocabulary import SOLVABLE_SIZES, Tier
from puzzles.players.leaderboards import public_players
from puzzles.solvable.models import SolvableRun

SHOWN = 50
# A finished run with this many right answers moves the player's next run a tier up; with at
# most DOWN_AT, a tier down.
UP_AT, DOWN_AT = 4, 1


def board_colors(level) -> list[int]:
    """A board's colours in the mode: the engine's colouring for every board, a community
    trap's too (its painted colours, region g in colour g, would tell it apart)."""
    return region_colors(level.regions)


def run_of(key: str, player: str) -> SolvableRun | None:
    """A player's run by its key (another player's run does not exist for them)."""
    return SolvableRun.objects.filter(key=key, player=player).first()


def dealt_boards(run: SolvableRun) -> list:
    """The boards the player has been dealt: those answered and the next one. A board is
    dealt when the one before it is answered (its clock starts then), so no later board can
    be studied on an earlier board's time."""
    dealt = []
    for board in run.boards.select_related("level").order_by("position"):
        dealt.append(board)
        if board.answered_at is None:
            break
    return dealt


def player_tier(player: str) -> str:
    """The tier of a player's next run: their last finished run's, a tier up after UP_AT
    right answers or more and down after DOWN_AT or fewer; easy for a first run."""
    tiers = [tier for tier in Tier.values if tier in SOLVABLE_SIZES]
    last = (SolvableRun.objects.filter(player=player, finished_at__isnull=False)
            .order_by("-finished_at").first())
    if last is None or last.tier not in tiers:
        return tiers[0]
    at = tiers.index(last.tier)
    if last.right >= UP_AT:
        at = min(at + 1, len(tiers) - 1)
    elif last.right <= DOWN_AT:
        at = max(at - 1, 0)
    return tiers[at]


def leaderboard(*, tier: str, player: str) -> dict:
    """The best finished run of each shown player in `tier`, best first (ties: who got
    there first), and the asking player's own best and place (None before a finished run):
    the place among the shown players, and whether they are shown (a player with no name
    is not, and is told so rather than given a place on a board that lists nobody)."""
    best = (SolvableRun.objects.filter(tier=tier, finished_at__isnull=False)
            .values("player").annotate(best=Max("score")))
    players = {p.key: p for p in public_players().filter(
        key__in=best.values("player")).only("key", "name", "handle")}
    ordered = sorted(((row["best"], key) for row in best if (key := row["player"]) in players),
                     key=lambda pair: -pair[0])
    entries = [{"rank": 1 + sum(1 for other, _ in ordered if other > score),
                "name": players[key].name, "handle": players[key].handle, "score": score}
               for score, key in ordered[:SHOWN]]
    mine = next((row["best"] for row in best.filter(player=player)), None)
    place = None if mine is None else 1 + sum(1 for score, _ in ordered if score > mine)
    return {"tier": tier, "entries": entries,
            "mine": None if mine is None else {"score": mine, "rank": place,
                                               "shown": player in players}}
