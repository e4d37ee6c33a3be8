"""The anonymous player token: a random id in a signed cookie; there are no accounts. Each
request also carries a key of its client address (an HMAC, never the address itself), since
a player who drops the cookie is a new player but the same address."""

import hashlib
import hmac
import secrets

from django.conf import settings
from rest_framework.throttling import BaseThrottle

MAX_AGE_S = 10 * 365 * 24 * 3600
SALT = "queens.player"


class PlayerMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        name = settings.QUEENS_PLAYER_COOKIE
        token = request.get_signed_cookie(name, default=None, salt=SALT, max_age=MAX_AGE_S)
        is_new = token is None
        request.player = token or secrets.token_urlsafe(18)
        request.address_key = address_key(request)
        response = self.get_response(request)
        # A public answer (cached by the edge for everyone) never sets anyone's cookie.
        if is_new and "public" not in response.get("Cache-Control", ""):
            response.set_signed_cookie(
                name, request.player, salt=SALT, max_age=MAX_AGE_S, httponly=True,
                samesite="Lax", secure=not settings.DEBUG and request.is_secure(),
            )
        return response


def client_address(request) -> str:
    """The client's address as the throttles see it: REMOTE_ADDR, or the one TRUSTED_PROXIES
    proxies name in X-Forwarded-For (the admin's sign-in lockout uses it too)."""
    return BaseThrottle().get_ident(request) or ""


def address_key(request) -> str:
    """The client's address, keyed with the secret so the database never holds addresses."""
    address = client_address(request)
    return hmac.new(settings.SECRET_KEY.encode(), f"address:{address}".encode(),
                    hashlib.sha256).hexdigest()[:32]
