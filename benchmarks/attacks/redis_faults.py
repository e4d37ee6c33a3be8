"""Redis stopped, hung and restarted under the stack (rows 3, 19)."""

from __future__ import annotations

import os
import signal
import time
from contextlib import contextmanager

from benchmarks.attacks.common import (
    Client,
    Result,
    a_level,
    an_account,
    row,
    sign_in,
    signed_in,
)


@contextmanager
def redis_stopped(stack):
    stack.redis.stop()
    try:
        yield
    finally:
        stack.redis.start()


@contextmanager
def redis_hung(stack):
    os.kill(stack.redis.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(stack.redis.process.pid, signal.SIGCONT)


def a_signed_in_player_plays(stack, player: Client, level: dict,
                             account: tuple[str, str]) -> list[tuple[str, int]]:
    """A signed-in player's round: the board, a check, their page, /api/me/; then a sign-in
    and a sign-up of others. Each (what, status), a failure as 599."""
    path = f"/api/levels/{level['size']}/{level['id']}/"
    steps = [("level page", lambda: player.get(f"/levels/{level['id']}/")),
             ("check", lambda: player.post(path + "check/", {"queens": [[0, 0]]})),
             ("/api/me/", lambda: player.get("/api/me/")),
             ("/me/", lambda: player.get("/me/")),
             ("sign-in", lambda: sign_in(Client(stack.url), *account)),
             ("sign-up page", lambda: Client(stack.url).get("/accounts/signup/")),
             ("reset page", lambda: Client(stack.url).form(
                 "/accounts/password/reset/", {"email": "nobody@example.com"}))]
    answers = []
    for what, step in steps:
        try:
            answers.append((what, step().status))
        except OSError:
            answers.append((what, 599))
    return answers


@row(3)
def redis_stops_or_hangs(stack, quick: bool) -> Result:
    level = a_level(stack, 6)
    email, password = an_account(stack, "Steady")
    player = Client(stack.url, timeout=10)
    signed_in(player, email, password)
    seen = {}
    for fault, during in (("stopped", redis_stopped), ("hung", redis_hung)):
        with during(stack):
            time.sleep(1)
            began = time.monotonic()
            seen[fault] = a_signed_in_player_plays(stack, player, level, (email, password))
            seen[fault + " s"] = time.monotonic() - began
        stack.wait_ready(timeout=30)
    failures = [f"{fault}: {what} {status}" for fault in ("stopped", "hung")
                for what, status in seen[fault] if status >= 500]
    return Result(3, "Redis stops or hangs", not failures,
                  f"a signed-in player's failures: {', '.join(failures) or 'none'} "
                  f"(rounds took {seen['stopped s']:.1f} s stopped, {seen['hung s']:.1f} s hung)")


def celery_errors(stack) -> int:
    """Tracebacks in the Celery services' logs (kombu's reconnect error among them)."""
    return sum(stack.log(name).count("Traceback") for name in ("worker", "builder", "beat"))


@row(19)
def redis_restarts(stack, quick: bool) -> Result:
    from benchmarks.attacks.builder import fix_until_settled, heavy_boards

    before, errors = dict(stack.restarts), celery_errors(stack)
    with redis_stopped(stack):
        time.sleep(5)
    time.sleep(20 if quick else 40)
    exits = {name: stack.restarts[name] - before.get(name, 0) for name in stack.restarts}
    # Whether a fix still gets done, not how fast: under a busy machine a heavy fix takes longer.
    fixed, took = fix_until_settled(Client(stack.url), heavy_boards(1)[0], timeout=90)
    held = not any(exits.values()) and fixed == "done"
    return Result(19, "restart Redis", held,
                  "Celery services that exited (restarted by the supervisor): "
                  + ", ".join(f"{name} {count}x" for name, count in exits.items())
                  + f"; {celery_errors(stack) - errors} tracebacks in their logs; a fix after: "
                  f"{fixed} in {took:.0f} s")
