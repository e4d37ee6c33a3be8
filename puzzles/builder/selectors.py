"""Community levels, the builder's drafts and fix jobs, and who may see a level's solution."""

from __future__ import annotations

from django.db.models import Case, CharField, Count, F, Q, QuerySet, Value, When
from django.db.models.functions import Cast, Concat, TruncDate

from puzzles.builder.models import Draft, FixJob
from puzzles.core.vocabulary import Source
from puzzles.levels.models import Level
from puzzles.levels.selectors.levels import is_out
from puzzles.play.models import Solve

COMMUNITY_ORDERS = {"newest": ("-created_at", "-id"), "played": ("-plays", "-created_at")}


def community_levels(*, order: str = "newest", size: int | None = None,
                     tier: str | None = None, include_hidden: bool = False,
                     every_kind: bool = False) -> QuerySet[Level]:
    """Published community levels anyone may see (staff: hidden ones too, and with
    `every_kind` the published traps, which no page lists), with their plays (players who
    opened them) and solves."""
    levels = (Level.all_kinds if every_kind else Level.objects).filter(source=Source.COMMUNITY)
    if not include_hidden:
        levels = levels.filter(hidden=False)
    if size:
        levels = levels.filter(size=size)
    if tier:
        levels = levels.filter(tier=tier)
    # Plays: client addresses that marked a cell, once a day each (never a page view), so
    # fresh cookies do not multiply one player. Solves: client addresses that solved it.
    levels = levels.annotate(
        plays=Count(play_key("solves__"), distinct=True),
        solved=Count("solves__address", filter=Q(solves__solved_at__isnull=False),
                     distinct=True),
    )
    return levels.order_by(*COMMUNITY_ORDERS.get(order, COMMUNITY_ORDERS["newest"]))


def play_key(prefix: str = ""):
    """What one play is: an address on a day (UTC). A solve without an address (a deleted
    player's, anonymised) is a play of its own."""
    return Case(
        When(**{f"{prefix}id__isnull": True}, then=Value(None)),  # no play at all
        When(**{f"{prefix}address": ""}, then=Concat(Value("row:"), Cast(
            F(f"{prefix}id"), CharField()))),
        default=Concat(F(f"{prefix}address"), Value("@"), Cast(
            TruncDate(f"{prefix}created_at"), CharField())),
        output_field=CharField())


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
