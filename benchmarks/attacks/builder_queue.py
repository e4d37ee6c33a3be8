"""What the builder's worker queue takes from outsiders: many addresses' fixes filling it
while an honest maker asks for an analysis, and broken maps sent as jobs (rows 27, 28)."""

from __future__ import annotations

import json
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from benchmarks.attacks.common import Client, Result, row, wait_for


def jobs_made(stack) -> int:
    import psycopg

    with psycopg.connect(stack.postgres.url) as db:
        return db.execute("SELECT count(*) FROM puzzles_fixjob").fetchone()[0]


def a_fresh_star_board(stack, size: int = 10, stars: int = 2, seed: int = 2828):
    """A k-star map of no stored level, made here (a maker's own painting)."""
    from generator_ext import generate

    return generate(size, seed=seed, stars=stars).regions


HONEST_BOUND_S = 10  # a newcomer's analysis under the flood: asked, queued and answered


def job_ended(client: Client, url: str):
    """The job's status once done or failed, else None (its player polls it)."""
    polled = client.get(url)
    status = polled.json().get("status") if polled.status == 200 else None
    return status if status in ("done", "failed") else None


def analysis_until_answered(client: Client, board, stars: int, timeout: float = 90):
    """A maker's analysis as the builder page asks it: a 503 asked again a second later, a
    job polled until it ends. (its last status, seconds from the first ask, 503s met)."""
    began, refused = time.monotonic(), 0
    while time.monotonic() - began < timeout:
        answer = client.post("/api/builder/analyze/", {"regions": board, "stars": stars})
        if answer.status == 503:
            refused += 1
            time.sleep(1)
            continue
        if answer.status != 202:
            return f"HTTP {answer.status}", time.monotonic() - began, refused
        url = answer.json()["url"]
        status = wait_for(lambda u=url: job_ended(client, u),
                          timeout - (time.monotonic() - began), every=0.25)
        return status or "unfinished", time.monotonic() - began, refused
    return "refused", time.monotonic() - began, refused


@row(27)
def the_builder_queue_from_many_addresses(stack, quick: bool) -> Result:
    """Issue 37: 33 Make it unique of heavy boards, each from an address of its own (one in
    flight per address), filled the builder's whole queue; a maker's analysis of a k-star
    board was refused (503), then waited 57 s behind them. It must be answered within
    HONEST_BOUND_S while the flood's jobs wait."""
    from benchmarks.attacks.builder import heavy_boards

    boards = heavy_boards(8)
    honest_board = a_fresh_star_board(stack, size=14, stars=3, seed=2727)
    flooders = [Client(stack.url, timeout=30) for _ in range(33)]

    def fix(i: int) -> tuple[int, str]:
        answer = flooders[i].post("/api/builder/fix/", {"regions": boards[i % len(boards)]})
        return answer.status, answer.json().get("url", "") if answer.status == 201 else ""

    with ThreadPoolExecutor(11) as pool:
        flood = list(pool.map(fix, range(len(flooders))))
    status, took, refused = analysis_until_answered(Client(stack.url, timeout=30),
                                                    honest_board, stars=3)
    # The flood's jobs not ended as the maker's analysis was: it went ahead of them.
    behind = sum(1 for (_, url), client in zip(flood, flooders, strict=True)
                 if url and not job_ended(client, url))
    # The row leaves the builder's worker as it found it: the next rows measure its queue.
    settled = Counter()
    for (_, url), client in zip(flood, flooders, strict=True):
        if url:
            settled[wait_for(lambda c=client, u=url: job_ended(c, u), 120, every=1)
                    or "unfinished"] += 1
    held = status == "done" and took <= HONEST_BOUND_S
    return Result(27, "33 heavy fixes from 33 addresses, then a maker's 14x14 3-star "
                  "analysis", held,
                  f"the flood {dict(Counter(code for code, _ in flood))}; the maker's "
                  f"analysis: {status} after {took:.1f} s ({refused} refused 503 first), "
                  f"{behind} of the flood's jobs still waiting then; "
                  f"the flood's jobs then {dict(settled)}")


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
