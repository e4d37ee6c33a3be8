"""A browser's guest cookie is never an account's key: a sign-up gave the account the guest's
own key, so the browser went on as that account after its session ended (expired, or cut by a
password change elsewhere), and so did any other browser holding that guest key (a device
joined by a sync code, the laptop whose sign-up was confirmed on a phone). An account now
takes a fresh key and the guest's history by a merge."""

import pytest
from django.conf import settings
from django.test import Client

from puzzles.models import Player, Solve
from puzzles.players import services as player_service
from tests.api.test_api import post
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
    assert player_key(browser) != Player.objects.get(name="Gil").key  # never the account's
    browser.cookies.pop(settings.SESSION_COOKIE_NAME)  # the session ends
    after = browser.get("/api/me/").json()
    assert (after["signed_in"], after["name"], after["solves"]) == (False, None, 0)
    assert browser.get("/api/me/export/").json()["solves"] == []


def verified_user(email: str):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(email.split("@")[0], email, "pw-123456789")
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def sign_in(browser: Client, email: str) -> None:
    answer = browser.post("/accounts/login/", {"login": email, "password": "pw-123456789"})
    assert answer.status_code == 302


def test_a_sign_up_confirmed_on_another_device_leaves_the_first_a_stranger(
        daily, make_level):  # noqa: F811
    """Found by the outside attacker: a sign-up (mail unverified, so no sign-in) gave the
    account the laptop's guest key; confirmed and signed in on the phone, the laptop went on
    as the account without a password (its name, its export), and a sign-in there to another
    account moved the first account's whole history into that other one."""
    laptop = Client(REMOTE_ADDR="10.8.1.1")
    solve(laptop, daily, 100)
    ida = verified_user("ida@example.com")
    player_service.claim_account(ida, guest_key=player_key(laptop), name="Ida")  # the sign-up
    phone = Client(REMOTE_ADDR="10.8.1.2")
    sign_in(phone, "ida@example.com")
    solve(phone, make_level(size=6, seed=5), 60)
    assert phone.get("/api/me/").json()["solves"] == 2  # the laptop's solve came along
    me = laptop.get("/api/me/").json()
    assert (me["signed_in"], me["name"], me["handle"], me["solves"]) == (False, None, None, 0)
    assert laptop.get("/api/me/export/").json()["solves"] == []
    verified_user("jon@example.com")
    sign_in(laptop, "jon@example.com")  # someone else's account, on the laptop
    assert laptop.get("/api/me/").json()["solves"] == 0
    assert phone.get("/api/me/").json()["solves"] == 2  # Ida keeps her history


def test_a_device_synced_before_the_sign_up_cannot_delete_the_account(daily):  # noqa: F811
    first, second = Client(REMOTE_ADDR="10.8.2.1"), Client(REMOTE_ADDR="10.8.2.2")
    solve(first, daily, 100)
    code = post(first, "/api/sync/code/", {}).json()["code"]
    assert post(second, "/api/sync/join/", {"code": code}).status_code == 200
    kim = verified_user("kim@example.com")
    player_service.claim_account(kim, guest_key=player_key(first), name="Kim")
    sign_in(first, "kim@example.com")
    assert second.get("/api/me/").json()["name"] is None  # a guest, not Kim
    assert second.delete("/api/me/").status_code == 204  # a guest forgets its own history
    me = first.get("/api/me/").json()
    assert (me["signed_in"], me["name"], me["solves"]) == (True, "Kim", 1)


def test_an_older_accounts_key_in_a_browser_never_joins_another_history(daily):  # noqa: F811
    """Accounts made before they took fresh keys still have a guest's key, which that
    browser (and its synced devices) may hold: a sign-in there to another account, or a sync
    join, must not carry the older account's history along."""
    browser = Client(REMOTE_ADDR="10.8.3.1")
    solve(browser, daily, 100)
    key = player_key(browser)
    Player.objects.create(key=key, user=verified_user("lea@example.com"), name="Lea")
    verified_user("max@example.com")
    sign_in(browser, "max@example.com")
    assert browser.get("/api/me/").json()["solves"] == 0
    assert Solve.objects.filter(player=key).count() == 1  # still Lea's


def test_a_deleted_account_leaves_no_sign_in_rows_and_no_address_is_logged(daily):  # noqa: F811
    """Found by the outside attacker: axes logged every good sign-in (the username, the raw
    address, the browser) and kept a stranger's wrong passwords (the email, the raw address)
    after the account was deleted; the privacy page promises the address only as a keyed
    hash. Good sign-ins are no longer logged; deleting an account deletes its axes rows."""
    from axes.models import AccessAttempt, AccessLog

    user = verified_user("nia@example.com")
    player_service.claim_account(user, guest_key="nia-guest", name="Nia")
    browser = Client(REMOTE_ADDR="10.8.4.1")
    sign_in(browser, "nia@example.com")
    stranger = Client(REMOTE_ADDR="10.8.4.2")
    stranger.post("/accounts/login/", {"login": "nia@example.com", "password": "wrong-one-1"})
    assert AccessLog.objects.count() == 0  # no good sign-in logged
    assert browser.delete("/api/me/").status_code == 204
    names = ("nia@example.com", "nia")
    assert not AccessAttempt.objects.filter(username__in=names).exists()
    assert not AccessLog.objects.filter(username__in=names).exists()


def test_an_account_on_a_guests_key_is_moved_to_a_fresh_one_and_its_sessions_end(daily):  # noqa: F811
    """Migration 0021: an account made before accounts took fresh keys kept the guest's key,
    which another browser (joined by a sync code) still holds; after the move that browser
    is an empty guest, the account has its history on a new key, and its old session is
    signed out (it named the old key)."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from puzzles.players.services import rekey_accounts

    phone = Client(REMOTE_ADDR="10.8.0.21")
    solve(phone, daily, 100)
    shared = player_key(phone)
    user = get_user_model().objects.create_user("old", "old@example.com", "pw-123456789")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    Player.objects.create(key=shared, user=user, name="Olden")  # as sign-ups made them
    laptop = Client(REMOTE_ADDR="10.8.0.22")
    laptop.cookies = phone.cookies  # the same guest key (synced)
    assert laptop.get("/api/me/").json()["name"] == "Olden"  # the hole, before the move
    signed = Client(REMOTE_ADDR="10.8.0.23")
    assert signed.post("/accounts/login/", {"login": "old@example.com",
                                            "password": "pw-123456789"}).status_code == 302
    assert signed.get("/api/me/").json()["signed_in"] is True

    assert rekey_accounts(Player.objects.filter(user__isnull=False)) == 1
    account = Player.objects.get(user=user)
    assert account.key != shared and account.name == "Olden"
    assert list(Solve.objects.filter(level=daily).values_list("player", flat=True)) == [
        account.key]
    assert laptop.get("/api/me/").json()["name"] is None  # an empty guest now
    assert signed.get("/api/me/").json()["signed_in"] is False  # signed out
    assert signed.post("/accounts/login/", {"login": "old@example.com",
                                            "password": "pw-123456789"}).status_code == 302
    me = signed.get("/api/me/").json()
    assert me["signed_in"] is True and me["name"] == "Olden" and me["solves"] == 1
