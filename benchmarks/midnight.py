"""The midnight mix, through the stack's proxy: `python -m benchmarks.midnight`.

gunicorn with the compose settings, PostgreSQL, a redis-server of its own and Debian's nginx
in front, as benchmarks.load. Before the run, a daily with a populated board (300 accounts'
verified solves) and a few thousand players each one request away from recording a verified
solve of it (a solving check done, a human move log ready). Then one wrk, 200 connections,
each request drawn from the mix: the daily 50 %, a leaderboard 30 % (every category and
period, as one of the players: "me" is worked out too), a solve post 20 %. The edge logs
every request with its own timing, which gives req/s, latency and statuses per kind. It
checks that every solve answered 201 is in PostgreSQL and on the boards (no solve lost).

Options: --seconds, --connections, --solvers, --workers/--threads."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter, defaultdict
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
from puzzles.players.identity import SALT
from puzzles.daily import services as daily
from puzzles.play.services import play
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
                                              name=f"{prefix.title()} {k}")
                                       for k, u in enumerate(users)])

# The board: accounts who solved it already, verified.
board = people("early", accounts)
Solve.objects.bulk_create([Solve(level=level, player=p.key, seconds=random.randint(40, 400),
                                 opened_at=now - timedelta(minutes=20), solved_at=now,
                                 ranked=True,
                                 category=random.choice(["flawless", "no-hints", "assisted"]))
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
local queries = %(queries)s
local solve_url = "/api/levels/%(size)d/%(level)d/solves/"
local n = 0
threads = {}
function setup(thread) thread:set("id", n); n = n + 1; table.insert(threads, thread) end
function init(args) math.randomseed(os.time() * 1000 + id); next_solver = id + 1 end
function request()
  local draw = math.random()
  local someone = solvers[math.random(#solvers)][1]
  if draw < 0.2 and next_solver <= #solvers then
    local s = solvers[next_solver]
    next_solver = next_solver + %(threads)d
    return wrk.format("POST", solve_url,
                      {["Cookie"] = s[1], ["Content-Type"] = "application/json"}, s[2])
  elseif draw < 0.5 then
    return wrk.format("GET", "/api/leaderboards/daily/?" .. queries[math.random(#queries)],
                      {["Cookie"] = someone})
  end
  return wrk.format("GET", "/api/daily/", {["Cookie"] = someone})
end
"""
KINDS = {"daily": 50, "leaderboard": 30, "solve post": 20}
WINDOW_S = 5


def lua_string(text: str) -> str:
    return json.dumps(text)  # a JSON string is a Lua string here (no control characters)


def run_wrk(base: str, script: Path, seconds: int, connections: int, threads: int) -> dict:
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
                          "--timeout", "10s", "--latency", "-s", str(script), base],
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"wrk failed: {out.stdout + out.stderr}")
    text = out.stdout
    errors = re.search(r"Socket errors: (.*)", text)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
            **{f"p{q}": ms(re.search(rf"^\s+{q}%\s+(\S+)", text, re.M).group(1))
               for q in (50, 90, 99)},
            "socket_errors": errors.group(1) if errors else "none"}


def kind_of(method: str, uri: str) -> str | None:
    if method == "POST" and uri.endswith("/solves/"):
        return "solve post"
    if uri.startswith("/api/leaderboards/"):
        return "leaderboard"
    return "daily" if uri.startswith("/api/daily/") else None


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def per_kind(log: Path, seconds: int, since: float) -> dict[str, dict]:
    """Req/s, latency (ms, as the edge timed it) and statuses per kind, from the edge's log:
    statuses of every request, the rest of those answered from `since` (a Unix time) on."""
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    windows: dict[str, dict[int, list[float]]] = {kind: defaultdict(list) for kind in KINDS}
    statuses: dict[str, Counter] = {kind: Counter() for kind in KINDS}
    for line in log.read_text().splitlines():
        method, uri, status, took, when = line.split()
        kind = kind_of(method, uri)
        if kind is None:
            continue
        statuses[kind][int(status)] += 1
        if float(when) >= since:
            times[kind].append(1000 * float(took))
            windows[kind][int((float(when) - since) // WINDOW_S)].append(1000 * float(took))
    out = {}
    for kind, values in times.items():
        values.sort()
        out[kind] = {"count": len(values), "rps": len(values) / seconds,
                     "statuses": dict(sorted(statuses[kind].items())),
                     "windows": [percentile(sorted(w), 99) for _, w in sorted(
                         windows[kind].items())],
                     **{f"p{q}": percentile(values, q) if values else float("nan")
                        for q in (50, 90, 99)}}
    return out


LAYOUTS = {
    # As before issue 19's bench: one pool of app servers for every request.
    "one pool": False,
    # As compose runs it: the reads (GET, HEAD) on an app server of their own, the writes'
    # workers at a lower CPU priority.
    "reads apart": True,
}


def run_layout(args, apart: bool) -> tuple[dict, dict, tuple[int, int]]:
    """One stack of its own (database, Redis, app servers, edge), one mix run; (wrk's
    overall figures, the figures per kind, (solves recorded, verified))."""
    settings = {"GUNICORN_WORKERS": args.workers, "GUNICORN_THREADS": args.threads,
                # One wrk address stands for thousands of players: the app's POST limit is
                # per address, so it is lifted for the run, as the edge's are.
                "QUEENS_POST_RATE": "10000000/minute", "QUEENS_DAILY_EPOCH": "2026-01-01"}
    many = {"QUEENS_EDGE_CONNECTIONS": "60000", "QUEENS_EDGE_RATE": "1000000r/s",
            "QUEENS_EDGE_POST_RATE": "1000000r/s", "QUEENS_EDGE_SOCKETS": "60000"}
    threads = 2
    with local_stack("midnight", **settings) as env, tempfile.TemporaryDirectory() as folder, \
            contextlib.ExitStack() as stack:
        manage(env, "generate_levels", "--size", "8", "--count", "4", "--seed", "1")
        prepared = subprocess.run([sys.executable, "-c", PREPARE, str(args.solvers),
                                   str(BOARD_ACCOUNTS)], cwd=ROOT, env=env, check=True,
                                  capture_output=True, text=True)
        fixture = json.loads(prepared.stdout.strip().splitlines()[-1])
        solvers = "{" + ",".join(f"{{{lua_string(s['cookie'])}, {lua_string(s['body'])}}}"
                                 for s in fixture["solvers"]) + "}"
        mix = Path(folder) / "mix.lua"
        mix.write_text(MIX_LUA % {"solvers": solvers, "size": fixture["size"],
                                  "level": fixture["level"], "threads": threads,
                                  "queries": "{" + ",".join(map(lua_string, QUERIES)) + "}"})
        log = Path(folder) / "edge.log"
        if apart:
            app = stack.enter_context(gunicorn(env, GUNICORN_NICE=args.write_nice))
            reads = stack.enter_context(gunicorn(env, GUNICORN_WORKERS=args.read_workers))
        else:
            app = reads = stack.enter_context(gunicorn(env))
        edge = stack.enter_context(nginx(app.split("//")[1], folder,
                                         reads=reads.split("//")[1], access_log=log, **many))
        # The site has been up all day: its boards are in Redis and the daily at the edge
        # before the first request of the run.
        reader = {"Cookie": fixture["reader"]}
        for query in ["", *QUERIES]:
            urllib.request.urlopen(urllib.request.Request(
                edge + ("/api/leaderboards/daily/?" + query if query else "/api/daily/"),
                headers=reader), timeout=30).read()
        # One run: its first seconds warm up (wrk opens all its connections and sends their
        # first requests in the same instant, a herd no midnight sees), the rest is measured
        # from the edge's log.
        since = time.time() + args.warmup
        overall = run_wrk(edge, mix, args.warmup + args.seconds, args.connections, threads)
        time.sleep(1.5)  # the edge's log buffer is flushed each second
        stack.close()
        kinds = per_kind(log, args.seconds, since)
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as conn:
            recorded = conn.execute(
                "SELECT count(*), count(*) FILTER (WHERE category <> '') FROM puzzles_solve "
                "WHERE player LIKE 'late-%%' AND seconds IS NOT NULL").fetchone()
    return overall, kinds, recorded


def report(name: str, overall: dict, kinds: dict, recorded: tuple[int, int]) -> bool:
    """Prints one layout's figures; True when no solve was lost."""
    print(f"\n== {name}")
    print(f"all (wrk's, warm-up included): {overall['rps']:.0f} req/s, p50 "
          f"{overall['p50']:.1f} ms, p90 {overall['p90']:.1f} ms, p99 {overall['p99']:.1f} "
          f"ms, socket errors: {overall['socket_errors']}")
    total = sum(k["count"] for k in kinds.values()) or 1
    print(f"{'kind (edge timing)':20} {'share':>6} {'req/s':>8} {'p50 ms':>8} {'p90 ms':>8} "
          f"{'p99 ms':>8}  statuses")
    for kind, k in kinds.items():
        print(f"{kind:20} {100 * k['count'] / total:5.0f}% {k['rps']:8.0f} {k['p50']:8.1f} "
              f"{k['p90']:8.1f} {k['p99']:8.1f}  {k['statuses']}")
    statuses = kinds["solve post"]["statuses"]  # the warm-up's too: every solve counts
    created = statuses.get(201, 0)
    failed = sum(count for status, count in statuses.items() if status >= 500)
    # wrk stops with requests in flight: the server records those too, unanswered to wrk.
    kept = recorded[0] >= created and not failed
    print(f"solves answered 201: {created}, 5xx: {failed}; recorded in PostgreSQL: "
          f"{recorded[0]} ({recorded[0] - created} more were in flight when wrk stopped), on "
          f"the boards (verified): {recorded[1]} -> {'none lost' if kept else 'LOST'}")
    lb = kinds["leaderboard"]
    print(f"leaderboard p99 per {WINDOW_S} s of the run: "
          + ", ".join(f"{p99:.0f}" for p99 in lb["windows"]) + " ms")
    print(f"leaderboard p99 {lb['p99']:.1f} ms (target <= 50 ms): "
          f"{'met' if lb['p99'] <= 50 else 'NOT met'}")
    return kept


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=5,
                        help="seconds of the same mix before the measured ones")
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--solvers", type=int, default=6000)
    parser.add_argument("--workers", default="2")
    parser.add_argument("--threads", default="8")
    parser.add_argument("--read-workers", default="1",
                        help="the reads' own app server (GET, HEAD), as compose's reads")
    parser.add_argument("--write-nice", default="10",
                        help="the writes' workers' CPU niceness, as compose's web")
    parser.add_argument("--layout", choices=[*LAYOUTS, "both"], default="both")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    print(f"{args.connections} connections through nginx, one mix (daily 50 %, leaderboards "
          f"30 %, solve posts 20 %), {args.seconds} s measured after {args.warmup} s of "
          f"warm-up; gunicorn {args.workers} workers x {args.threads} (and, with the reads "
          f"apart, {args.read_workers} x {args.threads} for the reads, the writes at nice "
          f"{args.write_nice}); PostgreSQL + Redis; wrk on the same cores")
    names = list(LAYOUTS) if args.layout == "both" else [args.layout]
    results = {name: run_layout(args, LAYOUTS[name]) for name in names}
    kept = [report(name, *result) for name, result in results.items()]
    if len(results) == 2:
        (_, before, _), (_, after, _) = results.values()
        print("\nreads apart / one pool, same run:")
        for kind in KINDS:
            b, a = before[kind], after[kind]
            print(f"  {kind:12} req/s x{a['rps'] / b['rps']:.2f}, p50 "
                  f"{b['p50']:.0f} -> {a['p50']:.0f} ms, p99 {b['p99']:.0f} -> "
                  f"{a['p99']:.0f} ms" + (f" (/{b['p99'] / a['p99']:.0f})" if a["p99"] else ""))
    if not all(kept):
        sys.exit("a solve was lost")


if __name__ == "__main__":
    main()
