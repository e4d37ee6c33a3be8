"""Level builder figures: `python -m benchmarks.builder`.

1. POST /api/builder/analyze/ under gunicorn (the compose settings, PostgreSQL, a
   redis-server of its own) at n = 8, 12, 16: p50/p99 of single requests one after another,
   as one maker painting stroke after stroke, on complete and half-painted boards.
2. make_unique (the engine, in process) at n = 8, 12, 16 on two kinds of painting: a level
   nudged by three random border moves (a maker's near miss) and a random map (the seed's
   flood fill around a planted placement): time, how often a fix is found, cells moved.
3. The stranger's flood (issue 34, row 4): 16 concurrent analyze/ of a 14×14 3★ board one
   cell from a stored level, each with a fresh cookie, against gunicorn on PostgreSQL and
   Redis: how long each refusal takes, and another address's `check` latency during the
   flood against the same run with no flood; then 8 motif starts from as many addresses
   and /healthz meanwhile (row 5: a start is a job, the web only queues it)."""

from __future__ import annotations

import json
import random
import statistics
import time
import urllib.error
import urllib.request

from tests.support import gunicorn, local_stack

SIZES = (8, 12, 16)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def half_painted(regions, rng):
    return [[g if rng.random() < 0.5 else -1 for g in row] for row in regions]


def analyze_figures(requests_per_size: int) -> list[str]:
    from generator_ext import generate

    rows = []
    with local_stack("builder", QUEENS_BUILDER_RATE="100000/minute") as env, \
            gunicorn(env) as base:
        url = base + "/api/builder/analyze/"
        rng = random.Random(7)
        warm = json.dumps({"regions": generate(8, seed=1).regions}).encode()
        for _ in range(40):  # every gunicorn worker and thread connects and imports once
            urllib.request.urlopen(urllib.request.Request(
                url, data=warm, headers={"Content-Type": "application/json"}), timeout=10).read()
        for n in SIZES:
            boards = []
            for seed in range(requests_per_size):
                regions = generate(n, seed=seed + 1).regions
                boards.append(half_painted(regions, rng) if seed % 2 else regions)
            timings = []
            for board in boards:
                body = json.dumps({"regions": board}).encode()
                request = urllib.request.Request(url, data=body, headers={
                    "Content-Type": "application/json"})
                started = time.perf_counter()
                with urllib.request.urlopen(request, timeout=10) as response:
                    response.read()
                timings.append((time.perf_counter() - started) * 1000)
            rows.append(f"analyze n={n:<2}  {len(timings)} requests  p50 {pct(timings, .5):6.2f} "
                        f"ms  p99 {pct(timings, .99):6.2f} ms  max {max(timings):6.2f} ms")
    return rows


def fix_figures(maps_per_kind: int) -> list[str]:
    from generator_ext._naive import naive_partition_for_seed

    from generator_ext import count_solutions, generate, make_unique
    from generator_ext.builder import nudged

    rows = []
    rng = random.Random(11)
    for n in SIZES:
        for kind in ("nudged level", "random map"):
            times, moved, found, tried, seed = [], [], 0, 0, 0
            while tried < maps_per_kind:
                seed += 1
                grid = (nudged(generate(n, seed=seed, tier="hard").regions, 3, rng)
                        if kind == "nudged level" else naive_partition_for_seed(n, seed))
                if count_solutions(grid, limit=2) != 2:
                    continue  # no solution, or already a level: nothing to make unique
                tried += 1
                started = time.perf_counter()
                fix = make_unique(grid, seed=seed)
                times.append((time.perf_counter() - started) * 1000)
                if fix is not None:
                    found += 1
                    moved.append(len(fix.moved))
            rows.append(
                f"make_unique n={n:<2} {kind:<12}  found {found}/{tried}  "
                f"median {statistics.median(times):7.1f} ms  p90 {pct(times, .9):7.1f} ms  "
                f"max {max(times):7.1f} ms  cells moved median "
                f"{statistics.median(moved) if moved else '-'} max {max(moved) if moved else '-'}")
    return rows


SEED_LEVELS = """
from generator_ext import generate
from puzzles.levels.services.levels import save_generated_level
for size, stars, seed in ((14, 3, 1), (8, 1, 1)):
    level = save_generated_level(generate(size, seed=seed, stars=stars))
    print(level.id)
"""


def one_cell_away(regions, solution_cells):
    """The level with one cell (not a star's) given to its right-hand neighbour's region."""
    from generator_ext import validate_regions

    for r, row in enumerate(regions):
        for c in range(len(row) - 1):
            if row[c] != row[c + 1] and (r, c) not in solution_cells:
                grid = [list(line) for line in regions]
                grid[r][c] = grid[r][c + 1]
                try:
                    validate_regions(grid)
                except ValueError:
                    continue
                return grid
    raise ValueError("no near copy")


def timed(request) -> tuple[float, int]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            response.read()
            code = response.status
    except urllib.error.HTTPError as error:
        code = error.code
    except OSError:
        code = 0  # a timeout
    return (time.perf_counter() - started) * 1000, code


def flood_figures() -> list[str]:
    import subprocess
    import sys
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from generator_ext import generate

    level = generate(14, seed=1, stars=3)
    near = one_cell_away(level.regions, {(r, c) for r, cols in enumerate(level.solution)
                                         for c in cols})
    rows = []
    with local_stack("builder_flood", TRUSTED_PROXIES="1", QUEENS_BUILDER_RATE="100000/minute",
                     QUEENS_POST_RATE="100000/minute") as env, gunicorn(env) as base:
        out = subprocess.run([sys.executable, "manage.py", "shell", "-c", SEED_LEVELS],
                             env=env, capture_output=True, text=True, check=True).stdout
        check_id = int(out.split()[-1])

        def json_request(path, body, address):
            return urllib.request.Request(base + path, data=json.dumps(body).encode(), headers={
                "Content-Type": "application/json", "X-Forwarded-For": address})

        check = json_request(f"/api/levels/8/{check_id}/check/", {"queens": []}, "10.9.0.1")
        for _ in range(20):
            timed(check)  # every worker and thread connects and imports once

        def checks_while(running) -> list[float]:
            timings = []
            while running() or len(timings) < 20:
                timings.append(timed(check)[0])
                if len(timings) >= 400:
                    break
            return timings

        quiet = [timed(check)[0] for _ in range(40)]
        body = {"regions": near, "stars": 3}
        alone = [timed(json_request("/api/builder/analyze/", body, "10.9.0.3"))[0]
                 for _ in range(20)]
        rows.append(f"one refusal at a time: p50 {pct(alone, .5):5.1f} ms  max "
                    f"{max(alone):5.1f} ms (a check: p50 {pct(quiet, .5):5.1f} ms)")
        for flood in ("first", "second"):  # the first reads each process's index cold
            flooding = threading.Event()
            flooding.set()
            with ThreadPoolExecutor(17) as pool:
                checker = pool.submit(checks_while, flooding.is_set)
                refusals = list(pool.map(lambda _: timed(json_request(
                    "/api/builder/analyze/", body, "10.9.0.2")), range(16)))
                flooding.clear()
                loud = checker.result()
            times = [ms for ms, _ in refusals]
            codes = sorted({code for _, code in refusals})
            rows.append(f"{flood} flood: 16 analyze/ of a 14×14 3★ near copy at once: statuses "
                        f"{codes}  refusal p50 {pct(times, .5):6.1f} ms  max {max(times):6.1f} ms")
            ratio = pct(loud, .5) / pct(quiet, .5)
            rows.append(f"  another address's check: quiet p50 {pct(quiet, .5):5.1f} ms  during "
                        f"the flood p50 {pct(loud, .5):5.1f} ms (×{ratio:.2f})  max "
                        f"{max(loud):5.1f} ms  timeouts {sum(ms >= 15000 for ms in loud)}")
        healthz = urllib.request.Request(base + "/healthz")
        quiet = [timed(healthz)[0] for _ in range(20)]
        with ThreadPoolExecutor(9) as pool:
            starts = list(pool.map(lambda i: timed(urllib.request.Request(
                base + "/api/builder/motif/?size=16&motif=heart",
                headers={"X-Forwarded-For": f"10.9.1.{i}"})), range(8)))
            loud = [timed(healthz)[0] for _ in range(20)]
        times = [ms for ms, _ in starts]
        rows.append(f"8 motif starts (16×16) at once: statuses {sorted({c for _, c in starts})}"
                    f"  answered p50 {pct(times, .5):6.1f} ms  max {max(times):6.1f} ms; "
                    f"/healthz p50 quiet {pct(quiet, .5):5.1f} ms, meanwhile "
                    f"{pct(loud, .5):5.1f} ms  max {max(loud):5.1f} ms")
    return rows


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["analyze", "fix", "flood"])
    args = parser.parse_args(argv)
    if args.only in (None, "analyze"):
        for line in analyze_figures(200):
            print(line, flush=True)
    if args.only in (None, "fix"):
        for line in fix_figures(30):
            print(line, flush=True)
    if args.only in (None, "flood"):
        for line in flood_figures():
            print(line, flush=True)


if __name__ == "__main__":
    main()
