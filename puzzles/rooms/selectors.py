"""Race rooms as everyone in them may see them: who is there, the state of the round, each
player's progress as counts (queens on each board, boards done), never where a queen is."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import F
from django.utils import timezone

from puzzles.ratings import selectors as rating_selectors
from puzzles.rooms.models import Room, RoomPlayer, RoomResult, RoomState

log = logging.getLogger(__name__)


def heartbeat_s() -> float:
    """How often an open connection says it is alive (its player's seen_at)."""
    return settings.QUEENS_ROOM_HEARTBEAT_S


def stale_before(now: datetime) -> datetime:
    """A connection not heard from since this died without a word (three beats missed)."""
    return now - timedelta(seconds=3 * heartbeat_s())


def is_connected(player: RoomPlayer, now: datetime) -> bool:
    """An open connection counted, and beating: a count whose beats stopped is a ghost."""
    return player.connections > 0 and player.seen_at >= stale_before(now)


def room_by_code(code: str) -> Room | None:
    return Room.objects.filter(code=code).first()


def progress_key(room: Room, player: str) -> str:
    """Where a player's progress reports this round are kept (the shared cache)."""
    return f"queens:room:{room.pk}:{room.round}:progress:{player}"


def saved_progress(room: Room, players: list[RoomPlayer]) -> None:
    """Each player's queens as last reported (in place), where the board is not finished."""
    try:
        found = cache.get_many([progress_key(room, p.player) for p in players])
    except Exception:  # the cache is down: the counts as of the last finished board
        log.warning("room %s: the progress reports are unreadable", room.code)
        return
    for p in players:
        for board, queens in (found.get(progress_key(room, p.player)) or {}).items():
            index = int(board)
            if index < len(p.done) and p.done[index] is None:
                p.queens[index] = queens


def room_state(room: Room) -> dict:
    """The room for everyone in it (each client knows which player it is from `hello`)."""
    players = list(room.players.all())
    saved_progress(room, players)
    now = timezone.now()
    ratings = rating_selectors.player_ratings(p.player for p in players)
    state = {"type": "state", "code": room.code, "state": room.state, "round": room.round,
             "size": room.size, "tier": room.tier, "boards": room.boards,
             "url": f"/rooms/{room.code}/",
             "players": [{"id": p.pk, "name": p.name, "host": p.player == room.host,
                          "rating": ratings.get(p.player),
                          "connected": is_connected(p, now), "queens": p.queens,
                          "done": [ms is not None for ms in p.done],
                          "finished_ms": p.finished_ms} for p in players]}
    if room.state != RoomState.LOBBY:
        state["levels"] = room.levels
        state["starts_in_ms"] = int((room.starts_at - now).total_seconds() * 1000)
    last = results(room, room.round if room.state == RoomState.FINISHED else room.round - 1)
    state["results"] = [{"name": r.name, "rank": r.rank, "finished_ms": r.finished_ms,
                         "boards_done": r.boards_done, "unranked": r.unranked or None}
                        for r in last]
    return state


def results(room: Room, round_: int):
    """A round's places: the ranks in order, then the unranked finishers, then those who
    did not finish (most boards first). The nulls go last on every database (SQLite sorts
    them first)."""
    return RoomResult.objects.filter(room=room, round=round_).order_by(
        F("rank").asc(nulls_last=True), F("finished_ms").asc(nulls_last=True),
        "-boards_done", "id")


def member(room: Room, player: str):
    return room.players.filter(player=player).first()
