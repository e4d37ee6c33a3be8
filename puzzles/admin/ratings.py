"""The ratings' admin: levels' and players' Glicko-2 ratings and the game log, read-only
(recompute_ratings rewrites them from the stored solves)."""
from django.contrib import admin

from puzzles.ratings.models import LevelRating, PlayerRating, RatedGame


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LevelRating)
class LevelRatingAdmin(ReadOnly):
    list_display = ["level", "rating", "deviation", "volatility", "games", "par_expert",
                    "par_master", "par_grandmaster", "updated_at"]
    ordering = ["-rating"]
    raw_id_fields = ["level"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnly):
    list_display = ["player_short", "rating", "deviation", "volatility", "games", "updated_at"]
    ordering = ["-rating"]

    @admin.display(description="player")
    def player_short(self, row):
        return row.player[:8]


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnly):
    list_display = ["id", "solve", "level", "player_short", "outcome", "player_rating",
                    "level_rating", "played_at"]
    raw_id_fields = ["solve", "level"]
    ordering = ["-played_at"]

    @admin.display(description="player")
    def player_short(self, row):
        return row.player[:8]
