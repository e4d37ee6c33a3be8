"""Django's Redis cache, with one redis client per connection pool instead of a new one per
call (redis-py builds a client's response table on each construction, which cost more than
the round trip itself on the site's hottest paths), and a circuit breaker: once Redis fails
to answer, every call fails at once for two seconds instead of waiting out its timeout, so
a hung Redis costs a request microseconds, not seconds."""

import threading
import time

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

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


class QueensRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClient
