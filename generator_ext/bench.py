"""Benchmark: `python -m generator_ext.bench [--quick] [--json]`.

Generator: seconds per level for "fast" and, where it finishes within its budget, for the
seed's "naive" algorithm, with their ratio measured in the same run. Solver: microseconds per
count_solutions(limit=2) on the naive generator's first partitions for seeds 0..199, and
CP-SAT's time on the same maps when OR-Tools is installed. One core, fixed seeds."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from generator_ext import count_solutions, generate
from generator_ext._generate import naive_partition_for_seed

FULL = {
    "fast_sizes": [6, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20],
    "fast_levels": {
        6: 25, 8: 25, 9: 25, 10: 25, 11: 25, 12: 15, 13: 15, 14: 15, 16: 11, 18: 9, 20: 9,
    },
    "naive_sizes": [6, 8, 9, 10, 11],
    "naive_budget_s": 60.0,
    "solver_sizes": [8, 10, 13, 16, 20],
    "solver_maps": 200,
    "cpsat_maps": 50,
}
QUICK = {
    "fast_sizes": [8, 9, 10, 13, 16],
    "fast_levels": {8: 9, 9: 9, 10: 9, 13: 5, 16: 3},
    "naive_sizes": [8, 9],
    "naive_budget_s": 10.0,
    "solver_sizes": [10, 20],
    "solver_maps": 50,
    "cpsat_maps": 10,
}


def pin_to_one_core() -> int | None:
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {
        "median": statistics.median(ordered),
        "p10": pick(0.1),
        "p90": pick(0.9),
        "max": ordered[-1],
        "count": len(ordered),
    }


def bench_fast(n: int, levels: int) -> dict:
    times, attempts = [], []
    for seed in range(levels):
        level = generate(n, seed=seed)
        times.append(level.elapsed_s)
        attempts.append(level.attempts)
    return {**spread(times), "mean_attempts": statistics.mean(attempts)}


def bench_naive(n: int, budget_s: float) -> dict:
    """Levels in a row from seeds 0, 1, ... in chunks of attempts, until the budget is spent."""
    chunk = 200
    times, since_last, attempts, seed = [], 0.0, 0, 0
    spent = 0.0
    while spent < budget_s:
        started = time.perf_counter()
        try:
            level = generate(n, seed=seed, strategy="naive", max_attempts=chunk)
            attempts += level.attempts
            since_last += time.perf_counter() - started
            times.append(since_last)
            since_last = 0.0
        except RuntimeError:
            attempts += chunk
            since_last += time.perf_counter() - started
        spent += time.perf_counter() - started
        seed += 1
    result = {"levels": len(times), "attempts": attempts, "seconds": spent,
              "acceptance": len(times) / attempts if attempts else 0.0}
    if times:
        result.update(spread(times))
        # Levels whose search was still running when the budget ran out count as unfinished.
        result["per_level_s"] = spent / len(times)
    return result


def solver_maps(n: int, count: int) -> list[list[list[int]]]:
    return [naive_partition_for_seed(n, seed) for seed in range(count)]


def time_ours(maps) -> list[float]:
    out = []
    for regions in maps:
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            count_solutions(regions, "touch", limit=2)
            best = min(best, time.perf_counter() - started)
        out.append(best)
    return out


def time_cpsat(maps) -> list[float] | None:
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None

    class StopAtTwo(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = 0

        def on_solution_callback(self):
            self.found += 1
            if self.found >= 2:
                self.stop_search()

    out = []
    for regions in maps:
        n = len(regions)
        started = time.perf_counter()
        model = cp_model.CpModel()
        x = [[model.new_bool_var(f"q{r}_{c}") for c in range(n)] for r in range(n)]
        for i in range(n):
            model.add_exactly_one(x[i])
            model.add_exactly_one(x[r][i] for r in range(n))
            model.add_exactly_one(
                x[r][c] for r in range(n) for c in range(n) if regions[r][c] == i
            )
        for r in range(n - 1):
            for c in range(n - 1):  # touching queens share a 2x2 block
                model.add_at_most_one(x[r][c], x[r + 1][c], x[r][c + 1], x[r + 1][c + 1])
        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        solver.solve(model, StopAtTwo())
        out.append(time.perf_counter() - started)
    return out


def run(config: dict, log) -> dict:
    report = {"core": pin_to_one_core(), "fast": {}, "naive": {}, "solver": {}}
    for n in config["fast_sizes"]:
        report["fast"][n] = bench_fast(n, config["fast_levels"][n])
        log(f"fast n={n}: median {report['fast'][n]['median']:.4f} s")
    for n in config["naive_sizes"]:
        report["naive"][n] = bench_naive(n, config["naive_budget_s"])
        log(f"naive n={n}: {report['naive'][n]['levels']} levels")
    for n in config["solver_sizes"]:
        maps = solver_maps(n, config["solver_maps"])
        ours = time_ours(maps)
        cpsat = time_cpsat(maps[: config["cpsat_maps"]])
        entry = {"ours_us": {k: v * 1e6 if k != "count" else v for k, v in spread(ours).items()}}
        if cpsat:
            entry["cpsat_us"] = {
                k: v * 1e6 if k != "count" else v for k, v in spread(cpsat).items()
            }
            same_maps = ours[: config["cpsat_maps"]]
            entry["cpsat_ratio"] = statistics.median(cpsat) / statistics.median(same_maps)
        report["solver"][n] = entry
        log(f"solver n={n}: median {entry['ours_us']['median']:.1f} µs")
    return report


def one_in(naive: dict) -> str:
    """Acceptance rate as "1/N" attempts."""
    return f"1/{naive['attempts'] / naive['levels']:.0f}" if naive["levels"] else "0"


def print_table(report: dict) -> None:
    print(f"Queens engine benchmark (one core: cpu {report['core']}, touch rule, min region 2)")
    print()
    print("Generator, seconds per level")
    print(f"{'n':>3} {'fast median':>12} {'p10':>9} {'p90':>9} {'max':>9} {'levels':>6} "
          f"{'naive median':>13} {'naive/lvl':>10} {'accept':>8} {'naive/fast':>11}")
    for n in sorted(set(report["fast"]) | set(report["naive"])):
        f = report["fast"].get(n)
        v = report["naive"].get(n)
        cells = [f"{n:>3}"]
        if f:
            cells += [f"{f['median']:>12.4f}", f"{f['p10']:>9.4f}", f"{f['p90']:>9.4f}",
                      f"{f['max']:>9.3f}", f"{f['count']:>6}"]
        else:
            cells += [f"{'-':>12}", f"{'-':>9}", f"{'-':>9}", f"{'-':>9}", f"{'-':>6}"]
        if v and v["levels"]:
            ratio = f"{v['median'] / f['median']:>10.0f}x" if f else f"{'-':>11}"
            cells += [f"{v['median']:>13.4f}", f"{v['per_level_s']:>10.3f}",
                      f"{one_in(v):>8}", ratio]
        elif v:
            cells += [f"{'none in':>13}", f"{v['seconds']:>9.0f}s", f"{one_in(v):>8}",
                      f"{'>' + format(v['seconds'] / f['median'], '.0f') + 'x' if f else '-':>11}"]
        print(" ".join(cells))
    print()
    print("Solver, count_solutions(limit=2) on the naive partitions of seeds 0..N-1, µs")
    print(f"{'n':>3} {'median':>9} {'p90':>9} {'max':>9} {'maps':>5} {'CP-SAT median':>14} "
          f"{'CP-SAT/ours':>12}")
    for n, e in report["solver"].items():
        o = e["ours_us"]
        line = f"{n:>3} {o['median']:>9.1f} {o['p90']:>9.1f} {o['max']:>9.1f} {o['count']:>5}"
        if "cpsat_us" in e:
            line += f" {e['cpsat_us']['median']:>14.0f} {e['cpsat_ratio']:>11.0f}x"
        else:
            line += f" {'(OR-Tools not installed)':>27}"
        print(line)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer sizes and levels")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    config = QUICK if args.quick else FULL
    report = run(config, log=lambda msg: print(msg, file=sys.stderr, flush=True))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)


if __name__ == "__main__":
    main()
