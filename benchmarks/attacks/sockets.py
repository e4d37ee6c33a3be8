"""The race rooms' WebSockets through the edge: an idle socket, a nested message, and a race
finished by script after revealing the dealt levels (rows 2, 14, 8)."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from benchmarks.attacks.common import Client, Result, row, wait_for
from tests.support import human_moves


def a_room(stack, *, size: int = 6, boards: int = 1) -> tuple[Client, str]:
    """A room made through the edge by a fresh client (the host): the client, the code."""
    host = Client(stack.url)
    answer = host.post("/api/rooms/", {"size": size, "tier": "easy", "boards": boards,
                                       "name": "Ada"}, headers={"Origin": stack.url})
    if answer.status != 201:
        raise RuntimeError(f"no room: {answer.status} {answer.text[:200]}")
    return host, answer.json()["code"]


def room_socket(stack, client: Client, code: str, *, close_timeout: float = 10):
    """The room's WebSocket through the edge, from the client's own address and cookies."""
    url = urlsplit(stack.url)
    sock = socket.create_connection((url.hostname, url.port), timeout=10,
                                    source_address=(client.address, 0))
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    # No keepalive pings of the client's own: the rows drop and stall sockets on purpose,
    # and the site's heartbeat is what is under test.
    return connect(f"ws://{url.hostname}:{url.port}/ws/rooms/{code}/", sock=sock,
                   open_timeout=10, close_timeout=close_timeout, ping_interval=None,
                   additional_headers={"Cookie": cookie, "Origin": stack.url})


def held_room_socket(stack, client: Client, code: str):
    """A room socket held past any `with` (the rows that keep dozens open, or drop them
    without a close): the caller closes it. Opened as websockets asks, as a context. Its
    close waits a second for the room's answer, not ten: a flooded socket the client stopped
    reading may never see the room's close frame in time (row 25 spent 240 s closing 24)."""
    return room_socket(stack, client, code, close_timeout=1).__enter__()


def receive(ws, kind: str, timeout: float = 10) -> dict:
    """The next message of `kind` (others skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message.get("type") == kind:
            return message


def answers_a_ping(ws) -> bool:
    try:
        ws.send(json.dumps({"type": "ping"}))
        receive(ws, "pong", timeout=5)
        return True
    except Exception:  # closed, timed out: the socket is gone either way
        return False


def connected(client: Client, code: str) -> bool:
    players = client.get(f"/api/rooms/{code}/").json()["players"]
    return bool(players) and players[0]["connected"]


@row(2)
def an_idle_room_socket(stack, quick: bool) -> Result:
    wait_s = 30 if quick else 60
    host, code = a_room(stack)
    with room_socket(stack, host, code) as ws:
        receive(ws, "hello")
        began = time.monotonic()
        alive = True
        while alive and time.monotonic() - began < wait_s:
            time.sleep(min(5.0, wait_s - (time.monotonic() - began)))
            alive = answers_a_ping(ws)
        lived = time.monotonic() - began
    time.sleep(1)
    shown = connected(host, code)  # after the client closed: must say gone
    held = alive and not shown
    return Result(2, f"open a race room socket and wait {wait_s} s", held,
                  f"socket {'alive' if alive else 'dead'} after {lived:.0f} s; closed, the room "
                  f"shows the player {'connected' if shown else 'gone'}")


@row(14)
def a_nested_message(stack, quick: bool) -> Result:
    host, code = a_room(stack)
    depth = 50_000  # 100 KB of brackets
    with room_socket(stack, host, code) as ws:
        receive(ws, "hello")
        ws.send('{"type": "ping", "x": ' + "[" * depth + "]" * depth + "}")
        try:
            reply = json.loads(ws.recv(timeout=5)).get("type")
        except Exception as error:  # the socket died
            reply = type(error).__name__
        alive = answers_a_ping(ws)
    return Result(14, "100 KB nested JSON on the room socket", alive,
                  f"reply {reply}; the socket {'answers' if alive else 'is dead'} after")


def dealt(client: Client, code: str) -> dict | None:
    room = client.get(f"/api/rooms/{code}/").json()
    return room if room.get("levels") else None


def started_round(stack, host: Client, code: str) -> dict:
    """The host starts the room's round from a socket of its own: the dealt state."""
    with room_socket(stack, host, code) as ws:
        receive(ws, "hello")
        ws.send(json.dumps({"type": "start"}))
        state = wait_for(lambda: dealt(host, code), 10, every=0.1)
    if state is None:
        raise RuntimeError("the round was never dealt")
    return state


@row(8)
def a_race_finished_by_script(stack, quick: bool) -> Result:
    boards = 1 if quick else 3
    host, code = a_room(stack, size=8, boards=boards)
    refused = []
    state = started_round(stack, host, code)
    starts_at = time.monotonic() + state["starts_in_ms"] / 1000
    solutions = [host.post(f"/api/levels/8/{level}/reveal/", {}).json().get("solution")
                 for level in state["levels"]]  # during the countdown
    time.sleep(max(0.0, starts_at - time.monotonic()) + 2.6)  # a log of 8 queens
    for board, solution in enumerate(solutions):
        # A socket of its own per finish: a script does not care if the last one died.
        with room_socket(stack, host, code) as ws:
            receive(ws, "hello")
            took = time.monotonic() - starts_at
            ws.send(json.dumps({"type": "finish", "board": board,
                                "moves": human_moves(solution, end_s=took)}))
            with contextlib.suppress(TimeoutError, ConnectionClosed):
                refused.append(receive(ws, "error", timeout=1.5).get("detail", ""))
    took = time.monotonic() - starts_at
    time.sleep(1)
    results = host.get(f"/api/rooms/{code}/").json()["results"]
    rank = results[0]["rank"] if results else None
    held = rank != 1
    return Result(8, "in a race, reveal the dealt levels during countdown, finish by script",
                  held, f"{boards} 8x8 board(s) revealed and finished in {took:.1f} s: rank "
                  f"{rank}; refusals: {refused[:1] or 'none'}")
