"""Benchmark: `python -m benchmarks.design_spread [--levels N] [--baseline DIR] [--json]`.

The spread of the design figures (issue 38): N untargeted levels (200 by default) at the
hand-made size mix, n=7-11, and for each figure of the issue's table the 10th, 50th and 90th
percentile, per size class and per composition family (GeneratedLevel.family), with the share
of boards that have a one-cell and a two-cell region and the median time a level takes
(over the mix and over 20 levels at n=12). The figures are the engine's own:
design_score's symmetry, largest and thin, shapes.region_shares' second, and shapes.notches
per region (one-cell bumps off straight borders; the archive gave no count of these, so the
hand-made row has none: hand-made borders run straight with few).

--baseline DIR measures another checkout's engine (DIR/generator_ext, compiled; main's, say)
in the same run, in a child process, so both rows come from one machine and one load; the
hand-made row is the issue's measurement of archived boards."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections import defaultdict

from generator_ext import design_score
from generator_ext.shapes import notches, region_shares

# The 200: 30 of 7, 60 of 8 and of 9, 30 of 10, 20 of 11 (engine.LINKEDIN_MIX).
SIZE_MIX = {7: 30, 8: 60, 9: 60, 10: 30, 11: 20}
CLASSES = {"7-8": (7, 8), "9": (9,), "10-11": (10, 11)}
COST_N, COST_LEVELS = 12, 20
FIGURES = ("symmetry", "largest", "thin", "second", "notches")
# Archived hand-made boards, n=7-11 (issue 38's table): p10, p50, p90; boards with a one-cell
# and with a two-cell region.
HAND_MADE = {"symmetry": (0.51, 0.70, 0.91), "largest": (0.24, 0.33, 0.55),
             "thin": (0.17, 0.25, 0.31), "second": (0.09, 0.17, 0.25),
             "one_cell": 0.21, "two_cell": 0.28}

# The child's program: levels of the engine on its path, as JSON lines (it may predate
# GeneratedLevel.family, so the family is read with getattr).
CHILD = """
import json, sys
from generator_ext import generate
for line in sys.stdin:
    n, seed = map(int, line.split())
    level = generate(n, seed=seed)
    print(json.dumps({"n": n, "seed": seed, "regions": level.regions, "tier": level.tier,
                      "elapsed_s": level.elapsed_s,
                      "family": getattr(level, "family", None)}), flush=True)
"""


def plan(levels: int) -> list[tuple[int, int]]:
    """(n, seed) for `levels` levels in the mix's proportions, then the cost levels at n=12."""
    total = sum(SIZE_MIX.values())
    sizes = [n for n, count in SIZE_MIX.items() for _ in range(round(count * levels / total))]
    mix = [(n, seed) for seed, n in enumerate(sizes)]
    return mix + [(COST_N, 10_000 + seed) for seed in range(COST_LEVELS)]


def generate_here(jobs: list[tuple[int, int]]) -> list[dict]:
    from generator_ext import generate

    out = []
    for n, seed in jobs:
        level = generate(n, seed=seed)
        out.append({"n": n, "seed": seed, "regions": level.regions, "tier": level.tier,
                    "elapsed_s": level.elapsed_s, "family": level.family})
    return out


def generate_in(checkout: str, jobs: list[tuple[int, int]]) -> list[dict]:
    """The same levels from the engine compiled in `checkout`, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout)}
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, check=True, text=True,
                          capture_output=True, cwd=os.path.abspath(checkout),
                          input="".join(f"{n} {seed}\n" for n, seed in jobs))
    return [json.loads(line) for line in done.stdout.splitlines()]


def measure(level: dict) -> dict:
    score = design_score(level["regions"])
    shares = region_shares(level["regions"])
    cells = len(level["regions"]) ** 2
    areas = {round(share * cells) for share in shares}
    return {"symmetry": score.symmetry, "largest": score.largest, "thin": score.thin,
            "second": shares[1], "one_cell": 1 in areas, "two_cell": 2 in areas,
            "notches": notches(level["regions"]) / len(level["regions"])}


def percentiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return pick(0.1), statistics.median(ordered), pick(0.9)


def summary(levels: list[dict]) -> dict:
    figures = [measure(level) for level in levels]
    out: dict = {"levels": len(levels)}
    for name in FIGURES:
        out[name] = percentiles([f[name] for f in figures])
    out["one_cell"] = sum(f["one_cell"] for f in figures) / len(figures)
    out["two_cell"] = sum(f["two_cell"] for f in figures) / len(figures)
    out["median_ms"] = 1e3 * statistics.median(level["elapsed_s"] for level in levels)
    tiers: dict = defaultdict(int)
    for level in levels:
        tiers[str(level["tier"])] += 1
    out["tiers"] = {tier: count / len(levels) for tier, count in sorted(tiers.items())}
    return out


def report_of(levels: list[dict]) -> dict:
    mix = [level for level in levels if level["n"] != COST_N]
    cost = [level for level in levels if level["n"] == COST_N]
    families: dict = defaultdict(list)
    for level in mix:
        families[level["family"] or "-"].append(level)
    return {
        "all": summary(mix),
        "classes": {name: summary([lv for lv in mix if lv["n"] in sizes])
                    for name, sizes in CLASSES.items()},
        "families": {name: summary(group) for name, group in sorted(families.items())},
        "n12_median_ms": 1e3 * statistics.median(level["elapsed_s"] for level in cost),
    }


def row(label: str, s: dict) -> str:
    cells = " ".join((f"{s[name][0]:.2f}/{s[name][1]:.2f}/{s[name][2]:.2f}" if name in s
                      else "-").rjust(15) for name in FIGURES)
    extra = ""
    if "levels" in s:
        extra = f" {s['median_ms']:8.1f} {s['levels']:5}"
    return f"{label:>16} {cells} {100 * s['one_cell']:6.0f}% {100 * s['two_cell']:6.0f}%{extra}"


def print_report(reports: dict) -> None:
    print("Design figures' spread, untargeted levels at the hand-made size mix (n=7-11):")
    print("p10/p50/p90 of each figure; boards with a one-cell / two-cell region; median ms")
    print(f"{'':>16} " + " ".join(name.rjust(15) for name in FIGURES)
          + f" {'1-cell':>7} {'2-cell':>7} {'ms':>8} {'count':>5}")
    print(row("hand-made", HAND_MADE))
    for engine, report in reports.items():
        print(row(f"{engine}", report["all"]))
    for engine, report in reports.items():
        print(f"-- {engine}: per size class (median ms at n={COST_N}: "
              f"{report['n12_median_ms']:.1f}; tiers "
              + ", ".join(f"{t} {v:.0%}" for t, v in report["all"]["tiers"].items()) + ")")
        for name, s in report["classes"].items():
            print(row(f"n={name}", s))
        print(f"-- {engine}: per family")
        for name, s in report["families"].items():
            print(row(name, s))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=200, help="levels in the mix (200)")
    parser.add_argument("--baseline", metavar="DIR",
                        help="a checkout whose compiled engine is measured alongside")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    jobs = plan(args.levels)
    reports = {}
    if args.baseline:
        reports["baseline"] = report_of(generate_in(args.baseline, jobs))
    reports["this"] = report_of(generate_here(jobs))
    if args.json:
        print(json.dumps(reports, indent=2))
    else:
        print_report(reports)


if __name__ == "__main__":
    main()
