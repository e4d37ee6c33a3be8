"""What every API endpoint shares in its answer: the documented responses (each error as
{"detail"}), and a public answer's caching headers, ETag and 304."""

import hashlib
import json

from drf_spectacular.utils import OpenApiResponse
from rest_framework import status
from rest_framework.response import Response

from puzzles.api.errors import ErrorSerializer

ERROR_MEANINGS = {
    400: "bad input; the sentence says what was wrong",
    403: "staff only: sign in to the admin first",
    404: "nothing there; the sentence says what is missing",
    429: "too many POSTs from this address; Retry-After says when to try again",
    503: "the database is unavailable; Retry-After says when to try again",
}


def answers(ok, *errors: int, created: bool = False, accepted: bool = False) -> dict:
    """An operation's documented responses: its body (200, 201 created, 202 accepted: work
    queued), then each error as {"detail"} (503 on every operation: the database may be
    down)."""
    documented = {202 if accepted else 201 if created else 200: ok}
    for code in (*errors, 503):
        documented[code] = OpenApiResponse(ErrorSerializer, description=ERROR_MEANINGS[code])
    return documented


def public_answer(request, data, *, kept_on, max_age: int, edge_s: int = 5) -> Response:
    """An answer that is the same for everyone and does not change for `max_age` seconds:
    cacheable by browsers, kept by the edge for `edge_s` (X-Accel-Expires, which nginx reads
    and drops), with an ETag, and 304 Not Modified when the client already has it. The ETag
    is kept on `kept_on`, the object the payload is built from (kept in memory by
    level_cache), so a hot answer hashes its payload once."""
    etag = kept_on.__dict__.get("_etag")
    if etag is None:
        etag = kept_on.__dict__["_etag"] = '"' + hashlib.sha256(
            json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={max_age}",
               "X-Accel-Expires": str(min(edge_s, max_age))}
    wanted = request.headers.get("If-None-Match", "")
    if etag in [tag.strip().removeprefix("W/") for tag in wanted.split(",")] or wanted == "*":
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(data, headers=headers)
