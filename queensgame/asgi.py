"""The ASGI application the app server runs (queensgame.server's worker): Django, behind
BoundedApp."""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "queensgame.settings")


class BoundedApp:
    """Reads each HTTP request's body whole before Django sees it, then lets at most
    `concurrency` requests into Django at once (Django runs each in a thread of its own):
    a slow client holds a coroutine, never a thread, and a flood waits in line instead of
    starting a thread per request."""

    def __init__(self, app, concurrency: int):
        self.app = app
        self.slots = asyncio.Semaphore(concurrency)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        messages = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request" or not message.get("more_body"):
                break
        if messages[-1]["type"] == "http.disconnect":
            return  # the client left before its request was whole
        body = b"".join(m.get("body", b"") for m in messages)
        whole = iter([{"type": "http.request", "body": body, "more_body": False}])

        async def replay():
            # Django asks again later only to hear of a disconnect: pass that through.
            return next(whole, None) or await receive()

        async with self.slots:
            await self.app(scope, replay, send)


application = BoundedApp(get_asgi_application(),
                         concurrency=int(os.environ.get("GUNICORN_THREADS", "8")))
