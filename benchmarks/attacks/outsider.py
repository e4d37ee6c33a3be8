"""What an outside attacker found that rows 1-20 missed (rows 21-25): a level's solution
learned from a throwaway cookie's hints, then a ranked daily; a race won after another cookie
at the racer's address revealed its level; requests anyone can make that were 500s; sockets
hung up mid-race writing a traceback each into the log; race sockets by the dozen from one
address, each report fanned out to the room; and (row 34) those hints asked at the player's
address on a play the throwaway cookie began at another."""

from __future__ import annotations

import contextlib
import json
import socket
import time

from websockets.exceptions import ConnectionClosed

from benchmarks.attacks.common import (
    Client,
    Result,
    a_level,
    an_account,
    normal_player,
    player_held,
    row,
    signed_in,
    wait_for,
)
from benchmarks.attacks.sockets import a_room, held_room_socket, receive, room_socket, started_round
from tests.support import EDGE_LIMITS, human_moves


def fastest_ms(level: dict) -> int:
    """puzzles.play.move_log.fastest_ms of a level, from its public regions (the engine is
    public)."""
    from generator_ext import rate
    from puzzles.play.move_log import DEFAULT_STEP_MS, STEP_MS

    steps = rate(level["regions"], level["rule"], stars=level.get("stars", 1)).steps
    return sum(STEP_MS.get(step.technique, DEFAULT_STEP_MS) for step in steps)


def solution_by_hints(client: Client, level: dict, pause_s: float = 0.2) -> tuple[list, int]:
    """Hint after hint from an empty board, each step applied: the solution's cells and how
    many hints it took (a throwaway cookie pays for them)."""
    path = f"/api/levels/{level['size']}/{level['id']}/hint/"
    queens: list[list[int]] = []
    crosses: list[list[int]] = []
    wanted, asked = level["size"] * level.get("stars", 1), 0
    while asked < 400 and len(queens) < wanted:
        answer = client.post(path, {"queens": queens, "crosses": crosses})
        asked += 1
        if answer.status != 200:
            raise RuntimeError(f"hint refused: {answer.status} {answer.text[:200]}")
        step = answer.json()
        if not step["queens"] and not step["crosses"]:
            break
        queens += [q for q in step["queens"] if q not in queens]
        crosses += [c for c in step["crosses"] if c not in crosses]
        time.sleep(pause_s)  # under the edge's POST rate
    return sorted(queens), asked


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


def solved_by_script(player: Client, level: dict, cells, csrf: dict):
    """The account opens the level, waits past its pace floor and files the cells with a
    person-like move log: the check's answer and the solve's."""
    path = f"/api/levels/{level['size']}/{level['id']}/"
    floor_s = fastest_ms(level) / 1000
    player.post(path + "start/", {}, headers=csrf)
    time.sleep(floor_s + 3)
    check = player.post(path + "check/", {"queens": cells}, headers=csrf).json()
    answer = player.post(path + "solves/", {"token": check.get("token"), "moves": person_like_log(
        cells, end_s=check.get("seconds", 0) + 0.5, span_s=max(6.0, 0.6 * floor_s))},
        headers=csrf)
    return check, answer


@row(21)
def a_daily_solved_from_a_throwaway_cookies_hints(stack, quick: bool) -> Result:
    daily = Client(stack.url).get("/api/daily/")
    if daily.status != 200:
        raise RuntimeError(f"no daily: {daily.status}")
    level = daily.json()["level"]
    name = f"Hinted{int(time.time() * 1000) % 10**6}"
    email, password = an_account(stack, name)
    player = Client(stack.url)
    signed_in(player, email, password)
    csrf = {"X-CSRFToken": player.cookies.get("csrftoken", "")}
    throwaway = Client(stack.url, address=player.address)  # the same address, a new cookie
    cells, hints = solution_by_hints(throwaway, level)
    check, answer = solved_by_script(player, level, cells, csrf)
    record = answer.json()
    board = Client(stack.url).get("/api/leaderboards/daily/").json()
    listed = [e for e in board.get("entries", []) if e.get("name") == name]
    held = not record.get("ranked") and not listed
    return Result(21, "learn the daily's solution from a throwaway cookie's hints, solve it "
                  "from an account at the same address", held,
                  f"{level['size']}x{level['size']} {level.get('stars', 1)}★ daily: "
                  f"{len(cells)} cells from {hints} hints, solved in {check.get('seconds')} s: "
                  f"{answer.status}, ranked {record.get('ranked')}, unranked "
                  f"{record.get('unranked')}; on the board: {bool(listed)}")


@row(22)
def a_race_won_after_another_cookie_revealed_its_level(stack, quick: bool) -> Result:
    host, code = a_room(stack, size=8, boards=1)
    throwaway = Client(stack.url, address=host.address)
    state = started_round(stack, host, code)
    starts_at = time.monotonic() + state["starts_in_ms"] / 1000
    level_id = state["levels"][0]  # revealed by the other cookie during the countdown
    level = throwaway.get(f"/api/levels/8/{level_id}/").json()
    solution = throwaway.post(f"/api/levels/8/{level_id}/reveal/", {}).json()["solution"]
    time.sleep(max(0.0, starts_at - time.monotonic()) + fastest_ms(level) / 1000 + 1.5)
    with room_socket(stack, host, code) as ws:
        receive(ws, "hello")
        took = time.monotonic() - starts_at
        ws.send(json.dumps({"type": "finish", "board": 0, "moves": human_moves(
            solution, end_s=took, span_s=min(4.5, 0.9 * took))}))
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            receive(ws, "error", timeout=1.5)
    results = wait_for(lambda: host.get(f"/api/rooms/{code}/").json()["results"], 10)
    first = results[0] if results else {}
    return Result(22, "in a race, a second cookie at the racer's address reveals the dealt "
                  "level; the racer finishes by script", first.get("rank") != 1,
                  f"8x8 finished in {took:.1f} s: rank {first.get('rank')}, unranked "
                  f"{first.get('unranked')}")


STRANGE_REQUESTS = [("GET", "/archive/?month=0001-01"), ("HEAD", "/archive/?month=0001-01"),
                    ("OPTIONS", "/api/docs/"), ("OPTIONS", "/archive/?month=0001-01")]


@row(23)
def requests_anyone_can_make(stack, quick: bool) -> Result:
    answers = {f"{method} {path}": Client(stack.url).request(method, path).status
               for method, path in STRANGE_REQUESTS}
    return Result(23, "requests anyone can make: a month of year 1, OPTIONS on the API docs",
                  all(status < 500 for status in answers.values()),
                  ", ".join(f"{what}: {status}" for what, status in answers.items()))


@row(24)
def sockets_hung_up_mid_race(stack, quick: bool) -> Result:
    host, code = a_room(stack, size=6, boards=1)
    state = started_round(stack, host, code)
    time.sleep(state["starts_in_ms"] / 1000 + 0.5)
    before = stack.log("web").count("Traceback")
    sockets = [held_room_socket(stack, host, code) for _ in range(20)]
    for ws in sockets:
        receive(ws, "hello")
    reports = 0
    for k in range(30):  # 3 s at 10 reports a second per socket, then each hangs up
        for ws in sockets:
            ws.send(json.dumps({"type": "progress", "board": 0, "queens": k % 6}))
            reports += 1
        time.sleep(0.1)
        for ws in sockets:  # read what the room sent back, so the sockets stay alive
            with contextlib.suppress(TimeoutError):
                while True:
                    ws.recv(timeout=0)
        if k >= 10 and sockets:  # as a dropped network does: no close handshake
            gone = sockets.pop()
            gone.socket.shutdown(socket.SHUT_RDWR)
            gone.socket.close()
    for ws in sockets:
        ws.close()
    time.sleep(2)
    logged = stack.log("web").count("Traceback") - before
    return Result(24, "20 race sockets report progress and hang up without a goodbye",
                  logged <= 1, f"{reports} reports, 20 hang-ups: {logged} tracebacks logged")


@row(25)
def race_sockets_by_the_dozen_from_one_address(stack, quick: bool) -> Result:
    """The outside attacker's borderline flood: 90 sockets of one joined racer, each
    reporting progress at the pace a connection is allowed; every report is fanned out to
    the room. The edge lets QUEENS_EDGE_SOCKETS of them open."""
    wanted, seconds = (40, 5) if quick else (90, 10)
    host, code = a_room(stack, size=6, boards=1)
    state = started_round(stack, host, code)
    time.sleep(state["starts_in_ms"] / 1000 + 0.5)
    opened, refused = [], 0
    for _ in range(wanted):
        try:
            ws = held_room_socket(stack, host, code)
            receive(ws, "hello", timeout=5)
            opened.append(ws)
        except Exception:  # noqa: BLE001 (a 429 at the upgrade, or a socket the edge cut)
            refused += 1
    level = a_level(stack, 7)
    with contextlib.ExitStack() as sockets:
        for ws in opened:
            sockets.callback(ws.close)
        with normal_player(stack, level) as player:
            began, sent = time.monotonic(), 0
            while time.monotonic() - began < seconds:
                for ws in opened:
                    with contextlib.suppress(Exception):
                        ws.send(json.dumps({"type": "progress", "board": 0, "queens": sent % 6}))
                        sent += 1
                for ws in opened:  # read what the room sent back, so the sockets stay alive
                    with contextlib.suppress(Exception):
                        while True:
                            ws.recv(timeout=0)
                time.sleep(0.1)
    return Result(25, f"{wanted} race sockets from one address report progress for "
                  f"{seconds} s", len(opened) <= int(EDGE_LIMITS["QUEENS_EDGE_SOCKETS"])
                  and player_held(player),
                  f"{len(opened)} sockets opened, {refused} refused; {sent} reports", player)


@row(34)
def hints_at_the_players_address_on_a_play_begun_elsewhere(stack, quick: bool) -> Result:
    """Row 21's attack, one request further (the outside attacker's find): the throwaway
    cookie's play of the level begins at another address (one start), then every hint is
    asked at the player's own address; a play's hints were counted under the address it
    began at, so none counted here and the account's scripted solve was ranked."""
    level = a_level(stack, 7)
    name = f"Hx{int(time.time() * 1000) % 10**6}"
    email, password = an_account(stack, name)
    player = Client(stack.url)
    signed_in(player, email, password)
    csrf = {"X-CSRFToken": player.cookies.get("csrftoken", "")}
    path = f"/api/levels/{level['size']}/{level['id']}/"
    throwaway = Client(stack.url)  # another address, for one request
    throwaway.post(path + "start/", {})
    throwaway.address = player.address  # then every hint at the player's address
    cells, hints = solution_by_hints(throwaway, level)
    check, answer = solved_by_script(player, level, cells, csrf)
    record = answer.json()
    return Result(34, "a throwaway cookie begins the level at another address, then takes "
                  "every hint at the player's address; the account solves by script",
                  not record.get("ranked"),
                  f"7x7: {len(cells)} cells from {hints} hints at the player's address, solved "
                  f"in {check.get('seconds')} s: {answer.status}, ranked {record.get('ranked')},"
                  f" unranked {record.get('unranked')}")
