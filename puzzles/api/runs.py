"""The API's generation endpoints: the pools' state, and (staff only) a run started and
followed."""


from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.answers import answers
from puzzles.api.level_serializers import PoolSerializer, RunRequestSerializer, RunSerializer
from puzzles.api.parsing import body
from puzzles.core import health
from puzzles.core import vocabulary as domain
from puzzles.levels.selectors import pools as pool_selectors
from puzzles.levels.selectors import runs as run_selectors
from puzzles.levels.services import runs


class PoolsView(APIView):
    @extend_schema(responses=answers(PoolSerializer(many=True)))
    def get(self, request):
        pools = pool_selectors.pool_status(paused=health.broker_unreachable())
        return Response(PoolSerializer(pools, many=True).data)


class RunsView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(request=RunRequestSerializer,
                   responses=answers(RunSerializer, 400, 403, created=True))
    def post(self, request):
        data = body(request, RunRequestSerializer)
        run = runs.create_run(size=data["size"], rule=data.get("rule", domain.Rule.TOUCH),
                              tier=data.get("tier") or "", requested=data["requested"],
                              rating_min=data.get("rating_min"),
                              rating_max=data.get("rating_max"), requested_by=request.user)
        return Response(RunSerializer(run).data, status=status.HTTP_201_CREATED)


class RunDetailView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(responses=answers(RunSerializer, 403, 404))
    def get(self, request, run_id: int):
        run = run_selectors.run_by_id(run_id)
        if run is None:
            raise NotFound(f"there is no generation run {run_id}")
        return Response(RunSerializer(run).data)
