"""The anonymous player token: a random id in a signed cookie; there are no accounts."""

import secrets

from django.conf import settings

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
        response = self.get_response(request)
        if is_new:
            response.set_signed_cookie(
                name, request.player, salt=SALT, max_age=MAX_AGE_S, httponly=True,
                samesite="Lax", secure=not settings.DEBUG and request.is_secure(),
            )
        return response
