""""Solvable?"'s shapes (issue 40). A board is the same shape whether it is a level or a
trap (no id, no difficulty, no score: each could tell them apart); what it was comes only
in its answer."""

from types import SimpleNamespace

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from generator_ext import second_channel
from puzzles.api.fields import cells_field
from puzzles.api.play_serializers import ReasonField, solution_field
from puzzles.core.step_words import step_message
from puzzles.core.vocabulary import SOLVABLE_SIZES
from puzzles.solvable.judging import MAX_CLAIM, UNIT_KINDS
from puzzles.solvable.models import Answer
from puzzles.solvable.selectors import board_colors

UNITS_HELP = ("[[kind, index], ...]: kind row, column or region, index from 0 (a region's "
              "index is its number in `regions`)")


@extend_schema_field({"type": "array", "minItems": 2, "maxItems": 2, "items": {"oneOf": [
    {"type": "string", "enum": list(UNIT_KINDS)}, {"type": "integer", "minimum": 0}]}})
class UnitField(serializers.ListField):
    """A unit, [kind, index] (the service checks the kind and the index's range)."""

    def __init__(self, **kwargs):
        super().__init__(min_length=2, max_length=2, **kwargs)


def units_field(help_text: str = UNITS_HELP, **kwargs) -> serializers.ListField:
    return serializers.ListField(child=UnitField(), help_text=help_text, **kwargs)


def board_payload(board) -> dict:
    """SolvableBoardSerializer's shape, built once here for both kinds alike."""
    level = board.level
    colors = board_colors(level)
    return {"position": board.position, "size": level.size, "rule": level.rule,
            "stars": level.stars, "regions": level.regions, "colors": colors,
            "letters": second_channel(colors), "tier": board.run.tier,
            "answered": board.answered_at is not None, "correct": board.correct,
            "points": board.points}


class SolvableBoardSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="0-based: the order boards are answered in")
    size = serializers.IntegerField()
    rule = serializers.CharField()
    stars = serializers.IntegerField()
    regions = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                    help_text="regions[row][col]: the region of each cell")
    colors = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="the palette index of each region")
    letters = serializers.BooleanField(help_text="the board shows each region's letter too")
    tier = serializers.CharField(help_text="the run's tier")
    answered = serializers.BooleanField()
    correct = serializers.BooleanField(allow_null=True, help_text="null until answered")
    points = serializers.IntegerField()


class SolvableRunSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="the run's name in its addresses")
    tier = serializers.CharField()
    size = serializers.IntegerField()
    score = serializers.IntegerField()
    right = serializers.IntegerField(help_text="boards answered right")
    finished = serializers.BooleanField()
    total = serializers.IntegerField(help_text="the run's number of boards")
    boards = SolvableBoardSerializer(many=True, help_text="the boards dealt so far: those "
                                     "answered and the next (each comes with the answer "
                                     "before it)")


def run_payload(run, boards) -> dict:
    return {"key": run.key, "tier": run.tier, "size": run.size, "score": run.score,
            "right": run.right, "finished": run.finished_at is not None,
            "total": run.boards.count(), "boards": [board_payload(board) for board in boards]}


class SolvableStartSerializer(serializers.Serializer):
    tier = serializers.ChoiceField(list(SOLVABLE_SIZES), required=False,
                                   help_text="the run's tier; absent: the player's own (a "
                                             "tier up after 4 right, down after 1 or none)")


class AnswerRequestSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(Answer.values, help_text="solved: the board's queens; "
                                     "no_solution: the units that cannot all have a queen")
    queens = cells_field("with solved: the queens, [[row, col], ...], 0-based",
                         required=False)
    units = units_field(f"with no_solution: the units that conflict, at most {MAX_CLAIM}; "
                        + UNITS_HELP, required=False, max_length=MAX_CLAIM)


class ProofSerializer(serializers.Serializer):
    """A trap's proof, drawn on the board once answered: the marks the steps reach, the
    contradiction's units and its reason in the player's language."""

    message = serializers.CharField(help_text="the contradiction, in the player's language")
    reason = ReasonField(help_text="the contradiction as data (says: no_solution)")
    units = units_field("the units of the proof's contradiction")
    queens = cells_field("the queens the proof places")
    crosses = cells_field("the cells the proof crosses out")
    because = cells_field("the cells the contradiction reasons about")
    conflicts = serializers.ListField(child=units_field(),
                                      help_text="every set of units a right claim may name")


def proof_payload(proof: dict, claim: list | None = None) -> dict:
    """The proof drawn once answered. A right claim of another of its conflicting sets than
    the one its last step names is told by that set's own reason and drawn with its units
    (the player's selection gave way to a different conflict, and a sentence about it)."""
    end = proof["contradiction"]
    queens = {tuple(c) for step in proof["steps"] for c in step["queens"]}
    crosses = {tuple(c) for step in proof["steps"] for c in step["crosses"]} - queens
    if end["reason"].get("why") == "ruled_out":  # "rules out row 5, column 2, the last open
        crosses.add(tuple(end["reason"]["cell"]))  # cell…": drawn crossed, as it says
    reason, because = end["reason"], end["because"]
    named = sorted(map(list, claim or ()))
    if named and named != sorted(reason.get("units", [])):
        reason, because = next(((c["reason"], []) for c in proof["conflicts"]
                                if sorted(c["units"]) == named), (reason, because))
    return {"message": step_message(SimpleNamespace(reason=reason, message="")),
            "reason": reason, "units": reason.get("units", []),
            "queens": sorted(map(list, queens)), "crosses": sorted(map(list, crosses)),
            "because": because, "conflicts": [c["units"] for c in proof["conflicts"]]}


# What it shapes: a solvable.services.Judged.
class AnswerResponseSerializer(serializers.Serializer):
    correct = serializers.BooleanField()
    message = serializers.CharField(help_text="right or wrong and why, in the player's language")
    points = serializers.IntegerField(help_text="this board's points")
    score = serializers.IntegerField(help_text="the run's score so far")
    finished = serializers.BooleanField(help_text="the run's last board")
    trap = serializers.BooleanField(help_text="the board had no solution")
    solution = solution_field(allow_null=True)  # a level's; null for a trap
    proof = ProofSerializer(allow_null=True, help_text="a trap's proof; null for a level")
    next = SolvableBoardSerializer(allow_null=True, help_text="the run's next board, dealt "
                                   "now; null after the last")

    def to_representation(self, judged):
        data = super().to_representation(
            SimpleNamespace(**{**judged.__dict__, "proof": None, "next": None}))
        data["proof"] = proof_payload(judged.proof, judged.claim) if judged.proof else None
        data["next"] = board_payload(judged.next) if judged.next else None
        return data


class SolvableHintRequestSerializer(serializers.Serializer):
    queens = cells_field("the queens placed: [[row, col], ...], 0-based")
    crosses = cells_field("the cells crossed out", required=False, default=list)


class LeaderEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    name = serializers.CharField()
    handle = serializers.CharField(help_text="the player's public page: /players/<handle>/")
    score = serializers.IntegerField(help_text="their best finished run's score")


class MineSerializer(serializers.Serializer):
    score = serializers.IntegerField()
    rank = serializers.IntegerField(help_text="the place among the shown players")
    shown = serializers.BooleanField(help_text="whether you are on the board: a player with "
                                               "no name is not")


class SolvableLeaderboardSerializer(serializers.Serializer):
    tier = serializers.CharField()
    entries = LeaderEntrySerializer(many=True)
    mine = MineSerializer(allow_null=True, help_text="your best and its place; null before "
                                                     "your first finished run")


