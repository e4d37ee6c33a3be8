"""The level builder's shapes: a painting in, its analysis, a fix job, a draft and a
published level out. Each response has one serializer, also what the schema shows."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from puzzles.api.fields import StrictCharField, StrictIntegerField, cells_field
from puzzles.api.play_serializers import SolutionField, StepSerializer
from puzzles.builder.models import Draft, FixStatus
from puzzles.builder.services.jobs import analysis_of_record
from puzzles.builder.services.painting import is_trap
from puzzles.core.step_words import problem_message
from puzzles.core.vocabulary import BUILDER_SIZES, TEXT_LIMITS, Rule


def painting_field(**kwargs):
    return serializers.ListField(
        child=serializers.ListField(child=StrictIntegerField()), max_length=BUILDER_SIZES[-1],
        help_text="regions[row][col]: a region 0..n-1, or -1 for a cell not painted yet",
        **kwargs)


def text_field(name: str):
    # Its limit is checked once, by the service, after normalisation (domain.check_text):
    # collapsed spaces and NFKC change the length. The body's own bound caps the raw text.
    return StrictCharField(required=False, allow_blank=True, default="", trim_whitespace=False,
                           help_text=f"at most {TEXT_LIMITS[name]} characters once normalised "
                                     f"(NFKC, spaces collapsed)")


class PaintingSerializer(serializers.Serializer):
    rule = serializers.ChoiceField(Rule.choices, required=False, default=Rule.TOUCH)
    stars = StrictIntegerField(required=False, default=1, min_value=1, max_value=3,
                               help_text="stars per row, column and region: 1 (Queens), 2 "
                                         "or 3 (Star Battle, touch rule)")
    regions = painting_field()


class DraftTextSerializer(PaintingSerializer):
    title = text_field("title")
    maker_name = text_field("maker_name")


class PublishSerializer(DraftTextSerializer):
    draft = StrictCharField(required=False, allow_blank=True, default="", max_length=32,
                            help_text="the key of the draft it comes from, if any: the "
                                      "draft then links to the level")
    trap = serializers.BooleanField(
        default=False, help_text="publish a board logic proves has no solution (its analysis "
        "says trap) as a trap for \"Solvable?\": listed on no page, it joins the mode once "
        "staff promote it")


class ProblemSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["unpainted", "unused", "disconnected", "too_open"])
    message = serializers.SerializerMethodField(help_text="the problem in the player's language")
    cells = cells_field("the cells to look at")
    region = serializers.IntegerField(allow_null=True)

    def get_message(self, problem) -> str:
        return problem_message(problem)


class BuilderRatingSerializer(serializers.Serializer):
    tier = serializers.CharField(allow_null=True, help_text="a trap's: the proof's tier")
    score = serializers.FloatField()
    solved_by_logic = serializers.BooleanField()
    steps = StepSerializer(many=True)
    contradiction = StepSerializer(
        default=None, allow_null=True, help_text="on a painting with no solution that logic "
        "proves (a trap): the step that ends the proof; its reason names the units")


# What it shapes: a generator_ext.Analysis.
class DesignSerializer(serializers.Serializer):
    symmetry = serializers.FloatField(help_text="share of region borders that land on a border "
                                                "under the best mirror, rotation or flip")
    density = serializers.FloatField(help_text="share of adjacent cells split by a border")
    thin = serializers.FloatField(help_text="share of cells with at most one neighbour of "
                                            "their region (strokes one cell wide)")
    largest = serializers.FloatField(help_text="the largest region's share of the board")
    two_cell = serializers.FloatField(help_text="share of regions of two cells")
    one_cell = serializers.FloatField(help_text="share of regions of one cell")
    score = serializers.FloatField(help_text="0 to 1: how close to hand-made boards")


class AnalysisSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    rule = serializers.CharField()
    stars = serializers.IntegerField()
    problems = ProblemSerializer(many=True)
    solution_count = serializers.IntegerField(
        allow_null=True, help_text="0, 1 or 2 (two or more); null while there are problems")
    solutions = serializers.ListField(child=SolutionField(), help_text="up to two differing "
                                      "solutions, each as a level's solution is written")
    rating = BuilderRatingSerializer(allow_null=True)
    playable = serializers.BooleanField(help_text="one solution, and logic finishes it")
    trap = serializers.SerializerMethodField(
        help_text="no solution, and logic proves it (rating holds the proof): it may be "
                  "published as a trap for \"Solvable?\"")
    design = DesignSerializer(allow_null=True, help_text="how designed the map looks; null "
                                                         "while there are problems")

    def get_trap(self, analysis) -> bool:
        return is_trap(analysis)


class FixSerializer(serializers.Serializer):
    regions = painting_field()
    moved = cells_field("the cells given to a neighbouring region")
    tier = serializers.CharField()
    score = serializers.FloatField()


# What they shape: a FixJob (any builder job) as its page polls it, one serializer by kind.
class JobSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="poll the url with it")
    status = serializers.ChoiceField(FixStatus.choices)
    detail = serializers.CharField(source="error", allow_blank=True,
                                   help_text="why it failed, if it did (a worker that stopped "
                                             "fails its job too: ask again)")
    url = serializers.SerializerMethodField()
    url_name = "api-builder-fix-job"

    def get_url(self, job) -> str:
        return reverse(self.url_name, args=[job.key])


class FixJobSerializer(JobSerializer):
    fix = FixSerializer(source="result", allow_null=True, help_text="the proposal, once done")


class AnalysisJobSerializer(JobSerializer):
    analysis = serializers.SerializerMethodField(help_text="the analysis, once done (an "
                                                           "analysis answer's shape)")
    url_name = "api-builder-analyze-job"

    @extend_schema_field(AnalysisSerializer(allow_null=True))
    def get_analysis(self, job):
        if job.result is None:
            return None
        return AnalysisSerializer(analysis_of_record(job.result)).data


class PublishedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.SerializerMethodField()
    created = serializers.BooleanField(help_text="false: the same board was already published")

    def get_url(self, published) -> str:
        return reverse("level", args=[published["id"]])


class DraftSerializer(serializers.ModelSerializer):
    regions = painting_field()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Draft
        fields = ["key", "size", "rule", "stars", "regions", "title", "maker_name", "level",
                  "updated_at", "url"]

    def get_url(self, draft) -> str:
        return reverse("create-draft", args=[draft.key])


# What it shapes: services.builder.motif_painting's answer.
class MotifPaintingSerializer(serializers.Serializer):
    regions = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                    help_text="a level composed around the motif, to paint on")
    motif = serializers.CharField()
    tier = serializers.CharField(help_text="the tier the level has as it comes")


class MotifJobSerializer(JobSerializer):
    painting = MotifPaintingSerializer(source="result", allow_null=True,
                                       help_text="the start, once done")
    url_name = "api-builder-motif-job"
