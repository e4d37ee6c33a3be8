"""The script's words follow the language the page is in (issue 35): each language has its
own JavaScript catalogue URL, which the page names, so a language picked in the footer (a
cookie) is never answered with a cached catalogue of the Accept-Language one."""

import json
import re

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def catalogue_url(page: str) -> str:
    return re.search(r'<script src="(/jsi18n/[^"]*)"></script>', page).group(1)


def test_the_page_names_the_catalogue_of_its_own_language():
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    assert catalogue_url(client.get("/how-to-play/").content.decode()) == "/jsi18n/es/"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"  # the footer's pick
    assert catalogue_url(client.get("/how-to-play/").content.decode()) == "/jsi18n/fr/"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    assert catalogue_url(client.get("/how-to-play/").content.decode()) == "/jsi18n/zh-hans/"


@pytest.mark.parametrize("lang, words", [
    ("fr", "Pas encore un niveau"), ("es", "Aún no es un nivel"), ("de", "Noch kein Level"),
    ("en", "Not a level yet")])
def test_a_catalogue_speaks_its_urls_language_whatever_the_request_says(lang, words):
    client = Client(HTTP_ACCEPT_LANGUAGE="es" if lang != "es" else "de")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-br"
    response = client.get(f"/jsi18n/{lang}/")
    assert response.status_code == 200
    assert "public" in response["Cache-Control"] and "max-age=3600" in response["Cache-Control"]
    text = response.content.decode()
    if lang == "en":
        assert "Aún no" not in text and "Ainda não" not in text
    else:
        assert json.dumps(words)[1:-1] in text  # the catalogue's JSON escapes accents


def test_a_language_not_served_has_no_catalogue():
    assert Client().get("/jsi18n/xx/").status_code == 404
