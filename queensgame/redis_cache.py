"""Django's Redis cache, with one redis client per connection pool instead of a new one per
call (redis-py builds a client's response table on each construction, which cost more than
the round trip itself on the site's hottest paths), and a circuit breaker: once Redis fails
to answer, every call fails at once for two seconds instead of waiting out its timeout, so
a hung Redis costs a request microseconds, not seconds.

While Redis is away (down, hung, its circuit open) a cache alias answers from its FALLBACK, a
cache of Django's own named in its OPTIONS: this process's memory (LocMemCache: allauth's
sign-in limits still count, per process), nothing (DummyCache: a read misses, a write is
dropped; the sessions read the database), or none (the error is the caller's, for code that
must never be answered from one process's memory, like the levels' change log). When Redis
answers again, the keys it missed writes to are deleted there (a session changed meanwhile is
read from the database, not from Redis's older copy) and the fallback starts empty."""

import logging
import threading
import time

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)

FAILURES = (redis.ConnectionError, redis.TimeoutError)


class CircuitBreaker:
    """Open for `cool_down_s` after a failure; then one call at a time tries Redis again."""

    def __init__(self, cool_down_s: float = 2.0):
        self.cool_down_s = cool_down_s
        self.open_until = 0.0
        self._trial = threading.Lock()

    def call(self, method, *args, **kwargs):
        if time.monotonic() < self.open_until:
            raise redis.ConnectionError("Redis did not answer moments ago; not asking yet")
        trying = self.open_until > 0  # the first call after a cool-down is the trial
        if trying and not self._trial.acquire(blocking=False):
            raise redis.ConnectionError("Redis is being tried again; not asking yet")
        try:
            result = method(*args, **kwargs)
        except FAILURES:
            self.open_until = time.monotonic() + self.cool_down_s
            raise
        finally:
            if trying:
                self._trial.release()
        self.open_until = 0.0
        return result


class GuardedClient:
    """A redis client whose every command goes through the breaker."""

    def __init__(self, client: redis.Redis, breaker: CircuitBreaker):
        self._client = client
        self._breaker = breaker

    def __getattr__(self, name):
        attribute = getattr(self._client, name)
        if not callable(attribute):
            return attribute

        def guarded(*args, **kwargs):
            return self._breaker.call(attribute, *args, **kwargs)

        return guarded


# Per process, not per cache object: Django makes a cache object per thread, and under ASGI
# every request has a thread of its own (a pool, a client and a breaker per request would
# mean a new Redis connection each time and a breaker that never remembers).
_shared: dict[tuple, object] = {}
_shared_lock = threading.Lock()


def _process_wide(key: tuple, make):
    found = _shared.get(key)
    if found is None:
        with _shared_lock:
            found = _shared.get(key)
            if found is None:
                found = _shared[key] = make()
    return found


class ReusedClient(RedisCacheClient):
    def __init__(self, servers, **options):
        super().__init__(servers, **options)
        self._server_key = tuple(servers)
        self.breaker = _process_wide(("breaker", self._server_key), CircuitBreaker)

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        return _process_wide(("client", self._server_key, index), lambda: GuardedClient(
            self._client(connection_pool=self._get_connection_pool(write)), self.breaker))


class Outage:
    """Per process, server and fallback: whether Redis failed since it last answered, and the
    keys it missed writes to (bounded: past that, a missed key's older copy may outlive the
    outage)."""

    MAX_KEYS = 100_000

    def __init__(self):
        self.lock = threading.Lock()
        self.down = False
        self.missed: set[str] = set()

    def failed(self, keys) -> None:
        with self.lock:
            self.down = True
            if len(self.missed) < self.MAX_KEYS:
                self.missed.update(keys)

    def end(self, client: RedisCacheClient, fallback) -> None:
        """Before Redis answers again: delete what it missed and empty the fallback, or
        raise while it is still away."""
        with self.lock:
            if not self.down:
                return
            redis_client = client.get_client(write=True)
            if self.missed:
                redis_client.delete(*self.missed)
            else:
                redis_client.ping()
            log.info("Redis answers again; %d key(s) it missed were deleted", len(self.missed))
            self.missed, self.down = set(), False
            if fallback is not None:
                fallback.clear()


class QueensRedisCache(RedisCache):
    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        fallback = options.pop("FALLBACK", None)
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = ReusedClient
        # A LocMemCache's memory is the process's, by name: every thread's object shares it.
        self._fallback = fallback and import_string(fallback)(
            f"queens-fallback:{server}", {"TIMEOUT": params.get("TIMEOUT", DEFAULT_TIMEOUT)})
        self._outage = _process_wide(("outage", str(server), fallback), Outage)

    def _either(self, name: str, *args, writes=()):
        """Redis's answer to `name`, else the fallback's; `writes` names the keys changed."""
        try:
            if self._outage.down:
                self._outage.end(self._cache, self._fallback)
            return getattr(RedisCache, name)(self, *args)
        except FAILURES:
            if self._fallback is None:
                raise
            self._outage.failed([self.make_key(key, version=args[-1]) for key in writes])
            return getattr(self._fallback, name)(*args)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("add", key, value, timeout, version, writes=[key])

    def get(self, key, default=None, version=None):
        return self._either("get", key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set", key, value, timeout, version, writes=[key])

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("touch", key, timeout, version, writes=[key])

    def delete(self, key, version=None):
        return self._either("delete", key, version, writes=[key])

    def get_many(self, keys, version=None):
        return self._either("get_many", keys, version)

    def has_key(self, key, version=None):
        return self._either("has_key", key, version)

    def incr(self, key, delta=1, version=None):
        return self._either("incr", key, delta, version, writes=[key])

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set_many", data, timeout, version, writes=list(data))

    def delete_many(self, keys, version=None):
        return self._either("delete_many", keys, version, writes=list(keys))
