"""The dailies' leaderboards. PostgreSQL holds the truth: a solve is on a board when it was
recorded on its daily's own day (UTC) with a category (its move log held up, see
puzzles.play.move_log); it is shown by name when its player is an account with a display
name that is not hidden. Redis serves the boards, so a read never touches the database: per board a
sorted set of the players shown (id -> score) and a hash of everyone's own score (player key
-> "score id", hidden players and guests too, for "me"), and one hash of the shown players'
names. Each board is rebuilt from PostgreSQL whenever its "built" mark is missing (a flush,
an eviction, or the hourly expiry that heals what a Redis outage missed). Without Redis (the
embedded default) every read comes from the database.

Boards: a day (score: seconds), its ISO week and all time (score: more dailies first, then
less time in all, packed into one number). Each category's board holds its own solves and
the stricter ones' (puzzles.core.vocabulary.categories_on_board). Every write is an absolute ZADD or
HSET of the player's whole score, so a rebuild and a new solve racing each other cannot lose
or double a solve.

Over 300 lines: the boards' Redis layout (keys, scores, the rebuild) is one
contract that every read and write here must agree on; split, each half would restate it."""

from __future__ import annotations

import logging
import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from django.core.cache import cache
from django.db.models import Count, F, Sum

from puzzles.core.redis_client import redis_client
from puzzles.core.vocabulary import CATEGORY_ORDER, categories_on_board
from puzzles.play import solve_listeners
from puzzles.play.models import Solve
from puzzles.players.models import Player

log = logging.getLogger(__name__)

PERIODS = ("day", "week", "all")
SCOPES = ("all", "friends")
SHOWN = 50  # entries a board lists
# Week and all-time scores: -dailies * PACK + seconds in all (exact in a double).
PACK = {"week": 10**7, "all": 10**10}
BUILT_TTL_S = 3600
BUILDING_TTL_S = 30
NAMES_TTL_S = 24 * 3600

# One round trip for a board: its first `SHOWN`, their names, and the reader's own place.
# Nothing when the board is not built (the caller rebuilds it and asks again).
READ_SCRIPT = """
local mark = redis.call('GET', KEYS[2])
if mark ~= 'built' and not (mark == 'building' and redis.call('EXISTS', KEYS[1]) == 1) then
  return false
end
local top = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[2]) - 1, 'WITHSCORES')
local names = {}
for i = 1, #top, 2 do names[#names + 1] = redis.call('HGET', KEYS[4], top[i]) or '' end
local mine = redis.call('HGET', KEYS[3], ARGV[1])
local rank = -1
if mine then
  rank = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. string.match(mine, '^(%S+)')) + 1
else
  mine = ''
end
return {top, names, mine, rank}
"""
_scripts: dict[int, object] = {}


@dataclass(frozen=True)
class Entry:
    rank: int
    name: str
    seconds: int
    solves: int = 1
    handle: str = ""
    you: bool = False


@dataclass(frozen=True)
class Board:
    """One leaderboard as a page shows it: its top entries, and `me`, the asking player's own
    row and rank when they have one."""

    date: date
    category: str
    period: str
    scope: str
    entries: list[Entry]
    me: dict | None


# ---------------------------------------------------------------- keys
def period_start(period: str, day: date) -> date | None:
    return {"day": day, "week": day - timedelta(days=day.weekday()), "all": None}[period]


def board_key(period: str, day: date, category: str) -> str:
    start = period_start(period, day)
    return cache.make_key(f"queens:lb:{period}:{start.isoformat() if start else 'all'}:"
                          f"{category}")


def names_key() -> str:
    return cache.make_key("queens:lb:names")


def name_value(player: Player) -> str:
    return f"{player.handle}\t{player.name}"  # a display name holds no control character


# ---------------------------------------------------------------- the truth (PostgreSQL)
def board_solves(period: str, day: date, category: str):
    """The solves on a board, by anyone (the caller narrows to players)."""
    solves = Solve.objects.filter(category__in=categories_on_board(category),
                                  solved_at__date=F("level__daily__date"))
    if period == "day":
        return solves.filter(level__daily__date=day)
    if period == "week":
        start = period_start("week", day)
        return solves.filter(level__daily__date__range=(start, start + timedelta(days=6)))
    return solves


def public_players():
    return Player.objects.filter(user__isnull=False, hidden=False, name__isnull=False)


def score_of(period: str, seconds: int, solves: int) -> float:
    return float(seconds) if period == "day" else float(-solves * PACK[period] + seconds)


def unpack(period: str, score: float) -> tuple[int, int]:
    """(seconds, dailies) from a score."""
    if period == "day":
        return int(score), 1
    solves = math.ceil(-score / PACK[period])
    return int(score + solves * PACK[period]), solves


def scores(period: str, day: date, category: str, keys=None) -> dict[str, float]:
    """Player key -> score on this board, from the database."""
    solves = board_solves(period, day, category)
    if keys is not None:
        solves = solves.filter(player__in=keys)
    rows = solves.values("player").annotate(total=Sum("seconds"), n=Count("id"))
    return {row["player"]: score_of(period, row["total"], row["n"]) for row in rows}


def public_rows(period: str, day: date, category: str) -> dict[str, tuple[int, str, str]]:
    """Player key -> (id, name, handle) for the players this board shows by name."""
    on_board = board_solves(period, day, category).values("player")
    return {key: (pk, name, handle) for key, pk, name, handle in public_players().filter(
        key__in=on_board).values_list("key", "id", "name", "handle")}


def public_scores(period: str, day: date, category: str) -> dict[int, float]:
    """Player id -> score, for the players shown by name."""
    found = scores(period, day, category)
    return {pk: found[key] for key, (pk, _, _) in public_rows(period, day, category).items()
            if key in found}


def player_boards(key: str) -> dict[tuple[str, date | None, str], float]:
    """Every board this player is on -> their score there, from one query: (period, start,
    category), the start being the day, the week's Monday or None for all time."""
    rows = Solve.objects.filter(player=key, solved_at__date=F("level__daily__date")).exclude(
        category="").values_list("category", "seconds", "level__daily__date")
    totals: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for category, seconds, day in rows:
        for shown in CATEGORY_ORDER:
            if category not in categories_on_board(shown):
                continue
            for period in PERIODS:
                total = totals[(period, period_start(period, day), shown)]
                total[0] += seconds
                total[1] += 1
    return {board: score_of(board[0], seconds, count)
            for board, (seconds, count) in totals.items()}


def board_id_key(board: tuple[str, date | None, str]) -> str:
    period, start, category = board
    return board_key(period, start or date.today(), category)


# ---------------------------------------------------------------- the index (Redis)
def redis():
    try:
        return redis_client()
    except Exception:  # a cache that is not Redis, or not configured
        return None


def ensure_built(client, key: str, period: str, day: date, category: str) -> bool:
    """True when Redis may serve this board (built, or being rebuilt over an older copy)."""
    mark = client.get(key + ":built")
    if mark == b"built" or (mark == b"building" and client.exists(key)):
        return True
    if mark is None and client.set(key + ":built", "building", nx=True, ex=BUILDING_TTL_S):
        everyone = scores(period, day, category)
        shown = {k: row for k, row in public_rows(period, day, category).items()
                 if k in everyone}
        pipe = client.pipeline()
        if shown:
            pipe.zadd(key, {str(pk): everyone[k] for k, (pk, _, _) in shown.items()})
            pipe.hset(names_key(), mapping={str(pk): f"{handle}\t{name}"
                                            for pk, name, handle in shown.values()})
            pipe.expire(names_key(), NAMES_TTL_S)
        if everyone:
            pipe.hset(key + ":mine", mapping={
                k: f"{score!r} {shown[k][0] if k in shown else ''}".rstrip()
                for k, score in everyone.items()})
        pipe.set(key + ":built", "built", ex=BUILT_TTL_S)
        pipe.execute()
        return True
    return False


def read_script(client):
    script = _scripts.get(id(client))
    if script is None:
        script = _scripts[id(client)] = client.register_script(READ_SCRIPT)
    return script


def ranked_from_scores(period: str, ordered: list[tuple[int, float]]) -> list[tuple]:
    """(id, rank, score) with equal scores sharing a rank."""
    out, rank, last = [], 0, None
    for place, (pk, score) in enumerate(ordered, start=1):
        if score != last:
            rank, last = place, score
        out.append((pk, rank, score))
    return out


# ---------------------------------------------------------------- reading a board
def board_from_redis(client, period: str, day: date, category: str, player_key: str):
    """(entries, me) from Redis, rebuilding the board first if it is missing; None when
    Redis cannot serve it just now (another process is rebuilding an empty board)."""
    key = board_key(period, day, category)
    keys = [key, key + ":built", key + ":mine", names_key()]
    script = read_script(client)
    answer = script(keys=keys, args=[player_key, SHOWN], client=client)
    if answer is None:
        if not ensure_built(client, key, period, day, category):
            return None
        answer = script(keys=keys, args=[player_key, SHOWN], client=client)
        if answer is None:
            return None
    top, names, mine, rank = answer
    ordered = [(int(top[i]), float(top[i + 1])) for i in range(0, len(top), 2)]
    shown = {pk: value.decode() for (pk, _), value in zip(ordered, names, strict=True)}
    missing = [pk for pk, value in shown.items() if not value]
    if missing:  # the names hash expired, or was flushed apart from the board
        found = {p.pk: name_value(p) for p in Player.objects.filter(pk__in=missing)}
        shown.update(found)
        if found:
            pipe = client.pipeline()
            pipe.hset(names_key(), mapping={str(pk): value for pk, value in found.items()})
            pipe.expire(names_key(), NAMES_TTL_S)
            pipe.execute()
    my_pk = me = None
    if mine:
        score_text, _, pk_text = mine.decode().partition(" ")
        my_pk = int(pk_text) if pk_text else None
        seconds, solves = unpack(period, float(score_text))
        me = {"rank": int(rank), "seconds": seconds, "solves": solves}
    entries = []
    for pk, place, score in ranked_from_scores(period, ordered):
        handle, _, name = shown[pk].partition("\t")
        if not name:
            continue  # gone since (a deleted account on its way off the board)
        seconds, solves = unpack(period, score)
        entries.append(Entry(place, name, seconds, solves, handle, pk == my_pk))
    return entries, me


def board_from_database(period: str, day: date, category: str, player_key: str):
    everyone = scores(period, day, category)
    rows = public_rows(period, day, category)
    ordered = sorted(((pk, everyone[key]) for key, (pk, _, _) in rows.items()
                      if key in everyone), key=lambda kv: (kv[1], kv[0]))
    by_pk = {pk: (key, name, handle) for key, (pk, name, handle) in rows.items()}
    entries = []
    for pk, place, score in ranked_from_scores(period, ordered[:SHOWN]):
        key, name, handle = by_pk[pk]
        seconds, solves = unpack(period, score)
        entries.append(Entry(place, name, seconds, solves, handle, key == player_key))
    me = None
    mine = everyone.get(player_key)
    if mine is not None:
        seconds, solves = unpack(period, mine)
        me = {"rank": sum(1 for _, other in ordered if other < mine) + 1,
              "seconds": seconds, "solves": solves}
    return entries, me


def daily_board(day: date, category: str, *, period: str = "day", scope: str = "all",
                player_key: str) -> Board:
    if scope == "friends":
        mine = scores(period, day, category, keys=[player_key]).get(player_key)
        me_player = Player.objects.filter(key=player_key).first()
        entries, me = friends_board(period, day, category, me_player, player_key, mine)
        return Board(date=day, category=category, period=period, scope=scope,
                     entries=entries, me=me)
    found = None
    client = redis()
    if client is not None:
        try:
            found = board_from_redis(client, period, day, category, player_key)
        except Exception:
            log.warning("leaderboard %s: Redis failed; reading the database",
                        board_key(period, day, category),
                        exc_info=log.isEnabledFor(logging.DEBUG))
    entries, me = found or board_from_database(period, day, category, player_key)
    return Board(date=day, category=category, period=period, scope=scope, entries=entries,
                 me=me)


def friends_board(period, day, category, me_player, player_key, mine):
    """Those the player follows (shown unless hidden) and the player, ranked among
    themselves, from the database (a few rows)."""
    friends = []
    if me_player is not None:
        friends = list(Player.objects.filter(
            followers__follower=me_player, user__isnull=False, hidden=False,
            name__isnull=False))
    by_key = {p.key: p for p in friends}
    found = scores(period, day, category, keys=[*by_key, player_key])
    ordered = sorted(found.items(), key=lambda kv: (kv[1], kv[0]))
    entries, me = [], None
    for key, rank, score in ranked_from_scores(period, ordered):
        seconds, solves = unpack(period, score)
        if key == player_key:
            name = me_player.name if me_player is not None and me_player.name else "You"
            me = {"rank": rank, "seconds": seconds, "solves": solves}
            entries.append(Entry(rank, name, seconds, solves,
                                 me_player.handle if me_player else "", True))
        else:
            p = by_key[key]
            entries.append(Entry(rank, p.name, seconds, solves, p.handle))
    return entries[:SHOWN], me


# ---------------------------------------------------------------- keeping the index
def boards_of(key: str) -> list[tuple[str, date | None, str]]:
    """The boards this player is on (see player_boards)."""
    return list(player_boards(key))


def put(key: str, player: Player | None, also=()) -> None:
    """Write the player's current scores on every board they are on, and take them off
    the boards in `also` they are no longer on. Boards Redis does not hold are skipped:
    their rebuild reads the database."""
    client = redis()
    if client is None:
        return
    try:
        now_on = player_boards(key)
        boards = [*now_on, *(b for b in set(also) if b not in now_on)]
        redis_keys = [board_id_key(board) for board in boards]
        check = client.pipeline(transaction=False)
        for redis_key in redis_keys:
            check.exists(redis_key + ":built")
        built = check.execute()
        shown = player is not None and player.on_boards
        pipe = client.pipeline()
        for board, redis_key, held in zip(boards, redis_keys, built, strict=True):
            if not held:
                continue
            score = now_on.get(board)
            if shown and score is not None:
                pipe.zadd(redis_key, {str(player.pk): score})
            elif player is not None:
                pipe.zrem(redis_key, str(player.pk))
            if score is None:
                pipe.hdel(redis_key + ":mine", key)
                continue
            pipe.hset(redis_key + ":mine", key,
                      f"{score!r} {player.pk}" if shown else repr(score))
        if shown:
            pipe.hset(names_key(), str(player.pk), name_value(player))
            pipe.expire(names_key(), NAMES_TTL_S)
        pipe.execute()
    except Exception:
        log.warning("leaderboards: Redis failed; the boards heal at their next rebuild",
                    exc_info=log.isEnabledFor(logging.DEBUG))


def record_solve(solve: Solve) -> None:
    """A recorded solve, after its commit: onto its boards (by name if its player is
    shown; every solver's own place in any case)."""
    if not solve.category or solve.solved_at is None:
        return
    put(solve.player, Player.objects.filter(key=solve.player).first())


def resync_player(key: str, also=()) -> None:
    """After a rename, a hide, a merge: the player's entries on every board they are on
    (and off the boards in `also`)."""
    put(key, Player.objects.filter(key=key).first(), also)


def struck(players: set[str]):
    """Solves of these players are about to be struck: their boards now, and what writes
    them again after the commit (play's strikes call it through play.solve_listeners)."""
    before = {player: boards_of(player) for player in players}
    return lambda: [resync_player(player, also=boards) for player, boards in before.items()]


def listen_to_play() -> None:
    """Play tells the boards of recorded and struck solves (PuzzlesConfig.ready())."""
    solve_listeners.listen(recorded=record_solve, striking=struck)


def forget(pk: int | None, key: str, boards) -> None:
    """A deleted player: off these boards, their name with them."""
    client = redis()
    if client is None:
        return
    try:
        pipe = client.pipeline()
        for board in set(boards):
            redis_key = board_id_key(board)
            if pk is not None:
                pipe.zrem(redis_key, str(pk))
            pipe.hdel(redis_key + ":mine", key)
        if pk is not None:
            pipe.hdel(names_key(), str(pk))
        pipe.execute()
    except Exception:
        log.warning("leaderboards: Redis failed while forgetting player %s", pk)
