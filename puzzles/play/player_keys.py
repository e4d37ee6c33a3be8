"""Play's player-key column (puzzles/core/player_keys.py): a player's solves. Merging folds two
devices' plays of one level into one; forgetting keeps the solves for the levels' statistics,
each under a key of its own that links it to nobody."""

from django.db import IntegrityError, transaction
from django.db.models import Value
from django.db.models.functions import Cast, Concat

from puzzles.core import player_keys
from puzzles.play.models import Solve


def merge_play(kept: Solve, other: Solve) -> None:
    """Fold `other` (the same level, another device) into `kept`, which the caller saves:
    the recorded solve wins (the earlier if both), and counts add up."""
    if other.seconds is not None and (kept.seconds is None or (
            other.solved_at and kept.solved_at and other.solved_at < kept.solved_at)):
        for name in ("seconds", "solved_at", "ranked", "category", "unranked", "moves",
                     "address"):
            setattr(kept, name, getattr(other, name))
    elif kept.seconds is None and other.solved_at and (
            kept.solved_at is None or other.solved_at < kept.solved_at):
        kept.solved_at = other.solved_at
    openings = [t for t in (kept.opened_at, other.opened_at) if t]
    kept.opened_at = min(openings) if openings else None
    kept.hints += other.hints
    kept.techniques = [*kept.techniques, *other.techniques]
    kept.wrong_checks += other.wrong_checks
    kept.revealed = kept.seconds is None and (kept.revealed or other.revealed)


def plays_of(key: str) -> dict[int, Solve]:
    """The key's plays by level, locked for the merge."""
    return {s.level_id: s for s in Solve.objects.select_for_update().filter(player=key)}


def merge_solves(source: str, target: str) -> None:
    """A level both keys played keeps one play, so nothing is lost or counted twice."""
    theirs = plays_of(target)
    # In level order, so two merges into one account (two browsers signing in at once) take
    # the same unique index entries in the same order and never deadlock.
    for play in Solve.objects.select_for_update().filter(player=source).order_by("level_id"):
        kept = theirs.get(play.level_id)
        if kept is None:
            try:
                with transaction.atomic():
                    Solve.objects.filter(pk=play.pk).update(player=target)
                continue
            except IntegrityError:  # the target's play of it came since (another merge, a start)
                kept = Solve.objects.select_for_update().get(level_id=play.level_id,
                                                             player=target)
        merge_play(kept, play)
        play.delete()
        kept.save()


def anonymise_solves(key: str) -> None:
    Solve.objects.filter(player=key).update(
        player=Concat(Value(player_keys.GONE_PREFIX),
                      Cast("id", output_field=Solve._meta.get_field("player"))), address="")


def exported_solves(key: str) -> list[dict]:
    return [{
        "level": s.level_id, "size": s.level.size, "tier": s.level.tier,
        "opened_at": s.opened_at, "solved_at": s.solved_at, "seconds": s.seconds,
        "hints": s.hints, "techniques": s.techniques, "revealed": s.revealed,
        "wrong_checks": s.wrong_checks, "category": s.category or None,
        "unranked": s.unranked or None, "moves": s.moves,
        "address_key": s.address or None,
    } for s in Solve.objects.filter(player=key).select_related("level").order_by("id")]


def register() -> None:
    player_keys.register(Solve, "player", merge=merge_solves, delete=anonymise_solves,
                         export=("solves", exported_solves))
