"""Who is playing: `request.player`, the key every row of theirs is filed under. A guest's is
a random id in a signed cookie; a signed-in player's is their account's, kept in the session
(puzzles.players.accounts puts it there at sign-in, after merging the guest's history into it).
Signing out leaves a fresh guest. Each request also carries a key of its client address (an
HMAC, never the address itself), since a player who drops the cookie is a new player but the
same address."""

import hashlib
import hmac
import ipaddress
import secrets

from django.conf import settings

MAX_AGE_S = 10 * 365 * 24 * 3600
SALT = "queens.player"
ACCOUNT_KEY = "queens_account_player"  # the session's entry for a signed-in player's key


def new_player_key() -> str:
    return secrets.token_urlsafe(18)


def set_player_cookie(request, response, key: str) -> None:
    response.set_signed_cookie(
        settings.QUEENS_PLAYER_COOKIE, key, salt=SALT, max_age=MAX_AGE_S, httponly=True,
        samesite="Lax", secure=not settings.DEBUG and request.is_secure(),
    )


def account_key(request) -> str | None:
    """A signed-in player's key; only requests with a session pay for looking (the user is
    read too, so a password changed elsewhere ends this session here)."""
    session = getattr(request, "session", None)
    if session is None or not session.session_key or ACCOUNT_KEY not in session:
        return None
    return session[ACCOUNT_KEY] if request.user.is_authenticated else None


class PlayerMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        name = settings.QUEENS_PLAYER_COOKIE
        token = request.get_signed_cookie(name, default=None, salt=SALT, max_age=MAX_AGE_S)
        is_new = token is None
        # The guest this browser is, signed in or not (a sign-in merges it into the account).
        request.guest_player = token or new_player_key()
        request.player = account_key(request) or request.guest_player
        request.address_key = address_key(request)
        response = self.get_response(request)
        # A sign-out or a sync join names the guest key this browser goes on with.
        next_key = getattr(request, "next_guest_player", None)
        if next_key:
            set_player_cookie(request, response, next_key)
        # A public answer (cached by the edge for everyone) never sets anyone's cookie.
        elif is_new and "public" not in response.get("Cache-Control", ""):
            set_player_cookie(request, response, request.guest_player)
        return response


def client_address(request) -> str:
    """Who the client is, the one rule every limit keys on (the API's throttles, the rooms,
    axes' sign-in lockout, allauth's limits): REMOTE_ADDR, or with TRUSTED_PROXIES = n the
    address the n-th proxy from us names in X-Forwarded-For (each proxy appends the one it
    saw; what a client wrote lies further left). An entry that is no address (a proxy count
    set too high lets a client write it) counts as the proxy's own address."""
    remote = request.META.get("REMOTE_ADDR") or ""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    count = settings.TRUSTED_PROXIES
    if count <= 0 or not forwarded:
        return remote
    hops = forwarded.split(",")
    try:
        return str(ipaddress.ip_address(hops[-min(count, len(hops))].strip().strip("[]")))
    except ValueError:
        return remote


def address_key(request) -> str:
    """The client's address, keyed with the secret so the database never holds addresses."""
    address = client_address(request)
    return hmac.new(settings.SECRET_KEY.encode(), f"address:{address}".encode(),
                    hashlib.sha256).hexdigest()[:32]
