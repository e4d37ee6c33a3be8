"""Community levels, the builder's drafts and fix jobs, and who may see a level's solution."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from puzzles.models import Draft, FixJob, Level, Solve, Source
from puzzles.selectors.levels import is_out

COMMUNITY_ORDERS = {"newest": ("-created_at", "-id"), "played": ("-plays", "-created_at")}


def community_levels(*, order: str = "newest", size: int | None = None,
                     tier: str | None = None, include_hidden: bool = False) -> QuerySet[Level]:
    """Published community levels anyone may see (staff: hidden ones too), with their plays
    (players who opened them) and solves."""
    levels = Level.objects.filter(source=Source.COMMUNITY)
    if not include_hidden:
        levels = levels.filter(hidden=False)
    if size:
        levels = levels.filter(size=size)
    if tier:
        levels = levels.filter(tier=tier)
    # Plays: players who marked a cell (never a page view). Solves: client addresses that
    # solved it, so fresh cookies do not multiply one solver.
    levels = levels.annotate(
        plays=Count("solves"),
        solved=Count("solves__address", filter=Q(solves__solved_at__isnull=False),
                     distinct=True),
    )
    return levels.order_by(*COMMUNITY_ORDERS.get(order, COMMUNITY_ORDERS["newest"]))


def drafts_of(player: str) -> QuerySet[Draft]:
    return Draft.objects.filter(player=player)


def draft_of(player: str, key: str) -> Draft | None:
    return Draft.objects.filter(player=player, key=key).first()


def fix_job_of(player: str, key: str) -> FixJob | None:
    return FixJob.objects.filter(player=player, key=key).first()


def may_see_solution(level: Level, player: str) -> bool:
    """The player made this level, or has solved or revealed it and it is out for everyone."""
    if level.source == Source.COMMUNITY and level.maker == player:
        return True
    if level.hidden or not is_out(level):
        return False
    return Solve.objects.filter(level=level, player=player).filter(
        Q(revealed=True) | Q(solved_at__isnull=False)).exists()
