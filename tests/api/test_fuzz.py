"""A bounded fuzz of the whole API from its own OpenAPI schema (schemathesis): whatever the
body, path or query, no 5xx but a deliberate 503 (work not ready yet, with Retry-After:
documented on every operation; an empty "Solvable?" pool answers it), and every error is
JSON {"detail": "<sentence>"}."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from queensgame.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def test_connection_kept():
    """Called as a WSGI app the site closes its connection after each request, which would
    close the test's transaction; Django's own test client disconnects these too."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def levels(db, make_level, test_connection_kept):
    return [make_level(size=size, seed=seed) for size, seed in [(4, 1), (8, 2), (8, 3)]]


def errors_are_json_sentences(response) -> None:
    if response.status_code < 400:
        return
    assert response.headers.get("content-type", [""])[0].startswith("application/json"), (
        response.request.method, response.request.url, response.status_code,
        response.text[:100])
    detail = response.json().get("detail")
    assert isinstance(detail, str) and detail, response.text[:200]


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_the_api_never_fails_and_always_explains(case, levels):
    response = case.call()
    if response.status_code == 503 and response.headers.get("retry-after"):
        errors_are_json_sentences(response)
        return
    case.validate_response(response, checks=[not_a_server_error])
    errors_are_json_sentences(response)
