"""Accounts (django-allauth) joined to players: the sign-up form asks for a display name and
gives the new account (on a fresh key) the guest's own history; a sign-in merges this
browser's guest history into the account and keeps the account's key in the session; a
sign-out leaves a fresh guest (puzzles.players.identity sets its cookie). Who is signing in
and from where, for allauth's limits and axes' lockout: the email typed and
puzzles.players.identity.client_address."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.players import services as players
from puzzles.players.identity import ACCOUNT_KEY, client_address, new_player_key


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request) -> str:
        """allauth's limits key on the address every other limit keys on."""
        return client_address(request) or super().get_client_ip(request)


def login_name(request, credentials: dict | None) -> str | None:
    """The account a sign-in is for, as axes keys its lockout: the email allauth signs in
    with, else the admin's username; lowercase, so case does not make a fresh count. After a
    good sign-in axes asks with the user's username: the form's `login` is what it typed."""
    credentials = credentials or {}
    posted = getattr(request, "POST", None) or {}
    name = (credentials.get("email") or posted.get("login") or credentials.get("username")
            or posted.get("username"))
    return name.strip().lower() if isinstance(name, str) and name.strip() else None


class SignupForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Display name"), max_length=200,
        help_text=format_lazy(gettext_lazy("Shown on the leaderboards: {low} to {high} characters, "
                                           "plain text."),
                              low=domain.DISPLAY_NAME_MIN, high=domain.TEXT_LIMITS["display_name"]))

    def clean_name(self) -> str:
        try:
            name = domain.check_display_name(self.cleaned_data["name"])
        except ServiceError as error:
            raise forms.ValidationError(str(error)) from None
        if players.name_taken(name):
            raise forms.ValidationError(players.name_taken_message(name))
        return name

    def signup(self, request, user) -> None:
        """allauth calls this once the user is saved: the guest becomes the account."""
        guest = getattr(request, "guest_player", None) or new_player_key()
        try:
            players.claim_account(user, guest_key=guest, name=self.cleaned_data["name"])
        except ServiceError as error:  # the name was taken between the form and here
            raise forms.ValidationError(str(error)) from None


@receiver(user_logged_in)
def join_guest_to_account(sender, request, user, **kwargs) -> None:
    if request is None or not hasattr(request, "session"):
        return
    guest = getattr(request, "guest_player", None) or new_player_key()
    key = players.sign_in(user, guest_key=guest)
    request.session[ACCOUNT_KEY] = key
    request.player = key
    if key == guest:
        # An account made before accounts took fresh keys has this browser's guest key: a
        # fresh guest cookie, or the browser would go on as the account once the session
        # ends (expired, or cut by a password change elsewhere).
        request.next_guest_player = new_player_key()


@receiver(user_logged_out)
def leave_a_fresh_guest(sender, request, user, **kwargs) -> None:
    if request is not None:
        request.next_guest_player = request.player = new_player_key()
