"""The level builder's API: analyze a painting after each stroke, propose a fix, keep drafts
and publish. Thin: the services check and decide."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles import selectors, services
from puzzles.api import serializers as s
from puzzles.api.throttles import BuilderThrottle, FixThrottle, PublishThrottle
from puzzles.api.views import answers, body
from puzzles.models import Draft, Rule


def painting_field(**kwargs):
    return serializers.ListField(
        child=serializers.ListField(child=s.StrictIntegerField()), max_length=16,
        help_text="regions[row][col]: a region 0..n-1, or -1 for a cell not painted yet",
        **kwargs)


class PaintingSerializer(serializers.Serializer):
    rule = serializers.ChoiceField(Rule.choices, required=False, default=Rule.TOUCH)
    regions = painting_field()


class DraftTextSerializer(PaintingSerializer):
    title = s.StrictCharField(required=False, allow_blank=True, default="", max_length=200,
                              trim_whitespace=False)
    maker_name = s.StrictCharField(required=False, allow_blank=True, default="", max_length=200,
                                   trim_whitespace=False)


class PublishSerializer(DraftTextSerializer):
    draft = s.StrictCharField(required=False, allow_blank=True, default="", max_length=32,
                              help_text="the key of the draft it comes from, if any: the "
                                        "draft then links to the level")


class StepSerializer(serializers.Serializer):
    technique = serializers.CharField()
    message = serializers.CharField()
    queens = s.cells_field("cells it decides hold a queen")
    crosses = s.cells_field("cells it decides cannot hold one")
    because = s.cells_field("cells of the rows, columns and regions it uses")


class ProblemSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["unpainted", "unused", "disconnected"])
    message = serializers.CharField()
    cells = s.cells_field("the cells to look at")
    region = serializers.IntegerField(allow_null=True)


class BuilderRatingSerializer(serializers.Serializer):
    tier = serializers.CharField(allow_null=True)
    score = serializers.FloatField()
    solved_by_logic = serializers.BooleanField()
    steps = StepSerializer(many=True)


class AnalysisSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    rule = serializers.CharField()
    problems = ProblemSerializer(many=True)
    solution_count = serializers.IntegerField(
        allow_null=True, help_text="0, 1 or 2 (two or more); null while there are problems")
    solutions = serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField()), help_text="up to two differing solutions")
    rating = BuilderRatingSerializer(allow_null=True)
    playable = serializers.BooleanField(help_text="one solution, and logic finishes it")


class FixSerializer(serializers.Serializer):
    regions = painting_field()
    moved = s.cells_field("the cells given to a neighbouring region")
    tier = serializers.CharField()
    score = serializers.FloatField()


class PublishedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    created = serializers.BooleanField(help_text="false: the same board was already published")


class DraftSerializer(serializers.ModelSerializer):
    regions = painting_field()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Draft
        fields = ["key", "size", "rule", "regions", "title", "maker_name", "level",
                  "updated_at", "url"]

    def get_url(self, draft) -> str:
        return reverse("create-draft", args=[draft.key])


def analysis_payload(analysis) -> dict:
    rating = analysis.rating
    return {
        "size": analysis.size, "rule": analysis.rule,
        "problems": [{"kind": p.kind, "message": p.message, "cells": p.cells,
                      "region": p.region} for p in analysis.problems],
        "solution_count": analysis.solution_count, "solutions": analysis.solutions,
        "rating": None if rating is None else {
            "tier": rating.tier, "score": rating.score,
            "solved_by_logic": rating.solved_by_logic,
            "steps": [services.step_payload(step) for step in rating.steps]},
        "playable": analysis.playable,
    }


class AnalyzeView(APIView):
    throttle_classes = [BuilderThrottle]

    @extend_schema(request=PaintingSerializer, responses=answers(AnalysisSerializer, 400, 429),
                   operation_id="builder_analyze")
    def post(self, request):
        data = body(request, PaintingSerializer)
        return Response(analysis_payload(
            services.analyze_painting(data["regions"], data["rule"], request.player)))


class FixJobSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="poll GET /api/builder/fix/<key>/ with it")
    status = serializers.ChoiceField(["queued", "running", "done", "failed"])
    fix = FixSerializer(allow_null=True, help_text="the proposal, once done")
    detail = serializers.CharField(allow_blank=True, help_text="why it failed, if it did")
    url = serializers.CharField()


def fix_job_payload(job) -> dict:
    return {"key": job.key, "status": job.status, "fix": job.result, "detail": job.error,
            "url": reverse("api-builder-fix-job", args=[job.key])}


class FixView(APIView):
    throttle_classes = [FixThrottle]

    @extend_schema(request=PaintingSerializer,
                   responses=answers(FixJobSerializer, 400, 429, created=True),
                   operation_id="builder_fix")
    def post(self, request):
        """Queue a Make it unique; the builder's worker searches (bounded) while the page
        polls the job. 503 with Retry-After when the queue is full."""
        data = body(request, PaintingSerializer)
        job = services.request_fix(request.player, data["regions"], data["rule"])
        return Response(fix_job_payload(job), status=status.HTTP_201_CREATED)


class FixJobView(APIView):
    @extend_schema(responses=answers(FixJobSerializer, 404), operation_id="builder_fix_job")
    def get(self, request, key: str):
        job = selectors.fix_job_of(request.player, key)
        if job is None:
            raise NotFound(f"you have no fix {key}")
        return Response(fix_job_payload(job))


class PublishView(APIView):
    throttle_classes = [PublishThrottle]

    @extend_schema(request=PublishSerializer,
                   responses=answers(PublishedSerializer, 400, 429, created=True),
                   operation_id="builder_publish")
    def post(self, request):
        data = body(request, PublishSerializer)
        level, created = services.publish_level(request.player, data["regions"], data["rule"],
                                                data["title"], data["maker_name"],
                                                draft_key=data["draft"] or None)
        return Response({"id": level.id, "url": reverse("level", args=[level.id]),
                         "created": created},
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class DraftsView(APIView):
    throttle_classes = [BuilderThrottle]

    @extend_schema(responses=answers(DraftSerializer(many=True)), operation_id="drafts_list")
    def get(self, request):
        return Response(DraftSerializer(selectors.drafts_of(request.player), many=True).data)

    @extend_schema(request=DraftTextSerializer,
                   responses=answers(DraftSerializer, 400, 429, created=True),
                   operation_id="drafts_create")
    def post(self, request):
        data = body(request, DraftTextSerializer)
        draft = services.save_draft(request.player, None, data["regions"], data["rule"],
                                    data["title"], data["maker_name"])
        return Response(DraftSerializer(draft).data, status=status.HTTP_201_CREATED)


class DraftView(APIView):
    throttle_classes = [BuilderThrottle]

    def draft(self, request, key):
        draft = selectors.draft_of(request.player, key)
        if draft is None:
            raise NotFound(f"you have no draft {key}")
        return draft

    @extend_schema(responses=answers(DraftSerializer, 404), operation_id="drafts_detail")
    def get(self, request, key: str):
        return Response(DraftSerializer(self.draft(request, key)).data)

    @extend_schema(request=DraftTextSerializer,
                   responses=answers(DraftSerializer, 400, 404, 429), operation_id="drafts_update")
    def put(self, request, key: str):
        self.draft(request, key)
        data = body(request, DraftTextSerializer)
        draft = services.save_draft(request.player, key, data["regions"], data["rule"],
                                    data["title"], data["maker_name"])
        return Response(DraftSerializer(draft).data)

    @extend_schema(responses={204: None, **answers(None, 404)}, operation_id="drafts_delete")
    def delete(self, request, key: str):
        if not services.delete_draft(request.player, key):
            raise NotFound(f"you have no draft {key}")
        return Response(status=status.HTTP_204_NO_CONTENT)
