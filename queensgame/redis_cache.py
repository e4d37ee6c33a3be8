"""Django's Redis cache, with one redis client per connection pool instead of a new one per
call: redis-py builds a client's response table on each construction, which cost more than
the round trip itself on the site's hottest paths."""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusedClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:  # redis clients are thread-safe; a race makes one spare client
            client = self._clients[index] = self._client(
                connection_pool=self._get_connection_pool(write))
        return client


class QueensRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClient
