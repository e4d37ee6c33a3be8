""""Solvable?" (issue 40): a run started, read, its boards answered and hinted, and the
mode's leaderboard. Every answer is the player's own (a run is found by its key and its
player)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.answers import answers
from puzzles.api.parsing import body
from puzzles.api.play_serializers import HintResponseSerializer
from puzzles.api.solvable_serializers import (
    AnswerRequestSerializer,
    AnswerResponseSerializer,
    SolvableHintRequestSerializer,
    SolvableLeaderboardSerializer,
    SolvableRunSerializer,
    SolvableStartSerializer,
    run_payload,
)
from puzzles.api.throttles import PostThrottle
from puzzles.core import vocabulary as domain
from puzzles.solvable import selectors, services

PRIVATE = {"Cache-Control": "private, no-store"}


def player_run(request, key: str):
    run = selectors.run_of(key, request.player)
    if run is None:
        raise NotFound("there is no such run")
    return run


class RunsView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=SolvableStartSerializer,
                   responses=answers(SolvableRunSerializer, 400, 429, created=True),
                   operation_id="solvable_start")
    def post(self, request):
        """A run of five boards of a tier, some with no solution, in a random order; the
        first is dealt, each next one with the answer before it."""
        data = body(request, SolvableStartSerializer)
        run = services.start_run(player=request.player, tier=data.get("tier"))
        return Response(run_payload(run, selectors.dealt_boards(run)),
                        status=status.HTTP_201_CREATED, headers=PRIVATE)


class RunView(APIView):
    @extend_schema(responses=answers(SolvableRunSerializer, 404), operation_id="solvable_run")
    def get(self, request, key: str):
        run = player_run(request, key)
        return Response(run_payload(run, selectors.dealt_boards(run)), headers=PRIVATE)


class AnswerView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=AnswerRequestSerializer,
                   responses=answers(AnswerResponseSerializer, 400, 404, 429),
                   operation_id="solvable_answer")
    def post(self, request, key: str, position: int):
        """Answer the run's next board: its queens, or "no_solution" with the units that
        conflict. Right or wrong, and then what the board was (its solution or its proof)."""
        data = body(request, AnswerRequestSerializer)
        judged = services.answer_board(run=player_run(request, key), position=position,
                                       answer=data["answer"], queens=data.get("queens"),
                                       units=data.get("units"))
        return Response(AnswerResponseSerializer(judged).data, headers=PRIVATE)


class HintView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=SolvableHintRequestSerializer,
                   responses=answers(HintResponseSerializer, 400, 404, 429),
                   operation_id="solvable_hint")
    def post(self, request, key: str, position: int):
        """The next step from the player's marks, towards the solution or the proof; each
        hint costs the board points."""
        data = body(request, SolvableHintRequestSerializer)
        step = services.hint_board(run=player_run(request, key), position=position,
                                   queens=data["queens"], crosses=data["crosses"])
        return Response(HintResponseSerializer(step).data, headers=PRIVATE)


class LeaderboardView(APIView):
    @extend_schema(parameters=[OpenApiParameter(
        "tier", str, enum=list(domain.SOLVABLE_SIZES), description="easy when left out")],
        responses=answers(SolvableLeaderboardSerializer, 400),
        operation_id="solvable_leaderboard")
    def get(self, request):
        tier = request.query_params.get("tier") or next(iter(domain.SOLVABLE_SIZES))
        if tier not in domain.SOLVABLE_SIZES:
            domain.check_tier(tier)
            raise NotFound("“Solvable?” has no such tier")
        board = selectors.leaderboard(tier=tier, player=request.player)
        return Response(SolvableLeaderboardSerializer(board).data,
                        headers={"Cache-Control": "private, no-cache"})
