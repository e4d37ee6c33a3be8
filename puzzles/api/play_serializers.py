"""The API's shapes for playing a level (start, check, reveal, hint, solve): each request
and response has one serializer, which is also what the OpenAPI schema shows."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from generator_ext import TECHNIQUES
from puzzles.api.fields import OmitNoneSerializer, StrictIntegerField, cells_field
from puzzles.api.level_serializers import ParSerializer
from puzzles.core.step_words import step_message
from puzzles.core.vocabulary import Category, Unranked
from puzzles.play import move_log as moves
from puzzles.play.services.play import OPENED_MAX_AGE_S

OPENED_MAX_LENGTH = 200  # a signed opening token is about 60 characters


def opened_field():
    return serializers.CharField(
        required=False, allow_blank=True, max_length=OPENED_MAX_LENGTH,
        help_text="the signed opening time the level's page carries (`opened`): the solving "
                  "time starts there, moved on by `started`; without it, at this request")


def started_field():
    return StrictIntegerField(
        required=False, min_value=0, max_value=OPENED_MAX_AGE_S * 1000,
        help_text="ms from the page's load to the player's start (the first mark): the "
                  "solving time starts then, never later than this request")


class StartRequestSerializer(serializers.Serializer):
    opened = opened_field()
    started = started_field()


class StartResponseSerializer(serializers.Serializer):
    started = serializers.BooleanField()


class CheckRequestSerializer(serializers.Serializer):
    queens = cells_field("the queens placed: [[row, col], ...], 0-based; at most one a row")
    opened = opened_field()
    started = started_field()


class ConflictSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["row", "column", "region", "touch", "diagonal"])
    cells = cells_field("the queens in conflict")


def theme_field():
    return serializers.CharField(
        required=False, help_text="the motif the level was composed around (a daily's "
        "theme); named only once the level is solved or revealed, and absent when it has none")


SOLUTION_HELP = ("solution[row]: the queen's column, or on a k-star level the sorted list of "
                 "that row's star columns")


@extend_schema_field({"type": "array", "items": {"oneOf": [
    {"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}})
class SolutionField(serializers.JSONField):
    """A stored solution as it is: one column per row, or a list of columns per row."""


def solution_field(**kwargs) -> serializers.Field:
    return SolutionField(help_text=SOLUTION_HELP, **kwargs)


# What it shapes: a services.play.CheckResult; the solution, time, token and theme only
# when solved.
class CheckResponseSerializer(OmitNoneSerializer):
    solved = serializers.BooleanField()
    conflicts = ConflictSerializer(many=True)
    solution = solution_field(required=False)
    seconds = serializers.IntegerField(required=False)
    token = serializers.CharField(required=False)
    theme = theme_field()


class RevealResponseSerializer(OmitNoneSerializer):
    solution = solution_field()
    theme = theme_field()


class HintRequestSerializer(serializers.Serializer):
    queens = cells_field("the queens placed: [[row, col], ...], 0-based")
    crosses = cells_field("the cells crossed out: [[row, col], ...], 0-based",
                          required=False, default=list)
    opened = opened_field()
    started = started_field()


# What it shapes: a deduction step (generator_ext.Step): a hint, or one of the builder's
# solving steps.
_UNIT_SCHEMA = {"type": "object", "required": ["kind"], "properties": {
    "kind": {"type": "string", "enum": ["row", "column", "region"]},
    "index": {"type": "integer", "description": "from 0"},
    "indexes": {"type": "array", "items": {"type": "integer"}},
    "color": {"type": "string", "description": "a region's colour, as the board paints it"}}}


@extend_schema_field({
    "type": "object", "nullable": True, "required": ["technique", "says"],
    "properties": {
        "technique": {"type": "string"},
        "says": {"type": "string", "description": "which of the technique's sentences"},
        "cell": {"type": "array", "items": {"type": "integer"}, "description": "[row, col]"},
        "unit": _UNIT_SCHEMA,
        "region": _UNIT_SCHEMA,
        "regions": {"type": "array", "items": _UNIT_SCHEMA},
        "lines": _UNIT_SCHEMA,
    },
    "additionalProperties": True})
class ReasonField(serializers.JSONField):
    """A hint step as data: what generator_ext.reasons words in any language."""


class StepSerializer(serializers.Serializer):
    technique = serializers.CharField(help_text=", ".join(TECHNIQUES) + ", or mistake")
    message = serializers.SerializerMethodField(help_text="the step in the player's language")
    reason = ReasonField(
        default=None, read_only=True, allow_null=True,
        help_text="the step as data: technique, which sentence it says (\"says\"), the units "
                  "(row, column, or region with its colour) and cells it reasons about, for "
                  "Queens and Star Battle steps alike; null for a service's own answer")
    queens = cells_field("cells it decides hold a queen")
    crosses = cells_field("cells it decides cannot hold one")
    because = cells_field("cells of the rows, columns and regions it uses")
    mistake = serializers.BooleanField(help_text="the step points out a wrong mark")

    def get_message(self, step) -> str:
        return step_message(step)


# What it shapes: a Step, or services.play.NoStep when there is no next step (technique
# null).
class HintResponseSerializer(StepSerializer):
    technique = serializers.CharField(
        allow_null=True,
        help_text=", ".join(TECHNIQUES) + ", or mistake; null when there is no next step")


class SolveRequestSerializer(serializers.Serializer):
    token = serializers.CharField(
        max_length=1000, required=False,
        help_text="the token of the solving check (every solve made online)")
    offline = serializers.BooleanField(
        default=False, help_text="a solve made without a network, sent when it returned: "
        "no token; the server checks `queens` and replays `moves` to them, and records it "
        "unranked (\"offline\"), with the move log's time")
    queens = cells_field("an offline solve's queens: [[row, col], ...], 0-based",
                         required=False)
    opened = opened_field()
    started = started_field()
    seconds = StrictIntegerField(required=False, help_text="ignored: the server measures it")
    hints = StrictIntegerField(required=False, help_text="ignored: the server counts them")
    moves = serializers.ListField(
        child=serializers.ListField(child=StrictIntegerField(), min_length=4, max_length=4),
        max_length=moves.MAX_MOVES, required=False,
        help_text="the move log, [[ms_since_open, row, col, mark], ...] in order: every "
                  "queen placed or taken off (mark 2 a queen, 0 empty, 1 a cross), ms since "
                  "the player's start (the first mark); at most "
                  f"{moves.MAX_MOVES} entries. The server replays it against the level and "
                  "its own clock: a solve whose log does not hold up is recorded but on no "
                  "leaderboard")


class CompareSerializer(serializers.Serializer):
    """A solve's time against the level's par (ratings.selectors.solve_against_par)."""

    par = ParSerializer(help_text="the level's par times in seconds, as its difficulty shows "
                                  "them now (measured from its games once it has enough)")
    beat = serializers.ChoiceField(
        choices=["grandmaster", "master", "expert"], allow_null=True,
        help_text="the best standard whose par this time is within; null when it is over "
                  "all three, or the solve is not ranked")


# What it shapes: a services.play.SolveRecord and its "compare".
class SolveResponseSerializer(serializers.Serializer):
    percentile = serializers.FloatField()
    solvers = serializers.IntegerField()
    seconds = serializers.IntegerField(
        help_text="from the player's start (the first mark) to solving it")
    hints = serializers.IntegerField()
    ranked = serializers.BooleanField(
        help_text="false for an assisted solve, or one on no board (see unranked)")
    assisted = serializers.BooleanField(
        help_text="true when hints helped: kept out of rankings and personal bests")
    faster_than = serializers.IntegerField(
        allow_null=True,
        help_text="the whole per cent of the level's other ranked solvers who took longer; "
                  "null until the level has RANKING_MIN_SOLVES ranked solves, or when this "
                  "solve is not ranked")
    unranked = serializers.ChoiceField(
        choices=Unranked.choices,
        allow_null=True,
        help_text="why the solve is not ranked: hints helped (it is on the assisted board), "
                  "or why it is on no board: the level was revealed at this address (or "
                  "other players there took its hints), faster "
                  "than the level's own steps allow a person, a move log missing or not "
                  "holding up, not a person's pace (puzzles.play.move_log.human_pace), too many "
                  "solves "
                  "from one address, made offline (its time is the player's clock), or struck "
                  "by staff; null when ranked")
    category = serializers.ChoiceField(
        choices=Category.values, allow_null=True,
        help_text="the leaderboard category the solve earned; null: on no board")
    compare = CompareSerializer(help_text="how the time compares with the level's par")
