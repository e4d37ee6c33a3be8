"""The dailies' leaderboards. PostgreSQL holds the truth: a solve is on a board when it was
recorded on its daily's own day (UTC) with a category (its move log held up, see
puzzles.moves) by an account with a display name that is not hidden. Redis sorted sets
serve the ranks, one per board, and each is rebuilt from PostgreSQL whenever its "built"
mark is missing (a flush, an eviction, or the hourly expiry that heals what a Redis outage
missed). Without Redis (the embedded default) every read comes from the database.

Boards: a day (score: seconds), its ISO week and all time (score: more dailies first, then
less time in all, packed into one number). Each category's board holds its own solves and
the stricter ones' (puzzles.domain.categories_on_board). Every write is an absolute ZADD,
so a rebuild and a new solve racing each other cannot lose or double a solve."""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from datetime import date, timedelta

from django.core.cache import cache
from django.db.models import Count, F, Sum

from puzzles.domain import CATEGORY_ORDER, categories_on_board
from puzzles.limits import redis_client
from puzzles.models import DailyPuzzle, Player, Solve

log = logging.getLogger(__name__)

PERIODS = ("day", "week", "all")
SCOPES = ("all", "friends")
SHOWN = 50  # entries a board lists
# Week and all-time scores: -dailies * PACK + seconds in all (exact in a double).
PACK = {"week": 10**7, "all": 10**10}
BUILT_TTL_S = 3600
BUILDING_TTL_S = 30
# A board's listing, as this process last read it, is served for this long: at midnight
# thousands ask for the same board each second, and a second-old board is a fair answer
# (each player's own place is always worked out fresh).
LISTING_TTL_S = 1.0
_listings: dict[str, tuple[float, list]] = {}
_listings_lock = threading.Lock()


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


def public_scores(period: str, day: date, category: str) -> dict[int, float]:
    """Player id -> score, for the players shown by name."""
    found = scores(period, day, category, keys=public_players().values("key"))
    ids = dict(public_players().filter(key__in=list(found)).values_list("key", "id"))
    return {ids[key]: score for key, score in found.items() if key in ids}


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
        entries = public_scores(period, day, category)
        pipe = client.pipeline()
        if entries:
            pipe.zadd(key, {str(pk): score for pk, score in entries.items()})
        pipe.set(key + ":built", "built", ex=BUILT_TTL_S)
        pipe.execute()
        return True
    return False


def rank_of_score(period: str, day: date, category: str, score: float) -> int:
    """The rank `score` has on the board: one more than the public scores below it."""
    client = redis()
    key = board_key(period, day, category)
    if client is not None:
        try:
            if ensure_built(client, key, period, day, category):
                return int(client.zcount(key, "-inf", f"({score}")) + 1
        except Exception:
            log.warning("leaderboard %s: Redis failed; reading the database", key,
                        exc_info=log.isEnabledFor(logging.DEBUG))
    return sum(1 for other in public_scores(period, day, category).values()
               if other < score) + 1


def ranked_from_scores(period: str, ordered: list[tuple[int, float]]) -> list[tuple]:
    """(id, rank, score) with equal scores sharing a rank."""
    out, rank, last = [], 0, None
    for place, (pk, score) in enumerate(ordered, start=1):
        if score != last:
            rank, last = place, score
        out.append((pk, rank, score))
    return out


def top(period: str, day: date, category: str) -> tuple[list[tuple], callable]:
    """The board's first SHOWN (id, rank, score) and a function giving the rank a score
    would have on it."""
    client = redis()
    key = board_key(period, day, category)
    if client is not None:
        try:
            if ensure_built(client, key, period, day, category):
                raw = client.zrange(key, 0, SHOWN - 1, withscores=True)
                ordered = [(int(member), score) for member, score in raw]

                def rank_of(score, client=client, key=key):
                    return int(client.zcount(key, "-inf", f"({score}")) + 1
                return ranked_from_scores(period, ordered), rank_of
        except Exception:
            log.warning("leaderboard %s: Redis failed; reading the database", key,
                        exc_info=log.isEnabledFor(logging.DEBUG))
    everyone = sorted(public_scores(period, day, category).items(), key=lambda kv: (kv[1], kv[0]))

    def rank_of_db(score, everyone=everyone):
        return sum(1 for _, other in everyone if other < score) + 1
    return ranked_from_scores(period, everyone[:SHOWN]), rank_of_db


# ---------------------------------------------------------------- reading a board
def listing(period: str, day: date, category: str) -> tuple[list[Entry], callable]:
    """The board's first SHOWN entries (names resolved; kept LISTING_TTL_S in this process)
    and a function giving the rank a score would have on it."""
    key = board_key(period, day, category)
    now = time.monotonic()
    kept = _listings.get(key)
    if kept is not None and kept[0] > now:
        return kept[1], lambda score: rank_of_score(period, day, category, score)
    ordered, rank_of = top(period, day, category)
    players = {p.pk: p for p in Player.objects.filter(pk__in=[pk for pk, *_ in ordered])}
    entries = []
    for pk, rank, score in ordered:
        if pk in players:
            seconds, solves = unpack(period, score)
            entries.append(Entry(rank=rank, name=players[pk].name, seconds=seconds,
                                 solves=solves, handle=players[pk].handle))
    with _listings_lock:
        if len(_listings) > 1000:
            _listings.clear()
        _listings[key] = (now + LISTING_TTL_S, entries)
    return entries, rank_of


def forget_listings() -> None:
    with _listings_lock:
        _listings.clear()


def daily_board(day: date, category: str, *, period: str = "day", scope: str = "all",
                player_key: str) -> Board:
    mine = scores(period, day, category, keys=[player_key]).get(player_key)
    if scope == "friends":
        me_player = Player.objects.filter(key=player_key).first()
        entries, me = friends_board(period, day, category, me_player, player_key, mine)
    else:
        shown, rank_of = listing(period, day, category)
        me_player = (Player.objects.filter(key=player_key).only("pk", "handle").first()
                     if shown else None)
        entries = [Entry(e.rank, e.name, e.seconds, e.solves, e.handle, True)
                   if me_player is not None and e.handle and e.handle == me_player.handle
                   else e for e in shown]
        me = None
        if mine is not None:
            seconds, solves = unpack(period, mine)
            me = {"rank": rank_of(mine), "seconds": seconds, "solves": solves}
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
def boards_of_solve(solve: Solve) -> list[tuple[str, date, str]]:
    """The (period, day, category) boards a solve is on."""
    daily = DailyPuzzle.objects.filter(level_id=solve.level_id).first()
    if daily is None or not solve.category or solve.solved_at is None \
            or solve.solved_at.date() != daily.date:
        return []
    shown_on = [c for c in CATEGORY_ORDER if solve.category in categories_on_board(c)]
    return [(period, daily.date, c) for period in PERIODS for c in shown_on]


def put(player: Player, boards) -> None:
    """Write the player's current scores on these boards (or take them off)."""
    client = redis()
    if client is None:
        return
    try:
        pipe = client.pipeline()
        for period, day, category in set(boards):
            key = board_key(period, day, category)
            if not client.exists(key + ":built"):
                continue  # not in Redis: its rebuild will read the database
            score = scores(period, day, category, keys=[player.key]).get(player.key)
            if player.on_boards and score is not None:
                pipe.zadd(key, {str(player.pk): score})
            else:
                pipe.zrem(key, str(player.pk))
        pipe.execute()
    except Exception:
        log.warning("leaderboards: Redis failed; the boards heal at their next rebuild",
                    exc_info=log.isEnabledFor(logging.DEBUG))


def record_solve(solve: Solve) -> None:
    """A recorded solve, after its commit: onto its boards, if its player is shown."""
    boards = boards_of_solve(solve)
    if not boards:
        return
    player = Player.objects.filter(key=solve.player).first()
    if player is not None and player.on_boards:
        put(player, boards)


def boards_of(key: str) -> list[tuple[str, date, str]]:
    boards = []
    for solve in Solve.objects.filter(player=key).exclude(category="").select_related("level"):
        boards += boards_of_solve(solve)
    return boards


def resync_player(key: str) -> None:
    """After a rename, a hide, a merge: the player's entries on every board they are on."""
    player = Player.objects.filter(key=key).first()
    if player is not None:
        put(player, boards_of(key))


def forget(pk: int, boards) -> None:
    client = redis()
    if client is None:
        return
    try:
        pipe = client.pipeline()
        for period, day, category in set(boards):
            pipe.zrem(board_key(period, day, category), str(pk))
        pipe.execute()
    except Exception:
        log.warning("leaderboards: Redis failed while forgetting player %s", pk)
