"""The sign-up mail (issue 35): it named a username the player never chose (allauth makes one
up) and thanked "127.0.0.1:8000", the address the request came to. It names the site Queens
and no username, in the player's language."""

import re

import pytest
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db


def sign_up(email, name, language="en"):
    return Client(HTTP_ACCEPT_LANGUAGE=language).post("/accounts/signup/", {
        "email": email, "name": name, "password1": "a-long-horse-battery",
        "password2": "a-long-horse-battery"}, follow=True)


def test_the_sign_up_mail_names_the_site_and_no_made_up_username(django_user_model):
    sign_up("ana@example.com", "Ana Plays")
    message = mail.outbox[-1]
    user = django_user_model.objects.get(email="ana@example.com")
    body = message.body
    assert "Hello from Queens!" in body and "Thank you for playing Queens!" in body
    words = re.sub(r"https?://\S+", "", body)  # only the link names the host
    assert "testserver" not in words and "127.0.0.1" not in words
    assert user.username not in body
    assert "user " not in body.lower()
    assert "/accounts/confirm-email/" in body


def test_the_sign_up_mail_speaks_the_players_language():
    sign_up("juan@example.com", "Juan Juega", language="es")
    body = mail.outbox[-1].body
    assert "¡Gracias por jugar a Queens!" in body
    assert "Thank you" not in body


def test_password_reset_mails_to_one_address_are_few_an_hour_from_any_number_of_clients(
        settings):
    """An outsider: a reset mails the address typed, account or not, 5 a minute per address
    (300 an hour to one victim). From ten clients, three mails reach it in the hour."""
    from django.core.cache import caches

    caches["default"].clear()
    before = len(mail.outbox)
    for k in range(10):
        Client(REMOTE_ADDR=f"10.0.0.{k + 1}").post("/accounts/password/reset/",
                                                   {"email": "victim@example.com"})
    assert len(mail.outbox) - before == 3
