"""The two cookies a sign-in rotates, session and CSRF, kept safe from a request that raced
it. A sign-in moves the session to a new key (deleting the old) and gives a new CSRF secret.
A request the browser sent just before, answered just after, named the old ones; Django's
middlewares answered it by deleting the session cookie (the session it named was gone) and
by setting the old CSRF secret again (any page with a form does), and that answer, landing
last, signed the new player out and made the next form fail. The service worker's
background page fetches met this on sign-up.

This middleware sits outside Django's two (which stay, with their deploy checks) and takes
those two cookies out of the answer: a deletion of a session this request did not end (a
sign-out flushes it, and its deletion stays), and a CSRF secret the browser already holds."""

from django.conf import settings


class KeepRotatedCookiesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        cookies = response.cookies
        session = getattr(request, "session", None)
        ended = cookies.get(settings.SESSION_COOKIE_NAME)
        if ended is not None and ended["max-age"] == 0 and not getattr(session, "modified", True):
            del cookies[settings.SESSION_COOKIE_NAME]  # ended elsewhere, maybe by a sign-in
        csrf = cookies.get(settings.CSRF_COOKIE_NAME)
        if csrf is not None and csrf.value == request.COOKIES.get(settings.CSRF_COOKIE_NAME):
            del cookies[settings.CSRF_COOKIE_NAME]  # the browser's own, maybe rotated since
        return response
