"""The room's WebSocket on the real app server (gunicorn with uvicorn's worker,
queensgame.server, one worker process) and channels_redis on the real Redis, as production
runs them: an idle socket lives, a bad message of any depth or size is refused without
killing the socket, and a player whose worker was killed (no disconnect ever ran) is swept
by the heartbeat, so the round ends."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
import urllib.request
from datetime import timedelta

import pytest
from django.utils import timezone
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from puzzles.models import Level, Room, RoomPlayer, RoomState
from puzzles.rooms import services as rooms
from tests.support import free_port, human_moves, start_logged, stop_process, wait_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]

HEARTBEAT_S = 1  # the server's beat in these tests (15 s in production)
IDLE_S = 60


class AppServer:
    def __init__(self, process, port):
        self.process, self.addr = process, f"127.0.0.1:{port}"

    @property
    def log(self) -> str:
        return self.process.log_path.read_text()

    def worker_pids(self) -> list[int]:
        return [int(pid) for pid in re.findall(r"Booting worker with pid: (\d+)", self.log)]

    def http(self, method: str, path: str, data=None, cookie: str | None = None):
        headers = {"Origin": f"http://{self.addr}", "Content-Type": "application/json"}
        if cookie:
            headers["Cookie"] = cookie
        request = urllib.request.Request(f"http://{self.addr}{path}", method=method,
                                         data=json.dumps(data).encode() if data else None,
                                         headers=headers)
        with urllib.request.urlopen(request, timeout=10) as answer:
            set_cookie = answer.headers.get("Set-Cookie")
            return json.loads(answer.read()), (set_cookie.split(";")[0] if set_cookie
                                               else cookie)

    def make_room(self, tier: str, name="Ada") -> tuple[str, str]:
        made, cookie = self.http("POST", "/api/rooms/", {"size": 8, "tier": tier,
                                                         "boards": 1, "name": name})
        return made["code"], cookie

    def room(self, code: str) -> dict:
        return self.http("GET", f"/api/rooms/{code}/")[0]

    def socket(self, code: str, cookie: str):
        return connect(f"ws://{self.addr}/ws/rooms/{code}/", open_timeout=10,
                       additional_headers={"Cookie": cookie, "Origin": f"http://{self.addr}"})


@pytest.fixture(scope="module")
def app_server(django_db_setup, django_db_blocker, tmp_path_factory):
    from django.db import connection

    db = connection.settings_dict
    url = (f"sqlite:///{db['NAME']}" if db["ENGINE"].endswith("sqlite3") else
           f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:"
           f"{db['PORT'] or 5432}/{db['NAME']}")
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "queensgame.settings.test",
           "DATABASE_URL": url, "GUNICORN_BIND": f"127.0.0.1:{port}",
           "GUNICORN_WORKERS": "1", "GUNICORN_THREADS": "4", "LOG_LEVEL": "INFO",
           "QUEENS_ROOM_HEARTBEAT_S": str(HEARTBEAT_S)}
    process = start_logged([sys.executable, "-m", "gunicorn", "-c",
                            "python:queensgame.gunicorn_conf", "--access-logfile",
                            "/dev/null", "queensgame.asgi"],
                           env=env, log_path=tmp_path_factory.mktemp("gunicorn") / "log",
                           ready="Booting worker with pid")
    server = AppServer(process, port)
    try:
        assert wait_until(lambda: _healthy(server), 20), server.log
        yield server
    finally:
        stop_process(process)


@pytest.fixture
def tier(make_level):
    return [make_level(size=8, seed=seed) for seed in (3, 4)][0].tier


def kinds(socket, count: int) -> list[str]:
    return [json.loads(socket.recv(timeout=10))["type"] for _ in range(count)]


def next_of(socket, kind: str, timeout: float = 10) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == kind:
            return message


def dealt(socket) -> dict:
    """The first state after a start with the boards dealt: a state broadcast before it (a
    join's, say, still on its way under load) is still the lobby's."""
    state = next_of(socket, "state")
    while state["state"] == RoomState.LOBBY:
        state = next_of(socket, "state")
    return state


def test_an_idle_socket_lives_past_a_minute(app_server, tier):
    code, cookie = app_server.make_room(tier)
    with app_server.socket(code, cookie) as socket:
        assert kinds(socket, 2) == ["hello", "state"]
        started = time.monotonic()
        # Nothing to say for a minute (the client answers the server's pings by itself):
        # redis-py's 5 s read timeout on channels_redis' 5 s blocking wait killed it here.
        with pytest.raises(TimeoutError):
            socket.recv(timeout=IDLE_S)
        assert time.monotonic() - started >= IDLE_S
        socket.send(json.dumps({"type": "ping"}))
        assert next_of(socket, "pong")["server_ms"] > 0
        assert app_server.room(code)["players"][0]["connected"]
    assert wait_until(lambda: not app_server.room(code)["players"][0]["connected"], 10)
    assert "Traceback" not in app_server.log, app_server.log[-3000:]


@pytest.mark.parametrize("bad", [
    "[" * 100_000,  # 100 KB nested: RecursionError killed the socket
    '{"type": "join", "name": ' + "[" * 50 + "]" * 50 + "}",
    '{"type": "finish", "board": 0, "moves": ' + '{"a":' * 5000 + "1" + "}" * 5000 + "}",
    '"' + "x" * 200_000 + '"',  # past the message bound, within the transport's
])
def test_a_message_of_any_depth_or_size_is_refused_and_the_socket_lives(app_server, tier,
                                                                         bad):
    code, cookie = app_server.make_room(tier)
    with app_server.socket(code, cookie) as socket:
        assert kinds(socket, 2) == ["hello", "state"]
        socket.send(bad)
        assert next_of(socket, "error")["detail"]
        socket.send(json.dumps({"type": "ping"}))
        assert next_of(socket, "pong")
        assert app_server.room(code)["players"][0]["connected"]
    assert "Traceback" not in app_server.log, app_server.log[-3000:]


def test_a_frame_past_the_transport_limit_closes_and_the_player_is_gone(app_server, tier):
    code, cookie = app_server.make_room(tier)
    with app_server.socket(code, cookie) as socket:
        assert kinds(socket, 2) == ["hello", "state"]
        socket.send("x" * 2_000_000)  # uvicorn closes past ws_max_size (1009)
        with pytest.raises(ConnectionClosed):
            while True:
                socket.recv(timeout=10)
    # ...and disconnect ran: the room does not keep a ghost.
    assert wait_until(lambda: not app_server.room(code)["players"][0]["connected"], 10)


def test_a_player_whose_worker_was_killed_is_swept_and_the_round_ends(app_server, tier):
    code, ada = app_server.make_room(tier)
    _, bob = app_server.http("GET", f"/api/rooms/{code}/")  # a player cookie of Bob's own
    with app_server.socket(code, ada) as ada_socket, app_server.socket(code, bob) as bob_socket:
        kinds(ada_socket, 2), kinds(bob_socket, 2)
        bob_socket.send(json.dumps({"type": "join", "name": "Bob"}))
        next_of(bob_socket, "hello")
        ada_socket.send(json.dumps({"type": "start"}))
        dealt(ada_socket)  # the round started before the worker dies
        worker = app_server.worker_pids()[-1]
        os.kill(worker, signal.SIGKILL)  # no disconnect runs for anyone on it
        assert wait_until(lambda: len(app_server.worker_pids()) == 2, 30)
        with pytest.raises(ConnectionClosed):
            while True:
                ada_socket.recv(timeout=10)
    room = Room.objects.get(code=code)
    assert list(room.players.values_list("connections", flat=True)) == [1, 1]  # the ghosts
    assert wait_until(lambda: _healthy(app_server), 30)
    # Ada comes back (a browser reconnects) and finishes; Bob never does. His last beat
    # was long ago: the sweep counts him gone, and the round ends without him.
    Room.objects.filter(pk=room.pk).update(starts_at=timezone.now() - timedelta(seconds=30))
    RoomPlayer.objects.filter(room=room, name="Bob").update(
        seen_at=timezone.now() - timedelta(minutes=5))
    with app_server.socket(code, ada) as ada_socket:
        state = next_of(ada_socket, "state")
        assert [p["connected"] for p in state["players"]] == [True, False]
        solution = Level.objects.get(pk=state["levels"][0]).solution
        ada_socket.send(json.dumps({"type": "finish", "board": 0,
                                    "moves": human_moves(solution, end_s=30)}))
        final = next_of(ada_socket, "state")
        while final["state"] != "finished":
            final = next_of(ada_socket, "state")
        assert [(r["name"], r["rank"]) for r in final["results"]] == [("Ada", 1), ("Bob", None)]
    # Nobody is left, though no disconnect ran for the first sockets: once their last beat
    # is old, the room reads empty and expires.
    assert wait_until(lambda: not any(p["connected"] for p in app_server.room(code)["players"]),
                      5 * HEARTBEAT_S + 5)
    long_ago = timezone.now() - timedelta(days=1)
    Room.objects.filter(pk=room.pk).update(active_at=long_ago)
    RoomPlayer.objects.filter(room=room).update(seen_at=long_ago)
    assert rooms.expire_rooms() == 1


def test_the_heartbeat_alone_ends_a_round_a_ghost_holds(app_server, tier):
    code, ada = app_server.make_room(tier)
    room = Room.objects.get(code=code)
    # Bob joined from a worker that died: his row says connected, and nothing beats for him.
    RoomPlayer.objects.create(room=room, player="bob-key", name="Bob", connections=1,
                              seen_at=timezone.now())
    with app_server.socket(code, ada) as socket:
        kinds(socket, 2)
        socket.send(json.dumps({"type": "start"}))
        state = dealt(socket)
        Room.objects.filter(pk=room.pk).update(starts_at=timezone.now() - timedelta(seconds=30))
        solution = Level.objects.get(pk=state["levels"][0]).solution
        socket.send(json.dumps({"type": "finish", "board": 0,
                                "moves": human_moves(solution, end_s=30)}))
        state = next_of(socket, "state")
        assert state["state"] == "racing"  # Bob is still in it, as far as anyone knows
        RoomPlayer.objects.filter(room=room, name="Bob").update(
            seen_at=timezone.now() - timedelta(minutes=5))
        # Nobody sends a thing: Ada's connection's beat sweeps Bob and ends the round.
        final = next_of(socket, "state", timeout=5 * HEARTBEAT_S + 5)
        while final["state"] != "finished":
            final = next_of(socket, "state", timeout=5 * HEARTBEAT_S + 5)
        assert [(r["name"], r["rank"]) for r in final["results"]] == [("Ada", 1), ("Bob", None)]


def _healthy(server) -> bool:
    try:
        return bool(server.http("GET", "/healthz"))
    except OSError:
        return False
