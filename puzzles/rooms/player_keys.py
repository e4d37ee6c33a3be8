"""Rooms' player-key columns (puzzles/core/player_keys.py): seats, results and hosts.
Forgetting a player anonymises them (rooms.services.forget_player); a merge leaves them."""

from puzzles.core import player_keys
from puzzles.rooms.models import Room, RoomPlayer, RoomResult
from puzzles.rooms.services import forget_player

# A room lives an hour and seats one key once: a device whose history merged rejoins under
# its new key, and the old seat goes with the room.
NO_MERGE = "a room lives an hour; a merged device rejoins under its new key"


def register() -> None:
    player_keys.register(RoomPlayer, "player", merge=None, delete=forget_player, note=NO_MERGE)
    player_keys.register(RoomResult, "player", merge=None, delete=None,
                         note=NO_MERGE + "; forgotten by RoomPlayer.player's forget_player")
    player_keys.register(Room, "host", merge=None, delete=None,
                         note=NO_MERGE + "; forgotten by RoomPlayer.player's forget_player")
