"""A database that fails mid-request (a restart, a dropped connection) answers 503 with
Retry-After in the request's language: the API's JSON sentence and the pages' own page. The
failure is PostgreSQL's own error class raised by Django's query hook, as a lost connection
raises it."""

import pytest
from django.db import OperationalError, connection

pytestmark = pytest.mark.django_db


def lost(execute, sql, params, many, context):
    raise OperationalError("server closed the connection unexpectedly")


@pytest.mark.parametrize("language, detail, title", [
    ("en", "the database is unavailable; try again in a few seconds", "Back in a moment"),
    ("de", "die Datenbank ist nicht erreichbar; versuche es in ein paar Sekunden erneut",
     "Gleich wieder da"),
    ("zh-hans", "数据库暂时不可用；请几秒后再试", "马上回来"),
])
def test_a_lost_database_answers_503_in_the_players_language(client, language, detail, title):
    with connection.execute_wrapper(lost):
        api = client.get("/api/solvable/leaderboard/?tier=easy",
                         HTTP_ACCEPT_LANGUAGE=language)
        page = client.get("/players/someone/", HTTP_ACCEPT_LANGUAGE=language)
    assert api.status_code == 503 and api["Retry-After"] == "5"
    assert api.json() == {"detail": detail}
    assert page.status_code == 503 and page["Retry-After"] == "5"
    body = page.content.decode()
    assert f"<h1>{title}</h1>" in body and f'lang="{language}"' in body
