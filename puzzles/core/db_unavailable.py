"""A database that is down or restarting answers 503 with Retry-After, not a 500: the API
with its JSON error, pages with a short page of their own, both in the request's language
(LocaleMiddleware has picked it from the cookie or Accept-Language, neither needing the
database). The next request reconnects (CONN_HEALTH_CHECKS), so the site recovers by itself
when the database is back."""

import logging
from html import escape

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.utils.translation import get_language, gettext

log = logging.getLogger(__name__)
RETRY_AFTER_S = 5
# A page of its own, not a template: nothing on this path may need what could be down.
PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>Queens</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem">
<h1>{title}</h1><p>{text}</p></body></html>"""


def unavailable_page() -> str:
    return PAGE.format(lang=escape(get_language() or "en"),
                       title=escape(gettext("Back in a moment")),
                       text=escape(gettext(
                           "Queens cannot reach its database just now. Please try again in "
                           "a few seconds; your progress on this device is kept.")))


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        log.warning("database unavailable for %s %s: %s", request.method, request.path,
                    exception)
        if request.path.startswith("/api/"):
            response = JsonResponse(
                {"detail": gettext("the database is unavailable; try again in a few seconds")},
                status=503)
        else:
            response = HttpResponse(unavailable_page(), status=503)
        response["Retry-After"] = str(RETRY_AFTER_S)
        return response
