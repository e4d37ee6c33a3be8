"""Load benchmark of the production web stack: `python -m benchmarks.load`.

gunicorn with the compose settings (queensgame/gunicorn_conf.py), PostgreSQL (a database of
its own, `queens_load`), a redis-server of its own on a free port, and Debian's nginx with the
project's edge config in front; wrk (Debian package `wrk`) on loopback with 200 connections.
In one run: the midnight spike (everyone asks for the daily) through nginx and straight to
gunicorn, then a player's mix through nginx (a random level 70 %, a check 20 %, the daily
10 %). Prints req/s, p50/p90/p99 and the answers by status, 429s apart.

wrk is one client address, so the edge's per-address limits are raised for the run (a real
spike comes from many addresses, each under them); the app's own POST throttle stays.
Options: --seconds (each run), --connections, --post-rate, --workers/--threads."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.support import gunicorn, local_stack, manage, nginx, wait_for_url

SIZES = (6, 7, 8, 9, 10, 11)

LUA = r"""
local levels = %(levels)s
local sizes = %(sizes)s
local cookie = "%(cookie)s"
counts = {}
local n = 0

function setup(thread)
  thread:set("id", n)
  n = n + 1
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() * 1000 + id)
end

function request()
  local r = math.random()
  local headers = {["Cookie"] = cookie}
  if r < 0.7 then
    return wrk.format("GET", "/api/levels/" .. sizes[math.random(#sizes)] .. "/", headers)
  elseif r < 0.9 then
    local level = levels[math.random(#levels)]
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", "/api/levels/" .. level[2] .. "/" .. level[1] .. "/check/",
                      headers, '{"queens": [[0, 0], [2, 1]]}')
  else
    return wrk.format("GET", "/api/daily/", headers)
  end
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

threads = {}

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("counts")) do
      total[status] = (total[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(total) do
    table.insert(parts, '"' .. status .. '": ' .. count)
  end
  io.write("STATUSES {" .. table.concat(parts, ", ") .. "}\n")
end
"""


def stock(env) -> list[tuple[int, int]]:
    import psycopg

    for size in SIZES:
        manage(env, "generate_levels", "--size", str(size), "--count", "30", "--seed", "1")
    with psycopg.connect(env["DATABASE_URL"]) as conn:
        return conn.execute("SELECT id, size FROM puzzles_level").fetchall()


def ms(text: str) -> float:
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) / 1000 if unit == "us" else float(value) * (1000 if unit == "s" else 1)


DAILY_LUA = r"""
counts = {}
threads = {}
function setup(thread) table.insert(threads, thread) end
function request() return wrk.format("GET", "/api/daily/", {["Cookie"] = "%(cookie)s"}) end
function response(status, headers, body) counts[status] = (counts[status] or 0) + 1 end
""" + LUA[LUA.index("function done"):]


def measure(base: str, script: Path, seconds: int, connections: int) -> dict:
    wrk = ["wrk", "-t2", f"-c{connections}", "--timeout", "10s", "--latency", "-s",
           str(script), base]
    warm = subprocess.run([*wrk[:3], "-d5s", *wrk[3:]], capture_output=True, text=True)
    if warm.returncode:
        sys.exit(f"wrk failed: {warm.stdout}{warm.stderr}")
    out = subprocess.run([*wrk[:3], f"-d{seconds}s", *wrk[3:]], check=True,
                         capture_output=True, text=True).stdout
    statuses = {int(k): v for k, v in json.loads(re.search(r"STATUSES (\{.*\})", out)
                                                   .group(1)).items()}
    errors = re.search(r"Socket errors: (.*)", out)
    # The distribution's own lines: "68.50%" in the thread stats above also holds "50%".
    p50, p90, p99 = (ms(re.search(rf"^\s+{q}%\s+(\S+)", out, re.M).group(1))
                     for q in (50, 90, 99))
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p50": p50, "p90": p90, "p99": p99, "statuses": dict(sorted(statuses.items())),
            "socket_errors": errors.group(1) if errors else "none"}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--post-rate", default="")
    parser.add_argument("--workers", default="2")
    parser.add_argument("--threads", default="8")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    settings = {"GUNICORN_WORKERS": args.workers, "GUNICORN_THREADS": args.threads}
    if args.post_rate:
        settings["QUEENS_POST_RATE"] = args.post_rate
    many = {"QUEENS_EDGE_CONNECTIONS": "60000", "QUEENS_EDGE_RATE": "1000000r/s",
            "QUEENS_EDGE_POST_RATE": "1000000r/s", "QUEENS_EDGE_SOCKETS": "60000"}
    results = {}
    with local_stack("load", **settings) as env, tempfile.TemporaryDirectory() as folder:
        levels = stock(env)
        with gunicorn(env) as app, nginx(app.split("//")[1], folder, **many) as edge:
            # A player, as a browser keeps its cookie.
            cookie = wait_for_url(app + "/api/levels/6/").headers["Set-Cookie"].split(";")[0]
            mix, daily = Path(folder) / "mix.lua", Path(folder) / "daily.lua"
            mix.write_text(LUA % {
                "levels": "{" + ", ".join(f"{{{i}, {s}}}" for i, s in levels) + "}",
                "sizes": "{" + ", ".join(map(str, SIZES)) + "}", "cookie": cookie})
            daily.write_text(DAILY_LUA % {"cookie": cookie})
            for name, base, script in (("daily, through nginx", edge, daily),
                                       ("daily, straight to gunicorn", app, daily),
                                       ("player mix, through nginx", edge, mix)):
                results[name] = measure(base, script, args.seconds, args.connections)
    print(f"{args.connections} connections, {args.seconds} s each, gunicorn {args.workers} "
          f"workers x {args.threads} requests at once (uvicorn), PostgreSQL + Redis, nginx, "
          f"wrk on the same cores")
    print(f"{'run':30} {'req/s':>8} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8}  statuses")
    for name, r in results.items():
        print(f"{name:30} {r['rps']:8.0f} {r['p50']:8.1f} {r['p90']:8.1f} {r['p99']:8.1f}  "
              f"{r['statuses']} socket errors: {r['socket_errors']}")
    edge_daily, app_daily = results["daily, through nginx"], results[
        "daily, straight to gunicorn"]
    print(f"daily through nginx vs straight: {edge_daily['rps'] / app_daily['rps']:.1f}x "
          f"req/s, p99 {app_daily['p99'] / max(edge_daily['p99'], 0.001):.1f}x lower")


if __name__ == "__main__":
    main()
