"""A database that is down or restarting answers 503 with Retry-After, not a 500: the API
with its JSON error, pages with a short page of their own. The next request reconnects
(CONN_HEALTH_CHECKS), so the site recovers by itself when the database is back."""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse

log = logging.getLogger(__name__)
RETRY_AFTER_S = 5
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Queens</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem">
<h1>Back in a moment</h1><p>Queens cannot reach its database just now. Please try again in a
few seconds; your progress on this device is kept.</p></body></html>"""


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
                {"detail": "the database is unavailable; try again in a few seconds"},
                status=503)
        else:
            response = HttpResponse(PAGE, status=503)
        response["Retry-After"] = str(RETRY_AFTER_S)
        return response
