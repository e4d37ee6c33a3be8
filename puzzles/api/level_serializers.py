"""The API's shapes for levels, dailies, pools and runs: each response has one serializer,
which is also what the OpenAPI schema shows. The level shape never carries the solution."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from generator_ext import second_channel
from puzzles.api.fields import StrictIntegerField
from puzzles.core.vocabulary import Kind, Rule, Tier
from puzzles.daily.models import DailyPuzzle
from puzzles.levels import rating_band
from puzzles.levels.models import GenerationRun, Level
from puzzles.ratings import selectors as rating_selectors


def daily_ref(daily: DailyPuzzle | None) -> dict | None:
    return {"date": daily.date.isoformat(), "number": daily.number} if daily else None


class DailyRefSerializer(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField()


class ParSerializer(serializers.Serializer):
    master = serializers.IntegerField(help_text="seconds")
    expert = serializers.IntegerField(help_text="seconds")
    grandmaster = serializers.IntegerField(help_text="seconds")


class DifficultySerializer(serializers.Serializer):
    """What play measured of the level, what the model predicts, and its par times."""

    rating = serializers.IntegerField(
        allow_null=True, help_text="the level's Glicko-2 rating from ranked solves (higher: "
                                   "harder); null until its deviation is small enough")
    deviation = serializers.IntegerField(allow_null=True,
                                         help_text="the rating's deviation; null with it")
    predicted = serializers.IntegerField(
        help_text="the rating the model predicts before anyone plays (same scale)")
    par = ParSerializer(help_text="par times in seconds for three standards (grandmaster "
                                  "the fastest)")
    model = serializers.CharField(help_text="the version of the model that predicted it, "
                                            "or cold-start")


class LevelSerializer(serializers.ModelSerializer):
    regions = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="regions[row][col]: the region (0 to n-1) of each cell")
    daily = serializers.SerializerMethodField()
    colors = serializers.SerializerMethodField(
        help_text="the palette index of each region (the engine's colouring of this level, "
                  "or the colours a community level's maker painted with)")
    letters = serializers.SerializerMethodField(
        help_text="true when some of the board's colours are too close for some viewers "
                  "(or repeat): the board then shows each region's letter as well")

    difficulty = serializers.SerializerMethodField()

    class Meta:
        model = Level
        fields = ["id", "size", "rule", "stars", "regions", "colors", "letters", "tier", "score",
                  "daily", "difficulty"]

    def get_colors(self, level) -> list[int]:
        return level.colors()

    def get_letters(self, level) -> bool:
        return second_channel(level.colors())

    def get_daily(self, level) -> dict | None:
        return daily_ref(getattr(level, "daily", None))

    @extend_schema_field(DifficultySerializer)
    def get_difficulty(self, level) -> dict:
        return rating_selectors.level_difficulty(level)


def level_payload(level: Level) -> dict:
    """LevelSerializer's shape, built directly: the API's hottest path (a test holds the two
    equal). Kept on the level: a level kept in memory (level_cache) builds it once."""
    payload = level.__dict__.get("_payload")
    if payload is None:
        colors = level.colors()
        payload = level.__dict__["_payload"] = {
            "id": level.id, "size": level.size, "rule": level.rule, "stars": level.stars,
            "regions": level.regions,
            "colors": colors, "letters": second_channel(colors),
            "tier": level.tier,
            "score": None if level.score is None else float(level.score),  # 40.0, as stored
            "daily": daily_ref(getattr(level, "daily", None)),
            # Kept with the level: a change to what it shows forgets the level's entry.
            "difficulty": rating_selectors.level_difficulty(level)}
    return payload


class DailySerializer(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField()
    level = LevelSerializer()


def daily_payload(daily: DailyPuzzle) -> dict:
    """DailySerializer's shape, built directly and kept on the daily (see level_payload)."""
    payload = daily.__dict__.get("_payload")
    if payload is None:
        payload = daily.__dict__["_payload"] = {
            "date": daily.date.isoformat(), "number": daily.number,
            "level": level_payload(daily.level)}
    return payload


class PoolSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    rule = serializers.CharField()
    tier = serializers.CharField()
    stars = serializers.IntegerField(
        help_text="per row, column and region: 1 for Queens, 2 or 3 for Star Battle")
    active = serializers.IntegerField()
    target = serializers.IntegerField()
    running = serializers.BooleanField()
    paused = serializers.BooleanField(
        help_text="generation is paused: the broker is unreachable, so no run is worked")
    kind = serializers.ChoiceField(
        Kind.choices, help_text="level: the levels every route deals; solvable and trap: "
        "\"Solvable?\"'s ordinary boards and its traps (no solution), pools of their own")


class RunRequestSerializer(serializers.Serializer):
    # Ranges are the service's rules (check_run_request), with its sentences.
    size = StrictIntegerField(help_text="a served board size")
    rule = serializers.ChoiceField(Rule.choices, required=False, default=Rule.TOUCH)
    tier = serializers.ChoiceField(Tier.choices, required=False, default="", allow_blank=True,
                                   help_text="empty: any tier")
    requested = StrictIntegerField(help_text="how many new levels to make")
    rating_min = StrictIntegerField(
        required=False, allow_null=True, default=None,
        help_text=f"the lowest predicted rating a level of the run may have, "
                  f"{rating_band.LIMITS[0]} to {rating_band.LIMITS[1]} (null or absent: no "
                  f"floor); a candidate predicted outside the band is not stored")
    rating_max = StrictIntegerField(
        required=False, allow_null=True, default=None,
        help_text="the highest predicted rating (null or absent: no ceiling); above rating_min")


BAND_HELP = {
    "rating_min": "the band's floor: every level of the run was predicted at least this "
                  "(null: none)",
    "rating_max": "the band's ceiling (null: none)",
    "rejected": "candidates the engine made that were predicted outside the band: not stored",
}


class RunSerializer(serializers.ModelSerializer):
    class Meta:
        model = GenerationRun
        fields = [
            "id", "size", "rule", "tier", "rating_min", "rating_max", "requested", "produced",
            "duplicates", "rejected", "status", "task_id", "requested_by", "created_at",
            "started_at", "heartbeat_at", "finished_at", "error",
        ]
        extra_kwargs = {name: {"help_text": text} for name, text in BAND_HELP.items()}
