"""Response shapes. The level shape never carries the solution."""

from rest_framework import serializers

from generator_ext import region_colors
from puzzles.models import GenerationRun, Level


class DailyRefSerializer(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField()


def level_payload(level: Level) -> dict:
    """The level shape, built directly: this is the API's hottest path (same fields as
    LevelSerializer, which documents it in the schema)."""
    daily = getattr(level, "daily", None)
    return {
        "id": level.id,
        "size": level.size,
        "rule": level.rule,
        "regions": level.regions,
        "colors": region_colors(level.regions),
        "tier": level.tier,
        "score": level.score,
        "daily": {"date": daily.date.isoformat(), "number": daily.number} if daily else None,
    }


class LevelSerializer(serializers.ModelSerializer):
    daily = serializers.SerializerMethodField()
    colors = serializers.SerializerMethodField(
        help_text="the palette index of each region (the engine's colouring of this level)")

    class Meta:
        model = Level
        fields = ["id", "size", "rule", "regions", "colors", "tier", "score", "daily"]

    def get_colors(self, level) -> list[int]:
        return region_colors(level.regions)

    def get_daily(self, level) -> dict | None:
        daily = getattr(level, "daily", None)
        return {"date": daily.date.isoformat(), "number": daily.number} if daily else None


class DailySerializer(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField()
    level = LevelSerializer()


class CheckRequestSerializer(serializers.Serializer):
    queens = serializers.JSONField(help_text="[[row, col], ...], 0-based")


class ConflictSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["row", "column", "region", "touch", "diagonal"])
    cells = serializers.JSONField()


class CheckResponseSerializer(serializers.Serializer):
    solved = serializers.BooleanField()
    conflicts = ConflictSerializer(many=True)
    solution = serializers.ListField(child=serializers.IntegerField(), required=False)
    seconds = serializers.IntegerField(required=False)
    token = serializers.CharField(required=False)


class RevealResponseSerializer(serializers.Serializer):
    solution = serializers.ListField(child=serializers.IntegerField())


class HintRequestSerializer(serializers.Serializer):
    queens = serializers.JSONField(help_text="[[row, col], ...], 0-based")
    crosses = serializers.JSONField(help_text="[[row, col], ...], 0-based", required=False,
                                    default=list)


class HintResponseSerializer(serializers.Serializer):
    technique = serializers.CharField(
        allow_null=True,
        help_text="last_cell, neighbours, confinement, group_confinement, elimination, "
                  "contradiction, or mistake; null when there is no next step",
    )
    message = serializers.CharField()
    queens = serializers.JSONField(help_text="cells the step decides hold a queen")
    crosses = serializers.JSONField(help_text="cells the step decides cannot hold one")
    because = serializers.JSONField(help_text="cells of the rows, columns, regions it uses")
    mistake = serializers.BooleanField()


class SolveRequestSerializer(serializers.Serializer):
    token = serializers.JSONField(help_text="the token of the solving check")
    seconds = serializers.JSONField(required=False, help_text="ignored: the server measures it")
    hints = serializers.JSONField(required=False, help_text="ignored: the server counts them")


class SolveResponseSerializer(serializers.Serializer):
    percentile = serializers.FloatField()
    solvers = serializers.IntegerField()
    seconds = serializers.IntegerField(help_text="from first opening the level to solving it")
    hints = serializers.IntegerField()
    ranked = serializers.BooleanField(help_text="false for a time below the plausible floor")


class PoolSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    rule = serializers.CharField()
    tier = serializers.CharField()
    active = serializers.IntegerField()
    target = serializers.IntegerField()
    running = serializers.BooleanField()
    paused = serializers.BooleanField(
        help_text="generation is paused: the broker is unreachable, so no run is worked")


class RunRequestSerializer(serializers.Serializer):
    size = serializers.JSONField()
    rule = serializers.JSONField(required=False, default="touch")
    tier = serializers.JSONField(required=False, default="")
    requested = serializers.JSONField()


class RunSerializer(serializers.ModelSerializer):
    class Meta:
        model = GenerationRun
        fields = [
            "id", "size", "rule", "tier", "requested", "produced", "duplicates", "status",
            "task_id", "requested_by", "created_at", "started_at", "heartbeat_at", "finished_at",
            "error",
        ]
