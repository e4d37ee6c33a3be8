"""The level builder's API: analyze a painting after each stroke, propose a fix, keep drafts
and publish. Thin: the services check and decide, the serializers shape."""

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api import builder_serializers as b
from puzzles.api.answers import answers
from puzzles.api.parsing import body
from puzzles.api.throttles import BuilderThrottle, FixThrottle, MotifThrottle, PublishThrottle
from puzzles.builder import selectors as community_selectors
from puzzles.builder.models import FixJob, JobKind
from puzzles.builder.services import community
from puzzles.builder.services import jobs as builder_jobs
from puzzles.core import vocabulary as domain


class AnalyzeView(APIView):
    throttle_classes = [BuilderThrottle]

    @extend_schema(request=b.PaintingSerializer,
                   responses={**answers(b.AnalysisSerializer, 400, 429),
                              202: b.AnalysisJobSerializer},
                   operation_id="builder_analyze")
    def post(self, request):
        """The analysis at once (200), or for a finished k-star painting a job on the
        builder's worker (202): poll its url until it is done or failed. 503 with
        Retry-After while this player's or address's last job is still in flight."""
        data = body(request, b.PaintingSerializer)
        answer = builder_jobs.request_analysis(player=request.player, address=request.address_key,
                                          regions=data["regions"], rule=data["rule"],
                                          stars=data["stars"])
        if isinstance(answer, FixJob):
            return Response(b.AnalysisJobSerializer(answer).data,
                            status=status.HTTP_202_ACCEPTED)
        return Response(b.AnalysisSerializer(answer).data)


class FixView(APIView):
    throttle_classes = [FixThrottle]

    @extend_schema(request=b.PaintingSerializer,
                   responses=answers(b.FixJobSerializer, 400, 429, created=True),
                   operation_id="builder_fix")
    def post(self, request):
        """Queue a Make it unique; the builder's worker searches (bounded) while the page
        polls the job. 503 with Retry-After when the queue is full."""
        data = body(request, b.PaintingSerializer)
        job = builder_jobs.request_fix(player=request.player, address=request.address_key,
                                  regions=data["regions"], rule=data["rule"],
                                  stars=data["stars"])
        return Response(b.FixJobSerializer(job).data, status=status.HTTP_201_CREATED)


class MotifView(APIView):
    throttle_classes = [MotifThrottle]  # a generation on the builder's worker: the fix's limits

    @extend_schema(parameters=[OpenApiParameter("size", int, required=True),
                               OpenApiParameter("motif", str, required=True),
                               OpenApiParameter("rule", str), OpenApiParameter("style", str)],
                   responses=answers(b.MotifJobSerializer, 400, 429, accepted=True),
                   operation_id="builder_motif")
    def get(self, request):
        """Start from a motif: a fresh level composed around it on the builder's worker
        (202); poll the job's url for the painting."""
        query = request.query_params
        job = builder_jobs.request_motif(
            player=request.player, address=request.address_key,
            size=domain.parse_size(query.get("size", ""), domain.BUILDER_SIZES),
            motif=query.get("motif", ""), rule=query.get("rule", domain.Rule.TOUCH),
            style=query.get("style", ""))
        return Response(b.MotifJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class JobView(APIView):
    """A builder job as its page polls it: one of the player's own, of this view's kind."""

    kind = JobKind.FIX
    serializer = b.FixJobSerializer

    def get(self, request, key: str):
        job = builder_jobs.polled_job(player=request.player, key=key, kind=self.kind)
        if job is None:
            raise NotFound(f"you have no {self.kind} job {key}")
        return Response(self.serializer(job).data)


@extend_schema_view(get=extend_schema(responses=answers(b.FixJobSerializer, 404),
                                      operation_id="builder_fix_job"))
class FixJobView(JobView):
    pass


@extend_schema_view(get=extend_schema(responses=answers(b.AnalysisJobSerializer, 404),
                                      operation_id="builder_analyze_job"))
class AnalyzeJobView(JobView):
    kind, serializer = JobKind.ANALYZE, b.AnalysisJobSerializer


@extend_schema_view(get=extend_schema(responses=answers(b.MotifJobSerializer, 404),
                                      operation_id="builder_motif_job"))
class MotifJobView(JobView):
    kind, serializer = JobKind.MOTIF, b.MotifJobSerializer


class PublishView(APIView):
    """A finished painting stored as a community level (201), or the level that already holds
    the same puzzle (200): its id either way."""

    throttle_classes = [PublishThrottle]

    @extend_schema(request=b.PublishSerializer,
                   responses=answers(b.PublishedSerializer, 400, 429, created=True),
                   operation_id="builder_publish")
    def post(self, request):
        data = body(request, b.PublishSerializer)
        level, created = community.publish_level(
            player=request.player, regions=data["regions"], rule=data["rule"],
            title=data["title"], maker_name=data["maker_name"], draft_key=data["draft"] or None,
            stars=data["stars"], address=request.address_key, trap=data["trap"])
        return Response(b.PublishedSerializer({"id": level.id, "created": created}).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def save_draft(request, key: str | None):
    data = body(request, b.DraftTextSerializer)
    return community.save_draft(player=request.player, key=key, regions=data["regions"],
                                rule=data["rule"], title=data["title"],
                                maker_name=data["maker_name"], stars=data["stars"])


class DraftsView(APIView):
    throttle_classes = [BuilderThrottle]

    @extend_schema(responses=answers(b.DraftSerializer(many=True)), operation_id="drafts_list")
    def get(self, request):
        drafts = community_selectors.drafts_of(request.player)
        return Response(b.DraftSerializer(drafts, many=True).data)

    @extend_schema(request=b.DraftTextSerializer,
                   responses=answers(b.DraftSerializer, 400, 429, created=True),
                   operation_id="drafts_create")
    def post(self, request):
        return Response(b.DraftSerializer(save_draft(request, None)).data,
                        status=status.HTTP_201_CREATED)


class DraftView(APIView):
    throttle_classes = [BuilderThrottle]

    def draft(self, request, key):
        draft = community_selectors.draft_of(request.player, key)
        if draft is None:
            raise NotFound(f"you have no draft {key}")
        return draft

    @extend_schema(responses=answers(b.DraftSerializer, 404), operation_id="drafts_detail")
    def get(self, request, key: str):
        return Response(b.DraftSerializer(self.draft(request, key)).data)

    @extend_schema(request=b.DraftTextSerializer,
                   responses=answers(b.DraftSerializer, 400, 404, 429),
                   operation_id="drafts_update")
    def put(self, request, key: str):
        self.draft(request, key)
        return Response(b.DraftSerializer(save_draft(request, key)).data)

    @extend_schema(responses={204: None, **answers(None, 404)}, operation_id="drafts_delete")
    def delete(self, request, key: str):
        if not community.delete_draft(player=request.player, key=key):
            raise NotFound(f"you have no draft {key}")
        return Response(status=status.HTTP_204_NO_CONTENT)
