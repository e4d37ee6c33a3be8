"""The app server's worker: uvicorn under gunicorn, so a connection is a coroutine, not a
thread. gunicorn's threaded worker gave every connection a thread from the moment it was
accepted: 16 idle sockets stopped 2 workers x 8 threads, and 2,000 wedged them for good.
Here idle and slow clients cost a little memory each, and a deadline closes them.

Bounds, per connection: a request (headers and body) must arrive whole within
QUEENS_REQUEST_TIMEOUT_S of the connection being ready for it, headers within
MAX_HEADER_BYTES and a body within MAX_BODY_BYTES. What reaches Django is whole (see
queensgame.asgi.ThreadedWSGI).

The client's address is the peer's: uvicorn's proxy headers are off, whatever gunicorn's
forwarded_allow_ips says, so an X-Forwarded-For is never believed here. Django believes
TRUSTED_PROXIES of them (puzzles.players.identity.client_address), one rule for every limit."""

from __future__ import annotations

import os

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker

REQUEST_TIMEOUT_S = float(os.environ.get("QUEENS_REQUEST_TIMEOUT_S", "10"))
MAX_HEADER_BYTES = 16 * 1024
# Django answers 400 past DATA_UPLOAD_MAX_MEMORY_SIZE (64 KiB); this stops a client from
# streaming more than that into the process before Django gets to say so.
MAX_BODY_BYTES = 256 * 1024


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline and size limits on reading a request."""

    def connection_made(self, transport) -> None:
        self._deadline = None
        super().connection_made(transport)
        self._await_request()

    def _await_request(self) -> None:
        self._cancel_deadline()
        self._header_bytes = 0  # as read, while the head is not whole
        self._head_too_large = False
        self._body_bytes = 0
        self._reading_headers = True
        self._deadline = self.loop.call_later(REQUEST_TIMEOUT_S, self._too_slow)

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _refuse(self, status: str) -> None:
        self._cancel_deadline()
        if not self.transport.is_closing():
            # No answer begun to this request (a kept-alive connection's last cycle is done).
            if (self.cycle is None or not self.cycle.response_started
                    or self.cycle.response_complete):
                self.transport.write(f"HTTP/1.1 {status}\r\ncontent-length: 0\r\n"
                                     "connection: close\r\n\r\n".encode())
            self.transport.close()

    def _too_slow(self) -> None:
        self._deadline = None
        self._refuse("408 Request Timeout")

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._reading_headers and not self.transport.is_closing():
            self._header_bytes += len(data)
            if self._header_bytes > MAX_HEADER_BYTES:
                self._refuse("431 Request Header Fields Too Large")

    # A head that arrives in one read is parsed whole inside data_received: its parts are
    # counted as the parser hands them over, and one past the cap stops the parse there
    # (the exception is the parser's error; send_400_response answers 431 for it).
    def _count_head(self, size: int) -> None:
        self._head_bytes += size
        if self._head_bytes > MAX_HEADER_BYTES:
            self._head_too_large = True
            raise ValueError("request head too large")

    def on_message_begin(self) -> None:
        self._head_bytes = 0  # as parsed: this request's line and headers
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._count_head(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count_head(len(name) + len(value) + 4)  # ": " and CRLF
        super().on_header(name, value)

    def send_400_response(self, msg: str) -> None:
        if self._head_too_large:
            self._refuse("431 Request Header Fields Too Large")
        else:
            super().send_400_response(msg)

    def on_headers_complete(self) -> None:
        self._reading_headers = False
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        self._body_bytes += len(body)
        if self._body_bytes > MAX_BODY_BYTES:
            self._refuse("413 Content Too Large")
            return
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._cancel_deadline()  # the request is whole; the app may take its time
        super().on_message_complete()

    def on_response_complete(self) -> None:
        pipelined = bool(self.pipeline)  # a request already read waits to be answered
        super().on_response_complete()
        if not pipelined and not self.transport.is_closing():
            self._await_request()  # the next request on a kept-alive connection

    def handle_websocket_upgrade(self) -> None:
        self._cancel_deadline()  # the socket belongs to the WebSocket protocol now
        super().handle_websocket_upgrade()

    def connection_lost(self, exc) -> None:
        self._cancel_deadline()
        super().connection_lost(exc)


class QueensWorker(UvicornWorker):
    # WebSockets (race rooms): websockets' sans-I/O protocol; a message is small (a move log
    # at most), and a peer that stops answering pings is closed.
    CONFIG_KWARGS = {"loop": "uvloop", "http": GuardedHttpProtocol, "lifespan": "off",
                     "proxy_headers": False,  # see the module's doc: Django decides
                     "ws": "websockets-sansio", "ws_max_size": 256 * 1024,
                     "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0}
