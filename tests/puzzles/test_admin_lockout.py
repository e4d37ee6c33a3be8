"""Guessing staff passwords: after a handful of wrong ones the admin's sign-in is locked for
that username at that address (django-axes), even for the right password; the account
signs in from elsewhere (a stranger's guesses do not lock it out everywhere)."""

import pytest

pytestmark = pytest.mark.django_db


def sign_in(client, username, password, address="203.0.113.9"):
    return client.post("/admin/login/?next=/admin/", {"username": username,
                                                      "password": password},
                       REMOTE_ADDR=address)


def test_sixty_wrong_passwords_lock_the_sign_in(client, django_user_model, settings):
    django_user_model.objects.create_user("boss", password="right-horse", is_staff=True)
    statuses = [sign_in(client, "boss", f"guess-{i}").status_code for i in range(60)]
    limit = settings.AXES_FAILURE_LIMIT
    assert statuses[:limit - 1] == [200] * (limit - 1)  # the form again, with an error
    assert set(statuses[limit:]) == {429}
    assert sign_in(client, "boss", "right-horse").status_code == 429  # locked, even so
    # Another address is not: the lockout is per account and address.
    assert sign_in(client, "boss", "right-horse", address="198.51.100.7").status_code == 302


def test_a_right_password_before_the_limit_signs_in_and_resets(client, django_user_model):
    django_user_model.objects.create_user("boss", password="right-horse", is_staff=True)
    for i in range(3):
        sign_in(client, "boss", f"guess-{i}")
    assert sign_in(client, "boss", "right-horse").status_code == 302
