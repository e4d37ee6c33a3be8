"""What the edge answers an outsider itself: never a bare 502 while many addresses flood the
builder's analyses, and its own errors on /api/ in the API's JSON shape (rows 29, 30)."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from benchmarks.attacks.common import Client, Result, a_level, row

DESIGNED = {200, 202, 429, 503}  # an analysis, a job, a limit, a busy builder


def json_detail(answer) -> bool:
    """The API's error shape: {"detail": "<sentence>"} as JSON."""
    try:
        detail = answer.json().get("detail")
    except (json.JSONDecodeError, AttributeError):
        return False
    return answer.headers.get("content-type", "").startswith("application/json") \
        and isinstance(detail, str) and bool(detail)


def flood_boards(count: int) -> list[list[list[int]]]:
    """Paintings of no stored level: unfinished ones the web answers in microseconds (a round
    of them ends together, so the edge's connections then idle alike), Queens boards it
    analyses at once and a 14×14 3★ one the builder's worker analyses (a job)."""
    from generator_ext import generate

    boards = [generate(10, seed=2900 + i).regions for i in range(count)]
    unfinished = [[[-1 if (r + c) % 3 == 0 else g for c, g in enumerate(line)]
                   for r, line in enumerate(board)] for board in boards]
    return [*unfinished, *boards[:2], generate(14, seed=4343, stars=3).regions]


# Rounds paused about the app's keep-alive (5 s, gunicorn_conf.keepalive): the edge's
# pooled connections then sit idle as long as the app lets them, and one reused as the app
# closes it was a 502 (a POST is not tried again).
PAUSES_S = (4.97, 5.0, 5.02, 4.99, 5.04, 5.01, 4.98, 5.03, 5.0, 5.06, 4.96, 5.02)


@row(29)
def analyses_from_many_addresses(stack, quick: bool) -> Result:
    """Issue 37: rounds of 40 analyze/ at once, each from an address of its own (one 502
    came out of such a flood: "upstream reset", no traceback). Every answer must be
    designed: 200, 202, or a 429/503 with the API's JSON."""
    clients = [Client(stack.url, timeout=60) for _ in range(40)]
    boards = flood_boards(12)
    statuses: Counter = Counter()
    bad: list[str] = []
    a_level(stack, 6)  # the pools are filled: the flood meets the stack as it serves

    def analyze(i: int) -> None:
        board = boards[i % len(boards)]
        stars = 3 if len(board) == 14 else 1
        try:
            answer = clients[i].post("/api/builder/analyze/", {"regions": board,
                                                               "stars": stars})
        except OSError as error:
            statuses["no answer"] += 1
            bad.append(f"{type(error).__name__}")
            return
        statuses[answer.status] += 1
        if answer.status not in DESIGNED or (answer.status >= 400 and not json_detail(answer)):
            bad.append(f"{answer.status} {answer.body[:80]!r}")

    # And between the rounds, a steady stream of whole Queens analyses from a few more
    # addresses: the app's loop is busy as the idle connections reach its keep-alive.
    stop = threading.Event()

    def stream(client: Client) -> None:
        while not stop.is_set():
            try:
                answer = client.post("/api/builder/analyze/", {"regions": boards[-2]})
            except OSError:
                statuses["no answer"] += 1
                continue
            statuses[answer.status] += 1
            if answer.status not in DESIGNED or (answer.status >= 400
                                                 and not json_detail(answer)):
                bad.append(f"{answer.status} {answer.body[:80]!r}")
            stop.wait(0.15)  # under the edge's POST rate of one address

    streams = [threading.Thread(target=stream, args=(Client(stack.url, timeout=60),))
               for _ in range(6)]
    rounds = 8 if quick else 3 * len(PAUSES_S)
    for thread in streams:
        thread.start()
    try:
        with ThreadPoolExecutor(len(clients)) as pool:
            for pause in (PAUSES_S * 3)[:rounds]:
                list(pool.map(analyze, range(len(clients))))
                time.sleep(pause)
    finally:
        stop.set()
        for thread in streams:
            thread.join(timeout=70)
    return Result(29, f"{rounds} rounds of {len(clients)} analyze/ from as many addresses, "
                  "paused about the app's keep-alive", not bad,
                  f"{dict(statuses)}" + (f"; undesigned: {bad[:5]}" if bad else ""))


@row(30)
def the_edges_own_errors_on_the_api(stack, quick: bool) -> Result:
    """A body past the edge's 64 KiB and a POST burst past the edge's limit from one
    address: nginx answers these itself, and on /api/ in the API's JSON shape (its 413 was
    an HTML page)."""
    level = a_level(stack, 6)
    path = f"/api/levels/{level['size']}/{level['id']}/check/"
    too_big = Client(stack.url).request(
        "POST", path, body=b'{"queens": "' + b"x" * 100_000 + b'"}',
        headers={"Content-Type": "application/json"})
    client = Client(stack.url)
    with ThreadPoolExecutor(8) as pool:
        burst = list(pool.map(lambda _: client.post(path, {"queens": [[0, 0]]}), range(80)))
    limited = [answer for answer in burst if answer.status == 429]
    held = (too_big.status == 413 and json_detail(too_big) and bool(limited)
            and all(json_detail(answer) for answer in limited)
            and {answer.status for answer in burst} <= {200, 429})
    return Result(30, "an over-size body, and a POST burst past the edge's limit, on /api/",
                  held, f"413 {too_big.headers.get('content-type')} {too_big.body[:60]!r}; "
                  f"burst {dict(Counter(a.status for a in burst))}, 429s "
                  f"{'all JSON' if all(json_detail(a) for a in limited) else 'NOT all JSON'}")
