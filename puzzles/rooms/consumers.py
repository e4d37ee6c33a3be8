"""The room's WebSocket (`/ws/rooms/<code>/`): JSON messages, each with a "type".

From a client: join {name}, start, progress {board, queens}, finish {board, moves}, leave,
ping. To clients: hello {you} (which player this connection is), state (the room, see
puzzles.rooms.selectors), progress {player, board, queens}, pong, error {detail}. A message
that is not understood is answered with an error and the connection stays open; nothing a
client sends reaches the room but through puzzles.rooms.services, and nothing sent out holds
a solution or another player's marks.

A connection lives as long as its peer answers the server's pings (queensgame.server): a
failing channel layer is retried rather than let out (it ended the consumer, and with it the
socket, while the room still counted the player in), a bad message of any size or depth is
answered with an error (puzzles.rooms.socket_messages), and however the consumer ends, the room
hears that the player left. A connection also beats (the player's last-seen time): one that
dies without a word, its worker killed, is swept by the others' beats (services.rooms)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from datetime import timedelta

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext
from uvicorn.protocols.utils import ClientDisconnected

from puzzles.core import rate_limits as limits
from puzzles.core.errors import ServiceError
from puzzles.rooms import selectors as room_selectors
from puzzles.rooms import services as rooms
from puzzles.rooms import socket_messages as messages
from puzzles.rooms.socket_identity import address_key_of, address_of, language_of, player_of

log = logging.getLogger(__name__)

# Messages one connection may send in a burst, and how fast the allowance refills: a
# person places a queen a few times a second at most.
BURST = 40
REFILL_PER_S = 10.0


class RoomConsumer(AsyncWebsocketConsumer):
    room = member = beating = None
    hung_up = False  # the client went without a goodbye: nothing more is sent to it
    counted = ended = False  # the room counts this connection; its leaving is done

    async def __call__(self, scope, receive, send):
        # The room hears of the end however it came (an error included). Redis away is the
        # channel layer's to wait out (queensgame.channel_layer), not the consumer's.
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.gone()

    async def connect(self):
        self.latest_progress: dict[int, int] = {}  # reports not yet written down, by board
        self.saving = None
        self.player = await database_sync_to_async(player_of)(self.scope)
        self.language = language_of(self.scope)  # the refusals it sends are in it
        code = self.scope["url_route"]["kwargs"]["code"]
        try:
            code = rooms.normalise_code(code)
        except ServiceError:
            code = None
        room = await database_sync_to_async(room_selectors.room_by_code)(code) if code else None
        if self.player is None or room is None:
            # 4404: no such room; 4401: no player cookie (open the room's page first).
            await self.close(code=4401 if self.player is None else 4404)
            return
        self.room, self.group = room, f"room.{room.code}"
        self.allowance, self.refilled = float(BURST), time.monotonic()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await database_sync_to_async(rooms.connected)(room, self.player)
        self.counted = True
        self.beating = asyncio.get_running_loop().create_task(self.beat())
        await self.hello()
        # Only a player's comings and goings are news to the room: an onlooker (not joined)
        # gets the state alone, so opening sockets by the hundred sends nobody else a thing.
        if self.member is not None:
            await self.broadcast_state()
        else:
            await self.send_json(await database_sync_to_async(self.fresh_state)())

    async def disconnect(self, code):
        await self.gone()

    async def gone(self):
        """The room hears that this connection closed: once, each step on its own (a step
        that fails leaves the rest to do, and the beats' sweep to mend the count)."""
        if self.ended:
            return
        self.ended = True
        if self.beating is not None:
            self.beating.cancel()
        if self.room is None:
            return
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        except Exception:  # noqa: BLE001 (the group forgets a channel by itself, in time)
            log.warning("room %s: leaving the group failed", self.room.code, exc_info=True)
        if not self.counted:
            return
        try:
            await database_sync_to_async(rooms.disconnected)(self.room, self.player)
            if self.member is not None:
                await self.broadcast_state()
        except Exception:
            log.exception("room %s: a departure was not recorded", self.room.code)
        if self.member is not None:
            # A dropped connection has a grace to come back; past it, the round goes on.
            asyncio.get_running_loop().create_task(self.settle_later(self.room))

    async def beat(self):
        """This connection is alive: its player's last-seen time, every beat. Each beat also
        sweeps the room's players whose connections died silently, and settles a round that
        only they held up."""
        while True:
            await asyncio.sleep(room_selectors.heartbeat_s())
            try:
                if await database_sync_to_async(rooms.beat)(self.room, self.player):
                    await self.broadcast_state()
            except Exception:
                log.exception("room %s: a heartbeat failed", self.room.code)

    async def settle_later(self, room):
        await asyncio.sleep(rooms.LEAVE_GRACE_S + 0.5)
        try:
            if await database_sync_to_async(rooms.settle_now)(room):
                await self.broadcast_state()
        except Exception:
            log.exception("room %s: settling after a departure failed", room.code)

    async def dispatch(self, message):
        # Channels closes stale database connections before every message it hands a
        # consumer: a hop to the process's one thread for synchronous code each, so every
        # progress report, fanned out to every player, queued there behind the rooms'
        # database work (p99 of 50 rooms: 430 ms; benchmarks.rooms). This consumer reaches
        # the database only through database_sync_to_async, which closes them itself.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        if message["type"] in ("websocket.connect", "websocket.disconnect"):
            return await handler(message)  # these end the consumer when they fail
        try:
            await handler(message)
        except ClientDisconnected:
            # The client hung up without a goodbye; its disconnect message follows. What the
            # room still sends it is dropped quietly: a traceback each let one address write
            # the log at will (1,830 in 10 s from a 90-socket flood).
            self.hung_up = True
        except Exception:  # one message gone wrong (a send, the layer): the socket goes on
            log.exception("room socket: a %s message failed", message["type"])

    # ------------------------------------------------------------ receiving
    async def receive(self, text_data=None, bytes_data=None):
        with translation.override(self.language):  # the refusals are in the page's language
            await self.take(text_data)

    async def take(self, text_data):
        if not self.allowed():
            return await self.error(gettext("too many messages; slow down"))
        try:
            message = messages.parse(text_data)
        except ServiceError as error:
            return await self.error(str(error))
        kind = message["type"]
        handler = HANDLERS.get(kind)
        if handler is None:
            return await self.error('a message is a JSON object whose "type" is one of '
                                    + ", ".join(HANDLERS))
        try:
            await handler(self, message)
        except ServiceError as error:
            await self.error(str(error))
        except Exception:  # never a crash: the room goes on
            log.exception("room %s: a %s message failed", self.room.code, kind)
            await self.error(gettext("that did not work; try again"))

    def allowed(self) -> bool:
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.refilled) * REFILL_PER_S)
        self.refilled = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    async def on_join(self, message):
        rate = limits.Rate.parse(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["room_join"])
        ok, _ = await database_sync_to_async(limits.hit)("room_join", address_of(self.scope),
                                                         rate)
        if not ok:
            raise ServiceError(gettext("too many joins from this address; try again later"))
        await database_sync_to_async(rooms.join)(self.room, player=self.player,
                                                 name=message.get("name"))
        await self.hello()
        await self.broadcast_state()

    async def on_start(self, message):
        self.room = await database_sync_to_async(rooms.start)(self.room, player=self.player)
        await self.broadcast_state()

    async def on_progress(self, message):
        # The busiest message (every queen placed): checked against this connection's copy
        # of the room, shown to the others at once, then written down off the event loop's
        # database thread (thread_sensitive=False), so one room's writes never queue
        # another's reports.
        if self.member is None:
            raise ServiceError(gettext("join the room first"))
        try:
            board, queens = rooms.check_progress(self.room, board=message.get("board"),
                                                 queens=message.get("queens"))
        except ServiceError:  # the copy may be behind (the race just started): read it anew
            self.room = await database_sync_to_async(self.stored_room)()
            board, queens = rooms.check_progress(self.room, board=message.get("board"),
                                                 queens=message.get("queens"))
        await self.channel_layer.group_send(self.group, {"type": "room.out", "data": {
            "type": "progress", "player": self.member, "board": board, "queens": queens}})
        # Written down beside the connection, not in its line: a consumer handles one
        # message at a time, and a commit's wait held up everyone else's reports to it
        # (p99 over a second at 25 rooms, benchmarks.rooms). One write at a time per
        # connection, in order.
        self.latest_progress[board] = queens
        if self.saving is None or self.saving.done():
            self.saving = asyncio.get_running_loop().create_task(self.save_progress())

    async def save_progress(self):
        while self.latest_progress:
            board, queens = self.latest_progress.popitem()
            try:
                await sync_to_async(rooms.save_progress, thread_sensitive=False)(
                    self.room, player=self.player, board=board, queens=queens)
            except Exception:
                log.exception("room %s: a progress report was not saved", self.room.code)

    async def on_finish(self, message):
        await database_sync_to_async(rooms.finish_board)(
            self.room, player=self.player, board=message.get("board"),
            moves_log=message.get("moves"), address=address_key_of(self.scope))
        await self.broadcast_state()

    async def on_leave(self, message):
        await database_sync_to_async(rooms.leave)(self.room, self.player)
        await self.broadcast_state()
        await self.close()

    async def on_ping(self, message):
        if self.saving is not None:
            await self.saving  # a pong says the reports before it are written down
        await self.send_json({"type": "pong", "server_ms": int(time.time() * 1000)})

    # ------------------------------------------------------------ sending
    async def send_json(self, data):
        await self.send(text_data=json.dumps(data, separators=(",", ":")))

    async def error(self, detail: str):
        await self.send_json({"type": "error", "detail": detail})

    async def hello(self):
        mine = await database_sync_to_async(room_selectors.member)(self.room, self.player)
        self.member = mine.pk if mine else None
        await self.send_json({"type": "hello", "you": self.member})

    async def broadcast_state(self):
        state = await database_sync_to_async(self.fresh_state)()
        await self.channel_layer.group_send(self.group, {"type": "room.out", "data": state})

    def stored_room(self):
        room = room_selectors.room_by_code(self.room.code)
        return rooms.racing(room) if room is not None else self.room

    def fresh_state(self) -> dict:
        self.room = self.stored_room()
        return room_selectors.room_state(self.room)

    async def room_out(self, event):
        if self.hung_up:
            return
        data = event["data"]
        if data["type"] == "state":  # this connection's copy of the room, kept current
            self.room.state = data["state"]
            if "starts_in_ms" in data:
                self.room.starts_at = timezone.now() + timedelta(
                    milliseconds=data["starts_in_ms"])
            if "levels" in data:
                self.room.levels = data["levels"]
        await self.send_json(data)


HANDLERS = {"join": RoomConsumer.on_join, "start": RoomConsumer.on_start,
            "progress": RoomConsumer.on_progress, "finish": RoomConsumer.on_finish,
            "leave": RoomConsumer.on_leave, "ping": RoomConsumer.on_ping}
