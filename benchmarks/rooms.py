"""How many race rooms of four this machine holds: `python -m benchmarks.rooms`.

The production path on loopback: Debian's nginx (the edge's /ws/ upgrade) in front of
gunicorn with the compose worker (uvicorn's WebSockets), the Redis channel layer, PostgreSQL.
For each step, that many rooms of four players, every room racing; each player says its
progress (queens on the board) every --every ms, as a brisk person places queens, and the
latency is from a player's send to each other player's receipt of it (the server writes it
down, then fans it out through Redis). Steps grow (double; --growth 1.2 for finer steps)
until the p99 passes --target ms, or --max-rooms. Prints, per step: connections, progress
messages sent and delivered per second, p50/p99/max latency, and errors; then the largest
step within the target.

The client is Python (asyncio, websockets) on the same two cores: it costs CPU the server
does not get, so the figure is a floor."""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time

from tests.support import ROOT, gunicorn, local_stack, manage, nginx

PLAYERS = 4

PREPARE = r"""
import json, sys
from datetime import timedelta
import django
django.setup()
from django.http import HttpResponse
from django.utils import timezone
from puzzles.models import Level, Room
from puzzles.players.identity import SALT
from puzzles.rooms import services as rooms

count, players = int(sys.argv[1]), int(sys.argv[2])
level = Level.objects.filter(size=6).first()

def cookie(key):
    response = HttpResponse()  # Django's own signing of the player cookie
    response.set_signed_cookie("queens_player", key, salt=SALT)
    return "queens_player=" + response.cookies["queens_player"].value

out = []
for r in range(count):
    keys = [f"bench-{r}-{p}" for p in range(players)]
    room = rooms.create_room(host=keys[0], size=6, tier=level.tier, boards=1, name="Host")
    for p, key in enumerate(keys[1:], start=1):
        rooms.join(room, player=key, name=f"Player {p}")
    rooms.start(room, player=keys[0])
    out.append({"code": room.code, "cookies": [cookie(k) for k in keys]})
Room.objects.update(starts_at=timezone.now() - timedelta(seconds=1))  # racing already
print(json.dumps(out))
"""


class Run:
    """What one step's players share: when to stop, when each (player, queens) was sent,
    the latencies seen and the errors."""

    def __init__(self, every_s: float):
        self.every_s = every_s
        self.until = 0.0
        self.sent_at: dict[tuple[int, int], float] = {}
        self.sends = 0
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.go = asyncio.Event()


async def player(base: str, code: str, cookie: str, run: Run, ready: asyncio.Event) -> None:
    from websockets.asyncio.client import connect

    host = base.split("//")[1]
    try:
        async with connect(f"ws://{host}/ws/rooms/{code}/", open_timeout=60,
                           additional_headers={"Cookie": cookie, "Origin": f"http://{host}"},
                           max_size=2**20) as socket:
            me = None
            while me is None:
                message = json.loads(await socket.recv())
                if message["type"] == "hello":
                    me = message["you"]
            ready.set()
            await run.go.wait()

            async def listen():
                async for text in socket:
                    message = json.loads(text)
                    if message["type"] == "progress" and message["player"] != me:
                        at = run.sent_at.get((message["player"], message["queens"]))
                        if at is not None:
                            run.latencies.append(time.perf_counter() - at)
                    elif message["type"] == "error":
                        run.errors.append(message["detail"])

            listener = asyncio.create_task(listen())
            await asyncio.sleep(run.every_s * (hash(cookie) % 1000) / 1000)  # spread sends
            queens = 0
            while time.perf_counter() < run.until:
                queens = (queens + 1) % 6  # below 6: the board is never full
                run.sent_at[(me, queens)] = time.perf_counter()
                run.sends += 1
                await socket.send(json.dumps({"type": "progress", "board": 0,
                                              "queens": queens}))
                await asyncio.sleep(run.every_s)
            await asyncio.sleep(1.0)  # the last messages arrive
            listener.cancel()
    except Exception as error:  # a refused or dropped connection is a figure, not a crash
        run.errors.append(f"{type(error).__name__}: {error}")
        ready.set()


async def step(base: str, fixture: list, seconds: float, every_s: float) -> dict:
    run = Run(every_s)
    readies, tasks = [], []
    for room in fixture:
        for cookie in room["cookies"]:
            ready = asyncio.Event()
            readies.append(ready)
            tasks.append(asyncio.create_task(player(base, room["code"], cookie, run, ready)))
    await asyncio.gather(*(ready.wait() for ready in readies))
    started = time.perf_counter()
    run.until = started + seconds
    run.go.set()
    await asyncio.gather(*tasks)
    run.latencies.sort()
    lat = run.latencies

    def pick(q: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")

    return {"connections": len(tasks), "sent_per_s": run.sends / seconds,
            "delivered_per_s": len(lat) / seconds, "p50": pick(0.5), "p99": pick(0.99),
            "max": 1000 * lat[-1] if lat else float("nan"), "errors": run.errors}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--every", type=int, default=500, help="ms between a player's sends")
    parser.add_argument("--start", type=int, default=25, help="rooms in the first step")
    parser.add_argument("--max-rooms", type=int, default=400)
    parser.add_argument("--growth", type=float, default=2.0,
                        help="each step's rooms are the last step's times this")
    parser.add_argument("--target", type=float, default=100, help="p99 ms")
    parser.add_argument("--workers", default="2")
    args = parser.parse_args(argv)
    settings = {"GUNICORN_WORKERS": args.workers, "QUEENS_DAILY_EPOCH": "2026-01-01",
                "QUEENS_ROOM_JOIN_RATE": "1000000/hour"}
    many = {"QUEENS_EDGE_CONNECTIONS": "60000", "QUEENS_EDGE_RATE": "1000000r/s",
            "QUEENS_EDGE_POST_RATE": "1000000r/s", "QUEENS_EDGE_SOCKETS": "60000"}
    print(f"rooms of {PLAYERS} through nginx to gunicorn ({args.workers} workers, uvicorn's "
          f"WebSockets), the Redis channel layer, PostgreSQL; a progress message per player "
          f"every {args.every} ms, {args.seconds:.0f} s a step; the client on the same cores")
    print(f"{'rooms':>6} {'conns':>6} {'sent/s':>8} {'got/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'max ms':>8}  errors")
    held = None
    rooms = args.start
    with local_stack("rooms", **settings) as env, tempfile.TemporaryDirectory() as folder:
        manage(env, "generate_levels", "--size", "6", "--count", "2", "--seed", "1")
        with gunicorn(env) as app, nginx(app.split("//")[1], folder, **many) as edge:
            while rooms <= args.max_rooms:
                made = subprocess.run([sys.executable, "-c", PREPARE, str(rooms), str(PLAYERS)],
                                      cwd=ROOT, env=env, check=True, capture_output=True,
                                      text=True)
                fixture = json.loads(made.stdout.strip().splitlines()[-1])
                r = asyncio.run(step(edge, fixture, args.seconds, args.every / 1000))
                errors = f"{len(r['errors'])} ({r['errors'][0][:60]})" if r["errors"] else "0"
                print(f"{rooms:6d} {r['connections']:6d} {r['sent_per_s']:8.0f} "
                      f"{r['delivered_per_s']:8.0f} {r['p50']:8.1f} {r['p99']:8.1f} "
                      f"{r['max']:8.1f}  {errors}", flush=True)
                if r["errors"] or not r["p99"] <= args.target:
                    break
                held = rooms
                rooms = max(rooms + 1, round(rooms * args.growth))
    print(f"held within p99 <= {args.target:.0f} ms: {held or 0} rooms of {PLAYERS} "
          f"({(held or 0) * PLAYERS} connections)")


if __name__ == "__main__":
    main()
