"""The ratings' admin: levels' and players' Glicko-2 ratings and the game log (recompute_ratings
rewrites them from the stored solves), the difficulty model's versions with their held-out
plot and the levels' predictions; all read-only (the tasks write them)."""
from django.contrib import admin
from django.utils.html import format_html, format_html_join

from puzzles.admin.columns import PlayerShort
from puzzles.admin.plots import scatter
from puzzles.ratings.models import (
    DifficultyModel,
    LevelPrediction,
    LevelRating,
    PlayerRating,
    RatedGame,
)


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
class PlayerRatingAdmin(PlayerShort, ReadOnly):
    list_display = ["player_short", "rating", "deviation", "volatility", "games", "updated_at"]
    ordering = ["-rating"]


@admin.register(RatedGame)
class RatedGameAdmin(PlayerShort, ReadOnly):
    list_display = ["id", "solve", "level", "player_short", "outcome", "player_rating",
                    "level_rating", "played_at"]
    raw_id_fields = ["solve", "level"]
    ordering = ["-played_at"]


@admin.register(DifficultyModel)
class DifficultyModelAdmin(ReadOnly):
    """Every training of the difficulty model: its held-out figures against the cold start
    and the model it had to beat, whether it is in service and why, and its plot."""

    list_display = ["version", "created_at", "trained_on", "held_out_count", "spearman",
                    "rival_spearman", "cold_start_spearman", "in_service"]
    list_filter = ["in_service"]
    fields = ["version", "created_at", "in_service", "verdict", "trained_on", "features_version",
              "figures", "plot"]
    readonly_fields = fields

    @admin.display(description="held out")
    def held_out_count(self, row):
        return row.metrics.get("held_out")

    @admin.display(description="rating Spearman")
    def spearman(self, row):
        return row.metrics["rating"]["model"]["spearman"]

    @admin.display(description="rival's (the model it had to beat)")
    def rival_spearman(self, row):
        return f'{row.metrics["rating"]["rival"]["spearman"]} ({row.metrics["rival"]})'

    @admin.display(description="cold start's")
    def cold_start_spearman(self, row):
        return row.metrics["rating"]["cold_start"]["spearman"]

    @admin.display(description="held-out figures")
    def figures(self, row):
        lines = ((target, who, f["spearman"], f["mae"])
                 for target in ("rating", "seconds")
                 for who, f in row.metrics[target].items())
        return format_html(
            "<table><tr><th>target</th><th>by</th><th>Spearman</th><th>MAE</th></tr>{}</table>"
            "<p>MAE of seconds in log10: 0.30 is twice or half.</p>",
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", lines))

    @admin.display(description="predicted against measured rating (held-out levels)")
    def plot(self, row):
        return scatter([(predicted, measured) for _, predicted, measured, *_ in row.held_out],
                       x_label="predicted rating", y_label="measured rating")


@admin.register(LevelPrediction)
class LevelPredictionAdmin(ReadOnly):
    list_display = ["level", "model", "rating", "seconds"]
    list_select_related = ["model"]
    raw_id_fields = ["level"]
