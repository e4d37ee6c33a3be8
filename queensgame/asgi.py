"""The ASGI application the app server runs (queensgame.server's worker): Django's WSGI
handler on a fixed pool of threads (ThreadedWSGI).

Why WSGI inside ASGI: the event loop holds every connection (idle and slow clients cost no
thread), while Django runs as under a threaded WSGI server: one hop into a thread per
request, persistent database connections per thread. For the daily straight to 2 workers
(benchmarks.load's script, 200 connections): Django's own ASGI handler, three thread hops
and a new thread per request, made 474 req/s; a2wsgi's adapter, a thread crossing per header
and chunk, 902-1,066; this 1,619-1,632, where gunicorn's threaded worker made 1,124-1,280
in the same run."""

import asyncio
import io
import os
from concurrent.futures import ThreadPoolExecutor

from a2wsgi.wsgi import build_environ
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "queensgame.settings")


READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class ThreadedWSGI:
    """A WSGI app as an ASGI one. Each HTTP request is read whole on the event loop (a slow
    client holds a coroutine, never a thread), then runs on a thread of its lane (a flood
    waits in its lane's line), and its answer comes back in one piece (the site's answers
    are small; behind the edge, static files never get here).

    Two lanes: reads (GET, HEAD, OPTIONS) and writes. A write holds its thread through a
    transaction and a commit; at midnight the solve posts filled every thread and the
    leaderboard reads waited behind them (p99 1.4 s, benchmarks.midnight), where in a lane
    of their own they wait only for each other."""

    def __init__(self, app, threads: int, read_threads: int | None = None):
        self.app = app
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="django")
        self.read_executor = ThreadPoolExecutor(max_workers=read_threads or threads,
                                                thread_name_prefix="django-read")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return  # lifespan is off (queensgame.server); WebSockets go to Channels
        chunks = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client left before its request was whole
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        environ = build_environ(scope, io.BytesIO(b"".join(chunks)))
        loop = asyncio.get_running_loop()
        lane = self.read_executor if scope["method"] in READ_METHODS else self.executor
        status, headers, body = await loop.run_in_executor(lane, self.run, environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def run(self, environ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        chunks: list[bytes] = []
        started: dict = {}

        def start_response(status, headers, exc_info=None):
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [(name.lower().encode("latin1"), value.encode("latin1"))
                                  for name, value in headers]
            return chunks.append  # the legacy write() callable

        result = self.app(environ, start_response)
        try:
            chunks.extend(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        return started["status"], started["headers"], b"".join(chunks)


http = ThreadedWSGI(get_wsgi_application(),
                    threads=int(os.environ.get("GUNICORN_THREADS", "8")),
                    read_threads=int(os.environ.get("GUNICORN_READ_THREADS", "0")))

# WebSockets (race rooms) through Channels, with the player's cookies and session as over
# HTTP, from the site's own hosts only (imported once Django is set up, above).
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from puzzles.rooms.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": http,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(
        URLRouter(websocket_urlpatterns))),
})
