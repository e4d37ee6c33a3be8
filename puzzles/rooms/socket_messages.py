"""A client's message on the room's socket, read within bounds: at most MAX_BYTES of JSON,
nested at most MAX_DEPTH deep, an object with a "type". The depth is counted before the
parse: Python's json recurses once per level, and 100 KB of "[" raised RecursionError out
of the consumer (the socket died, the player stayed "connected")."""

from __future__ import annotations

import json
import re

from django.utils.translation import gettext

from puzzles.core.errors import ServiceError

MAX_BYTES = 128 * 1024  # a finish carries a move log (puzzles.play.move_log.MAX_MOVES)
# The deepest message a client sends: {"moves": [[ms, row, col, mark], ...]} is 3.
MAX_DEPTH = 4

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text nests deeper than `limit` (brackets inside strings aside)."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > limit:
            return True
    return False


def parse(text: str | None) -> dict:
    """The message as an object with a string "type"; ServiceError (its sentence for the
    client) otherwise."""
    if text is None:
        raise ServiceError(gettext("messages are JSON text"))
    if len(text) > MAX_BYTES:
        raise ServiceError(gettext("a message is at most %(bytes)s bytes") % {"bytes": MAX_BYTES})
    if too_deep(text):
        raise ServiceError(gettext("a message nests at most %(depth)s deep")
                           % {"depth": MAX_DEPTH})
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise ServiceError(gettext("a message must be JSON")) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ServiceError(gettext('a message is a JSON object with a "type"'))
    return message
