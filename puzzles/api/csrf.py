"""CSRF_FAILURE_VIEW: JSON under /api/, Django's page elsewhere. A module of its own, with
no DRF import: Django's checks import it before DRF's settings are ready."""

from django.http import JsonResponse
from django.views.csrf import csrf_failure as django_csrf_failure


def csrf_failure(request, reason=""):
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": f"CSRF check failed: {reason}"}, status=403)
    return django_csrf_failure(request, reason)
