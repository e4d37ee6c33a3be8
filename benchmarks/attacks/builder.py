"""The level builder's costly work: analyses of near copies, motif starts, floods of fixes,
a stored level's solution through another rule, a fix whose worker dies, and analyses of an
honest Star Battle board, and paintings that hold every stored level's solution (rows 4, 5,
6, 10, 16, 26, 35)."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import signal
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from benchmarks.attacks.common import (
    Client,
    Result,
    a_level,
    calm_p99,
    figures_ms,
    normal_player,
    percentile,
    player_held,
    row,
    solution_of,
    wait_for,
    within_target,
)
from tests.support import ambiguous_boards


def a_stored_level(stack, size: int, stars: int) -> tuple[list[list[int]], list]:
    """A size×size level with `stars` stars stored as the pools store them: its regions and
    solution (the attacker's copy of it: a level's regions are public)."""
    printed = stack.shell(
        "import json\n"
        "from generator_ext import generate\n"
        "from puzzles.levels.services.levels import save_generated_level\n"
        f"g = generate({size}, seed=3434, stars={stars})\n"
        "save_generated_level(g)\n"
        "print(json.dumps([g.regions, g.solution]))\n")
    regions, solution = json.loads(printed.strip().splitlines()[-1])
    return regions, solution


def one_cell_off(regions: list[list[int]], solution: list, stars: int = 1) -> list[list[int]]:
    """The same painting with one cell that holds no queen given its neighbour's colour, and
    still one solution: a near copy of a stored level, the one a copier would paint."""
    from generator_ext import count_solutions

    queens = {(r, c) for r, cols in enumerate(solution)
              for c in (cols if isinstance(cols, list) else [cols])}
    for r, line in enumerate(regions):
        for c in range(len(line) - 1):
            if (r, c) in queens or line[c] == line[c + 1]:
                continue
            copy = [list(row) for row in regions]
            copy[r][c] = line[c + 1]
            try:
                if count_solutions(copy, "touch", limit=2, stars=stars) == 1:
                    return copy
            except ValueError:  # a region cut in two
                continue
    raise RuntimeError("no near copy with one solution")


def analyses_flood(stack, board: list[list[int]], seconds: float) -> tuple[dict, dict]:
    """Rounds of 16 concurrent 3★ analyze/ of `board` from one address with fresh cookies,
    a second apart, while a normal player checks a board: (seconds by status, the
    player's figures)."""
    level = a_level(stack, 6)
    attacker = Client(stack.url).address
    timings: dict[int, list[float]] = {}

    def analyze(_: int) -> None:
        answer = Client(stack.url, address=attacker, timeout=60).post(
            "/api/builder/analyze/", {"regions": board, "rule": "touch", "stars": 3})
        timings.setdefault(answer.status, []).append(answer.seconds)

    with normal_player(stack, level) as player, ThreadPoolExecutor(16) as pool:
        began = time.monotonic()
        while time.monotonic() - began < seconds:
            started = time.monotonic()
            list(pool.map(analyze, range(16)))
            time.sleep(max(0.0, 1 - (time.monotonic() - started)))
    return timings, player


@row(4)
def analyses_of_a_near_copy(stack, quick: bool) -> Result:
    board = one_cell_off(*a_stored_level(stack, 14, 3), stars=3)
    timings, player = analyses_flood(stack, board, 10 if quick else 30)
    return Result(4, "16 concurrent builder analyze/ of a 14x14 3-star near copy, fresh "
                  "cookies", player_held(player),
                  "analyses: " + "; ".join(f"{len(t)} answered {status}, {figures_ms(t)}"
                                           for status, t in sorted(timings.items())), player)


@row(26)
def analyses_of_an_honest_star_board(stack, quick: bool) -> Result:
    """Issue 36: row 4's flood with a board the builder analyses in full (a 14×14 3★ map
    of no stored level, so no copy check cuts it short): each answer is a count, a rating
    and a design score."""
    from generator_ext import generate

    board = generate(14, seed=4343, stars=3).regions  # made here, never stored
    timings, player = analyses_flood(stack, board, 10 if quick else 30)
    # Accepted as jobs on the builder's worker (202), one in flight per address; the rest
    # are refused with a reason (429 past the limits, 503 while this address's job runs).
    accepted = len(timings.get(202, [])) + len(timings.get(200, []))
    unexpected = set(timings) - {200, 202, 429, 503}
    return Result(26, "16 concurrent builder analyze/ of an honest 14x14 3-star board, fresh "
                  "cookies", accepted > 0 and not unexpected and player_held(player),
                  "analyses: " + "; ".join(f"{len(t)} answered {status}, {figures_ms(t)}"
                                           for status, t in sorted(timings.items())), player)


def get_probe(stack, stop: threading.Event, timings: list[float]) -> None:
    """A reader's GETs through the edge, four a second: /healthz and a random level."""
    client = Client(stack.url, timeout=15)
    for path in itertools.cycle(("/healthz", "/api/levels/6/")):
        if stop.is_set():
            return
        try:
            answer = client.get(path)
            timings.append(answer.seconds if answer.status == 200 else 15.0)
        except OSError:
            timings.append(15.0)
        stop.wait(0.25)


# Under their limit, as the row has it: each address at the edge's costly rate (a
# flood past it is the edge's to refuse: tests/stack/test_limits.py floods fixes so).
def job_settled(client: Client, path: str) -> bool:
    answer = client.get(path)
    return answer.status != 200 or answer.json().get("status") in ("done", "failed")


STARTERS = 16
STARTER_PAUSE_S = 2.0


@row(5)
def motif_starts(stack, quick: bool) -> Result:
    from generator_ext import motifs

    level = a_level(stack, 6)
    names = list(motifs())
    seconds = 15 if quick else 40
    statuses: Counter = Counter()
    took: list[float] = []
    healthz: list[float] = []
    started_jobs: list[tuple[Client, str]] = []
    stop = threading.Event()

    def starter() -> None:
        client = Client(stack.url, timeout=30)  # an address of its own, under its limit
        while not stop.is_set():  # at the edge's pace for costly starts (30 a minute)
            size = random.choice((12, 14, 16))
            answer = client.get(f"/api/builder/motif/?size={size}&motif={random.choice(names)}")
            statuses[answer.status] += 1
            took.append(answer.seconds)
            if answer.status == 202:
                started_jobs.append((client, answer.json()["key"]))
            stop.wait(max(0.0, STARTER_PAUSE_S - answer.seconds))

    calm_client = Client(stack.url, timeout=15)
    healthz_calm = calm_p99(lambda: calm_client.get("/healthz"))
    prober = threading.Thread(target=get_probe, args=(stack, stop, healthz))
    starters = [threading.Thread(target=starter) for _ in range(STARTERS)]
    with normal_player(stack, level) as player:
        prober.start()
        for thread in starters:
            thread.start()
        time.sleep(seconds)
        stop.set()
        for thread in [prober, *starters]:
            thread.join(timeout=40)
    held = player_held(player) and within_target(percentile(healthz, 0.99), healthz_calm)
    # The row leaves the builder's worker as it found it: the next row measures its queue.
    for client, key in started_jobs:
        wait_for(lambda c=client, k=key: job_settled(c, f"/api/builder/motif/{k}/"), timeout=90)
    return Result(5, "builder motif starts under their limit", held,
                  f"{sum(statuses.values())} motif starts (12-16) from {STARTERS} addresses "
                  f"{dict(statuses)}, each {figures_ms(took)}; GET /healthz "
                  f"{figures_ms(healthz)} (with a level's; calm p99 "
                  f"{1000 * healthz_calm:.0f} ms)", player)


def heavy_boards(count: int) -> list[list[list[int]]]:
    """16x16 maps with three or more solutions: a Make it unique of one takes the builder's
    worker a second or more."""
    return ambiguous_boards(count, solutions=3)


def fix_until_settled(client: Client, board, timeout: float) -> tuple[str, float]:
    """A Make it unique: its last status and how long it took to leave queued/running."""
    began = time.monotonic()
    answer = client.post("/api/builder/fix/", {"regions": board})
    if answer.status != 201:
        return f"refused {answer.status}", time.monotonic() - began
    key = answer.json()["key"]

    def settled():
        answer = client.get(f"/api/builder/fix/{key}/")
        status = answer.json().get("status") if answer.status == 200 else None
        return status if status in ("done", "failed") else None

    return (wait_for(settled, timeout, every=0.5) or "unfinished"), time.monotonic() - began


@row(6)
def heavy_fixes_from_one_address(stack, quick: bool) -> Result:
    level = a_level(stack, 6)
    boards = heavy_boards(8)
    attacker = Client(stack.url).address
    window = 20 if quick else 60
    statuses: Counter = Counter()
    with normal_player(stack, level) as player:
        for i in range(33):  # 33 in the window, each a new player of the same address
            answer = Client(stack.url, address=attacker).post(
                "/api/builder/fix/", {"regions": boards[i % len(boards)]})
            statuses[answer.status] += 1
            time.sleep(window / 33)
        other, took = fix_until_settled(Client(stack.url), boards[0], timeout=60)
    held = other == "done" and took <= 15 and player_held(player)
    return Result(6, "33 heavy fixes a minute from one address", held,
                  f"the flood {dict(statuses)}; another player's Make it unique: {other} "
                  f"after {took:.0f} s", player)


def is_the_solution(candidate, solution: list) -> bool:
    if candidate == solution:
        return True
    try:
        return [c for _, c in sorted(candidate)] == solution
    except (TypeError, ValueError):
        return False


@row(10)
def a_stored_touch_level_as_classic(stack, quick: bool) -> Result:
    import psycopg

    wanted = 15 if quick else 60

    def stored(least: int):  # which ids to try (an outsider walks them through the API)
        with psycopg.connect(stack.postgres.url) as db:
            found = db.execute(
                "SELECT id, size FROM puzzles_level WHERE rule = 'touch' AND stars = 1 "
                "AND size <= 7 ORDER BY id LIMIT %s", [wanted]).fetchall()
        return found if len(found) >= least else None

    ids = wait_for(lambda: stored(wanted), 120, every=2) or stored(0)  # the pools fill
    client = Client(stack.url)
    leaks = 0
    statuses: Counter = Counter()
    for level_id, size in ids:
        regions = client.get(f"/api/levels/{size}/{level_id}/").json()["regions"]
        answer = client.post("/api/builder/analyze/", {"regions": regions, "rule": "classic"})
        time.sleep(0.12)  # under the edge's POST rate
        statuses[answer.status] += 1
        solution = solution_of(stack, level_id)
        if answer.status == 200 and any(is_the_solution(s, solution)
                                        for s in answer.json().get("solutions", [])):
            leaks += 1
    return Result(10, "builder analyze/ of a stored touch level's regions, rule classic",
                  leaks == 0 and bool(ids),
                  f"{len(ids)} stored touch levels (4-7) analysed as classic {dict(statuses)}: "
                  f"{leaks} answers carry the stored solution")


def builder_children(stack) -> list[int]:
    """The builder's Celery processes (the main one and its pool)."""
    main = stack.processes["builder"].pid
    children = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if os.getpgid(int(pid)) == main:
                    children.append(int(pid))
            except OSError:
                pass
    return children


@row(16)
def a_builder_worker_killed_during_a_fix(stack, quick: bool) -> Result:
    boards = heavy_boards(5)
    jobs = []  # (its player, its key): a job is read by the player who asked for it
    for board in boards:
        client = Client(stack.url)
        answer = client.post("/api/builder/fix/", {"regions": board})
        if answer.status == 201:
            jobs.append((client, answer.json()["key"]))

    seen: dict[str, str] = {}

    def status_of(job) -> str:
        """The job's status; the last one seen while its reads are throttled."""
        client, key = job
        answer = client.get(f"/api/builder/fix/{key}/")
        if answer.status == 200:
            seen[key] = answer.json()["status"]
        return seen.get(key, f"HTTP {answer.status}")

    running = wait_for(lambda: any(status_of(j) == "running" for j in jobs), 30, every=0.25)
    restarts = stack.restarts.get("builder", 0)
    for pid in builder_children(stack):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    # The sweep fails a job running past QUEENS_BUILDER_JOB_LIMIT_S (60 s), every 15 s.
    bound = 100 if quick else 150
    settled = wait_for(lambda: all(status_of(j) in ("done", "failed") for j in jobs), bound,
                       every=1)
    final = Counter(status_of(j) for j in jobs)
    return Result(16, "kill -9 builder worker during a fix", bool(running and settled),
                  f"{len(jobs)} fixes, one {'seen' if running else 'never seen'} running; "
                  f"builder killed (restarted {stack.restarts.get('builder', 0) - restarts}x); "
                  f"{bound} s later: {dict(final)}")


STRIPES_N, STRIPES_LEVELS = 12, 300


@row(35)
def stripes_against_many_stored_levels(stack, quick: bool) -> Result:
    """Found by the outside attacker: a painting of one region per row holds the solution
    of every stored level of its size under all 8 turns, and the near-copy check compared
    it with each in pure Python, on the web thread, before any limit of the engine's (3.7 s
    a request at 200 stored 16×16 levels; 4 at once from one address took the player's
    check p99 to 1.8 s). Rounds of 4 concurrent analyze/ (the edge's cap for one address)
    of a 12×12 stripes painting against 300 stored 12×12 levels: the answers' median under
    150 ms (before the fix, 1 ms a stored level: 144 ms at 150), the player's check held."""
    stack.shell(
        "from generator_ext import generate\n"
        "from puzzles.levels.services.levels import save_generated_level\n"
        f"for seed in range({STRIPES_LEVELS}):\n"
        f"    save_generated_level(generate({STRIPES_N}, seed=50_000 + seed))\n")
    stripes = [[r] * STRIPES_N for r in range(STRIPES_N)]
    level = a_level(stack, 6)
    attacker = Client(stack.url).address
    timings: dict[int, list[float]] = {}

    def analyze(_: int) -> None:
        answer = Client(stack.url, address=attacker, timeout=60).post(
            "/api/builder/analyze/", {"regions": stripes, "rule": "touch"})
        timings.setdefault(answer.status, []).append(answer.seconds)

    with normal_player(stack, level) as player, ThreadPoolExecutor(4) as pool:
        began = time.monotonic()
        while time.monotonic() - began < (10 if quick else 30):
            list(pool.map(analyze, range(4)))
    answered = [t for status, times in timings.items() if status < 500 for t in times]
    return Result(35, f"4 concurrent analyze/ of a {STRIPES_N}x{STRIPES_N} stripes painting "
                  f"(holds all {STRIPES_LEVELS} stored levels' solutions), one address",
                  bool(answered) and percentile(answered, 0.5) < 0.15 and player_held(player),
                  "analyses: " + "; ".join(f"{len(t)} answered {status}, {figures_ms(t)}"
                                           for status, t in sorted(timings.items())), player)
