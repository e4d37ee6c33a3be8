"""Who is at the other end of a WebSocket: the same player and address as over HTTP (the
signed player cookie, or the signed-in account's key; the address the throttles count)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

from puzzles.players.identity import ACCOUNT_KEY, MAX_AGE_S, SALT, address_key, client_address


def as_request(scope) -> HttpRequest:
    """The handshake as Django's request: its cookies and the headers the address needs."""
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies") or {})
    client = scope.get("client") or ("", 0)
    request.META["REMOTE_ADDR"] = client[0] or ""
    for name, value in scope.get("headers") or ():
        if name == b"x-forwarded-for":
            request.META["HTTP_X_FORWARDED_FOR"] = value.decode("latin1")
        elif name == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin1")
    return request


def player_of(scope) -> str | None:
    """The player key, or None for a browser the site never gave a cookie (sync: it reads
    the session)."""
    session, user = scope.get("session"), scope.get("user")
    if session is not None and user is not None and getattr(user, "is_authenticated", False):
        key = session.get(ACCOUNT_KEY)
        if key:
            return key
    return as_request(scope).get_signed_cookie(settings.QUEENS_PLAYER_COOKIE, default=None,
                                               salt=SALT, max_age=MAX_AGE_S)


def language_of(scope) -> str:
    """The language the room's page is in: the player's pick, else Accept-Language (as
    LocaleMiddleware chooses it over HTTP)."""
    return translation.get_language_from_request(as_request(scope))


def address_of(scope) -> str:
    return client_address(as_request(scope))


def address_key_of(scope) -> str:
    """The client's address keyed as Solve.address and Reveal.address are (never stored
    plainly): what was shown at it counts against a race's finish."""
    return address_key(as_request(scope))
