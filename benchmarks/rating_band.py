"""What band-targeted generation costs and saves (issue 39, item 3).

`python -m benchmarks.rating_band [--quick]`.
On a PostgreSQL database of its own (tests.support.local_stack), per board size: the engine's
generate() of a candidate against the band's judgement of it (the cold start: one query; the
model in service: one engine rate() for its features and the model's predict) and against
storing it (save_generated_level: a second rate(), the hash, the insert). Then a run with a
band over the middle third of the model's predictions: how many candidates it rejected and
its seconds a stored level, beside an unbanded run. The model is fitted here on real levels'
features with synthetic ratings (their shapes), as there is no play here to learn from.

--quick: 6×6 and 8×8 only."""

from __future__ import annotations

import argparse
import os
import time

from tests.support import local_stack, shape_model_in_service

CANDIDATES = 20


def fitted_model():
    from generator_ext import generate

    return shape_model_in_service(
        [generate(size, seed=seed) for seed in range(500, 520) for size in (6, 8, 10)],
        "gbm-bench")


def mean_ms(work, items) -> tuple[float, list]:
    started = time.perf_counter()
    results = [work(item) for item in items]
    return (time.perf_counter() - started) / len(items) * 1000, results


def per_candidate(size: int) -> tuple[dict, list[float]]:
    from generator_ext import generate
    from puzzles.levels.services.levels import save_generated_level
    from puzzles.ratings import band
    from puzzles.ratings.models import DifficultyModel

    seeds = range(size * 1000, size * 1000 + CANDIDATES)
    figures = {}
    figures["generate"], made = mean_ms(lambda seed: generate(size, seed=seed), seeds)
    DifficultyModel.objects.filter(in_service=True).update(in_service=False)
    figures["judge, cold start"], _ = mean_ms(
        lambda level: band.judge_candidate(level, rating_min=0, rating_max=None), made)
    DifficultyModel.objects.filter(version="gbm-bench").update(in_service=True)
    band.serving_model()
    figures["judge, model"], verdicts = mean_ms(
        lambda level: band.judge_candidate(level, rating_min=0, rating_max=None), made)
    figures["store"], _ = mean_ms(save_generated_level, made)
    return figures, sorted(verdict.rating for verdict in verdicts)


def timed_run(size: int, count: int, **ends):
    from puzzles.levels.services import runs

    run = runs.create_run(size=size, rule="touch", requested=count, send=False, **ends)
    started = time.perf_counter()
    run = runs.run_here(run.id, seed=size * 7919 + (ends.get("rating_min") or 0))
    return run, time.perf_counter() - started


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="6×6 and 8×8 only")
    parser.add_argument("--count", type=int, default=10, help="levels a run stores")
    args = parser.parse_args(argv)
    sizes = (6, 8) if args.quick else (6, 8, 10, 12)
    with local_stack("band") as env:
        os.environ.update(env)
        import django

        django.setup()
        fitted_model()
        rows = []
        for size in sizes:
            figures, ratings = per_candidate(size)
            third = len(ratings) // 3
            low, high = int(ratings[third]), int(ratings[2 * third]) + 1
            plain, plain_s = timed_run(size, args.count)
            banded, banded_s = timed_run(size, args.count, rating_min=low, rating_max=high)
            rows.append((size, figures, low, high, plain, plain_s, banded, banded_s))
            print(f"{size}×{size} done", flush=True)
    print("\n| size | generate ms | judge (cold start) ms | judge (model) ms | store ms | band "
          "| run unbanded s/level | run banded s/level | rejected for stored |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size, figures, low, high, plain, plain_s, banded, banded_s in rows:
        print(f"| {size} | {figures['generate']:.1f} | {figures['judge, cold start']:.2f} | "
              f"{figures['judge, model']:.1f} | {figures['store']:.1f} | {low}–{high} | "
              f"{plain_s / max(plain.produced, 1):.3f} | "
              f"{banded_s / max(banded.produced, 1):.3f} ({banded.status}) | "
              f"{banded.rejected} for {banded.produced} |")
    print("\nA rejected candidate costs its generate() and its judgement; judged after storing "
          "it would also have cost the store (and the features sweep's rate() later).")


if __name__ == "__main__":
    main()
