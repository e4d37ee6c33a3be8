"""What band-targeted generation costs and saves (issue 39, item 3).

`python -m benchmarks.rating_band [--quick]`.
On a PostgreSQL database of its own (tests.support.local_stack), per board size: the engine's
generate() of a candidate against the band's judgement of it (the cold start: one query; the
model in service: one engine rate() for its features and the model's predict) and against
storing it (save_generated_level: a second rate(), the hash, the insert). Then, in the same
run, three runs of the same seed: unbanded; with a band over the middle third of the
model's predictions judged on the finished level only (the engine given no judge); and the
same band judged twice, the engine's judge turning candidates down while the level is built
(band.early_judge, the map estimator) and the finished level judged as ever. For each: levels
a second, the candidates each stage judged and turned down, the share of finished levels
the final judge took (in band), and the time a level against the unbanded run's. The model
is fitted here on real levels' features with synthetic ratings (their shapes), as there is
no play here to learn from; its map estimator's margin is measured on other levels.

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
        "gbm-bench",
        held_out=[generate(size, seed=seed) for seed in range(600, 610) for size in (6, 8, 10)])


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


def timed_run(size: int, count: int, *, early: bool = True, **ends):
    """(the finished run, its seconds, what each stage judged): the run's judges counted,
    the engine's (early) left out when `early` is false."""
    from puzzles.levels import rating_band
    from puzzles.levels.models import Level
    from puzzles.levels.services import runs
    from puzzles.ratings import band

    judged = dict.fromkeys(("early", "early_out", "final", "final_out"), 0)

    def early_judge(**question):
        judge = band.early_judge(**question) if early else None
        if judge is None:
            return None

        def counted(regions, tier):
            verdict = judge(regions, tier)
            judged["early"] += 1
            judged["early_out"] += not verdict
            return verdict

        return counted

    def final_judge(generated, **ends):
        verdict = band.judge_candidate(generated, **ends)
        judged["final"] += 1
        judged["final_out"] += not verdict.accepted
        return verdict

    rating_band.answer(judge=final_judge, count_within=band.count_within,
                       early_judge=early_judge)
    Level.objects.all().delete()  # the runs share a seed: none meets another's levels
    try:
        run = runs.create_run(size=size, rule="touch", requested=count, send=False, **ends)
        started = time.perf_counter()
        run = runs.run_here(run.id, seed=size * 7919)
        return run, time.perf_counter() - started, judged
    finally:
        band.answer_levels()


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
        rows, runs_made = [], []
        for size in sizes:
            figures, ratings = per_candidate(size)
            third = len(ratings) // 3
            low, high = int(ratings[third]), int(ratings[2 * third]) + 1
            rows.append((size, figures, low, high))
            plain = timed_run(size, args.count)
            for name, made in (
                    ("unbanded", plain),
                    ("finished only", timed_run(size, args.count, early=False, rating_min=low,
                                                rating_max=high)),
                    ("while built + finished", timed_run(size, args.count, rating_min=low,
                                                         rating_max=high))):
                runs_made.append((size, name, *made, plain))
            print(f"{size}×{size} done", flush=True)
    print("\n| size | generate ms | judge (cold start) ms | judge (model) ms | store ms | band |")
    print("|---|---|---|---|---|---|")
    for size, figures, low, high in rows:
        print(f"| {size} | {figures['generate']:.1f} | {figures['judge, cold start']:.2f} | "
              f"{figures['judge, model']:.1f} | {figures['store']:.1f} | {low}–{high} |")
    print("\n| size | judged | levels/s | while built: judged, turned down | finished: judged, "
          "turned down | finished in band | time a level × unbanded |")
    print("|---|---|---|---|---|---|---|")
    for size, name, run, seconds, judged, (plain, plain_s, _) in runs_made:
        per_level = seconds / max(run.produced, 1)
        early = (f"{judged['early']}, {judged['early_out']} "
                 f"({share(judged['early_out'], judged['early'])})" if judged["early"] else "–")
        final = (f"{judged['final']}, {judged['final_out']} "
                 f"({share(judged['final_out'], judged['final'])})" if judged["final"] else "–")
        kept = share(judged["final"] - judged["final_out"], judged["final"]) \
            if judged["final"] else "–"
        print(f"| {size} | {name} | {run.produced / seconds:.1f} ({run.status}) | {early} | "
              f"{final} | {kept} | {per_level / (plain_s / max(plain.produced, 1)):.2f} |")
    print("\nA candidate turned down while built costs its own work in the engine and the "
          "map's judgement (about a millisecond); one turned down finished costs its whole "
          "generate(), the model's judgement (an engine rate()) and the rejection's write.")


def share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %"


if __name__ == "__main__":
    main()
