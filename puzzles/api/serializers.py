"""Response shapes. The level shape never carries the solution."""

from rest_framework import serializers

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
        "tier": level.tier,
        "score": level.score,
        "daily": {"date": daily.date.isoformat(), "number": daily.number} if daily else None,
    }


class LevelSerializer(serializers.ModelSerializer):
    daily = serializers.SerializerMethodField()

    class Meta:
        model = Level
        fields = ["id", "size", "rule", "regions", "tier", "score", "daily"]

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
    token = serializers.CharField(required=False)


class RevealResponseSerializer(serializers.Serializer):
    solution = serializers.ListField(child=serializers.IntegerField())


class SolveRequestSerializer(serializers.Serializer):
    seconds = serializers.JSONField()
    hints = serializers.JSONField(required=False, default=0)
    token = serializers.JSONField()


class SolveResponseSerializer(serializers.Serializer):
    percentile = serializers.FloatField()
    solvers = serializers.IntegerField()


class PoolSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    rule = serializers.CharField()
    active = serializers.IntegerField()
    target = serializers.IntegerField()
    running = serializers.BooleanField()


class RunRequestSerializer(serializers.Serializer):
    size = serializers.JSONField()
    rule = serializers.JSONField(required=False, default="touch")
    requested = serializers.JSONField()


class RunSerializer(serializers.ModelSerializer):
    class Meta:
        model = GenerationRun
        fields = [
            "id", "size", "rule", "requested", "produced", "duplicates", "status", "task_id",
            "requested_by", "created_at", "started_at", "heartbeat_at", "finished_at", "error",
        ]
