"""Players beyond the cookie, their follows and sync codes."""

import secrets

from django.conf import settings
from django.db import models

from puzzles.core.model_bases import Stamped, one_row_per
from puzzles.core.vocabulary import (
    TEXT_LIMITS,
)


def player_handle() -> str:
    return secrets.token_urlsafe(8)


class Player(Stamped):
    """A player beyond the cookie: `key` is the token every one of their rows is filed under
    (Solve.player, Draft.player, Level.maker...). Guests get a row only when they need one
    (a sync code, a follow); an account's row links its user, public name and choices."""

    key = models.CharField(max_length=64, unique=True)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="player")
    # NULL, not "", when there is none: names are unique, and any number of guests have none.
    name = models.CharField(  # noqa: DJ001
        max_length=TEXT_LIMITS["display_name"], null=True, blank=True)
    # How the name looks (puzzles.core.text_safety.skeleton): unique too, so no two names read alike
    # ("AIice" and "Alice"). Set on every save of the name.
    name_look = models.CharField(max_length=100, null=True, blank=True, unique=True)  # noqa: DJ001
    # The public link (/players/<handle>/) that friends follow: never the key, which is the
    # cookie's secret.
    handle = models.CharField(max_length=16, unique=True, default=player_handle)
    hidden = models.BooleanField(default=False)  # on no public or friends' board

    class Meta:
        constraints = [models.UniqueConstraint(models.functions.Lower("name"),
                                               name="player_name_unique")]

    def __str__(self) -> str:
        return self.name or f"Guest {self.handle}"

    def save(self, *args, **kwargs):
        from puzzles.core.text_safety import skeleton

        self.name_look = skeleton(self.name) if self.name else None
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "name_look"}
        super().save(*args, **kwargs)

    @property
    def on_boards(self) -> bool:
        """Shown by name on leaderboards: an account with a name, not hidden."""
        return self.user_id is not None and bool(self.name) and not self.hidden


class Follow(Stamped):
    """`follower` sees `followed` on their friends' board."""

    follower = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="following")
    followed = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="followers")

    class Meta:
        constraints = [one_row_per("follower", "followed", name="follow_once")]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class SyncCode(Stamped):
    """A short code that joins another device to a guest's history; only its hash is kept."""

    code_hash = models.CharField(max_length=64, unique=True)
    player = models.CharField(max_length=64, db_index=True)  # the history's key
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Sync code until {self.expires_at:%H:%M}"
