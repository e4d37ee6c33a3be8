"""The two cookies a sign-in rotates, session and CSRF, kept safe from a request that raced
it. A sign-in moves the session to a new key (deleting the old) and gives a new CSRF secret.
A request the browser sent just before, answered just after, named the old ones; with
Django's middleware its answer, landing last, deleted the new session's cookie (signed out)
and set the old CSRF secret back (the next form refused). The service worker's background
page fetches met this on sign-up. A sign-out, which ends the session here, still deletes
its cookie."""

from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.utils.cache import patch_vary_headers


class KeepingSessionMiddleware(SessionMiddleware):
    def process_response(self, request, response):
        session = getattr(request, "session", None)
        if (session is not None and settings.SESSION_COOKIE_NAME in request.COOKIES
                and not session.modified and session.is_empty()):
            # Ended elsewhere: nothing of this request's to save, and no cookie to delete.
            patch_vary_headers(response, ("Cookie",))
            return response
        return super().process_response(request, response)


class SteadyCsrfMiddleware(CsrfViewMiddleware):
    def process_response(self, request, response):
        # Django sets the cookie again whenever a page renders a token; the browser already
        # holds this secret, and sending it back could undo a rotation made meanwhile.
        if request.META.get("CSRF_COOKIE") == request.COOKIES.get(settings.CSRF_COOKIE_NAME):
            request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False
        return super().process_response(request, response)
