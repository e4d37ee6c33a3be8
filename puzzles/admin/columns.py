"""Columns several admins show alike."""
from django.contrib import admin
from django.utils.translation import gettext_lazy


class PlayerShort:
    """A `player_short` column: a row's player key, its first 8 characters (enough to tell
    players apart in a list, not the whole cookie)."""

    @admin.display(description=gettext_lazy("player"))
    def player_short(self, row):
        return row.player[:8]
