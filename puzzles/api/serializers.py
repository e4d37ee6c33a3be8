"""Response shapes. The level shape never carries the solution."""

from rest_framework import serializers

from puzzles.models import DailyPuzzle, GenerationRun, Level, Rule, Tier


class DailyRefSerializer(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField()


def level_payload(level: Level) -> dict:
    """The level shape, built directly: this is the API's hottest path (same fields as
    LevelSerializer, which documents it in the schema). Kept on the level: a level kept in
    memory (level_cache) builds it once."""
    payload = level.__dict__.get("_payload")
    if payload is None:
        payload = level.__dict__["_payload"] = _build_payload(level)
    return payload


def _build_payload(level: Level) -> dict:
    daily = getattr(level, "daily", None)
    return {
        "id": level.id,
        "size": level.size,
        "rule": level.rule,
        "regions": level.regions,
        "colors": level.colors(),
        "tier": level.tier,
        "score": None if level.score is None else float(level.score),  # 40.0, as stored
        "daily": {"date": daily.date.isoformat(), "number": daily.number} if daily else None,
    }


class LevelSerializer(serializers.ModelSerializer):
    regions = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="regions[row][col]: the region (0 to n-1) of each cell")
    daily = serializers.SerializerMethodField()
    colors = serializers.SerializerMethodField(
        help_text="the palette index of each region (the engine's colouring of this level, "
                  "or the colours a community level's maker painted with)")

    class Meta:
        model = Level
        fields = ["id", "size", "rule", "regions", "colors", "tier", "score", "daily"]

    def get_colors(self, level) -> list[int]:
        return level.colors()

    def get_daily(self, level) -> dict | None:
        daily = getattr(level, "daily", None)
        return {"date": daily.date.isoformat(), "number": daily.number} if daily else None


def daily_payload(daily: DailyPuzzle) -> dict:
    """DailySerializer's shape, built directly and kept on the daily (see level_payload)."""
    payload = daily.__dict__.get("_payload")
    if payload is None:
        payload = daily.__dict__["_payload"] = {
            "date": daily.date.isoformat(), "number": daily.number,
            "level": level_payload(daily.level)}
    return payload


class DailySerializer(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField()
    level = LevelSerializer()


MAX_CELLS = 32 * 32  # more marks than any board has cells is not a board's marks


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: not "1", not 1.0, not true (DRF's IntegerField takes all three)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """A JSON string: not 5, not true (DRF's CharField turns both into text)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


def cell_field(**kwargs) -> serializers.ListField:
    """A cell: [row, col], 0-based (the level's size bounds them: checked by the service)."""
    return serializers.ListField(child=StrictIntegerField(), min_length=2, max_length=2,
                                 **kwargs)


def cells_field(help_text: str, **kwargs) -> serializers.ListField:
    return serializers.ListField(child=cell_field(), max_length=MAX_CELLS,
                                 help_text=help_text, **kwargs)


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="what was wrong, in a sentence")


def opened_field():
    return serializers.CharField(
        required=False, allow_blank=True, max_length=200,
        help_text="the signed opening time the level's page carries (`opened`): the solving "
                  "time starts there; without it, at this request")


class StartRequestSerializer(serializers.Serializer):
    opened = opened_field()


class StartResponseSerializer(serializers.Serializer):
    started = serializers.BooleanField()


class CheckRequestSerializer(serializers.Serializer):
    queens = cells_field("the queens placed: [[row, col], ...], 0-based; at most one a row")
    opened = opened_field()


class ConflictSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["row", "column", "region", "touch", "diagonal"])
    cells = cells_field("the queens in conflict")


class CheckResponseSerializer(serializers.Serializer):
    solved = serializers.BooleanField()
    conflicts = ConflictSerializer(many=True)
    solution = serializers.ListField(child=serializers.IntegerField(), required=False)
    seconds = serializers.IntegerField(required=False)
    token = serializers.CharField(required=False)


class RevealResponseSerializer(serializers.Serializer):
    solution = serializers.ListField(child=serializers.IntegerField())


class HintRequestSerializer(serializers.Serializer):
    queens = cells_field("the queens placed: [[row, col], ...], 0-based")
    crosses = cells_field("the cells crossed out: [[row, col], ...], 0-based",
                          required=False, default=list)
    opened = opened_field()


class HintResponseSerializer(serializers.Serializer):
    technique = serializers.CharField(
        allow_null=True,
        help_text="last_cell, neighbours, confinement, group_confinement, elimination, "
                  "contradiction, or mistake; null when there is no next step",
    )
    message = serializers.CharField()
    queens = cells_field("cells the step decides hold a queen")
    crosses = cells_field("cells the step decides cannot hold one")
    because = cells_field("cells of the rows, columns, regions it uses")
    mistake = serializers.BooleanField()


class SolveRequestSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=1000, help_text="the token of the solving check")
    seconds = StrictIntegerField(required=False, help_text="ignored: the server measures it")
    hints = StrictIntegerField(required=False, help_text="ignored: the server counts them")


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
    # Ranges are the service's rules (check_run_request), with its sentences.
    size = StrictIntegerField(help_text="a served board size")
    rule = serializers.ChoiceField(Rule.choices, required=False, default=Rule.TOUCH)
    tier = serializers.ChoiceField(Tier.choices, required=False, default="", allow_blank=True,
                                   help_text="empty: any tier")
    requested = StrictIntegerField(help_text="how many new levels to make")


class RunSerializer(serializers.ModelSerializer):
    class Meta:
        model = GenerationRun
        fields = [
            "id", "size", "rule", "tier", "requested", "produced", "duplicates", "status",
            "task_id", "requested_by", "created_at", "started_at", "heartbeat_at", "finished_at",
            "error",
        ]
