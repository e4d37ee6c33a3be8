""""Solvable?" (issue 40) as an outside attacker meets it: what a script learns of a board
before it answers, besides solving it (rows 39, 40). Which dealt board is a trap is read
from the database only to score the row, never by the attacker."""

from __future__ import annotations

import time
from collections import Counter

from benchmarks.attacks.common import Client, Result, row

SIZE = 6  # "Solvable?"'s easy boards (vocabulary.SOLVABLE_SIZES)
# Easy 6×6 traps whose moved cell was its region's first (stored as made, their regions
# were numbered out of the engine's order), and others.
TRAP_SEEDS = (16, 21, 27, 1, 2)
BOARD_SEEDS = (1, 2, 3, 4, 5)  # five of each: a run draws 0 to 5 traps (trap_count)
POST_GAP_S = 0.15  # under the edge's POST rate of one address
RUNS = 4


def stock_solvable(stack) -> None:
    """The easy pools of "Solvable?", as the worker's runs store them."""
    stack.shell(
        "from generator_ext import generate\n"
        "from puzzles.core.vocabulary import Kind\n"
        "from puzzles.levels.services.levels import save_generated_level as save\n"
        f"for seed in {BOARD_SEEDS}:\n"
        f"    save(generate({SIZE}, seed=seed, tier='easy'), kind=Kind.SOLVABLE)\n"
        f"for seed in {TRAP_SEEDS}:\n"
        f"    save(generate({SIZE}, seed=seed, tier='easy', trap=True))\n")


def board_kinds(stack, key: str) -> list[str]:
    import psycopg

    with psycopg.connect(stack.postgres.url) as db:
        return [kind for (kind,) in db.execute(
            "SELECT l.kind FROM puzzles_solvableboard b JOIN puzzles_solvablerun r ON "
            "r.id = b.run_id JOIN puzzles_level l ON l.id = b.level_id WHERE r.key = %s "
            "ORDER BY b.position", [key])]


def a_run(stack, client: Client) -> dict:
    answer = client.post("/api/solvable/runs/", {"tier": "easy"})
    if answer.status != 201:
        raise RuntimeError(f"no run dealt ({answer.status}): {answer.text[:200]}")
    return answer.json()


@row(39)
def a_trap_told_by_a_hints_refusal(stack, quick: bool) -> Result:
    """A hint asked with a queen and a cross on one cell: the engine refused those marks on
    a level (a free 400) and a trap's proof step answered them (a 200): one request, before
    any answer, said which boards were traps. Every board must answer it alike."""
    stock_solvable(stack)
    client = Client(stack.url)
    run = a_run(stack, client)
    kinds = board_kinds(stack, run["key"])
    seen: dict[str, Counter] = {"trap": Counter(), "solvable": Counter()}
    for position, kind in enumerate(kinds):
        base = f"/api/solvable/runs/{run['key']}/boards/{position}/"
        hint = client.post(base + "hint/", {"queens": [[0, 0]], "crosses": [[0, 0]]})
        seen[kind][(hint.status, hint.text)] += 1
        time.sleep(POST_GAP_S)
        client.post(base + "answer/", {"answer": "no_solution", "units": [["row", 0]]})
        time.sleep(POST_GAP_S)
    answers = set(seen["trap"]) | set(seen["solvable"])
    return Result(39, "tell a trap by a hint's refusal: a queen and a cross on one cell",
                  len(answers) == 1 and all(status == 400 for status, _ in answers),
                  "; ".join(f"{kind}: " + ", ".join(f"{status} ×{count}" for (status, _), count
                                                    in counter.items())
                            for kind, counter in seen.items()))


def walk(client: Client, run: dict):
    """Each board of a run as it is dealt (the next comes with the answer before it), each
    answered with a claim."""
    board = run["boards"][0]
    while board:
        yield board
        time.sleep(POST_GAP_S)
        answer = client.post(f"/api/solvable/runs/{run['key']}/boards/{board['position']}"
                             "/answer/", {"answer": "no_solution", "units": [["row", 0]]})
        board = answer.json()["next"]


def in_order(regions) -> bool:
    """Numbered in row-major order of first appearance (the engine numbers its levels so)."""
    seen = list(dict.fromkeys(g for line in regions for g in line))
    return seen == sorted(seen)


@row(40)
def a_trap_told_by_its_region_numbers(stack, quick: bool) -> Result:
    """The level JSON alone, no solver: a trap made by moving one cell kept its level's
    region numbers, out of the engine's order when the cell was its region's first (a
    community trap the painter's). A board numbered out of order was a trap. Reads the runs
    a few fresh cookies are dealt, and every board of the mode stored."""
    import psycopg

    stock_solvable(stack)
    out_of_order: Counter = Counter()
    dealt: Counter = Counter()
    for _ in range(2 if quick else RUNS):
        client = Client(stack.url)
        run = a_run(stack, client)
        for board, kind in zip(walk(client, run), board_kinds(stack, run["key"]), strict=True):
            dealt[kind] += 1
            out_of_order[kind] += not in_order(board["regions"])
    with psycopg.connect(stack.postgres.url) as db:
        stored = Counter(kind for kind, regions in db.execute(
            "SELECT kind, regions FROM puzzles_level WHERE kind IN ('trap', 'solvable')")
            if not in_order(regions))
    return Result(40, "tell a trap by its regions' numbering in the level JSON",
                  not out_of_order.total() and not stored.total(),
                  f"dealt out of order: {dict(out_of_order)} of {dict(dealt)}; stored boards "
                  f"of the mode out of order: {dict(stored) or 0}")


@row(41)
def a_trap_told_by_a_wrong_queens_hint(stack, quick: bool) -> Result:
    """A hint asked with one queen in row 0: on a level the engine's hint() called a queen
    off the solution a mistake, on a trap (no solution) it never did; a wrong guess on each
    board told most traps for a hint's price. Counts the mistakes each kind answers."""
    stock_solvable(stack)
    mistakes: Counter = Counter()
    asked: Counter = Counter()
    for column in range(3 if quick else SIZE):
        client = Client(stack.url)
        run = a_run(stack, client)
        kinds = board_kinds(stack, run["key"])
        for board, kind in zip(walk(client, run), kinds, strict=False):
            hint = client.post(f"/api/solvable/runs/{run['key']}/boards/{board['position']}"
                               "/hint/", {"queens": [[0, column]], "crosses": []})
            asked[kind] += 1
            mistakes[kind] += hint.status == 200 and hint.json()["technique"] == "mistake"
    return Result(41, "tell a trap by the hint a wrong queen gets",
                  not mistakes.total(),
                  f"mistakes answered: {dict(mistakes) or 0} of hints asked {dict(asked)}")


@row(42)
def later_boards_studied_on_an_earlier_boards_clock(stack, quick: bool) -> Result:
    """A run sent all five boards at once while each board's clock started at the answer
    before it: board five could be studied (or handed to a solver) on board one's time.
    Counts the boards a fresh run shows before any answer, by its start and by a read."""
    stock_solvable(stack)
    client = Client(stack.url)
    run = a_run(stack, client)
    read = client.get(f"/api/solvable/runs/{run['key']}/").json()
    shown = {len(run["boards"]), len(read["boards"])}
    return Result(42, "see a run's later boards before answering the first",
                  shown == {1}, f"boards shown before any answer: {sorted(shown)} of "
                  f"{run.get('total', len(run['boards']))}")


@row(43)
def a_trap_told_by_a_hint_on_a_queen_everywhere(stack, quick: bool) -> Result:
    """A hint asked with a queen on every cell: the marks "showed" every step of the board's
    logic, past which a level had no step (a free 400) and a trap its contradiction (a 200
    naming the units to claim): one hint told each trap and answered it. Crosses on every
    cell too. Every board must answer each alike, with no charge."""
    stock_solvable(stack)
    seen: dict[str, Counter] = {"trap": Counter(), "solvable": Counter()}
    cells = [[r, c] for r in range(SIZE) for c in range(SIZE)]
    for marks in ({"queens": cells, "crosses": []}, {"queens": [], "crosses": cells}):
        for _ in range(1 if quick else 2):
            client = Client(stack.url)
            run = a_run(stack, client)
            kinds = board_kinds(stack, run["key"])
            for board, kind in zip(walk(client, run), kinds, strict=False):
                hint = client.post(f"/api/solvable/runs/{run['key']}/boards/"
                                   f"{board['position']}/hint/", marks)
                seen[kind][(hint.status, hint.text)] += 1
    answers = set(seen["trap"]) | set(seen["solvable"])
    return Result(43, "tell a trap by a hint on a queen (or a cross) on every cell",
                  len(answers) == 2 and all(status == 400 for status, _ in answers),
                  "; ".join(f"{kind}: " + ", ".join(
                      f"{status} {'contradiction' if 'no_solution' in text else ''}×{count}"
                      for (status, text), count in counter.items())
                      for kind, counter in seen.items()))


@row(44)
def a_dealt_board_pasted_into_the_builder(stack, quick: bool) -> Result:
    """A dealt board's regions sent to the builder: its analysis gave an ordinary board's
    solution and a trap's `trap: true` with its proof, and publishing it said "no solution"
    for a trap alone. Sends each dealt board as it is, mirrored and with one cell repainted,
    to analyze, and as it is to publish; every answer must be the same for both kinds and
    carry no analysis."""
    stock_solvable(stack)
    seen: dict[str, Counter] = {"trap": Counter(), "solvable": Counter()}
    for _ in range(RUNS):  # until both kinds were dealt (a run may draw no trap)
        if all(seen.values()):
            break
        client = Client(stack.url)
        run = a_run(stack, client)
        for board, kind in zip(walk(client, run), board_kinds(stack, run["key"]),
                               strict=False):
            pasted(client, board["regions"], seen[kind])
    told = {(route, status, "solution_count" in text or "no solution" in text)
            for counter in seen.values() for route, status, text in counter}
    answers = {(route, text) for counter in seen.values() for route, _, text in counter}
    return Result(44, "tell a trap (or read its answer) by pasting a dealt board into the builder",
                  all(status == 400 and not analysis for _, status, analysis in told)
                  and len(answers) == 2,
                  "; ".join(f"{kind}: " + ", ".join(
                      f"{route} {status}{' analysed' if 'solution_count' in text else ''}"
                      f"{' no-solution' if 'no solution' in text else ''} ×{count}"
                      for (route, status, text), count in counter.items())
                      for kind, counter in seen.items()))


def pasted(client: Client, regions: list, seen: Counter) -> None:
    """A board's regions analysed as they are, mirrored and with one cell repainted, and
    published as they are: each answer counted in `seen`."""
    mirrored = [[SIZE - 1 - g for g in reversed(line)] for line in regions]
    moved = [list(line) for line in regions]
    moved[0][0] = moved[0][1] if moved[0][1] != moved[0][0] else moved[1][0]
    for painting in (regions, mirrored, moved):
        answer = client.post("/api/builder/analyze/", {"regions": painting, "rule": "touch"})
        seen[("analyze", answer.status, answer.text)] += 1
    answer = client.post("/api/builder/publish/", {"regions": regions, "rule": "touch",
                                                   "title": "Copy"})
    seen[("publish", answer.status, answer.text)] += 1
