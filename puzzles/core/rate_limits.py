"""Rate limits that hold: one atomic counter per (scope, who, window) in Redis (INCR and its
expiry in one Lua script, so 2,000 requests at once count to 2,000), and a per-process count
in memory whenever Redis is down, hung or its circuit is open, so a limit never turns off.
Without Redis (the embedded default) the shared database cache counts, best effort."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass

from django.core.cache import cache

from puzzles.core.redis_client import redis_client

log = logging.getLogger(__name__)

# Increment the window's counter and start its expiry on the first hit, atomically.
_HIT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
"""
PERIODS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600,
           "hour": 3600, "d": 86400, "day": 86400}


@dataclass(frozen=True)
class Rate:
    count: int
    period_s: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """'120/minute', '20/hour', '5/s': ValueError naming the problem otherwise."""
        count, _, period = text.partition("/")
        if not count.strip().isdigit() or period.strip() not in PERIODS:
            raise ValueError(f"a rate is a count per second, minute, hour or day, like "
                             f"'120/minute'; not {text!r}")
        return cls(int(count), PERIODS[period.strip()])


class _LocalCounts:
    """The fallback: this process's own windows (a limit per process while Redis is away)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._counts: dict[str, tuple[int, float]] = {}

    def hit(self, key: str, period_s: int) -> tuple[int, float]:
        now = time.monotonic()
        with self._lock:
            if len(self._counts) > 100_000:  # forget ended windows, never grow without bound
                self._counts = {k: v for k, v in self._counts.items() if v[1] > now}
            count, ends = self._counts.get(key, (0, 0.0))
            if ends <= now:
                count, ends = 0, now + period_s
            self._counts[key] = (count + 1, ends)
            return count + 1, ends - now


_local = _LocalCounts()


def hit(scope: str, who: str, rate: Rate) -> tuple[bool, float]:
    """Count one request of `who` in `scope`: (allowed, seconds until its window ends)."""
    window = int(time.time() // rate.period_s)
    key = f"queens:limit:{scope}:{who}:{window}"
    try:
        client = redis_client()
        if client is not None:
            count = int(client.eval(_HIT, 1, cache.make_key(key), rate.period_s * 1000))
        else:
            count = _database_hit(key, rate)
        wait = rate.period_s - time.time() % rate.period_s
    except Exception:
        log.warning("the shared counter store is unreachable; counting in this process",
                    exc_info=log.isEnabledFor(logging.DEBUG))
        count, wait = _local.hit(key, rate.period_s)
    return count <= rate.count, max(wait, 0.0)


def _database_hit(key: str, rate: Rate) -> int:
    if cache.add(key, 1, timeout=rate.period_s + 1):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.add(key, 1, timeout=rate.period_s + 1)
        return 1
