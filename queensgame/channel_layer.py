"""The race rooms' channel layer: channels_redis's, whose receive waits out a Redis blip.
Channels ends a consumer on the first error its channel's receive raises, and its WebSocket
closes with it: without this, a Redis restart drops every room socket of every process. Once
Redis answers again, the process's sockets rejoin their groups (a restarted Redis may have
lost them). A send, a join and a leave are tried twice (the first use of a pooled connection
the restarted Redis closed fails: a socket opened after a restart got a 500 from its join);
while Redis is away they fail, and the consumers catch and log them."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict

import redis
from channels_redis.core import RedisChannelLayer

log = logging.getLogger(__name__)
AWAY = (redis.ConnectionError, redis.TimeoutError, OSError)
MAX_WAIT_S = 2.0  # between tries while Redis is away


class PatientRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.joined: dict[str, set[str]] = defaultdict(set)  # this process's memberships
        self.rejoin = False

    async def group_add(self, group, channel):
        try:
            await super().group_add(group, channel)
        except AWAY:
            await super().group_add(group, channel)
        self.joined[group].add(channel)

    async def group_discard(self, group, channel):
        self.joined[group].discard(channel)
        if not self.joined[group]:
            del self.joined[group]
        try:
            await super().group_discard(group, channel)
        except AWAY:
            await super().group_discard(group, channel)

    async def send(self, channel, message):
        try:
            return await super().send(channel, message)
        except AWAY:
            return await super().send(channel, message)

    async def group_send(self, group, message):
        try:
            return await super().group_send(group, message)
        except AWAY:
            return await super().group_send(group, message)

    async def receive(self, channel):
        wait_s = 0.1
        while True:
            try:
                if self.rejoin:
                    await self._rejoin()
                return await super().receive(channel)
            except AWAY as error:
                if asyncio.current_task().cancelling():
                    raise  # the socket is closing (redis-py may word a cancel as an error)
                self.rejoin = True
                log.warning("the channel layer's Redis is away (%s); trying again in %.1f s",
                            error, wait_s)
                await asyncio.sleep(wait_s)
                wait_s = min(wait_s * 2, MAX_WAIT_S)

    async def _rejoin(self) -> None:
        self.rejoin = False  # one receive rejoins for all; a failure sets it again
        for group, channels in list(self.joined.items()):
            for member in list(channels):
                await super().group_add(group, member)
        log.info("the channel layer's Redis answers again; %d group(s) rejoined",
                 len(self.joined))
