"""Hint endpoint benchmark: `python -m benchmarks.hint [--requests N]`.

Serves the site with gunicorn on 127.0.0.1 against a fresh PostgreSQL database, stocks 9×9
and 20×20 levels, and POSTs /api/levels/<n>/<id>/hint/ with half-solved boards (the first
half of the engine's own solve) from 8 client threads: p50/p99/max latency per size."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

from tests.support import ROOT, manage, recreate_database, stop_process, wait_for_url

PORT = 8766
BASE = f"http://127.0.0.1:{PORT}"


def boards(size: int) -> list[tuple[int, dict]]:
    """(level id, hint body) for every stocked level of this size, half-solved."""
    import django

    django.setup()
    from generator_ext import rate
    from puzzles.models import Level

    out = []
    for level in Level.objects.filter(size=size):
        steps = rate(level.regions, level.rule).steps
        queens = [q for step in steps[: len(steps) // 2] for q in step.queens]
        crosses = [x for step in steps[: len(steps) // 2] for x in step.crosses]
        out.append((level.id, {"queens": queens, "crosses": crosses}))
    return out


def load(size: int, bodies: list[tuple[int, dict]], requests: int, threads: int) -> list[float]:
    times: list[float] = []
    lock = threading.Lock()

    def client(k: int):
        for i in range(k, requests, threads):
            level_id, body = bodies[i % len(bodies)]
            request = urllib.request.Request(
                f"{BASE}/api/levels/{size}/{level_id}/hint/", data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json"}, method="POST")
            started = time.perf_counter()
            with urllib.request.urlopen(request, timeout=10) as response:
                response.read()
                assert response.status == 200
            with lock:
                times.append(time.perf_counter() - started)

    workers = [threading.Thread(target=client, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="per size")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    args = parser.parse_args(argv)
    env = {**os.environ, "DEBUG": "0", "DJANGO_SETTINGS_MODULE": "queensgame.settings",
           "DATABASE_URL": recreate_database("queens_bench"),
           "QUEENS_POST_RATE": "1000000/minute"}
    env.pop("REDIS_URL", None)
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DEBUG")})
    manage(env, "migrate", "--noinput")
    manage(env, "createcachetable")
    for size in (9, 20):
        manage(env, "generate_levels", "--size", str(size), "--count", "20", "--seed", "1")
    sets = {size: boards(size) for size in (9, 20)}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "queensgame.wsgi", "-b", f"127.0.0.1:{PORT}",
         "-w", str(args.workers), "--log-level", "warning"], cwd=ROOT, env=env)
    try:
        wait_for_url(f"{BASE}/api/pools/").read()
        print(f"POST hint/ via gunicorn ({args.workers} sync workers), half-solved boards, "
              f"PostgreSQL, client threads on the same 2-core machine")
        for size, bodies in sets.items():
            load(size, bodies, 100, 4)  # warm up
            for threads in (1, 4, 8):
                times = sorted(load(size, bodies, args.requests, threads))
                p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
                p50 = statistics.median(times)
                print(f"n={size:>2} {threads} thread(s): p50 {p50 * 1e3:.2f} ms"
                      f"  p99 {p99 * 1e3:.2f} ms  max {times[-1] * 1e3:.2f} ms"
                      f"  ({len(times)} requests)")
    finally:
        stop_process(server)


if __name__ == "__main__":
    main()
