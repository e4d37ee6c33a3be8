"""Race rooms: the API, and the room's WebSocket driven through the site's own ASGI
application (queensgame.asgi) with the channel layer of the settings (Redis under CI):
joining, malformed messages answered and survived, progress shown as counts, forged and
honest finishes, a dropped connection resuming, results kept."""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone

from puzzles.models import Level, Room, RoomPlayer, RoomResult
from puzzles.players.identity import SALT
from puzzles.rooms import selectors as room_selectors
from puzzles.rooms import services as rooms
from tests.api.test_api import post
from tests.api.test_players import player_key
from tests.support import human_moves

pytestmark = pytest.mark.django_db(transaction=True)


def cookie_for(key: str) -> bytes:
    response = HttpResponse()  # Django's own signing of the player cookie
    response.set_signed_cookie("queens_player", key, salt=SALT)
    return f"queens_player={response.cookies['queens_player'].value}".encode()


async def connect(code: str, key: str | None) -> WebsocketCommunicator:
    from queensgame.asgi import application

    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if key:
        headers.append((b"cookie", cookie_for(key)))
    socket = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)
    connected, _ = await socket.connect(timeout=5)
    socket.ok = connected
    socket.heard = []  # every message it was sent, as text
    return socket


async def next_of(socket, kind: str, timeout: float = 5) -> dict:
    """The next message of this type (others on the way are skipped)."""
    while True:
        text = await socket.receive_from(timeout=timeout)
        socket.heard.append(text)
        message = json.loads(text)
        if message["type"] == kind:
            return message


async def say(socket, message) -> None:
    await socket.send_to(text_data=message if isinstance(message, str) else json.dumps(message))


def run(scenario):
    """The scenario on an event loop of its own; then the database connections the
    consumers opened on their thread are closed (the test database is dropped at the end)."""
    from django.db import connections

    async def whole():
        try:
            await asyncio.wait_for(scenario(), timeout=60)
        finally:
            await database_sync_to_async(connections.close_all)()

    # On a thread of its own: the browser tests' Playwright leaves an event loop running on
    # this one.
    failed = []

    def thread():
        try:
            asyncio.run(whole())
        except BaseException as error:  # noqa: BLE001 (re-raised below, in the test)
            failed.append(error)

    runner = threading.Thread(target=thread)
    runner.start()
    runner.join()
    if failed:
        raise failed[0]


@pytest.fixture
def levels(make_level):
    made = [make_level(size=8, seed=seed) for seed in (3, 4, 5)]
    tier = made[0].tier
    return [level for level in made if level.tier == tier]


# ---------------------------------------------------------------- the API
def test_a_room_is_made_with_its_code_and_read_back(levels):
    client = Client()
    made = post(client, "/api/rooms/", {"size": 8, "tier": levels[0].tier, "boards": 1,
                                        "name": "Ada"})
    assert made.status_code == 201, made.content
    code = made.json()["code"]
    assert made.json()["url"] == f"/rooms/{code}/" and len(code) == rooms.ROOM_CODE_LENGTH
    seen = client.get(f"/api/rooms/{code.lower()}/").json()
    assert seen["state"] == "lobby" and [p["name"] for p in seen["players"]] == ["Ada"]
    assert seen["players"][0]["host"] and "levels" not in seen
    assert client.get("/api/rooms/ZZZZZZ/").status_code == 404
    assert client.get("/api/rooms/not-a-code/").status_code == 404


@pytest.mark.parametrize("data, says", [
    ({"size": 3, "tier": "easy", "boards": 1, "name": "Ada"}, "size"),
    ({"size": 8, "tier": "legendary", "boards": 1, "name": "Ada"}, "tier"),
    ({"size": 8, "tier": "easy", "boards": 6, "name": "Ada"}, "boards"),
    ({"size": 8, "tier": "easy", "boards": True, "name": "Ada"}, "boards"),
    ({"size": 8, "tier": "easy", "boards": 1, "name": "<b>x</b>"}, "display name"),
    ({"size": 8, "tier": "easy", "boards": 1}, "name"),
])
def test_bad_room_settings_get_a_400_naming_the_problem(data, says):
    answer = post(Client(), "/api/rooms/", data)
    assert answer.status_code == 400 and says in json.dumps(answer.json())
    assert not Room.objects.exists()


# ---------------------------------------------------------------- the socket
def test_two_players_race_and_get_the_same_results(levels):
    room = rooms.create_room(host="host-key", size=8, tier=levels[0].tier, boards=1,
                             name="Ada")
    texts: list[str] = []

    async def scenario():
        ada = await connect(room.code, "host-key")
        assert ada.ok
        ada_id = (await next_of(ada, "hello"))["you"]
        bob = await connect(room.code, "bob-key")
        assert (await next_of(bob, "hello"))["you"] is None  # not joined yet
        # Malformed messages: an error each, and the connection stays open.
        for bad, says in (("not json", "JSON"), ('{"no": "type"}', '"type"'),
                          ('{"type": "fly"}', "one of"), ('[1, 2]', '"type"'),
                          ({"type": "join", "name": 5}, "text"),
                          ({"type": "progress", "board": 0, "queens": 1}, "join")):
            await say(bob, bad)
            assert says in (await next_of(bob, "error"))["detail"]
        await say(bob, {"type": "ping"})
        assert (await next_of(bob, "pong"))["server_ms"] > 0
        await say(bob, {"type": "join", "name": "Bob"})
        bob_id = (await next_of(bob, "hello"))["you"]
        state = await next_of(ada, "state")
        while len(state["players"]) < 2:
            state = await next_of(ada, "state")
        assert [p["name"] for p in state["players"]] == ["Ada", "Bob"]
        await say(bob, {"type": "start"})
        assert "host" in (await next_of(bob, "error"))["detail"]
        await say(ada, {"type": "start"})
        dealt = await next_of(bob, "state")
        assert dealt["state"] == "countdown" and len(dealt["levels"]) == 1
        assert 0 < dealt["starts_in_ms"] <= rooms.COUNTDOWN_S * 1000
        # The race has been on for 40 s (the countdown moved back, not waited for).
        await database_sync_to_async(lambda: Room.objects.filter(pk=room.pk).update(
            starts_at=timezone.now() - timedelta(seconds=40)))()
        await say(bob, {"type": "progress", "board": 0, "queens": 3})
        shown = await next_of(ada, "progress")
        assert shown == {"type": "progress", "player": bob_id, "board": 0, "queens": 3}
        dealt_level = await database_sync_to_async(Level.objects.get)(pk=dealt["levels"][0])
        solution = dealt_level.solution
        forged = [[1000 + 10 * row, row, col, 2] for row, col in enumerate(solution)]
        await say(bob, {"type": "finish", "board": 0, "moves": forged})
        assert "did not hold up" in (await next_of(bob, "error"))["detail"]
        await say(ada, {"type": "finish", "board": 0,
                        "moves": human_moves(solution, end_s=40)})
        state = await next_of(bob, "state")
        assert state["players"][0]["done"] == [True] and state["state"] == "racing"
        await say(bob, {"type": "finish", "board": 0,
                        "moves": human_moves(solution, end_s=40.5)})
        final = await next_of(ada, "state")
        while final["state"] != "finished":
            final = await next_of(ada, "state")
        seen_by_bob = await next_of(bob, "state")
        while seen_by_bob["state"] != "finished":
            seen_by_bob = await next_of(bob, "state")
        assert final["results"] == seen_by_bob["results"]
        assert [(r["name"], r["rank"]) for r in final["results"]] == [("Ada", 1), ("Bob", 2)]
        assert ada_id != bob_id
        for socket in (ada, bob):
            while not await socket.receive_nothing(timeout=0.2):
                socket.heard.append(await socket.receive_from())
            texts.extend(socket.heard)
            await socket.disconnect()

    run(scenario)
    kept = RoomResult.objects.filter(room=room, round=1).order_by("rank")
    assert [(r.name, r.rank) for r in kept] == [("Ada", 1), ("Bob", 2)]
    # Nothing sent to anyone held a solution or a queen's place.
    assert len(texts) > 20
    room.refresh_from_db()
    dealt = Level.objects.get(pk=room.levels[0])
    shown_of_a_player = {"id", "name", "host", "connected", "queens", "done", "finished_ms",
                        "rating"}
    for text in texts:
        assert json.dumps(dealt.solution, separators=(",", ":")) not in text
        message = json.loads(text)
        assert "moves" not in message and "solution" not in message
        for player in message.get("players", []):
            assert set(player) == shown_of_a_player


def test_a_dropped_connection_resumes_with_its_progress(levels):
    room = rooms.create_room(host="host-key", size=8, tier=levels[0].tier, boards=1,
                             name="Ada")

    async def scenario():
        ada = await connect(room.code, "host-key")
        me = (await next_of(ada, "hello"))["you"]
        await say(ada, {"type": "start"})
        await next_of(ada, "state")
        await database_sync_to_async(lambda: Room.objects.filter(pk=room.pk).update(
            starts_at=timezone.now() - timedelta(seconds=5)))()
        await say(ada, {"type": "progress", "board": 0, "queens": 4})
        await next_of(ada, "progress")
        await say(ada, {"type": "ping"})  # answered once the report is written down
        await next_of(ada, "pong")
        await ada.disconnect()
        again = await connect(room.code, "host-key")
        assert (await next_of(again, "hello"))["you"] == me
        state = await next_of(again, "state")
        assert state["state"] == "racing" and state["players"][0]["queens"] == [4]
        assert state["players"][0]["connected"]
        await again.disconnect()

    run(scenario)
    assert RoomPlayer.objects.get(room=room).connections == 0


def test_a_socket_without_a_player_or_a_room_is_refused(levels):
    room = rooms.create_room(host="host-key", size=8, tier=levels[0].tier, boards=1,
                             name="Ada")

    async def scenario():
        assert not (await connect(room.code, None)).ok
        assert not (await connect("ZZZZZZ", "someone")).ok

    run(scenario)


def test_a_player_who_leaves_does_not_stall_the_others(levels, monkeypatch):
    room = rooms.create_room(host="host-key", size=8, tier=levels[0].tier, boards=1,
                             name="Ada")
    rooms.join(room, player="bob-key", name="Bob")
    rooms.start(room, player="host-key")
    Room.objects.filter(pk=room.pk).update(starts_at=timezone.now() - timedelta(seconds=30))
    RoomPlayer.objects.filter(room=room).update(connections=1)
    room.refresh_from_db()
    rooms.leave(room, "bob-key")  # Bob goes, unfinished
    room.refresh_from_db()
    dealt = Level.objects.get(pk=room.levels[0])
    rooms.finish_board(room, player="host-key", board=0,
                       moves_log=human_moves(dealt.solution, end_s=30))
    room.refresh_from_db()
    assert room.state == "finished"
    # As the room lists them (a non-finisher's empty rank sorted first on SQLite).
    assert [(r.name, r.rank, r.boards_done) for r in room_selectors.results(room, 1)] == [
        ("Ada", 1, 1), ("Bob", None, 0)]
    assert [r["name"] for r in room_selectors.room_state(room)["results"]] == ["Ada", "Bob"]


def test_rooms_nobody_is_in_expire_and_the_others_stay(levels):
    from puzzles.tasks import expire_rooms

    old = timezone.now() - timedelta(seconds=rooms.EMPTY_EXPIRY_S + 60)
    empty = rooms.create_room(host="a", size=8, tier=levels[0].tier, boards=1, name="Ada")
    busy = rooms.create_room(host="b", size=8, tier=levels[0].tier, boards=1, name="Bob")
    fresh = rooms.create_room(host="c", size=8, tier=levels[0].tier, boards=1, name="Cy")
    Room.objects.filter(pk__in=[empty.pk, busy.pk]).update(active_at=old)
    RoomPlayer.objects.filter(room=busy).update(connections=1)  # someone is still in it
    assert expire_rooms() == 1 and expire_rooms() == 0  # safe to run twice
    assert set(Room.objects.values_list("code", flat=True)) == {busy.code, fresh.code}


def test_an_onlooker_sees_the_room_and_sends_the_players_nothing(levels):
    room = rooms.create_room(host="host-key", size=8, tier=levels[0].tier, boards=1,
                             name="Ada")

    async def scenario():
        ada = await connect(room.code, "host-key")
        await next_of(ada, "state")
        onlookers = [await connect(room.code, f"onlooker-{k}") for k in range(5)]
        for socket in onlookers:
            assert (await next_of(socket, "hello"))["you"] is None
            assert [p["name"] for p in (await next_of(socket, "state"))["players"]] == ["Ada"]
        for socket in onlookers:
            await socket.disconnect()
        assert await ada.receive_nothing(timeout=0.5)  # no news to the players
        await ada.disconnect()

    run(scenario)


# ---------------------------------------------------------------- fair places, forgetting
def race_of_two(levels, *, bob: str = "bob-key") -> Room:
    """Ada (host) and Bob in a dealt round of one board, the countdown over."""
    room = rooms.create_room(host="host-key", size=8, tier=levels[0].tier, boards=1,
                             name="Ada")
    rooms.join(room, player=bob, name="Bob")
    rooms.start(room, player="host-key")
    RoomPlayer.objects.filter(room=room).update(connections=1, seen_at=timezone.now())
    room.refresh_from_db()
    return room


def race_results(room: Room) -> list[tuple]:
    """The finished round's places as the room shows them (the API's reading)."""
    seen = Client().get(f"/api/rooms/{room.code}/").json()
    assert seen["state"] == "finished"
    return [(r["name"], r["rank"], r["unranked"]) for r in seen["results"]]


def finish(room: Room, player: str, after_s: float, address: str = "") -> None:
    Room.objects.filter(pk=room.pk).update(starts_at=timezone.now() - timedelta(
        seconds=after_s))
    room.refresh_from_db()
    solution = Level.objects.get(pk=room.levels[0]).solution
    rooms.finish_board(room, player=player, board=0,
                       moves_log=human_moves(solution, end_s=after_s), address=address)


@pytest.mark.parametrize("shown", ["revealed", "hinted"])
def test_a_level_shown_to_another_cookie_at_the_racers_address_unranks_the_finish(levels,
                                                                                 shown):
    """The outside attacker's race: a second cookie at Bob's address reveals the dealt
    level (or asks its hints) during the countdown; Bob's own cookie never did. Bob's
    finish, first by time, is unranked; Ada, honest and later, wins."""
    from puzzles.players.identity import address_key

    room = race_of_two(levels)
    throwaway = Client(REMOTE_ADDR="10.66.0.1")
    url = f"/api/levels/8/{room.levels[0]}/"
    if shown == "revealed":
        assert post(throwaway, url + "reveal/").status_code == 200
    else:
        marks = {"queens": [], "crosses": []}
        for _ in range(3):
            step = post(throwaway, url + "hint/", marks).json()
            marks = {k: marks[k] + step[k] for k in marks}
    at = address_key(RequestFactory().get("/", REMOTE_ADDR="10.66.0.1"))
    finish(room, "bob-key", after_s=30, address=at)
    finish(room, "host-key", after_s=40, address=address_key(
        RequestFactory().get("/", REMOTE_ADDR="10.67.0.1")))
    assert race_results(room) == [("Ada", 1, None), ("Bob", None, shown)]


def test_a_reveal_in_a_race_leaves_that_finish_unranked_after_every_rank(levels):
    bob = Client()
    bob.get("/api/me/")  # a player cookie
    room = race_of_two(levels, bob=player_key(bob))
    # During the countdown Bob reveals the dealt level (his own race's: allowed), then
    # finishes first; Ada finishes honestly after him.
    answer = post(bob, f"/api/levels/8/{room.levels[0]}/reveal/")
    assert answer.status_code == 200 and answer.json()["solution"]
    finish(room, player_key(bob), after_s=30)
    finish(room, "host-key", after_s=40)
    assert race_results(room) == [("Ada", 1, None), ("Bob", None, "revealed")]


def test_a_scripted_finish_faster_than_a_person_is_unranked(levels):
    room = race_of_two(levels)
    # Bob's script: a log at a person's pace between the queens, the board 3 s after the
    # start (faster than the level's steps take a person: moves.human_pace, as for a ranked solve).
    finish(room, "bob-key", after_s=3)
    finish(room, "host-key", after_s=30)
    assert race_results(room) == [("Ada", 1, None), ("Bob", None, "too_fast")]
    bob = RoomResult.objects.get(room=room, name="Bob")
    assert bob.finished_ms is not None and bob.rank is None  # finished, shown unranked


def test_a_deleted_account_leaves_no_name_in_rooms(levels):
    bob = Client()
    bob.get("/api/me/")
    key = player_key(bob)
    room = race_of_two(levels, bob=key)
    finish(room, "host-key", after_s=30)
    finish(room, key, after_s=40)
    other = rooms.create_room(host=key, size=8, tier=levels[0].tier, boards=1, name="Bobby")
    rooms.join(other, player="host-key", name="Ada")
    assert bob.delete("/api/me/").status_code == 204
    for model in (RoomPlayer, RoomResult):
        assert not model.objects.filter(player=key).exists()
        assert not model.objects.filter(name__in=["Bob", "Bobby"]).exists()
    assert race_results(room) == [("Ada", 1, None), (rooms.GONE_NAME, 2, None)]
    other.refresh_from_db()
    assert other.host == "host-key"  # the room Bob hosted passes to the next player
    assert [p["name"] for p in Client().get(f"/api/rooms/{other.code}/").json()["players"]
            ] == [rooms.GONE_NAME, "Ada"]
