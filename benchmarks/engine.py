"""Benchmark: `python -m benchmarks.engine [--quick] [--json]`.

Prints, from one run on one core with fixed seeds:
- generate() per (size, tier): median, p90, p99 and max seconds per level;
- untargeted generation against the baselines measured in the same run: "unique" (regions
  grown while the solution stays unique, our previous generator, now kept only when logic
  solves it) and "naive" (the seed's algorithm exactly: minimum region size 1, unrated);
  per size the share of each tier and the shape figures of the levels;
- the deduction engine: rate() per level, hint() on half-solved boards, analyze();
- the solver: count_solutions(limit=2) on the seed's partitions, and CP-SAT's time on the
  same maps when OR-Tools is installed;
- the design figures (--design: these alone): design_score before (fast) and after (design),
  and their spread (issue 38): each figure's p10/p50/p90 over untargeted levels at the
  hand-made size mix, per size class and per composition family, the share of boards with a
  one- and a two-cell region, and a picture sheet per family in test-artifacts/sheets;
- traps (--traps: these alone, issue 40): generate(trap=True) per (size, tier) against
  ordinary levels of the same size, tier and seeds in the same run (median and p90 seconds,
  attempts, queens the proof places before its contradiction), and the sizes from 4 to 20 at
  which each tier came out for every seed within the default budget."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter

from generator_ext._naive import naive_partition_for_seed

from generator_ext import (
    TIERS,
    analyze,
    count_solutions,
    design_score,
    generate,
    hint,
    rate,
    served_tiers,
    trap_tiers,
)
from generator_ext.shapes import shape_figures

FULL = {
    "trap_sizes": list(range(4, 21)),
    "trap_seeds": 12,
    "tier_sizes": [6, 8, 10, 12, 14, 16, 18, 20],
    "tier_seeds": 50,
    "mix_sizes": [7, 8, 9, 10, 11, 14, 20],
    "mix_seeds": {7: 100, 8: 100, 9: 100, 10: 100, 11: 100, 14: 40, 20: 20},
    "unique_sizes": [7, 8, 9, 10, 11, 14, 20],
    "naive_sizes": [7, 8, 9, 10],
    "naive_budget_s": 30.0,
    "rate_sizes": [8, 12, 16, 20],
    "rate_levels": 60,
    "hint_boards": 200,
    "analyze_maps": 100,
    "solver_sizes": [8, 10, 13, 16, 20],
    "solver_maps": 200,
    "cpsat_maps": 50,
    "design_sizes": [7, 8, 9, 10, 11, 12, 14, 16, 20],
    "design_seeds": 40,
    "spread_levels": 200,
}
QUICK = {
    "trap_sizes": [6, 10, 14],
    "trap_seeds": 4,
    "tier_sizes": [8, 12, 16],
    "tier_seeds": 10,
    "mix_sizes": [9, 11],
    "mix_seeds": {9: 30, 11: 30},
    "unique_sizes": [9],
    "naive_sizes": [8],
    "naive_budget_s": 5.0,
    "rate_sizes": [12, 20],
    "rate_levels": 15,
    "hint_boards": 40,
    "analyze_maps": 20,
    "solver_sizes": [10, 20],
    "solver_maps": 50,
    "cpsat_maps": 10,
    "design_sizes": [8, 9],
    "design_seeds": 30,
    "spread_levels": 60,
}
SHAPES = ("largest", "two_cell", "loose", "perimeter")


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
        "p90": pick(0.9),
        "p99": pick(0.99),
        "max": ordered[-1],
        "count": len(ordered),
    }


def timed(call, *args, **kwargs) -> tuple[object, float]:
    started = time.perf_counter()
    result = call(*args, **kwargs)
    return result, time.perf_counter() - started


def bench_tiers(sizes: list[int], seeds: int, log) -> dict:
    out: dict = {}
    for n in sizes:
        out[n] = {}
        for tier in served_tiers(n):
            times, attempts = [], []
            for seed in range(seeds):
                level = generate(n, seed=seed, tier=tier)
                times.append(level.elapsed_s)
                attempts.append(level.attempts)
            out[n][tier] = {**spread(times), "mean_attempts": statistics.mean(attempts)}
            log(f"generate n={n} {tier}: median {out[n][tier]['median'] * 1e3:.1f} ms")
    return out


def bench_traps(sizes: list[int], seeds: int, log) -> dict:
    """Each (size, tier): traps against ordinary levels of the same seeds, timed alike; a
    tier not served as a trap at that size is tried too, and how many seeds came out
    recorded, to measure where traps work (traps.TRAP_SIZES)."""
    from generator_ext.traps import queens_before

    out: dict = {}
    for n in sizes:
        out[n] = {}
        for tier in served_tiers(n):
            rows: dict = {"trap": [], "level": [], "attempts": [], "depth": [], "made": 0}
            for seed in range(seeds):
                level = generate(n, seed=seed, tier=tier)
                rows["level"].append(level.elapsed_s)
                try:
                    trap = _trap_anyway(n, seed, tier)
                except RuntimeError:
                    continue
                rows["made"] += 1
                rows["trap"].append(trap.elapsed_s)
                rows["attempts"].append(trap.attempts)
                rows["depth"].append(queens_before(rate(trap.regions)) / n)
            out[n][tier] = {
                "served": tier in trap_tiers(n), "made": rows["made"], "seeds": seeds,
                "level": spread(rows["level"]),
                "trap": spread(rows["trap"]) if rows["trap"] else None,
                "mean_attempts": statistics.mean(rows["attempts"]) if rows["attempts"] else None,
                "depth": statistics.median(rows["depth"]) if rows["depth"] else None}
            trap_s = out[n][tier]["trap"]
            log(f"trap n={n} {tier}: {rows['made']}/{seeds} made, median "
                f"{trap_s['median'] * 1e3 if trap_s else float('nan'):.0f} ms against "
                f"{out[n][tier]['level']['median'] * 1e3:.0f} ms a level")
    return out


def _trap_anyway(n: int, seed: int, tier: str):
    """A trap of this size and tier, served or not (the served sizes are what this
    measures): generate()'s own path, its size check lifted."""
    from generator_ext import traps

    low, high = traps.TRAP_SIZES[tier]
    traps.TRAP_SIZES[tier] = (min(low, n), max(high, n))
    try:
        return generate(n, seed=seed, tier=tier, trap=True)
    finally:
        traps.TRAP_SIZES[tier] = (low, high)


def print_traps(report: dict) -> None:
    print(f"Traps against ordinary levels, same seeds, one core ({report['core']}); "
          "depth: the share of the queens placed before the contradiction (median)")
    print(f"{'size':>5} {'tier':<7} {'served':<6} {'made':>6} {'level p50':>10} "
          f"{'trap p50':>9} {'trap p90':>9} {'attempts':>8} {'depth':>6}")
    for n, tiers in report["traps"].items():
        for tier, row in tiers.items():
            trap = row["trap"] or {}
            print(f"{n:>5} {tier:<7} {'yes' if row['served'] else 'no':<6} "
                  f"{row['made']:>3}/{row['seeds']:<2} {ms(row['level']['median']):>10} "
                  f"{ms(trap['median']) if trap else '-':>9} "
                  f"{ms(trap['p90']) if trap else '-':>9} "
                  f"{row['mean_attempts'] or 0:>8.1f} {row['depth'] or 0:>6.2f}")


def mix_figures(levels: list[list[list[int]]], tiers: list[str | None]) -> dict:
    shapes = [shape_figures(regions) for regions in levels]
    counts = Counter(tiers)
    return {
        "tiers": {str(t): counts[t] / len(tiers) for t in [*TIERS, None] if counts[t]},
        **{k: statistics.mean(s[k] for s in shapes) for k in SHAPES},
    }


def bench_mix(sizes: list[int], seeds: dict, unique_sizes: list[int], log) -> dict:
    """Untargeted generation, ours against the previous generator, with tier shares and shapes."""
    out: dict = {}
    for n in sizes:
        out[n] = {}
        for strategy in ("fast", "unique"):
            if strategy == "unique" and n not in unique_sizes:
                continue
            times, levels, tiers = [], [], []
            for seed in range(seeds[n]):
                level = generate(n, seed=seed, strategy=strategy)
                times.append(level.elapsed_s)
                levels.append(level.regions)
                tiers.append(rate(level.regions).tier)
            out[n][strategy] = {**spread(times), **mix_figures(levels, tiers)}
            log(f"untargeted {strategy} n={n}: median {out[n][strategy]['median'] * 1e3:.1f} ms")
    return out


def bench_naive(n: int, budget_s: float) -> dict:
    """The seed's algorithm from seeds 0, 1, ... in chunks of attempts until the budget is spent."""
    chunk = 200
    times, levels, since_last, attempts, seed, spent = [], [], 0.0, 0, 0, 0.0
    while spent < budget_s:
        started = time.perf_counter()
        try:
            level = generate(n, seed=seed, strategy="naive", min_region_size=1,
                             max_attempts=chunk)
            attempts += level.attempts
            since_last += time.perf_counter() - started
            times.append(since_last)
            levels.append(level.regions)
            since_last = 0.0
        except RuntimeError:
            attempts += chunk
            since_last += time.perf_counter() - started
        spent += time.perf_counter() - started
        seed += 1
    result = {"levels": len(times), "attempts": attempts, "seconds": spent}
    if times:
        result.update(spread(times))
        result["per_level_s"] = spent / len(times)
        result.update(mix_figures(levels, [rate(regions).tier for regions in levels]))
    return result


def half_solved(regions: list[list[int]], rng: random.Random) -> tuple[list, list]:
    """A board after the first half of a person's solve, with a few steps' marks left out."""
    steps = rate(regions).steps
    queens, crosses = [], []
    for step in steps[: len(steps) // 2]:
        if rng.random() < 0.8:
            queens += step.queens
            crosses += step.crosses
    return queens, crosses


def bench_deduction(config: dict, log) -> dict:
    out: dict = {"rate": {}, "hint": {}, "analyze": {}}
    for n in config["rate_sizes"]:
        levels = [generate(n, seed=s).regions for s in range(config["rate_levels"])]
        times = [min(timed(rate, regions)[1] for _ in range(3)) for regions in levels]
        out["rate"][n] = {k: v * 1e3 if k != "count" else v for k, v in spread(times).items()}
        log(f"rate n={n}: median {out['rate'][n]['median']:.3f} ms")
    rng = random.Random(7)
    boards = []
    for i in range(config["hint_boards"]):
        regions = generate(20, seed=1000 + i % 40).regions
        boards.append((regions, *half_solved(regions, rng)))
    times = [timed(hint, regions, "touch", q, x)[1] for regions, q, x in boards]
    out["hint"][20] = {k: v * 1e3 if k != "count" else v for k, v in spread(times).items()}
    log(f"hint n=20: p99 {out['hint'][20]['p99']:.3f} ms")
    maps = [generate(12, seed=s).regions for s in range(config["analyze_maps"])]
    times = [min(timed(analyze, regions)[1] for _ in range(3)) for regions in maps]
    out["analyze"][12] = {k: v * 1e3 if k != "count" else v for k, v in spread(times).items()}
    log(f"analyze n=12: median {out['analyze'][12]['median']:.3f} ms")
    return out


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


def bench_solver(config: dict, log) -> dict:
    out: dict = {}
    for n in config["solver_sizes"]:
        maps = [naive_partition_for_seed(n, seed) for seed in range(config["solver_maps"])]
        ours = time_ours(maps)
        cpsat = time_cpsat(maps[: config["cpsat_maps"]])
        entry = {"ours_us": {k: v * 1e6 if k != "count" else v for k, v in spread(ours).items()}}
        if cpsat:
            entry["cpsat_us"] = {
                k: v * 1e6 if k != "count" else v for k, v in spread(cpsat).items()
            }
            same_maps = ours[: config["cpsat_maps"]]
            entry["cpsat_ratio"] = statistics.median(cpsat) / statistics.median(same_maps)
        out[n] = entry
        log(f"solver n={n}: median {entry['ours_us']['median']:.1f} µs")
    return out


def run(config: dict, log) -> dict:
    report: dict = {"core": pin_to_one_core()}
    report["tiers"] = bench_tiers(config["tier_sizes"], config["tier_seeds"], log)
    report["mix"] = bench_mix(config["mix_sizes"], config["mix_seeds"], config["unique_sizes"],
                              log)
    report["naive"] = {}
    for n in config["naive_sizes"]:
        report["naive"][n] = bench_naive(n, config["naive_budget_s"])
        log(f"naive n={n}: {report['naive'][n]['levels']} levels")
    report["deduction"] = bench_deduction(config, log)
    report["solver"] = bench_solver(config, log)
    report["design"] = bench_design(config["design_sizes"], config["design_seeds"], log)
    report["spread"] = bench_spread(config["spread_levels"], log)
    return report


def bench_spread(levels: int, log) -> dict:
    """Issue 38: each figure's p10/p50/p90 over untargeted levels at the hand-made size mix,
    per size class and per composition family, the one- and two-cell boards, and a picture
    sheet per family to look at (benchmarks.design_spread and benchmarks.sheet's)."""
    from benchmarks import design_spread, sheet

    report = design_spread.report_of(design_spread.generate_here(design_spread.plan(levels)))
    log(f"spread: {levels} levels")
    report["sheets"] = sheet.family_sheets(SHEETS_DIR)
    log(f"family sheets in {SHEETS_DIR}")
    return report


SHEETS_DIR = "test-artifacts/sheets"
DESIGN_FIGURES = ("symmetry", "density", "thin", "largest", "two_cell", "one_cell", "score")


# The design strategy against the generator it replaced as the default, in the same run.
DESIGN_STRATEGIES = ("fast", "design")
LINKEDIN_MIX = [7] * 30 + [8] * 60 + [9] * 60 + [10] * 30 + [11] * 20  # the 200


def figures_of(scores: list) -> dict:
    out = {}
    for name in DESIGN_FIGURES:
        values = sorted(getattr(score, name) for score in scores)
        out[name] = {"median": statistics.median(values), "mean": statistics.mean(values),
                     "p10": values[len(values) // 10], "p90": values[(9 * len(values)) // 10]}
    return out


def bench_design(sizes: list[int], seeds: int, log) -> dict:
    """design_score's figures and the time a level takes, per strategy ("fast": before,
    "design": after): on LinkedIn's size mix, per size (untargeted) and per tier."""
    out: dict = {"mix": {}, "sizes": {}, "tiers": {}}
    for strategy in DESIGN_STRATEGIES:
        levels = [generate(n, seed=seed, strategy=strategy)
                  for seed, n in enumerate(LINKEDIN_MIX)]
        tiers = Counter(level.tier for level in levels)
        out["mix"][strategy] = {
            **figures_of([design_score(level.regions) for level in levels]),
            "tiers": {tier: tiers[tier] / len(levels) for tier in TIERS},
            "median_s": statistics.median(level.elapsed_s for level in levels)}
        log(f"design mix {strategy}: symmetry {out['mix'][strategy]['symmetry']['median']:.2f}")
        for n in sizes:
            levels = [generate(n, seed=seed, strategy=strategy) for seed in range(seeds)]
            times = sorted(level.elapsed_s for level in levels)
            out["sizes"].setdefault(n, {})[strategy] = {
                **figures_of([design_score(level.regions) for level in levels]),
                "median_s": statistics.median(times), "max_s": times[-1],
                "fallbacks": sum(level.fallback for level in levels)}
            for tier in served_tiers(n):
                levels = [generate(n, seed=seed, strategy=strategy, tier=tier)
                          for seed in range(max(6, seeds // 5))]
                times = sorted(level.elapsed_s for level in levels)
                out["tiers"].setdefault(n, {}).setdefault(tier, {})[strategy] = {
                    "median_s": statistics.median(times), "max_s": times[-1],
                    "score": statistics.median(design_score(level.regions).score
                                               for level in levels)}
            log(f"design n={n} {strategy}")
    return out


def ms(value: float) -> str:
    return f"{value * 1e3:.1f}" if value < 10 else f"{value:.1f}s"


def print_table(report: dict) -> None:
    print(f"Queens engine benchmark (one core: cpu {report['core']}, touch rule)")
    print()
    print("generate(n, tier=...): ms per level over seeds 0..N-1 (min region 2)")
    print(f"{'n':>3} {'tier':>7} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8} {'attempts':>9}")
    for n, tiers in report["tiers"].items():
        for tier, f in tiers.items():
            print(f"{n:>3} {tier:>7} {ms(f['median']):>8} {ms(f['p90']):>8} {ms(f['p99']):>8} "
                  f"{ms(f['max']):>8} {f['mean_attempts']:>9.1f}")
    print()
    print("Untargeted generation, ours ('fast') against the baselines of this run:")
    print("  'unique' = our previous generator (unique growth), kept when logic solves it;")
    print("  'naive'  = the seed's algorithm exactly (min region 1, unrated, as the seed did).")
    print("  Shapes: largest region share, 2-cell region share, cells in no 2x2 block of their")
    print("  region, mean perimeter/(4*sqrt(area)). Tiers: share solved at each tier")
    print("  ('None': logic cannot finish it).")
    header = (f"{'n':>3} {'strategy':>8} {'median ms':>10} {'vs fast':>8} {'largest':>8} "
              f"{'2-cell':>7} {'loose':>6} {'perim':>6}  tiers")
    print(header)
    for n, entries in report["mix"].items():
        rows = dict(entries)
        naive = report["naive"].get(n)
        if naive and naive.get("levels"):
            rows["naive"] = naive
        fast = entries["fast"]["median"]
        for strategy, f in rows.items():
            tiers = " ".join(f"{t} {v:.0%}" for t, v in f["tiers"].items())
            ratio = f["median"] / fast
            print(f"{n:>3} {strategy:>8} {f['median'] * 1e3:>10.2f} {ratio:>7.1f}x "
                  f"{f['largest']:>8.2f} {f['two_cell']:>7.2f} {f['loose']:>6.2f} "
                  f"{f['perimeter']:>6.2f}  {tiers}")
    for n, f in report["naive"].items():
        if n not in report["mix"]:
            print(f"{n:>3} {'naive':>8} {f['median'] * 1e3 if f.get('levels') else 0:>10.2f}")
        accept = f"1/{f['attempts'] / f['levels']:.0f}" if f.get("levels") else "none"
        print(f"    naive n={n}: {f['levels']} levels in {f['seconds']:.0f} s, "
              f"acceptance {accept} partitions")
    print()
    d = report["deduction"]
    print("Deduction engine, ms")
    for n, f in d["rate"].items():
        print(f"  rate     n={n:>2}: median {f['median']:.3f}  p99 {f['p99']:.3f}  "
              f"max {f['max']:.3f}  ({f['count']} levels)")
    for n, f in d["hint"].items():
        print(f"  hint     n={n:>2}: median {f['median']:.3f}  p99 {f['p99']:.3f}  "
              f"max {f['max']:.3f}  (half-solved boards)")
    for n, f in d["analyze"].items():
        print(f"  analyze  n={n:>2}: median {f['median']:.3f}  p99 {f['p99']:.3f}")
    print()
    print("Solver, count_solutions(limit=2) on the seed's partitions of seeds 0..N-1, µs")
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


def print_design(report: dict) -> None:
    from benchmarks import design_spread

    design = report["design"]
    print()
    design_spread.print_report({"design": report["spread"]})
    print("Family picture sheets: " + ", ".join(report["spread"]["sheets"]))
    print()
    print("Design figures (design_score), median [p10-p90], before (fast) and after (design); "
          "hand-made boards (n=7-11): symmetry 0.70, density 0.42, thin 0.25, largest 0.33")
    print(f"{'':>12} " + " ".join(f"{name:>17}" for name in DESIGN_FIGURES) + "  median ms")

    def row(label, figures):
        cells = " ".join(f"{f['median']:.2f} [{f['p10']:.2f}-{f['p90']:.2f}]".rjust(17)
                         for f in (figures[name] for name in DESIGN_FIGURES))
        print(f"{label:>12} {cells}  {figures['median_s'] * 1e3:9.1f}")

    for strategy, figures in design["mix"].items():
        row(f"mix {strategy}", figures)
        print(f"{'':>12} two-cell share of regions (mean) {figures['two_cell']['mean']:.3f}, "
              f"tiers " + " / ".join(f"{t} {100 * v:.0f} %" for t, v in figures["tiers"].items()))
    for n, by_strategy in design["sizes"].items():
        for strategy, figures in by_strategy.items():
            row(f"n={n} {strategy}", figures)
        fast, new = by_strategy["fast"], by_strategy["design"]
        print(f"{'':>12} time design/fast {new['median_s'] / fast['median_s']:.2f}x, "
              f"max {ms(new['max_s'])} ms, grown instead (fallback) {new['fallbacks']}")
    print()
    print("Per tier: median ms (design / fast = ratio), max ms, median design score")
    for n, by_tier in design["tiers"].items():
        for tier, by_strategy in by_tier.items():
            fast, new = by_strategy["fast"], by_strategy["design"]
            print(f"  n={n:>2} {tier:>6}: design {ms(new['median_s'])} (max {ms(new['max_s'])}),"
                  f" fast {ms(fast['median_s'])}: {new['median_s'] / fast['median_s']:.1f}x;"
                  f" score {fast['score']:.2f} -> {new['score']:.2f}")


def log(msg: str) -> None:
    """Progress on stderr, so that --json's stdout is the figures alone."""
    print(msg, file=sys.stderr, flush=True)


def options(argv: list[str] | None, doc: str, quick: str, **only: str) -> argparse.Namespace:
    """The engine benchmarks' command line: --quick (what `quick` says), --json, and one
    --NAME flag per `only` entry (its help)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=quick)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    for name, text in only.items():
        parser.add_argument(f"--{name}", action="store_true", help=text)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = options(argv, __doc__, "fewer sizes and levels",
                   design="only the design figures, before (fast) and after (design)",
                   traps="only traps (issue 40) against ordinary levels, per size and tier")
    config = QUICK if args.quick else FULL
    if args.traps:
        report = {"core": pin_to_one_core(),
                  "traps": bench_traps(config["trap_sizes"], config["trap_seeds"], log)}
    elif args.design:
        report = {"core": pin_to_one_core(),
                  "design": bench_design(config["design_sizes"], config["design_seeds"], log),
                  "spread": bench_spread(config["spread_levels"], log)}
    else:
        report = run(config, log)
    if args.json:
        print(json.dumps(report, indent=2))
    elif args.traps:
        print_traps(report)
    elif args.design:
        print_design(report)
    else:
        print_table(report)
        print_design(report)


if __name__ == "__main__":
    main()
