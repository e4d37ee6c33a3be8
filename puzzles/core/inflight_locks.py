"""One costly request at a time per client address: a lock in Redis (SET NX with an expiry,
released only by its holder), and a lock in this process's memory whenever Redis is down,
hung or its circuit is open, so the limit never turns off. Held while a request decides
whether it may queue work (the per-address share of the builder's queue is then counted
without a race between two requests of the same address)."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from contextlib import contextmanager

from django.core.cache import cache

from puzzles.core.rate_limits import redis_client

log = logging.getLogger(__name__)

# Delete the key only if it still holds our token (an expired lock taken by another request
# is not ours to release).
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class _LocalLocks:
    """The fallback: this process's own locks, each with its expiry."""

    def __init__(self):
        self._lock = threading.Lock()
        self._held: dict[str, float] = {}

    def take(self, key: str, ttl_s: float) -> bool:
        now = time.monotonic()
        with self._lock:
            if self._held.get(key, 0.0) > now:
                return False
            if len(self._held) > 10_000:  # forget expired locks, never grow without bound
                self._held = {k: v for k, v in self._held.items() if v > now}
            self._held[key] = now + ttl_s
            return True

    def release(self, key: str) -> None:
        with self._lock:
            self._held.pop(key, None)


_local = _LocalLocks()


def _take(key: str, token: str, ttl_s: float):
    """(taken, the Redis client or None for this process's lock)."""
    try:
        client = redis_client()
        if client is not None:
            return bool(client.set(cache.make_key(key), token, nx=True,
                                   px=int(ttl_s * 1000))), client
    except Exception:
        log.warning("the shared lock store is unreachable; locking in this process",
                    exc_info=log.isEnabledFor(logging.DEBUG))
    return _local.take(key, ttl_s), None


@contextmanager
def held(scope: str, who: str, *, ttl_s: float = 10.0, wait_s: float = 0.0):
    """Yield True while this request holds the (scope, who) lock, False if another holds it
    still after `wait_s` seconds."""
    key = f"queens:inflight:{scope}:{who}"
    token = secrets.token_hex(8)
    deadline = time.monotonic() + wait_s
    taken, client = _take(key, token, ttl_s)
    while not taken and time.monotonic() < deadline:
        time.sleep(0.02)
        taken, client = _take(key, token, ttl_s)
    if client is not None:
        key = cache.make_key(key)
    try:
        yield taken
    finally:
        if taken:
            _release(client, key, token)


def _release(client, key: str, token: str) -> None:
    if client is None:
        _local.release(key)
        return
    try:
        client.eval(_RELEASE, 1, key, token)
    except Exception:  # it expires on its own
        log.warning("could not release %s", key, exc_info=log.isEnabledFor(logging.DEBUG))
