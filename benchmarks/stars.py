"""Benchmark: `python -m benchmarks.stars [--quick] [--json] [--deduction] [--tiers] [--design]`.

Star Battle generation (issue 21's targets: 10×10 2★ median ≤ 100 ms, 14×14 3★ median ≤ 2 s),
against the 1★ generator at the same size in the same run on one core, fixed seeds: per
(size, stars) the median, p90 and max seconds per level, the attempts, the tiers that came
out, and the median's ratio to 1★. Then the step-by-step deduction the site uses (issue 36's
targets: 14×14 3★ ≤ 30 ms, 10×10 2★ ≤ 10 ms), the compiled reading against the plain one
(stars_logic) in the same run: analyze() and rate() of a whole level, and hint() from the
marks just before the level's hardest step. With --tiers: every (size, stars, tier) that
served_tiers lists, generated for fixed seeds within the default attempts: levels made of
seeds tried, attempts and seconds per level (median, p90, max), and the border symmetry
median of the levels made. With --design: per (size, stars), levels made for fixed seeds
with no tier asked, designed (stars_design: symmetric) and grown as before the design
(generate_stars(design=False)) in the same run: border symmetry, design score and seconds
per level, medians (issue 36's target: border symmetry median ≥ 0.6 at 10×10 2★)."""

from __future__ import annotations

import importlib
import json
import random
import statistics
from collections import Counter
from unittest import mock

from benchmarks.engine import log, options, pin_to_one_core, spread, timed
from generator_ext import analyze, design_score, generate, hint, rate, served_tiers, stars_logic
from generator_ext.stars_generate import DEFAULT_MAX_ATTEMPTS, STAR_SIZES, generate_stars

FULL = {"cases": [(8, 2), (10, 2), (12, 2), (12, 3), (14, 3), (16, 3)], "seeds": 30,
        "deduction": [(10, 2), (12, 3), (14, 3), (16, 3)], "levels": 4, "repeats": 3}
QUICK = {"cases": [(10, 2), (14, 3)], "seeds": 8, "deduction": [(10, 2), (14, 3)],
         "levels": 2, "repeats": 3}
TARGETS_S = {(10, 2): 0.100, (14, 3): 2.0}
DEDUCTION_TARGETS_S = {(10, 2): 0.010, (14, 3): 0.030}
TIER_SEEDS = {"full": 10, "quick": 3}
DESIGN_CASES = {"full": [(8, 2), (10, 2), (12, 2), (12, 3), (14, 3), (16, 3)],
                "quick": [(10, 2), (14, 3)]}
DESIGN_SEEDS = {"full": 30, "quick": 8}
DESIGN_TARGET = {(10, 2): 0.6}  # border symmetry median


def bench_case(n: int, k: int, seeds: int, log) -> dict:
    times, attempts, tiers = [], [], Counter()
    for seed in range(seeds):
        level, elapsed = timed(generate, n, seed=seed, stars=k)
        times.append(elapsed)
        attempts.append(level.attempts)
        tiers[level.tier] += 1
        log(f"{n}×{n} {k}★ seed {seed}: {elapsed:.3f} s, {level.attempts} attempts, {level.tier}")
    baseline = [timed(generate, n, seed=seed)[1] for seed in range(seeds)]
    figures = spread(times)
    one_star = spread(baseline)
    return {
        "size": n, "stars": k, "generate": figures, "one_star": one_star,
        "ratio_to_one_star": figures["median"] / one_star["median"],
        "attempts_median": sorted(attempts)[len(attempts) // 2],
        "tiers": dict(tiers), "target_s": TARGETS_S.get((n, k)),
    }


def bench_tiers(seeds: int, log) -> list[dict]:
    """Per served (size, stars, tier): levels made of `seeds`, attempts and seconds each."""
    out = []
    for k, (low, high) in sorted(STAR_SIZES.items()):
        for n in range(low, high + 1):
            for tier in served_tiers(n, stars=k):
                times, attempts, symmetry, failed = [], [], [], 0
                for seed in range(seeds):
                    try:
                        level, elapsed = timed(generate, n, seed=seed, stars=k, tier=tier)
                    except RuntimeError:
                        failed += 1
                        continue
                    times.append(elapsed)
                    attempts.append(level.attempts)
                    symmetry.append(design_score(level.regions).symmetry)
                log(f"{n}×{n} {k}★ {tier}: {len(times)}/{seeds} made")
                out.append({"size": n, "stars": k, "tier": tier, "made": len(times),
                            "seeds": seeds, "failed": failed,
                            "attempts": spread(attempts) if attempts else None,
                            "seconds": spread(times) if times else None,
                            "symmetry": statistics.median(symmetry) if symmetry else None})
    return out


def print_tiers(cases: list[dict]) -> None:
    print("Star Battle generation per served tier: levels made of the seeds, attempts and "
          "seconds per level (median / p90 / max), border symmetry (median)")
    print(f"{'board':>9} {'tier':>7} {'made':>7} {'attempts':>16} {'seconds':>22} {'symmetry':>9}")
    for case in cases:
        board = f"{case['size']}×{case['size']} {case['stars']}★"
        a, t = case["attempts"], case["seconds"]
        att = f"{a['median']:.0f} / {a['p90']:.0f} / {a['max']:.0f}" if a else "-"
        sec = f"{t['median']:.2f} / {t['p90']:.2f} / {t['max']:.2f}" if t else "-"
        sym = f"{case['symmetry']:.2f}" if case["symmetry"] is not None else "-"
        print(f"{board:>9} {case['tier']:>7} {case['made']:>3}/{case['seeds']:<3} {att:>16} "
              f"{sec:>22} {sym:>9}")


def bench_design(cases: list[tuple[int, int]], seeds: int, log) -> list[dict]:
    """Per (size, stars): designed and grown levels for the same seeds, no tier asked."""
    out = []
    for n, k in cases:
        case: dict = {"size": n, "stars": k, "seeds": seeds,
                      "target": DESIGN_TARGET.get((n, k))}
        for name, design in (("grown", False), ("designed", True)):
            symmetry, score, times = [], [], []
            for seed in range(seeds):
                (regions, *_), elapsed = timed(generate_stars, n, k, random.Random(seed), None,
                                               DEFAULT_MAX_ATTEMPTS, design)
                figures = design_score(regions)
                symmetry.append(figures.symmetry)
                score.append(figures.score)
                times.append(elapsed)
            case[name] = {"symmetry": statistics.median(symmetry),
                          "score": statistics.median(score), "seconds": statistics.median(times)}
            log(f"{n}×{n} {k}★ {name}: symmetry {case[name]['symmetry']:.2f}")
        out.append(case)
    return out


def print_design(cases: list[dict]) -> None:
    print("Star Battle maps, grown (before the design) and designed, no tier asked, seeds "
          f"0..{cases[0]['seeds'] - 1}: medians of border symmetry, design score, seconds")
    print(f"{'board':>9} {'symmetry':>15} {'score':>15} {'seconds':>15} {'target':>8}")
    for case in cases:
        board = f"{case['size']}×{case['size']} {case['stars']}★"
        old, new = case["grown"], case["designed"]
        target = case["target"]
        met = "" if target is None else (" met" if new["symmetry"] >= target else " MISSED")
        print(f"{board:>9} {old['symmetry']:>6.2f} → {new['symmetry']:<6.2f} "
              f"{old['score']:>6.2f} → {new['score']:<6.2f} "
              f"{old['seconds']:>6.3f} → {new['seconds']:<6.3f} "
              f"{f'≥{target}' if target else '':>8}{met}")


def hardest_marks(regions, k: int) -> dict:
    """The marks a player has just before the level's first step of its hardest technique."""
    steps = rate(regions, stars=k).steps
    hardest = max(step.number for step in steps)
    before = steps[:next(i for i, step in enumerate(steps) if step.number == hardest)]
    crossed = {tuple(cell) for step in before for cell in step.crosses}
    starred = {tuple(cell) for step in before for cell in step.queens}
    return {"queens": sorted(starred), "crosses": sorted(crossed - starred)}


def bench_deduction(n: int, k: int, levels: int, repeats: int, log) -> dict:
    """Median seconds of analyze, rate and hint per level and repeat, through the compiled
    reading and through the plain one."""
    maps = [generate(n, seed=seed, stars=k).regions for seed in range(levels)]
    marks = [hardest_marks(g, k) for g in maps]
    calls = {"rate": lambda i: rate(maps[i], stars=k),
             "analyze": lambda i: analyze(maps[i], stars=k),
             "hint": lambda i: hint(maps[i], stars=k, **marks[i])}
    deduce = importlib.import_module("generator_ext.deduce")
    out: dict = {"size": n, "stars": k, "target_s": DEDUCTION_TARGETS_S.get((n, k))}
    for name, call in calls.items():
        compiled = [timed(call, i)[1] for i in range(levels) for _ in range(repeats)]
        with mock.patch.object(deduce, "stars_steps", stars_logic):  # the plain reading
            plain = [timed(call, i)[1] for i in range(levels) for _ in range(repeats)]
        out[name] = {"compiled": statistics.median(compiled), "plain": statistics.median(plain)}
        log(f"{n}×{n} {k}★ {name}: {out[name]['compiled'] * 1000:.1f} ms compiled, "
            f"{out[name]['plain'] * 1000:.1f} ms plain")
    return out


def print_table(report: dict) -> None:
    if report["cases"]:
        print_generation(report)
        print()
    print_deduction(report)


def print_generation(report: dict) -> None:
    print(f"Star Battle generation, one core ({report['core']}), seeds 0..{report['seeds'] - 1}")
    print(f"{'board':>9} {'median':>9} {'p90':>9} {'max':>9} {'1★ median':>10} {'ratio':>7} "
          f"{'attempts':>8} {'target':>8}  tiers")
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
              f"{case['attempts_median']:>8} {target:>8}{met}  {tiers}")


def print_deduction(report: dict) -> None:
    print(f"Step-by-step deduction, one core ({report['core']}), medians over levels 0.. and "
          "repeats: the compiled reading, the plain one (stars_logic), their ratio")
    print(f"{'board':>9} {'call':>8} {'compiled':>10} {'plain':>10} {'ratio':>7} {'target':>8}")
    for case in report["deduction"]:
        board = f"{case['size']}×{case['size']} {case['stars']}★"
        for name in ("analyze", "rate", "hint"):
            if name not in case:
                print(f"{board:>9} {name:>8} {'n/a':>10}")
                continue
            fast, plain = case[name]["compiled"], case[name]["plain"]
            target = case["target_s"]
            met = "" if not target else (" met" if fast <= target else " MISSED")
            target_text = f"≤{target * 1000:.0f} ms" if target else ""
            print(f"{board:>9} {name:>8} {fast * 1000:>8.1f}ms {plain * 1000:>8.1f}ms "
                  f"{plain / fast:>6.0f}x {target_text:>8}{met}")


def main(argv: list[str] | None = None) -> None:
    args = options(argv, __doc__, "the two standard boards only",
                   deduction="the step-by-step deduction only, no generation",
                   tiers="generation per served (size, stars, tier) only",
                   design="border symmetry of designed and grown maps only")
    config = QUICK if args.quick else FULL
    if args.design:
        pin_to_one_core()
        depth = "quick" if args.quick else "full"
        cases = bench_design(DESIGN_CASES[depth], DESIGN_SEEDS[depth], log)
        print(json.dumps(cases, indent=2) if args.json else "", end="")
        if not args.json:
            print_design(cases)
        return
    if args.tiers:
        pin_to_one_core()
        cases = bench_tiers(TIER_SEEDS["quick" if args.quick else "full"], log)
        print(json.dumps(cases, indent=2) if args.json else "", end="")
        if not args.json:
            print_tiers(cases)
        return
    report = {"core": pin_to_one_core(), "seeds": config["seeds"],
              "cases": [] if args.deduction else [bench_case(n, k, config["seeds"], log)
                                                  for n, k in config["cases"]],
              "deduction": [bench_deduction(n, k, config["levels"], config["repeats"], log)
                            for n, k in config["deduction"]]}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)


if __name__ == "__main__":
    main()
