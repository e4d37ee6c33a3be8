"""The attack suite (issue 34, "every surface holds"): `python -m benchmarks.attacks`.

Stands the stack up as compose runs it (tests/stack/stack.py: PostgreSQL, Redis, the two
gunicorn pools, Celery worker, builder and beat, nginx on an address of its own) and makes
each attack of the issue's table against it from loopback addresses, as an outsider's
script would (http.client, the websockets library, raw sockets), bounded in count and time.
Each row prints held or NOT held with what it measured; a flood row also runs a normal
player checking a board through the edge, whose p99 must stay under 300 ms.
tests/stack/test_attacks.py runs the same rows as tests."""

from benchmarks.attacks import (
    builder,
    builder_queue,
    edge_answers,
    identity,
    names,
    outsider,
    rankings,
    redis_faults,
    sockets,
    solvable,
)
from benchmarks.attacks.common import ROWS, Result

# The order they run in: those that stop or kill a service late, the sign-up flood after
# the rows that sign up one account, and the wrong passwords last (today they lock every
# account's sign-in for 15 minutes, and the rows before sign in).
ORDER = (17, 20, 12, 18, 13, 10, 7, 21, 11, 15, 14, 2, 8, 22, 23, 24, 25, 4, 26, 28, 30, 29, 27,
         31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 5, 6, 9, 16, 3, 19, 1)

__all__ = ["ORDER", "ROWS", "Result", "builder", "builder_queue", "edge_answers", "identity",
           "names", "outsider", "rankings", "redis_faults", "sockets", "solvable"]
