"""API load benchmark: `python -m benchmarks.api [--db sqlite|postgres|both]`.

Serves the site with gunicorn on 127.0.0.1, stocks a pool of 8×8 levels, and loads
GET /api/levels/8/ with wrk from a second process: requests per second with 50 connections,
p50/p99 latency with 10 connections. Needs wrk (Debian package `wrk`)."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support import ROOT, manage, recreate_database, stop_process, wait_for_url

PORT = 8765
URL = f"http://127.0.0.1:{PORT}/api/levels/8/"


def wrk(connections: int, seconds: int) -> str:
    return subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", URL],
        check=True, capture_output=True, text=True,
    ).stdout


def parse(output: str) -> dict:
    def ms(label):
        match = re.search(rf"{label}\s+([\d.]+)(us|ms|s)", output)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {"rps": rps, "p50_ms": ms("50%"), "p99_ms": ms("99%"),
            "non_2xx": int(errors.group(1)) if errors else 0}


def bench(db: str, seconds: int, workers: int) -> dict:
    env = {**os.environ, "DEBUG": "0", "DJANGO_SETTINGS_MODULE": "queensgame.settings"}
    env.pop("REDIS_URL", None)
    if db == "postgres":
        env["DATABASE_URL"] = recreate_database("queens_bench")
    else:
        path = ROOT / "var" / "bench.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        env["DATABASE_URL"] = f"sqlite:///{path}"
    manage(env, "migrate", "--noinput")
    manage(env, "createcachetable")
    manage(env, "generate_levels", "--size", "8", "--count", "40", "--seed", "1")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "queensgame.wsgi", "-b", f"127.0.0.1:{PORT}",
         "-w", str(workers), "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    try:
        wait_for_url(URL).read()
        wrk(10, 2)  # warm up: connections, caches
        throughput = parse(wrk(50, seconds))
        latency = parse(wrk(10, seconds))
    finally:
        stop_process(server)
    return {"db": db, "rps_50": throughput["rps"], "rps_10": latency["rps"],
            "p50_ms_10": latency["p50_ms"], "p99_ms_10": latency["p99_ms"],
            "p99_ms_50": throughput["p99_ms"],
            "errors": throughput["non_2xx"] + latency["non_2xx"]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    dbs = ["postgres", "sqlite"] if args.db == "both" else [args.db]
    rows = [bench(db, args.seconds, args.workers) for db in dbs]
    print(f"GET /api/levels/8/ via gunicorn ({args.workers} sync workers), wrk on loopback")
    print(f"{'db':<9} {'req/s @50':>10} {'p99 @50':>9} {'req/s @10':>10} {'p50 @10':>9} "
          f"{'p99 @10':>9} {'non-2xx':>8}")
    for r in rows:
        print(f"{r['db']:<9} {r['rps_50']:>10.0f} {r['p99_ms_50']:>8.1f}ms {r['rps_10']:>10.0f} "
              f"{r['p50_ms_10']:>8.2f}ms {r['p99_ms_10']:>8.2f}ms {r['errors']:>8}")


if __name__ == "__main__":
    main()
