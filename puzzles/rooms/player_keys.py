"""Rooms' player-key columns (puzzles/core/player_keys.py): seats, results and hosts.
Forgetting a player anonymises them (rooms.services.forget_player); a merge leaves them; the
export holds the seats and results (the name typed there)."""

from puzzles.core import player_keys
from puzzles.rooms.models import Room, RoomPlayer, RoomResult
from puzzles.rooms.services import forget_player

# A room lives an hour and seats one key once: a device whose history merged rejoins under
# its new key, and the old seat goes with the room.
NO_MERGE = "a room lives an hour; a merged device rejoins under its new key"


def exported_seats(key: str) -> list[dict]:
    return list(RoomPlayer.objects.filter(player=key).values(
        "room__code", "name", "joined_at", "finished_ms", "unranked"))


def exported_results(key: str) -> list[dict]:
    return list(RoomResult.objects.filter(player=key).values(
        "room__code", "round", "name", "rank", "finished_ms", "boards_done", "unranked"))


def register() -> None:
    player_keys.register(RoomPlayer, "player", merge=None, delete=forget_player, note=NO_MERGE,
                         export=("race_seats", exported_seats))
    player_keys.register(RoomResult, "player", merge=None, delete=None,
                         export=("race_results", exported_results),
                         note=NO_MERGE + "; forgotten by RoomPlayer.player's forget_player")
    player_keys.register(Room, "host", merge=None, delete=None,
                         note=NO_MERGE + "; forgotten by RoomPlayer.player's forget_player")
