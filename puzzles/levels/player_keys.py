"""Levels' player-key column (puzzles/core/player_keys.py): a published level's maker. A
merged history keeps its levels; a forgotten maker's levels stay, by nobody."""

from django.db import transaction

from puzzles.core import player_keys
from puzzles.levels import cache_invalidation as level_changes
from puzzles.levels.models import Level


def forget_maker(key: str) -> None:
    made = list(Level.all_kinds.filter(maker=key).only("id", "size", "rule", "stars"))
    Level.all_kinds.filter(maker=key).update(maker="", maker_name="")
    # The update sent no signal: the web processes' kept copies of the levels (and the lists
    # they are in) still say "by <name>" until told.
    transaction.on_commit(lambda: level_changes.forget_levels(made))


def exported_levels(key: str) -> list[dict]:
    return list(Level.all_kinds.filter(maker=key).values(
        "id", "size", "title", "maker_name", "created_at"))


def register() -> None:
    player_keys.register(Level, "maker", merge=player_keys.move_rows(Level, "maker"),
                         delete=forget_maker, export=("published_levels", exported_levels))
