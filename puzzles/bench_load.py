"""Load benchmark of the production web stack: `python -m puzzles.bench_load`.

gunicorn with the compose settings (queensgame/gunicorn_conf.py), PostgreSQL (a database of
its own, `queens_load`) and a redis-server of its own on a free port; wrk (Debian package
`wrk`) on loopback with 200 connections for 60 s, a player's mix: a random level 70 %,
a check 20 %, the daily 10 %. Prints req/s, p50/p99 and the answers by status, 429s apart.
Options: --seconds, --connections, --post-rate (the POST throttle; the default is the
site's own), --workers/--threads."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from puzzles.bench_stack import gunicorn, local_stack, manage, wait_for

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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--post-rate", default="")
    parser.add_argument("--workers", default="4")
    parser.add_argument("--threads", default="8")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    settings = {"GUNICORN_WORKERS": args.workers, "GUNICORN_THREADS": args.threads}
    if args.post_rate:
        settings["QUEENS_POST_RATE"] = args.post_rate
    with local_stack("load", **settings) as env, tempfile.TemporaryDirectory() as folder:
        levels = stock(env)
        with gunicorn(env) as base:
            # A player, as a browser keeps its cookie.
            cookie = wait_for(base + "/api/daily/").headers["Set-Cookie"].split(";")[0]
            script = Path(folder) / "mix.lua"
            script.write_text(LUA % {
                "levels": "{" + ", ".join(f"{{{i}, {s}}}" for i, s in levels) + "}",
                "sizes": "{" + ", ".join(map(str, SIZES)) + "}", "cookie": cookie})
            wrk = ["wrk", "-t2", f"-c{args.connections}", "--timeout", "10s", "--latency",
                   "-s", str(script), base]
            warm = subprocess.run([*wrk[:3], "-d5s", *wrk[3:]], capture_output=True, text=True)
            if warm.returncode:
                sys.exit(f"wrk failed: {warm.stdout}{warm.stderr}")
            out = subprocess.run([*wrk[:3], f"-d{args.seconds}s", *wrk[3:]], check=True,
                                 capture_output=True, text=True).stdout
    statuses = {int(k): v for k, v in json.loads(re.search(r"STATUSES (\{.*\})", out)
                                                   .group(1)).items()}
    total = sum(statuses.values())
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Socket errors: (.*)", out)
    throttled = statuses.get(429, 0)
    failed = sum(v for k, v in statuses.items() if k >= 400 and k != 429)
    print(f"mix (70 % level, 20 % check, 10 % daily), {args.connections} connections, "
          f"{args.seconds} s, gunicorn {args.workers} workers x {args.threads} threads, "
          f"PostgreSQL + Redis, loopback")
    # The distribution's own lines: "68.50%" in the thread stats above also holds "50%".
    p50, p90, p99 = (ms(re.search(rf"^\s+{q}%\s+(\S+)", out, re.M).group(1))
                     for q in (50, 90, 99))
    print(f"requests {total}  req/s {rps:.0f}  p50 {p50:.1f} ms  p90 {p90:.1f} ms  "
          f"p99 {p99:.1f} ms")
    print(f"answers by status {dict(sorted(statuses.items()))}: errors {failed}, "
          f"throttled (429) {throttled}; socket errors: "
          f"{errors.group(1) if errors else 'none'}")


if __name__ == "__main__":
    main()
