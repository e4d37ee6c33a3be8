"""Who the client is, and sign-in and sign-up that a stranger cannot turn against others:
axes' lockout per account and address, allauth's limits per client address (behind the
proxies TRUSTED_PROXIES believes), a sign-up with a known email answered as a new one."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client

from puzzles.players.identity import client_address

pytestmark = pytest.mark.django_db

STRANGER, OWNER, EDGE = "203.0.113.9", "198.51.100.7", "127.0.0.1"


def sign_in(email, password, address, client=None):
    return (client or Client()).post("/accounts/login/", {"login": email, "password": password},
                                     REMOTE_ADDR=address)


def page(answer) -> str:
    """The page without its CSRF token (new each answer)."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", answer.content.decode())


def sign_up(email, name, client=None, **extra):
    return (client or Client()).post("/accounts/signup/", {
        "email": email, "name": name, "password1": "a-long-horse-battery",
        "password2": "a-long-horse-battery"}, follow=True, **extra)


@pytest.fixture
def ana(django_user_model):
    user = django_user_model.objects.create_user("ana", email="ana@example.com",
                                                 password="right-horse")
    EmailAddress.objects.create(user=user, email="ana@example.com", verified=True, primary=True)
    return user


def test_wrong_passwords_for_made_up_emails_lock_no_real_account(ana, settings):
    """Row 1: axes saw no username in allauth's email sign-in, so every failure fell in one
    bucket and five made-up emails locked every account for 15 minutes."""
    for i in range(settings.AXES_FAILURE_LIMIT + 2):
        sign_in(f"nobody-{i}@example.com", "guess", STRANGER)
    assert sign_in("ana@example.com", "right-horse", OWNER).status_code == 302
    # Nor the stranger's own address, for an account it did not guess at.
    assert sign_in("ana@example.com", "right-horse", STRANGER).status_code == 302


def test_wrong_passwords_for_a_real_account_lock_it_at_that_address_only(ana, settings):
    limit = settings.AXES_FAILURE_LIMIT
    statuses = [sign_in("Ana@Example.com", f"guess-{i}", STRANGER).status_code
                for i in range(limit + 1)]
    assert statuses[:limit - 1] == [200] * (limit - 1) and statuses[-1] == 429
    assert sign_in("ana@example.com", "right-horse", STRANGER).status_code == 429
    assert sign_in("ana@example.com", "right-horse", OWNER).status_code == 302


def test_a_good_sign_in_clears_the_failures_at_that_address(ana, settings):
    for i in range(settings.AXES_FAILURE_LIMIT - 1):
        sign_in("ana@example.com", f"guess-{i}", OWNER)
    assert sign_in("ana@example.com", "right-horse", OWNER).status_code == 302
    for i in range(settings.AXES_FAILURE_LIMIT - 1):
        sign_in("ana@example.com", f"guess-again-{i}", OWNER)
    assert sign_in("ana@example.com", "right-horse", OWNER).status_code == 302


def test_sign_ups_from_many_addresses_behind_the_edge_are_counted_apart(settings):
    """Row 9: allauth counted sign-ups by the edge's address (20 a minute for everyone)."""
    settings.TRUSTED_PROXIES = 1  # the one setting: allauth follows it
    for i in range(21):
        answer = sign_up(f"player{i}@example.com", f"Player {i:02}", REMOTE_ADDR=EDGE,
                         HTTP_X_FORWARDED_FOR=f"192.0.2.{i + 1}")
        assert answer.redirect_chain[-1][0] == "/accounts/confirm-email/", i
    # One address is still held to allauth's 20 a minute.
    statuses = [sign_up(f"again{i}@example.com", f"Again {i:02}", REMOTE_ADDR=EDGE,
                        HTTP_X_FORWARDED_FOR="192.0.2.1").status_code for i in range(21)]
    assert statuses[-1] == 429


def test_the_client_address_is_the_one_the_proxies_name(rf, settings):
    request = rf.get("/", REMOTE_ADDR=EDGE, HTTP_X_FORWARDED_FOR="10.9.9.9, 192.0.2.5")
    settings.TRUSTED_PROXIES = 0
    assert client_address(request) == EDGE  # no proxy believed: the header is the client's
    settings.TRUSTED_PROXIES = 1
    assert client_address(request) == "192.0.2.5"
    settings.TRUSTED_PROXIES = 2
    assert client_address(request) == "10.9.9.9"
    request.META["HTTP_X_FORWARDED_FOR"] = "not-an-address, 192.0.2.5"
    assert client_address(request) == EDGE


def test_a_sign_up_with_a_known_email_answers_as_a_new_one_does(ana, settings):
    """Row 13: the flash "Confirmation email sent to …" came only for a new email when the
    known one had been mailed in the last minutes (allauth's cooldown sends nothing then)."""
    sign_up("ana@example.com", "Ana Again", REMOTE_ADDR=OWNER)  # her mail: account exists
    assert [m.subject for m in mail.outbox] == ["[Queens] Account Already Exists"]
    known = sign_up("ana@example.com", "Ana Thrice", REMOTE_ADDR=STRANGER)
    new = sign_up("new@example.com", "New Player", REMOTE_ADDR=STRANGER)
    assert known.redirect_chain == new.redirect_chain == [("/accounts/confirm-email/", 302)]
    said = [[str(m) for m in answer.context["messages"]] for answer in (known, new)]
    assert said[0] == said[1]
    assert page(known) == page(new)
    assert mail.outbox[-1].to == ["new@example.com"]
