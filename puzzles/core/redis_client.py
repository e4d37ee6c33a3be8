"""The shared cache's Redis client, for what needs Redis itself rather than the cache's get
and set (rate-limit counters, in-flight locks, the leaderboards' sorted sets): the one place
that reaches into the cache backend for it."""

from django.core.cache import caches


def redis_client():
    """The shared cache's redis client (guarded by its circuit breaker), or None."""
    backend = caches["default"]  # the backend itself (`cache` is a proxy of another type)
    client_of = getattr(getattr(backend, "_cache", None), "get_client", None)
    if client_of is None or not type(backend).__name__.endswith("RedisCache"):
        return None
    return client_of(write=True)
