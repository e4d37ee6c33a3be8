"""One error shape for the whole API: {"detail": "<sentence>"}."""

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from puzzles.services import ServiceError


def _sentence(data) -> str:
    if isinstance(data, dict):
        if "detail" in data:
            return _sentence(data["detail"])
        field, value = next(iter(data.items()))
        return f"{field}: {_sentence(value)}"
    if isinstance(data, list) and data:
        return _sentence(data[0])
    return str(data)


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = {"detail": _sentence(response.data)}
    return response
