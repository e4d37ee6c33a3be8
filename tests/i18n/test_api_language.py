"""The API's refusals in the player's language (issue 22): a 400 or 404 `detail` is worded in
the language of the request (Accept-Language, or the player's pick in the language cookie),
DRF's own messages included, and stays English by default; the room's socket picks the same
language from its handshake."""

import pytest
from django.conf import settings
from django.test import Client

from puzzles.rooms.socket_identity import language_of

pytestmark = pytest.mark.django_db


def detail(url, language):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(url)
    return response.status_code, response.json()["detail"]


@pytest.mark.parametrize("url, status, english, spanish, chinese", [
    ("/api/levels/3/", 400, "board size must be between 4 and 20, not 3",
     "el tamaño del tablero debe estar entre 4 y 20, no puede ser 3",
     "棋盘尺寸必须在 4 到 20 之间，而不是 3"),
    ("/api/levels/9/", 404, "no 9×9 touch level is ready yet",
     "aún no hay ningún nivel 9×9 contacto listo", "还没有准备好的 9×9 相邻 关卡"),
    ("/api/levels/5/?tier=expert", 400, "expert levels are not generated at 5×5",
     "no se generan niveles de dificultad experto en 5×5", "5×5 尺寸不生成专家难度的关卡"),
    ("/api/nowhere/", 404, "there is no API endpoint at /api/nowhere/",
     "no hay ningún punto de la API en /api/nowhere/", "/api/nowhere/ 处没有 API 端点"),
    ("/api/rooms/ZZZZZZ/", 404, "there is no room with this code",
     "no hay ninguna sala con este código", "没有使用此代码的房间"),
])
def test_a_refusal_is_worded_in_the_language_of_the_request(url, status, english, spanish,
                                                            chinese):
    code, sentence = detail(url, "en")
    assert code == status and english in sentence
    assert spanish in detail(url, "es")[1]
    assert chinese in detail(url, "zh-CN")[1]
    assert english in detail(url, "")[1]  # no preference: English


def test_the_players_pick_beats_accept_language():
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    answer = client.get("/api/levels/3/").json()["detail"]
    assert answer == "die Brettgröße muss zwischen 4 und 20 liegen, nicht 3"


def test_drfs_own_messages_are_translated_too():
    english = Client().delete("/api/levels/8/").json()["detail"]
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").delete("/api/levels/8/").json()["detail"]
    assert "not allowed" in english
    assert "non autorisée" in french


@pytest.mark.parametrize("headers, cookies, language", [
    ([(b"accept-language", b"pt-BR,pt;q=0.9")], {}, "pt-br"),
    ([(b"accept-language", b"zh-CN")], {}, "zh-hans"),
    ([(b"accept-language", b"es")], {settings.LANGUAGE_COOKIE_NAME: "fr"}, "fr"),
    ([], {}, "en"),
])
def test_the_room_socket_speaks_the_language_of_its_handshake(headers, cookies, language):
    scope = {"headers": headers, "cookies": cookies, "client": ("127.0.0.1", 1)}
    assert language_of(scope) == language


def test_the_admins_own_pages_speak_the_language(admin_client, make_level):
    """Django's admin chrome is Django's; the site's own labels are ours."""
    level = make_level(size=8)
    page = admin_client.get(f"/admin/puzzles/level/{level.id}/change/",
                            HTTP_ACCEPT_LANGUAGE="es")
    text = page.content.decode()
    assert page.status_code == 200 and '<html lang="es"' in text
    assert "Tablero y pasos de resolución" in text and "Board and solving steps" not in text


def test_a_builder_job_fails_in_the_language_of_the_page_that_asked():
    """Issue 35: the builder's worker worded a failed job in its own language (English)."""
    from datetime import timedelta

    from django.utils import timezone, translation

    from puzzles.builder.services import jobs as builder_jobs
    from puzzles.models import FixJob, JobKind

    with translation.override("es"):
        job = builder_jobs.queue_job(kind=JobKind.FIX, player="p", address="", rule="touch",
                                     regions=[[0, 1], [1, 0]])
    FixJob.objects.filter(id=job.id).update(created_at=timezone.now() - timedelta(hours=1))
    with translation.override("en"):  # the worker's own
        assert builder_jobs.execute_fix(job.id) == "expired"
    assert FixJob.objects.get(id=job.id).error == "la petición esperó demasiado; vuelve a pedirlo"


def test_the_builders_size_refusals_are_worded_in_the_language():
    """The new player met these two in English on French and Chinese pages: a motif asked
    on the builder's default 6×6, and a 2★ painting on it."""
    french = Client(HTTP_ACCEPT_LANGUAGE="fr")
    motif = french.get("/api/builder/motif/?size=6&motif=heart")
    assert motif.status_code == 400
    assert "les motifs se dessinent sur des grilles de 7×7 à 16×16" in motif.json()["detail"]
    blank = [[-1] * 6 for _ in range(6)]
    stars = Client(HTTP_ACCEPT_LANGUAGE="zh-CN").post(
        "/api/builder/analyze/", {"regions": blank, "stars": 2}, content_type="application/json")
    assert stars.status_code == 400
    assert "6×6 的棋盘无法在每行放 2 颗星而不相邻；2 颗星需要 7×7" in stars.json()["detail"]
