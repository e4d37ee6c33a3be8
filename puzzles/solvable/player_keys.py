""""Solvable?"'s player-key column (puzzles/core/player_keys.py): a player's runs move with a
merged history and go when their player is forgotten (their boards with them)."""

from puzzles.core import player_keys
from puzzles.solvable.models import SolvableRun


def exported_runs(key: str) -> list[dict]:
    return list(SolvableRun.objects.filter(player=key).values(
        "key", "tier", "size", "score", "right", "created_at", "finished_at"))


def register() -> None:
    player_keys.register(SolvableRun, "player",
                         merge=player_keys.move_rows(SolvableRun, "player"),
                         delete=player_keys.delete_rows(SolvableRun, "player"),
                         export=("solvable_runs", exported_runs))
