"""What the attack suite (benchmarks.attacks) misses, found from outside on the stack (h36).
Each test is an outsider's script through the edge; each FAILS today, and passes once the
hole is closed. Nothing here reads the database for what an attacker could not know."""

from __future__ import annotations

import contextlib
import json
import socket
import time
import uuid

import pytest
from websockets.exceptions import ConnectionClosed

from benchmarks.attacks.common import Client, an_account, signed_in, wait_for
from benchmarks.attacks.sockets import a_room, dealt, receive, room_socket
from generator_ext import rate
from puzzles.moves import DEFAULT_STEP_MS, STEP_MS
from tests.support import human_moves

pytestmark = pytest.mark.redis


def fastest_ms(level: dict) -> int:
    """puzzles.moves.fastest_ms of a level, from its public regions (the engine is public)."""
    steps = rate(level["regions"], level["rule"], stars=level.get("stars", 1)).steps
    return sum(STEP_MS.get(step.technique, DEFAULT_STEP_MS) for step in steps)


def solution_by_hints(client: Client, level: dict, pause_s: float = 0.2) -> list[list[int]]:
    """Ask hint after hint from an empty board, applying each step: the level's solution
    as cells, and how many hints it took (a throwaway cookie pays the hints)."""
    path = f"/api/levels/{level['size']}/{level['id']}/hint/"
    queens: list[list[int]] = []
    crosses: list[list[int]] = []
    wanted = level["size"] * level.get("stars", 1)
    for _ in range(400):
        answer = client.post(path, {"queens": queens, "crosses": crosses})
        assert answer.status == 200, answer.text[:300]
        step = answer.json()
        if not step["queens"] and not step["crosses"]:
            break
        queens += [q for q in step["queens"] if q not in queens]
        crosses += [c for c in step["crosses"] if c not in crosses]
        if len(queens) == wanted:
            break
        time.sleep(pause_s)  # under the edge's POST rate
    return sorted(queens)


def person_like_log(cells: list[list[int]], end_s: float, span_s: float) -> list[list[int]]:
    """tests.support.human_moves for any star count: one mark per star over the last
    `span_s` seconds at uneven pauses, a cross after the first."""
    end = int(end_s * 1000) - 300
    start = max(0, end - int(span_s * 1000))
    pauses = [1 + (k * 7) % 5 for k in range(len(cells) - 1)]
    unit = (end - start) / max(1, sum(pauses))
    times = [start + round(unit * sum(pauses[:k])) for k in range(len(cells))]
    times[-1] = end
    log = [[ms, r, c, 2] for ms, (r, c) in zip(times, cells, strict=True)]
    size = max(max(r, c) for r, c in cells) + 1
    cross = [times[0] + (times[1] - times[0]) // 2, cells[0][0], (cells[0][1] + 5) % size, 1]
    return [log[0], cross, *log[1:]]


def test_hints_from_a_throwaway_cookie_give_a_ranked_daily(stack):
    """Row 7 reveals with a throwaway cookie and is refused ("revealed" at the address). The
    same throwaway cookie asking hints instead learns the whole solution and leaves no
    Reveal behind: the account then solves the daily by script, ranked and flawless, on the
    daily's leaderboard."""
    daily = Client(stack.url).get("/api/daily/")
    assert daily.status == 200, daily.text[:300]
    level = daily.json()["level"]
    name = f"Speedy{uuid.uuid4().hex[:5]}"
    email, password = an_account(stack, name)
    player = Client(stack.url)
    signed_in(player, email, password)
    csrf = {"X-CSRFToken": player.cookies.get("csrftoken", "")}
    throwaway = Client(stack.url, address=player.address)  # the same address, a new cookie
    cells = solution_by_hints(throwaway, level)
    assert len(cells) == level["size"] * level.get("stars", 1)

    path = f"/api/levels/{level['size']}/{level['id']}/"
    floor_s = fastest_ms(level) / 1000
    assert player.post(path + "start/", {}, headers=csrf).status == 200
    time.sleep(floor_s + 3)
    check = player.post(path + "check/", {"queens": cells}, headers=csrf).json()
    assert check.get("solved") is True, check
    answer = player.post(path + "solves/", {"token": check["token"], "moves": person_like_log(
        cells, end_s=check["seconds"] + 0.5, span_s=max(6.0, 0.6 * floor_s))}, headers=csrf)
    record = answer.json()
    time.sleep(1)
    board = Client(stack.url).get("/api/leaderboards/daily/").json()
    on_board = [e for e in board.get("entries", []) if e.get("name") == name]
    print(f"{level['size']}x{level['size']} {level.get('stars', 1)}-star daily: solution by "
          f"hints, solved by script in {check['seconds']} s: {answer.status} {record}; "
          f"leaderboard: {on_board}")
    assert not record.get("ranked"), (
        f"a script that learned the daily's solution from a throwaway cookie's hints is "
        f"ranked ({record}) and on the leaderboard: {on_board}")


def test_a_race_won_after_a_throwaway_cookie_reveals_the_dealt_level(stack):
    """Row 8 reveals with the racer's own cookie (unranked: the room checks the racer's
    Solve rows). A second cookie at the same address reveals the dealt level during the
    countdown; the racer finishes by script at the level's fastest pace and wins."""
    host, code = a_room(stack, size=8, boards=1)
    throwaway = Client(stack.url, address=host.address)
    with room_socket(stack, host, code) as ws:
        receive(ws, "hello")
        ws.send(json.dumps({"type": "start"}))
        state = wait_for(lambda: dealt(host, code), 10, every=0.1)
        assert state is not None, "the round was never dealt"
        starts_at = time.monotonic() + state["starts_in_ms"] / 1000
        level_id = state["levels"][0]
        level = throwaway.get(f"/api/levels/8/{level_id}/").json()
        solution = throwaway.post(f"/api/levels/8/{level_id}/reveal/", {}).json()["solution"]
    wait_s = fastest_ms(level) / 1000 + 1.5
    time.sleep(max(0.0, starts_at - time.monotonic()) + wait_s)
    refused = []
    with room_socket(stack, host, code) as ws:
        receive(ws, "hello")
        took = time.monotonic() - starts_at
        ws.send(json.dumps({"type": "finish", "board": 0, "moves": human_moves(
            solution, end_s=took, span_s=min(4.5, 0.9 * took))}))
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            refused.append(receive(ws, "error", timeout=1.5).get("detail", ""))
    time.sleep(1)
    results = host.get(f"/api/rooms/{code}/").json()["results"]
    print(f"8x8 revealed by a second cookie, finished in {took:.1f} s: {results}; "
          f"refusals {refused}")
    assert not results or results[0]["rank"] != 1, (
        f"revealed by another cookie at the racer's address, finished by script in "
        f"{took:.1f} s: {results}")


@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/archive/?month=0001-01"),
    ("OPTIONS", "/api/docs/"),
])
def test_no_server_error_on_a_strangers_request(stack, method, path):
    """A 500 (and a traceback in the log) for a request anyone can make."""
    answer = Client(stack.url).request(method, path)
    assert answer.status < 500, f"{method} {path}: {answer.status} {answer.text[:200]}"



def test_sockets_that_hang_up_mid_race_do_not_flood_the_log_with_tracebacks(stack):
    """A joined racer opens sockets to the room, reports progress on each (within the
    per-connection allowance) and hangs them up one after another: every message the room
    still had for a closed socket is logged at ERROR with a full traceback (uvicorn's
    ClientDisconnected), ~25 lines each, so one address writes the log at will."""
    host, code = a_room(stack, size=6, boards=1)
    with room_socket(stack, host, code) as ws:
        receive(ws, "hello")
        ws.send(json.dumps({"type": "start"}))
        state = wait_for(lambda: dealt(host, code), 10, every=0.1)
        assert state is not None, "the round was never dealt"
        time.sleep(state["starts_in_ms"] / 1000 + 0.5)
    before = stack.log("web").count("ClientDisconnected")
    sockets = [room_socket(stack, host, code) for _ in range(20)]
    for ws in sockets:
        receive(ws, "hello")
    for k in range(30):  # 3 s at 10 reports a second per socket, then each hangs up
        for ws in sockets:
            ws.send(json.dumps({"type": "progress", "board": 0, "queens": k % 6}))
        time.sleep(0.1)
        for ws in sockets:  # what the room sent back, so the sockets stay alive
            with contextlib.suppress(TimeoutError):
                while True:
                    ws.recv(timeout=0)
        if k >= 10 and sockets:  # hung up as a dropped network does: no close handshake
            gone = sockets.pop()
            gone.socket.shutdown(socket.SHUT_RDWR)
            gone.socket.close()
    for ws in sockets:
        ws.close()
    time.sleep(2)
    logged = stack.log("web").count("ClientDisconnected") - before
    print(f"20 sockets, 600 progress reports, hung up one by one: {logged} "
          f"ClientDisconnected tracebacks logged")
    assert logged <= 5, f"{logged} ERROR tracebacks for sockets a client closed"
