"""Level builder figures: `python -m benchmarks.builder`.

1. POST /api/builder/analyze/ under gunicorn (the compose settings, PostgreSQL, a
   redis-server of its own) at n = 8, 12, 16: p50/p99 of single requests one after another,
   as one maker painting stroke after stroke, on complete and half-painted boards.
2. make_unique (the engine, in process) at n = 8, 12, 16 on two kinds of painting: a level
   nudged by three random border moves (a maker's near miss) and a random map (the seed's
   flood fill around a planted placement): time, how often a fix is found, cells moved."""

from __future__ import annotations

import json
import random
import statistics
import time
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


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["analyze", "fix"])
    args = parser.parse_args(argv)
    if args.only != "fix":
        for line in analyze_figures(200):
            print(line, flush=True)
    if args.only != "analyze":
        for line in fix_figures(30):
            print(line, flush=True)


if __name__ == "__main__":
    main()
