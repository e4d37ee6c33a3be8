"""Players' own player-key column (puzzles/core/player_keys.py): sync codes. A merge spends
the source's codes (they named a history that is now another's); forgetting deletes them.
The Player row itself (and its follows) is players.services' own work, after the registry."""

from puzzles.core import player_keys
from puzzles.players.models import SyncCode


def register() -> None:
    codes = player_keys.delete_rows(SyncCode, "player")
    player_keys.register(SyncCode, "player", merge=lambda source, target: codes(source),
                         delete=codes)
