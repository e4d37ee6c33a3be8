"""The midnight mix, through the stack's proxy: `python -m benchmarks.midnight`.

gunicorn with the compose settings, PostgreSQL, a redis-server of its own and Debian's nginx
in front, as benchmarks.load. Before the run, a daily with a populated board (300 accounts'
verified solves) and a few thousand players each one request away from recording a verified
solve of it (a solving check done, a human move log ready). Then two wrk processes at once,
200 connections in all: 140 ask for the daily (5 in 7) or post a solve (2 in 7), 60 read the
leaderboards (every category and period, as a guest who solved: "me" is worked out too),
so requests go about 50 / 20 / 30. It prints req/s and latency per kind, and checks that
every solve answered 201 is in PostgreSQL and on the boards (no solve lost).

Options: --seconds, --connections, --solvers, --workers/--threads."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from benchmarks.load import ms
from tests.support import ROOT, gunicorn, local_stack, manage, nginx

BOARD_ACCOUNTS = 300
QUERIES = [f"category={c}&period={p}" for c in ("flawless", "no-hints", "assisted")
           for p in ("day", "day", "day", "week", "all")]

PREPARE = r"""
import json, random, sys
from datetime import timedelta
import django
django.setup()
from django.contrib.auth import get_user_model
from django.core import signing
from django.utils import timezone
from puzzles.models import Player, Solve
from puzzles.player import SALT
from puzzles.services import daily, play
from tests.support import human_moves

solvers, accounts = int(sys.argv[1]), int(sys.argv[2])
now = timezone.now()
puzzle = daily.ensure_daily(now.date())
level = puzzle.level
User = get_user_model()

def player_cookie(key):
    # Django's own signing of a cookie (its salt is derived from the name and ours).
    from django.http import HttpResponse
    response = HttpResponse()
    response.set_signed_cookie("queens_player", key, salt=SALT)
    return "queens_player=" + response.cookies["queens_player"].value


def people(prefix, count):
    users = User.objects.bulk_create([User(username=f"{prefix}{k}", email=f"{prefix}{k}@x.test",
                                           password="!") for k in range(count)])
    return Player.objects.bulk_create([Player(key=f"{prefix}-key-{k}", user=u,
                                              name=f"{prefix.title()} {k}") for k, u in enumerate(users)])

# The board: accounts who solved it already, verified.
board = people("early", accounts)
Solve.objects.bulk_create([Solve(level=level, player=p.key, seconds=random.randint(40, 400),
                                 opened_at=now - timedelta(minutes=20), solved_at=now,
                                 ranked=True, category=random.choice(["flawless", "no-hints", "assisted"]))
                           for p in board])
# Those about to post: a solving check done 100 s after opening, the first move at 5 s.
late = people("late", solvers)
Solve.objects.bulk_create([Solve(level=level, player=p.key, opened_at=now - timedelta(seconds=100),
                                 solved_at=now) for p in late])
Solve.objects.filter(player__startswith="late-").update(created_at=now - timedelta(seconds=95))
moves = human_moves(level.solution, end_s=100)
out = [{"cookie": player_cookie(p.key),
        "body": json.dumps({"token": signing.dumps({"l": level.id, "p": p.key, "s": 100},
                                                   salt=play.SOLVE_TOKEN_SALT), "moves": moves},
                           separators=(",", ":"))} for p in late]
guest = next(iter(late)).key
print(json.dumps({"level": level.id, "size": level.size, "solvers": out,
                  "reader": out[-1]["cookie"]}))
"""

MIX_LUA = r"""
local solvers = %(solvers)s
local url = "/api/levels/%(size)d/%(level)d/solves/"
counts = {}
local n = 0
threads = {}
function setup(thread) thread:set("id", n); n = n + 1; table.insert(threads, thread) end
function init(args) math.randomseed(os.time() * 1000 + id); next_solver = id + 1 end
function request()
  if math.random() < 2 / 7 and next_solver <= #solvers then
    local s = solvers[next_solver]
    next_solver = next_solver + %(threads)d
    return wrk.format("POST", url, {["Cookie"] = s[1], ["Content-Type"] = "application/json"}, s[2])
  end
  return wrk.format("GET", "/api/daily/", {["Cookie"] = "%(reader)s"})
end
function response(status, headers, body) counts[status] = (counts[status] or 0) + 1 end
"""

BOARD_LUA = r"""
local queries = %(queries)s
counts = {}
threads = {}
function setup(thread) table.insert(threads, thread) end
function request()
  return wrk.format("GET", "/api/leaderboards/daily/?" .. queries[math.random(#queries)],
                    {["Cookie"] = "%(reader)s"})
end
function response(status, headers, body) counts[status] = (counts[status] or 0) + 1 end
"""

DONE_LUA = r"""
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("counts")) do total[status] = (total[status] or 0) + count end
  end
  local parts = {}
  for status, count in pairs(total) do table.insert(parts, '"' .. status .. '": ' .. count) end
  io.write("STATUSES {" .. table.concat(parts, ", ") .. "}\n")
end
"""


def lua_string(text: str) -> str:
    return json.dumps(text)  # a JSON string is a Lua string here (no control characters)


def run_wrk(base: str, script: Path, seconds: int, connections: int, threads: int,
            into: dict, name: str) -> None:
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
                          "--timeout", "10s", "--latency", "-s", str(script), base],
                         capture_output=True, text=True)
    if out.returncode:
        into[name] = {"error": out.stdout + out.stderr}
        return
    text = out.stdout
    statuses = {int(k): v for k, v in json.loads(
        re.search(r"STATUSES (\{.*\})", text).group(1)).items()}
    errors = re.search(r"Socket errors: (.*)", text)
    p50, p90, p99 = (ms(re.search(rf"^\s+{q}%\s+(\S+)", text, re.M).group(1))
                     for q in (50, 90, 99))
    into[name] = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
                  "p50": p50, "p90": p90, "p99": p99, "statuses": dict(sorted(statuses.items())),
                  "socket_errors": errors.group(1) if errors else "none"}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--solvers", type=int, default=6000)
    parser.add_argument("--workers", default="2")
    parser.add_argument("--threads", default="8")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    settings = {"GUNICORN_WORKERS": args.workers, "GUNICORN_THREADS": args.threads,
                # One wrk address stands for thousands of players: the app's POST limit is
                # per address, so it is lifted for the run, as the edge's are.
                "QUEENS_POST_RATE": "10000000/minute", "QUEENS_DAILY_EPOCH": "2026-01-01"}
    many = {"QUEENS_EDGE_CONNECTIONS": "60000", "QUEENS_EDGE_RATE": "1000000r/s",
            "QUEENS_EDGE_POST_RATE": "1000000r/s"}
    mix_connections = args.connections * 7 // 10
    results: dict = {}
    with local_stack("midnight", **settings) as env, tempfile.TemporaryDirectory() as folder:
        manage(env, "generate_levels", "--size", "8", "--count", "4", "--seed", "1")
        prepared = subprocess.run([sys.executable, "-c", PREPARE, str(args.solvers),
                                   str(BOARD_ACCOUNTS)], cwd=ROOT, env=env, check=True,
                                  capture_output=True, text=True)
        fixture = json.loads(prepared.stdout.strip().splitlines()[-1])
        solvers = "{" + ",".join(f"{{{lua_string(s['cookie'])}, {lua_string(s['body'])}}}"
                                 for s in fixture["solvers"]) + "}"
        mix, boards = Path(folder) / "mix.lua", Path(folder) / "boards.lua"
        mix.write_text(MIX_LUA % {"solvers": solvers, "size": fixture["size"],
                                  "level": fixture["level"], "threads": 2,
                                  "reader": fixture["reader"]} + DONE_LUA)
        boards.write_text(BOARD_LUA % {"queries": "{" + ",".join(map(lua_string, QUERIES))
                                       + "}", "reader": fixture["reader"]} + DONE_LUA)
        with gunicorn(env) as app, nginx(app.split("//")[1], folder, **many) as edge:
            runs = [threading.Thread(target=run_wrk, args=(
                        edge, mix, args.seconds, mix_connections, 2, results,
                        "daily 5/7 + solve posts 2/7")),
                    threading.Thread(target=run_wrk, args=(
                        edge, boards, args.seconds, args.connections - mix_connections, 1,
                        results, "leaderboards"))]
            for run in runs:
                run.start()
            for run in runs:
                run.join()
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as conn:
            recorded = conn.execute(
                "SELECT count(*), count(*) FILTER (WHERE category <> '') FROM puzzles_solve "
                "WHERE player LIKE 'late-%%' AND seconds IS NOT NULL").fetchone()
    for name, r in results.items():
        if "error" in r:
            sys.exit(f"{name}: wrk failed: {r['error']}")
    print(f"{args.connections} connections through nginx ({mix_connections} daily + solves, "
          f"{args.connections - mix_connections} leaderboards), {args.seconds} s, gunicorn "
          f"{args.workers} workers x {args.threads}, PostgreSQL + Redis, wrk on the same cores")
    print(f"{'run':30} {'req/s':>8} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8}  statuses")
    for name, r in results.items():
        print(f"{name:30} {r['rps']:8.0f} {r['p50']:8.1f} {r['p90']:8.1f} {r['p99']:8.1f}  "
              f"{r['statuses']} socket errors: {r['socket_errors']}")
    total = sum(r["rps"] for r in results.values())
    print(f"leaderboard share of requests: {100 * results['leaderboards']['rps'] / total:.0f} %")
    statuses = results["daily 5/7 + solve posts 2/7"]["statuses"]
    created = statuses.get(201, 0)
    failed = sum(count for status, count in statuses.items() if status >= 500)
    # wrk stops with requests in flight: the server records those too, unanswered to wrk.
    verdict = "none lost" if recorded[0] >= created and not failed else "LOST"
    print(f"solves answered 201: {created}, 5xx: {failed}; recorded in PostgreSQL: "
          f"{recorded[0]} ({recorded[0] - created} more were in flight when wrk stopped), on "
          f"the boards (verified): {recorded[1]} -> {verdict}")
    lb = results["leaderboards"]
    print(f"leaderboard p99 {lb['p99']:.1f} ms (target <= 50 ms): "
          f"{'met' if lb['p99'] <= 50 else 'NOT met'}")


if __name__ == "__main__":
    main()
