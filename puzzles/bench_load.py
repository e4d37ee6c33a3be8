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
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_LOAD = "postgres://postgres@127.0.0.1:5432/queens_load"
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env, *args):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def recreate_database():
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS queens_load")
        conn.execute("CREATE DATABASE queens_load")


def stock(env) -> list[tuple[int, int]]:
    import psycopg

    for size in SIZES:
        manage(env, "generate_levels", "--size", str(size), "--count", "30", "--seed", "1")
    with psycopg.connect(PG_LOAD) as conn:
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
    folder = Path(tempfile.mkdtemp(prefix="queens-load-"))
    redis_port, web_port = free_port(), free_port()
    redis = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port),
                              "--save", "", "--appendonly", "no", "--dir", str(folder)],
                             stdout=subprocess.DEVNULL)
    env = {**os.environ, "DEBUG": "0", "DJANGO_SETTINGS_MODULE": "queensgame.settings",
           "SECRET_KEY": "load-bench-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG",
           "SECURE_SSL_REDIRECT": "0", "DATABASE_URL": PG_LOAD,
           "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0", "LOG_LEVEL": "WARNING",
           "GUNICORN_BIND": f"127.0.0.1:{web_port}", "GUNICORN_WORKERS": args.workers,
           "GUNICORN_THREADS": args.threads, "QUEENS_VAR_DIR": str(folder / "var")}
    if args.post_rate:
        env["QUEENS_POST_RATE"] = args.post_rate
    server = None
    try:
        recreate_database()
        manage(env, "migrate", "--noinput")
        levels = stock(env)
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:queensgame.gunicorn_conf",
             "--access-logfile", "/dev/null", "queensgame.wsgi"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{web_port}"
        for _ in range(200):
            try:
                response = urllib.request.urlopen(base + "/api/daily/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        cookie = response.headers["Set-Cookie"].split(";")[0]  # a player, as a browser keeps
        script = folder / "mix.lua"
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
    finally:
        if server:
            server.terminate()
            server.wait(timeout=30)
        redis.terminate()
        shutil.rmtree(folder, ignore_errors=True)
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
    p50, p90, p99 = (ms(re.search(rf"{q}%\s+(\S+)", out).group(1)) for q in (50, 90, 99))
    print(f"requests {total}  req/s {rps:.0f}  p50 {p50:.1f} ms  p90 {p90:.1f} ms  "
          f"p99 {p99:.1f} ms")
    print(f"answers by status {dict(sorted(statuses.items()))}: errors {failed}, "
          f"throttled (429) {throttled}; socket errors: "
          f"{errors.group(1) if errors else 'none'}")


if __name__ == "__main__":
    main()
