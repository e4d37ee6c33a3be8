"""What the builder's worker queue takes from outsiders: many addresses' fixes filling it
while an honest maker asks for an analysis, and broken maps sent as jobs (rows 27, 28)."""

from __future__ import annotations

import json

from benchmarks.attacks.common import Client, Result, row


def jobs_made(stack) -> int:
    import psycopg

    with psycopg.connect(stack.postgres.url) as db:
        return db.execute("SELECT count(*) FROM puzzles_fixjob").fetchone()[0]


def a_fresh_star_board(stack, size: int = 10, stars: int = 2, seed: int = 2828):
    """A k-star map of no stored level, made here (a maker's own painting)."""
    from generator_ext import generate

    return generate(size, seed=seed, stars=stars).regions


@row(28)
def broken_maps_as_builder_jobs(stack, quick: bool) -> Result:
    """A finished 2★ map with a region cut in two, a region missing, half the regions, an id
    past the last region or below -1, as analyze/ and fix/: none may become a job (they took
    the builder's worker's places, 202/201). An analysis answers its problems at once (200,
    as for any painting with problems: the page shows the cells), a fix a 400 naming it."""
    from tests.support import broken_maps

    before = jobs_made(stack)
    answers = []
    for name, board in broken_maps(a_fresh_star_board(stack), stars=2).items():
        client = Client(stack.url)
        for path in ("/api/builder/analyze/", "/api/builder/fix/"):
            answer = client.post(path, {"regions": board, "stars": 2})
            answers.append((name, path.split("/")[3], answer))
    made = jobs_made(stack) - before

    def named(answer) -> bool:
        try:
            data = answer.json()
        except json.JSONDecodeError:
            return False
        if answer.status == 200:  # an analysis: its problems, no count
            return bool(data.get("problems")) and data.get("solution_count") is None
        return answer.status == 400 and "region" in data.get("detail", "").lower()

    wrong = [f"{name} {kind} {answer.status}" for name, kind, answer in answers
             if not named(answer) or (kind == "fix" and answer.status != 400)]
    statuses = ", ".join(f"{name} {kind} {answer.status}" for name, kind, answer in answers)
    return Result(28, "broken 2-star maps (a region in two pieces, one missing, half of them, "
                  "ids out of range) sent to analyze/ and fix/", not wrong and made == 0,
                  f"{statuses}; {made} jobs made" + (f"; wrong: {', '.join(wrong)}"
                                                     if wrong else ""))
