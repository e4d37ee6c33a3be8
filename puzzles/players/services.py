"""Players: accounts joined to a guest's history, sync codes between devices, display
names, hiding, follows, and deleting what a player asked us to forget.

A history is every row filed under a player key: the columns each domain declares in the
registry of player-key columns (puzzles/core/player_keys.py), and the player's own row and
follows. Merging one into another moves every row; a level both played keeps one play, so
nothing is lost or counted twice."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from puzzles.core import player_keys
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.text_safety import skeleton
from puzzles.players import leaderboards
from puzzles.players.models import Follow, Player, SyncCode

SYNC_CODE_LENGTH = 8  # 31**8: about 8.5e11 codes, against a few tries per minute
SYNC_CODE_TTL = timedelta(minutes=10)


# ---------------------------------------------------------------- merging histories
def merge_history(source: str, target: str) -> None:
    """Move every row of `source` to `target` (each domain's columns, through the registry of
    player-key columns); the source key is left with nothing. A source that is an account's
    key keeps its rows: an account made before accounts took fresh keys has a guest's key,
    which browsers may still hold as their cookie (their sign-in to another account, or a
    sync join, would carry that account's history along)."""
    if source == target or Player.objects.filter(key=source, user__isnull=False).exists():
        return
    with transaction.atomic():
        left = leaderboards.boards_of(source)  # the guest's own places go with its key
        player_keys.merge_all(source, target)
        gone = Player.objects.filter(key=source, user__isnull=True).first()
        if gone is not None:
            keeper = Player.objects.get_or_create(key=target)[0]
            for follow in Follow.objects.filter(follower=gone).exclude(followed=keeper):
                Follow.objects.get_or_create(follower=keeper, followed_id=follow.followed_id)
            gone.delete()
        transaction.on_commit(lambda: (leaderboards.forget(None, source, left),
                                       leaderboards.resync_player(target)))


# ---------------------------------------------------------------- accounts
# An account's key is always a fresh one that no browser holds: a guest key may sit in other
# cookies (a device joined by a sync code, the browser that signed up while its mail was
# unconfirmed), and each of those went on as the account without its password (its name,
# its export, deleting it, or a sign-in there to another account taking its history along).
# The guest's history joins the account by a merge instead.
def claim_account(user, *, guest_key: str, name: str) -> Player:
    """A new account with its display name, on a fresh key; the guest's history merged
    into it."""
    name = domain.check_display_name(name)
    with transaction.atomic():
        player = (Player.objects.select_for_update().filter(user=user).first()
                  or Player(key=secrets.token_urlsafe(18), user=user))
        player.name = name
        try:
            with transaction.atomic():
                player.save()
        except IntegrityError:
            raise ServiceError(name_taken_message(name)) from None
        merge_history(guest_key, player.key)  # resyncs the account's places after the commit
    return player


def rekey_accounts(players, *, tables: set[str] | None = None) -> int:
    """Each of these accounts on a fresh key, its history moved to it through the registry,
    and its sessions ended (they name the old key; the next sign-in finds the new one). For
    the accounts made before accounts took fresh keys (migration 0021): their key was a
    guest's, which other browsers may still hold as their cookie. How many were moved.
    `tables`: the migration's database (player_keys.merge_all)."""
    from importlib import import_module

    from django.contrib.sessions.models import Session

    moved: set[int] = set()  # their users' ids
    with transaction.atomic():
        for player in players:
            if player.user_id is None:
                continue
            old, new = player.key, secrets.token_urlsafe(18)
            left = leaderboards.boards_of(old)
            player.key = new
            player.save(update_fields=["key"])
            player_keys.merge_all(old, new, tables=tables)
            moved.add(player.user_id)
            transaction.on_commit(lambda old=old, new=new, left=left: (
                leaderboards.forget(None, old, left), leaderboards.resync_player(new)))
    store = import_module(settings.SESSION_ENGINE).SessionStore
    users = {str(user) for user in moved}
    for session in Session.objects.all().iterator():
        if str(session.get_decoded().get("_auth_user_id")) in users:
            store(session_key=session.session_key).delete()  # the cache's copy too
    return len(moved)


def sign_in(user, *, guest_key: str) -> str:
    """The account's player key, once this browser's guest history is merged into it (an
    account made before players had rows gets one now, on a fresh key)."""
    player = Player.objects.get_or_create(user=user,
                                          defaults={"key": secrets.token_urlsafe(18)})[0]
    merge_history(guest_key, player.key)
    return player.key


def name_taken_message(name: str) -> str:
    return gettext("the display name “%(name)s” is taken") % {"name": name}


def name_taken(name: str, *, exclude: Player | None = None) -> bool:
    """Another player's name is this one, or reads like it (the same skeleton)."""
    others = Player.objects.filter(Q(name__iexact=name) | Q(name_look=skeleton(name)))
    return (others.exclude(pk=exclude.pk) if exclude else others).exists()


def rename(player: Player, name: object) -> Player:
    if player.user_id is None:
        raise ServiceError(gettext("only an account has a display name: sign up first"))
    name = domain.check_display_name(name)
    if name_taken(name, exclude=player):
        raise ServiceError(name_taken_message(name))
    player.name = name
    try:
        with transaction.atomic():
            player.save(update_fields=["name"])
    except IntegrityError:
        raise ServiceError(name_taken_message(name)) from None
    leaderboards.resync_player(player.key)
    return player


def set_hidden(player: Player, hidden: object) -> Player:
    if not isinstance(hidden, bool):
        raise ServiceError("hidden must be true or false")
    player.hidden = hidden
    player.save(update_fields=["hidden"])
    leaderboards.resync_player(player.key)
    return player


def player_row(key: str) -> Player:
    """The player's row, made when first needed (a guest's follow or sync code)."""
    return Player.objects.get_or_create(key=key)[0]


# ---------------------------------------------------------------- follows
def follow(key: str, handle: object) -> Player:
    if not isinstance(handle, str) or not handle:
        raise ServiceError(gettext("handle must be a player's handle, from their link"))
    followed = Player.objects.filter(handle=handle, user__isnull=False).first()
    if followed is None:
        raise ServiceError(gettext("there is no player “%(handle)s”") % {"handle": handle})
    follower = player_row(key)
    if followed.pk == follower.pk:
        raise ServiceError(gettext("you cannot follow yourself"))
    Follow.objects.get_or_create(follower=follower, followed=followed)
    return followed


def unfollow(key: str, handle: object) -> None:
    Follow.objects.filter(follower__key=key, followed__handle=handle).delete()


# ---------------------------------------------------------------- sync codes
def code_hash(code: str) -> str:
    return hmac.new(settings.SECRET_KEY.encode(), f"sync:{code}".encode(),
                    hashlib.sha256).hexdigest()


def normalise_code(raw: object) -> str:
    if not isinstance(raw, str):
        raise ServiceError(gettext("code must be the sync code shown on the other device"))
    code = "".join(ch for ch in raw.upper() if ch.isalnum())
    if not domain.is_code(code, SYNC_CODE_LENGTH):
        raise ServiceError(gettext("a sync code is %(length)s letters and digits, like ABCD-EF23")
                           % {"length": SYNC_CODE_LENGTH})
    return code


def create_sync_code(key: str, *, signed_in: bool) -> tuple[str, object]:
    """A fresh code for this guest's history (its older codes stop working)."""
    if signed_in:
        raise ServiceError(gettext("an account syncs by signing in on the other device"))
    code = domain.new_code(SYNC_CODE_LENGTH)
    expires_at = timezone.now() + SYNC_CODE_TTL
    with transaction.atomic():
        SyncCode.objects.filter(player=key).delete()
        SyncCode.objects.create(code_hash=code_hash(code), player=key, expires_at=expires_at)
    return f"{code[:4]}-{code[4:]}", expires_at


def join_by_code(raw: object, *, key: str, signed_in: bool) -> str:
    """Join this device to the history the code names: this device's own history merges
    into it, and the key returned is the one this browser keeps from now on."""
    if signed_in:
        raise ServiceError(gettext("sign out first: a signed-in device already shares its "
                                   "account's history"))
    code = normalise_code(raw)
    with transaction.atomic():
        found = SyncCode.objects.select_for_update().filter(
            code_hash=code_hash(code), expires_at__gt=timezone.now()).first()
        if found is None:
            raise ServiceError(gettext("that sync code is wrong or has expired; show a new one "
                                       "on the other device"))
        if Player.objects.filter(key=found.player, user__isnull=False).exists():
            raise ServiceError(gettext("that history belongs to an account: sign in with it "
                                       "instead"))
        target = found.player
        found.delete()  # one use
        merge_history(key, target)
    return target


# ---------------------------------------------------------------- forgetting
def delete_history(key: str, *, user=None) -> None:
    """Forget a player: their account, name, follows, drafts and codes go; their solves stay
    for the levels' statistics, each under a key of its own that links it to nobody (each
    domain's part through the registry of player-key columns)."""
    with transaction.atomic():
        player = Player.objects.filter(key=key).first()
        board_ids = leaderboards.boards_of(key)
        player_keys.delete_all(key)
        pk = player.pk if player is not None else None
        if player is not None:
            player.delete()  # its follows go with it
        transaction.on_commit(lambda: leaderboards.forget(pk, key, board_ids))
        if user is not None:
            forget_sign_ins(user)
            user.delete()  # its email addresses go with it


def forget_sign_ins(user) -> None:
    """axes' rows about the account (wrong passwords typed for it, each with the raw address
    they came from): keyed by the name typed, its username or an email, in any case."""
    names = {user.get_username(), user.email,
             *user.emailaddress_set.values_list("email", flat=True)} - {""}
    typed = Q()
    for name in names:
        typed |= Q(username__iexact=name)
    AccessAttempt.objects.filter(typed).delete()
    AccessLog.objects.filter(typed).delete()
