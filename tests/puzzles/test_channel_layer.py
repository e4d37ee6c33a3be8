"""The rooms' channel layer across a Redis restart, on a redis-server of the test's own: the
first use of a pooled connection the restarted Redis closed fails, and a join is tried again
(a socket opened after a restart got a 500 from its join on the stack)."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from queensgame.channel_layer import PatientRedisChannelLayer
from tests.support import RedisServer

pytestmark = pytest.mark.redis  # a redis-server binary (skipped, loudly, on a machine without)


def test_a_join_and_a_leave_after_a_redis_restart_go_through(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    try:
        layer = PatientRedisChannelLayer(hosts=[{"address": server.url}])

        async def before():
            await layer.group_add("room.A", "first")  # a pooled connection, now open

        async def after():
            await layer.group_add("room.A", "second")  # that connection, closed by Redis
            await layer.group_discard("room.A", "first")
            connection = layer.connection(layer.consistent_hash("room.A"))
            members = await connection.zrange(layer._group_key("room.A"), 0, -1)
            await layer.close_pools()
            return members

        async def restart():
            await asyncio.to_thread(server.stop)
            await asyncio.to_thread(server.start)  # the same port: the pool's connection
            # is stale, not refused

        async def whole():
            await before()
            await restart()
            return await after()

        # On a thread of its own: a browser test's Playwright may have left an event loop
        # running on this one (the same xdist worker).
        with ThreadPoolExecutor(1) as thread:
            assert thread.submit(asyncio.run, whole()).result(timeout=60) == [b"second"]
    finally:
        server.stop()
