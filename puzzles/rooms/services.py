"""Race rooms: made, joined, started, raced and finished. Every rule of a race lives here;
the WebSocket consumer (puzzles.rooms.consumers) and the API only carry messages to and from it.
Over 300 lines: a race's rules are read in one place (its sections: making and joining, a
round, forgetting), so a rule of the round is never split from the ones it depends on.

A round: the host starts it, every player gets the same `boards` levels, a countdown runs to
`starts_at`, then each board a player solves is checked by the server (the move log replayed
against the level and against the server's own clock, puzzles.play.move_log) and timed by the
server. The round ends when everyone still in the room has finished, when the last player
still racing leaves, or at the time limit; its places are kept (RoomResult).

A race is ranked by the same rules as a ranked solve: a board solved faster than a person
could (puzzles.play.move_log.human_pace) or a level of the round revealed (its
solution seen, puzzles.play.services.play.reveal_solution) puts the player's finish after every
ranked one, unranked.

A player counts as in the room while a connection of theirs is open and beating (beat): a
connection that died without a word (its worker killed) stops beating, and the next beat,
settle or expiry sweeps it (sweep), so the round ends and the room expires."""

from __future__ import annotations

from datetime import timedelta

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext

from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.player_keys import GONE_PREFIX
from puzzles.core.step_words import tier_word
from puzzles.levels.models import Level
from puzzles.levels.selectors import levels as level_selectors
from puzzles.play import move_log as moves
from puzzles.play.models import Solve
from puzzles.play.selectors import play as play_selectors
from puzzles.rooms.models import Room, RoomPlayer, RoomResult, RoomState
from puzzles.rooms.selectors import progress_key, stale_before

ROOM_BOARDS = range(1, 6)
ROOM_MAX_PLAYERS = 8
ROOM_CODE_LENGTH = 6
COUNTDOWN_S = 3
ROUND_LIMIT_S = 30 * 60  # a round ends this long after its start, finished or not
LEAVE_GRACE_S = 20  # a dropped connection may come back this long before it counts as gone
EMPTY_EXPIRY_S = 60 * 60  # a room nobody has been in for this long is deleted
GONE_NAME = "—"  # a forgotten player's name in rooms (shorter than any name one may pick)


def normalise_code(raw: object) -> str:
    if not isinstance(raw, str):
        raise ServiceError("a room code is text")
    code = raw.strip().upper().replace("-", "")
    if not domain.is_code(code, ROOM_CODE_LENGTH):
        raise ServiceError(gettext("a room code is %(length)s letters and digits")
                           % {"length": ROOM_CODE_LENGTH})
    return code


def check_settings(size: object, tier: object, boards: object) -> tuple[int, str, int]:
    size = domain.check_size(size)
    tiers = domain.tiers_at(size)
    if tier not in tiers:
        raise ServiceError(f"tier must be one of {', '.join(tiers)} at {size}×{size}")
    if isinstance(boards, bool) or not isinstance(boards, int) or boards not in ROOM_BOARDS:
        raise ServiceError(f"boards must be a whole number from {ROOM_BOARDS[0]} to "
                           f"{ROOM_BOARDS[-1]}")
    return size, tier, boards


# ---------------------------------------------------------------- making and joining
def create_room(*, host: str, size: object, tier: object, boards: object,
                name: object) -> Room:
    size, tier, boards = check_settings(size, tier, boards)
    name = domain.check_display_name(name)
    for _ in range(10):
        code = domain.new_code(ROOM_CODE_LENGTH)
        try:
            with transaction.atomic():
                room = Room.objects.create(code=code, size=size, tier=tier, boards=boards,
                                           host=host)
                RoomPlayer.objects.create(room=room, player=host, name=name)
                return room
        except IntegrityError:
            continue  # that code is taken: draw again
    # 31**6 codes: never, in practice
    raise ServiceError(gettext("no room code was free; try again"))


def join(room: Room, *, player: str, name: object) -> RoomPlayer:
    """Into the room's lobby (or its results, for the rematch), under a name unique there.
    Joining again renames."""
    name = domain.check_display_name(name)
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        mine = room.players.filter(player=player).first()
        if mine is None and room.state in (RoomState.COUNTDOWN, RoomState.RACING):
            raise ServiceError(gettext("this race has started; wait for the rematch"))
        taken = room.players.exclude(player=player).annotate(lower=Lower("name")).filter(
            lower=name.lower()).exists()
        if taken:
            raise ServiceError(gettext("someone in this room is called “%(name)s” already")
                               % {"name": name})
        if mine is None:
            if room.players.count() >= ROOM_MAX_PLAYERS:
                raise ServiceError(gettext("this room is full (%(count)s players)")
                                   % {"count": ROOM_MAX_PLAYERS})
            # Joined over an open connection: that one counts.
            return RoomPlayer.objects.create(room=room, player=player, name=name,
                                             connections=1)
        mine.name = name
        mine.save(update_fields=["name"])
        return mine


def connected(room: Room, player: str) -> None:
    """A connection of this player opened (they may not have joined yet)."""
    now = timezone.now()
    RoomPlayer.objects.filter(room=room, player=player).update(connections=_plus(1),
                                                                left_at=None, seen_at=now)
    Room.objects.filter(pk=room.pk).update(active_at=now)


def disconnected(room: Room, player: str) -> None:
    now = timezone.now()
    RoomPlayer.objects.filter(room=room, player=player, connections__gt=0).update(
        connections=_plus(-1))
    RoomPlayer.objects.filter(room=room, player=player, connections=0).update(left_at=now)
    Room.objects.filter(pk=room.pk).update(active_at=now)


def beat(room: Room, player: str) -> bool:
    """An open connection of this player is alive (its beat); the room's silent ones are
    swept, and a round only they held up ends. True when the others should hear of it."""
    now = timezone.now()
    RoomPlayer.objects.filter(room=room, player=player, connections__gt=0).update(seen_at=now)
    Room.objects.filter(pk=room.pk).update(active_at=now)
    swept = sweep(now, room=room)
    ended = room.state in (RoomState.COUNTDOWN, RoomState.RACING) and settle_now(room)
    return bool(swept or ended)


def sweep(now, *, room: Room | None = None) -> int:
    """Counts of connections that stopped beating (died without a disconnect) are put to
    nought, as if they had closed at their last beat; how many players."""
    ghosts = RoomPlayer.objects.filter(connections__gt=0, seen_at__lt=stale_before(now))
    if room is not None:
        ghosts = ghosts.filter(room=room)
    return ghosts.update(connections=0, left_at=F("seen_at"))


def is_gone(mine: RoomPlayer, now) -> bool:
    """No connection open for longer than the grace a dropped one gets to come back."""
    return mine.connections == 0 and (
        mine.left_at is None or mine.left_at + timedelta(seconds=LEAVE_GRACE_S) <= now)


def _plus(step: int):
    return F("connections") + step


def leave(room: Room, player: str) -> None:
    """Out of the room for good: out of the lobby, or out of this round (unfinished)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        mine = room.players.filter(player=player).first()
        if mine is None:
            return
        if room.state == RoomState.LOBBY or room.state == RoomState.FINISHED:
            mine.delete()
            if room.host == player:  # the next to have joined hosts
                heir = room.players.first()
                if heir is not None:
                    room.host = heir.player
                    room.save(update_fields=["host"])
        else:
            # Out of this round at once (no grace to come back), whatever else is open.
            mine.connections = 0
            mine.left_at = timezone.now() - timedelta(seconds=LEAVE_GRACE_S)
            mine.save(update_fields=["connections", "left_at"])
            settle(room)


# ---------------------------------------------------------------- a round
def start(room: Room, *, player: str) -> Room:
    """The host deals the round's boards and the countdown starts (a rematch, after one)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.host != player:
            raise ServiceError(gettext("only the host starts the race"))
        if room.state in (RoomState.COUNTDOWN, RoomState.RACING):
            raise ServiceError(gettext("the race has started already"))
        picked: list[int] = []
        for _ in range(room.boards):
            level = level_selectors.random_playable_level(
                room.size, domain.Rule.TOUCH, tier=room.tier, exclude_ids=tuple(picked))
            if level is None:
                raise ServiceError(gettext("there are not %(boards)s %(tier)s levels of "
                                           "%(size)s×%(size)s yet; try fewer boards")
                                   % {"boards": room.boards, "tier": tier_word(room.tier),
                                      "size": room.size})
            picked.append(level.id)
        if room.state == RoomState.FINISHED:
            room.round += 1
        room.levels = picked
        room.state = RoomState.COUNTDOWN
        room.starts_at = timezone.now() + timedelta(seconds=COUNTDOWN_S)
        room.save(update_fields=["levels", "state", "starts_at", "round"])
        room.players.update(queens=[0] * room.boards, done=[None] * room.boards,
                            finished_ms=None, unranked="")
    return room


def racing(room: Room) -> Room:
    """The room as of now: a countdown that ran out is a race (nobody has to say so)."""
    if room.state == RoomState.COUNTDOWN and room.starts_at <= timezone.now():
        Room.objects.filter(pk=room.pk, state=RoomState.COUNTDOWN).update(
            state=RoomState.RACING)
        room.state = RoomState.RACING
    return room


def elapsed_ms(room: Room) -> int:
    return int((timezone.now() - room.starts_at).total_seconds() * 1000)


def board_index(room: Room, board: object) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or not 0 <= board < room.boards:
        raise ServiceError(f"board must be a whole number from 0 to {room.boards - 1}")
    return board


def racer(room: Room, player: str) -> RoomPlayer:
    """The player's row in `room` (as stored: a connection's copy is as old as the
    connection), which must be racing now."""
    room = racing(room)
    if room.state != RoomState.RACING:
        raise ServiceError(gettext("the race is not on") if room.state != RoomState.COUNTDOWN
                           else gettext("the race has not started yet"))
    mine = room.players.filter(player=player).first()
    if mine is None:
        raise ServiceError(gettext("join the room first"))
    return mine


def check_progress(room: Room, *, board: object, queens: object) -> tuple[int, int]:
    """A progress report checked against a copy of the room (no query: a connection keeps
    one up to date from the room's own broadcasts): (board, queens). How many queens a
    player has on a board, never where: no one else may see that."""
    board = board_index(room, board)
    if isinstance(queens, bool) or not isinstance(queens, int) or not 0 <= queens <= room.size:
        raise ServiceError(f"queens must be a whole number from 0 to {room.size}")
    if room.state not in (RoomState.COUNTDOWN, RoomState.RACING) or room.starts_at is None:
        raise ServiceError(gettext("the race is not on"))
    if room.starts_at > timezone.now():
        raise ServiceError(gettext("the race has not started yet"))
    return board, queens


def save_progress(room: Room, *, player: str, board: int, queens: int) -> None:
    """Kept for whoever connects or reconnects later, in the shared cache (Redis): a report
    per queen placed, a database commit each, held every report up (benchmarks.rooms). A
    finished board's count is the database's (finish_board)."""
    key = progress_key(room, player)
    counts = cache.get(key) or {}
    counts[str(board)] = queens
    cache.set(key, counts, timeout=2 * ROUND_LIMIT_S)


def finish_board(room: Room, *, player: str, board: object, moves_log: object,
                 address: str = "") -> RoomPlayer:
    """A board solved: its move log must replay to the solution at a person's pace and keep
    time with the server's clock; its time is the server's. The round may end with it. A
    board whose solution or hints were shown at the racer's `address` (keyed, as
    Solve.address), to any cookie there, leaves the finish unranked."""
    board = board_index(room, board)
    log = moves.parse_moves(moves_log, room.size)
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        mine = racer(room, player)
        mine = RoomPlayer.objects.select_for_update().get(pk=mine.pk)
        if mine.done[board] is not None:
            raise ServiceError(gettext("this board is finished already"))
        level = Level.objects.get(pk=room.levels[board])
        took = elapsed_ms(room)
        verdict = moves.verify(log, solution=level.solution, first_seen_s=0,
                               solved_s=took / 1000)
        if not verdict.verified:
            raise ServiceError(gettext("this board's moves did not hold up: %(why)s")
                               % {"why": verdict.detail})
        # The board's own time: since the round's start or the player's last board before.
        since = max((ms for ms in mine.done if ms is not None), default=0)
        # The same pace rule as a ranked solve (moves.human_pace, the level's own steps); a
        # race says every failure of it as "too_fast" (faster than a person solves).
        pace = moves.human_pace(log, techniques=moves.techniques_of(level),
                                solved_s=(took - since) / 1000)
        if not pace.verified and not mine.unranked:
            mine.unranked = domain.Unranked.TOO_FAST
        if not mine.unranked:
            mine.unranked = play_selectors.exposed_at(level, address) or ""
        mine.done[board] = took
        mine.queens[board] = room.size
        if all(ms is not None for ms in mine.done):
            mine.finished_ms = took
        mine.save(update_fields=["done", "queens", "finished_ms", "unranked"])
        settle(room)
    return mine


def settle(room: Room) -> bool:
    """Ends the round when nobody is left racing: everyone finished, or gone (left, or
    disconnected past the grace), or past the time limit. True when it ended. Call inside
    a transaction that holds the room."""
    if room.state not in (RoomState.RACING, RoomState.COUNTDOWN):
        return False
    now = timezone.now()
    sweep(now, room=room)
    players = list(room.players.all())
    over_time = room.starts_at + timedelta(seconds=ROUND_LIMIT_S) <= now
    still = [p for p in players if p.finished_ms is None and not is_gone(p, now)]
    if still and not over_time:
        return False
    finish_round(room, players)
    return True


def finish_round(room: Room, players: list[RoomPlayer]) -> None:
    """The round's places: the ranked finishers by time, then the unranked ones (a level
    of the round revealed, whenever, or a board too fast), then the rest."""
    revealed = set(Solve.objects.filter(
        level_id__in=room.levels, player__in=[p.player for p in players],
        revealed=True).values_list("player", flat=True))
    for p in players:
        p.unranked = p.unranked or (domain.Unranked.REVEALED if p.player in revealed else "")
    finished = sorted((p for p in players if p.finished_ms is not None),
                      key=lambda p: (p.finished_ms, p.joined_at))
    ranked = [p for p in finished if not p.unranked]
    rest = sorted((p for p in players if p.finished_ms is None),
                  key=lambda p: -sum(ms is not None for ms in p.done))
    rows = [RoomResult(room=room, round=room.round, player=p.player, name=p.name,
                       rank=rank, finished_ms=p.finished_ms,
                       boards_done=sum(ms is not None for ms in p.done))
            for rank, p in enumerate(ranked, start=1)]
    rows += [RoomResult(room=room, round=room.round, player=p.player, name=p.name,
                        finished_ms=p.finished_ms, unranked=p.unranked,
                        boards_done=sum(ms is not None for ms in p.done))
             for p in finished if p.unranked]
    rows += [RoomResult(room=room, round=room.round, player=p.player, name=p.name,
                        boards_done=sum(ms is not None for ms in p.done)) for p in rest]
    RoomResult.objects.bulk_create(rows, ignore_conflicts=True)  # safe to settle twice
    room.state = RoomState.FINISHED
    room.save(update_fields=["state"])


def settle_now(room: Room) -> bool:
    """settle() in a transaction of its own (a timer's or a departure's)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        return settle(room)


def expire_rooms() -> int:
    """Deletes rooms nobody has been connected to for EMPTY_EXPIRY_S; how many. A count
    whose connections stopped beating is swept first: it holds no room up."""
    now = timezone.now()
    sweep(now)
    cutoff = now - timedelta(seconds=EMPTY_EXPIRY_S)
    idle = list(Room.objects.filter(active_at__lt=cutoff).exclude(
        players__connections__gt=0).values_list("pk", flat=True))
    Room.objects.filter(pk__in=idle).delete()  # their players and results with them
    return len(idle)


# ---------------------------------------------------------------- forgetting
def forget_player(key: str) -> None:
    """The rooms' part of forgetting a player (players.services.delete_history, through
    the registry of player-key columns): their
    name and key leave every room's players and results; the rows stay, anonymised (a
    round's places keep their count), and a room they hosted passes to the next player."""
    for mine in RoomPlayer.objects.filter(player=key).select_related("room"):
        gone = f"{GONE_PREFIX}room:{mine.pk}"
        cache.delete(progress_key(mine.room, key))
        mine.player, mine.name = gone, GONE_NAME
        mine.save(update_fields=["player", "name"])
        if mine.room.host == key:
            heir = mine.room.players.exclude(pk=mine.pk).first()
            Room.objects.filter(pk=mine.room_id).update(host=heir.player if heir else gone)
    for result in RoomResult.objects.filter(player=key):
        result.player, result.name = f"{GONE_PREFIX}result:{result.pk}", GONE_NAME
        result.save(update_fields=["player", "name"])
    Room.objects.filter(host=key).update(host="")  # hosted, and left before
