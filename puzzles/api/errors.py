"""One error shape for the whole API: {"detail": "<sentence>"}."""

from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from puzzles.core.errors import Busy, ServiceError


def _sentence(data) -> str:
    if isinstance(data, dict):
        if "detail" in data:
            return _sentence(data["detail"])
        field, value = next(iter(data.items()))
        return f"{field}: {_sentence(value)}"
    if isinstance(data, list) and data:
        return _sentence(data[0])
    return str(data)


class BoundedJSONParser(JSONParser):
    """JSON bodies nested past what Python's parser can recurse into are a 400, not a 500."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(gettext("the request body is nested too deeply")) from None


def exception_handler(exc, context):
    if isinstance(exc, Busy):
        return Response({"detail": str(exc)}, status=status.HTTP_503_SERVICE_UNAVAILABLE,
                        headers={"Retry-After": "5"})
    if isinstance(exc, ServiceError):
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": gettext("the request body is too large")},
                        status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = {"detail": _sentence(response.data)}
    return response


@csrf_exempt  # a POST to nowhere is a 404 too, not the CSRF page
def not_found(request, rest=""):
    """Any /api/ path that names nothing: a JSON 404 like every other API error."""
    return JsonResponse({"detail": gettext("there is no API endpoint at /api/%(rest)s")
                         % {"rest": rest}}, status=404)
