"""A request that names a session ended meanwhile must not delete the browser's cookie, nor
set back a CSRF secret a sign-in has rotated: a request sent just before a sign-in and
answered after it (the service worker fetches pages in the background) signed a new player
out of the session the sign-in had just made."""

import pytest
from django.conf import settings
from django.test import Client

from tests.api.test_account_cookie import verified_user

pytestmark = pytest.mark.django_db
NAME, CSRF = settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME


def test_a_request_sent_before_a_sign_in_and_answered_after_leaves_the_new_session():
    verified_user("uma@example.com")
    browser = Client(REMOTE_ADDR="10.8.5.1")
    session = browser.session  # a guest's session (the sign-up's pending state, say)
    session["seen"] = True
    session.save()
    before = browser.cookies[NAME].value
    browser.get("/how-to-play/")
    csrf_before = browser.cookies[CSRF].value
    signed = browser.post("/accounts/login/", {"login": "uma@example.com",
                                               "password": "pw-123456789"})
    assert signed.status_code == 302
    after = browser.cookies[NAME].value
    assert after != before  # the sign-in moved the session to a new key
    assert browser.cookies[CSRF].value != csrf_before  # and gave a new CSRF secret
    late = Client(REMOTE_ADDR="10.8.5.1")  # the request the browser sent before the sign-in
    late.cookies[NAME] = before
    late.cookies[CSRF] = csrf_before
    answer = late.get("/how-to-play/")
    assert answer.status_code == 200 and b"csrfmiddlewaretoken" in answer.content
    assert NAME not in answer.cookies  # no deletion for the browser to apply last
    assert CSRF not in answer.cookies  # nor the old secret set back
    assert browser.get("/api/me/").json()["signed_in"] is True


def test_a_sign_out_still_deletes_the_cookie():
    verified_user("vic@example.com")
    browser = Client(REMOTE_ADDR="10.8.5.2")
    browser.post("/accounts/login/", {"login": "vic@example.com", "password": "pw-123456789"})
    assert browser.get("/api/me/").json()["signed_in"] is True
    answer = browser.post("/accounts/logout/")
    assert answer.status_code == 302
    assert answer.cookies[NAME]["max-age"] == 0  # deleted
    assert browser.get("/api/me/").json()["signed_in"] is False
