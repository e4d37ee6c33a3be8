"""Benchmark: `python -m benchmarks.stars [--quick] [--json]`.

Star Battle generation (issue 21's targets: 10×10 2★ median ≤ 100 ms, 14×14 3★ median ≤ 2 s),
against the 1★ generator at the same size in the same run on one core, fixed seeds: per
(size, stars) the median, p90 and max seconds per level, the attempts, the tiers that came
out, and the median's ratio to 1★. Then the step-by-step deduction the site uses: rate() of a
whole level and hint() from the empty board."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from benchmarks.engine import pin_to_one_core, spread, timed
from generator_ext import generate, hint, rate

FULL = {"cases": [(8, 2), (10, 2), (12, 2), (12, 3), (14, 3)], "seeds": 30, "rated": 5}
QUICK = {"cases": [(10, 2), (14, 3)], "seeds": 8, "rated": 2}
TARGETS_S = {(10, 2): 0.100, (14, 3): 2.0}


def bench_case(n: int, k: int, seeds: int, rated: int, log) -> dict:
    times, attempts, tiers, levels = [], [], Counter(), []
    for seed in range(seeds):
        level, elapsed = timed(generate, n, seed=seed, stars=k)
        times.append(elapsed)
        attempts.append(level.attempts)
        tiers[level.tier] += 1
        levels.append(level.regions)
        log(f"{n}×{n} {k}★ seed {seed}: {elapsed:.3f} s, {level.attempts} attempts, {level.tier}")
    baseline = [timed(generate, n, seed=seed)[1] for seed in range(seeds)]
    rate_s = [timed(rate, regions, stars=k)[1] for regions in levels[:rated]]
    hint_s = [timed(hint, regions, stars=k)[1] for regions in levels[:rated]]
    figures = spread(times)
    one_star = spread(baseline)
    return {
        "size": n, "stars": k, "generate": figures, "one_star": one_star,
        "ratio_to_one_star": figures["median"] / one_star["median"],
        "attempts_median": sorted(attempts)[len(attempts) // 2],
        "tiers": dict(tiers), "rate": spread(rate_s), "hint": spread(hint_s),
        "target_s": TARGETS_S.get((n, k)),
    }


def print_table(report: dict) -> None:
    print(f"Star Battle generation, one core ({report['core']}), seeds 0..{report['seeds'] - 1}")
    print(f"{'board':>9} {'median':>9} {'p90':>9} {'max':>9} {'1★ median':>10} {'ratio':>7} "
          f"{'attempts':>8} {'target':>8}  tiers / rate() / hint() medians")
    for case in report["cases"]:
        g, one = case["generate"], case["one_star"]
        target = f"≤{case['target_s'] * 1000:.0f} ms" if case["target_s"] else ""
        met = "" if not case["target_s"] else (" met" if g["median"] <= case["target_s"]
                                               else " MISSED")
        tiers = ", ".join(f"{t} {c}" for t, c in sorted(case["tiers"].items()))
        board = f"{case['size']}×{case['size']} {case['stars']}★"
        print(f"{board:>9} {g['median'] * 1000:>7.1f}ms "
              f"{g['p90'] * 1000:>7.1f}ms {g['max'] * 1000:>7.1f}ms "
              f"{one['median'] * 1000:>8.1f}ms {case['ratio_to_one_star']:>6.1f}x "
              f"{case['attempts_median']:>8} {target:>8}{met}  {tiers} / "
              f"{case['rate']['median']:.2f} s / {case['hint']['median']:.2f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the two standard boards only")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    config = QUICK if args.quick else FULL
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    report = {"core": pin_to_one_core(), "seeds": config["seeds"],
              "cases": [bench_case(n, k, config["seeds"], config["rated"], log)
                        for n, k in config["cases"]]}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)


if __name__ == "__main__":
    main()
