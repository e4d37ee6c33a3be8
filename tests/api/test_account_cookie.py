"""A browser's guest cookie is never an account's key once it signs in: a sign-up gives the
account the guest's own key, so without a fresh guest cookie at sign-in the browser went on
as that account after its session ended (expired, or cut by a password change elsewhere)."""

import pytest
from django.conf import settings
from django.test import Client

from puzzles.players import services as player_service
from tests.api.test_players import daily, player_key, solve  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_a_session_ended_leaves_a_stranger_not_the_account(daily):  # noqa: F811
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    browser = Client(REMOTE_ADDR="10.8.0.9")
    solve(browser, daily, 100)
    guest = player_key(browser)
    user = get_user_model().objects.create_user("gil", "gil@example.com", "pw-123456789")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    player_service.claim_account(user, guest_key=guest, name="Gil")  # the sign-up
    signed = browser.post("/accounts/login/", {"login": "gil@example.com",
                                               "password": "pw-123456789"})
    assert signed.status_code == 302
    me = browser.get("/api/me/").json()
    assert (me["signed_in"], me["name"], me["solves"]) == (True, "Gil", 1)
    assert player_key(browser) != guest  # the cookie no longer names the account
    browser.cookies.pop(settings.SESSION_COOKIE_NAME)  # the session ends
    after = browser.get("/api/me/").json()
    assert (after["signed_in"], after["name"], after["solves"]) == (False, None, 0)
    assert browser.get("/api/me/export/").json()["solves"] == []
