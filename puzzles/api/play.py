"""The API's play endpoints on a level: start, check, reveal, hint, and a recorded solve."""

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.answers import answers
from puzzles.api.parsing import body, get_level
from puzzles.api.play_serializers import (
    CheckRequestSerializer,
    CheckResponseSerializer,
    HintRequestSerializer,
    HintResponseSerializer,
    RevealResponseSerializer,
    SolveRequestSerializer,
    SolveResponseSerializer,
    StartRequestSerializer,
    StartResponseSerializer,
)
from puzzles.api.throttles import PostThrottle
from puzzles.play.services import play
from puzzles.ratings import selectors as rating_selectors


class LevelPostView(APIView):
    """A POST on one level: the throttle every play write shares, and who played and when the
    page opened, which every play service is told alike."""

    throttle_classes = [PostThrottle]

    @staticmethod
    def read(request, n: str, level_id: int, serializer) -> tuple:
        """The level (404 when none) and the request's body, checked (400)."""
        return get_level(n, level_id), body(request, serializer)

    @staticmethod
    def visit(request, data) -> dict:
        return {"player": request.player, "address": request.address_key,
                "opened": data.get("opened"), "started": data.get("started")}


class CheckView(LevelPostView):
    @extend_schema(request=CheckRequestSerializer,
                   responses=answers(CheckResponseSerializer, 400, 404, 429))
    def post(self, request, n: str, level_id: int):
        level, data = self.read(request, n, level_id, CheckRequestSerializer)
        result = play.check_queens(level, queens=data["queens"], **self.visit(request, data))
        return Response(CheckResponseSerializer(result).data)


class RevealView(LevelPostView):
    @extend_schema(request=StartRequestSerializer,
                   responses=answers(RevealResponseSerializer, 400, 404, 429))
    def post(self, request, n: str, level_id: int):
        level = get_level(n, level_id)
        data = body(request, StartRequestSerializer) if isinstance(request.data, dict) \
            and request.data else {}
        solution = play.reveal_solution(level, **self.visit(request, data))
        return Response(RevealResponseSerializer(
            {"solution": solution, "theme": level.motif or None}).data)


class StartView(LevelPostView):
    @extend_schema(request=StartRequestSerializer,
                   responses=answers(StartResponseSerializer, 400, 404, 429),
                   operation_id="levels_start")
    def post(self, request, n: str, level_id: int):
        """The player's start on this level (the first mark): one play, and the solving time
        starts then: the opening the page signed (`opened`) moved on by `started`."""
        level, data = self.read(request, n, level_id, StartRequestSerializer)
        play.start_play(level, **self.visit(request, data))
        return Response(StartResponseSerializer({"started": True}).data)


class HintView(LevelPostView):
    @extend_schema(request=HintRequestSerializer,
                   responses=answers(HintResponseSerializer, 400, 404, 429))
    def post(self, request, n: str, level_id: int):
        level, data = self.read(request, n, level_id, HintRequestSerializer)
        step = play.give_hint(level, queens=data["queens"], crosses=data["crosses"],
                              **self.visit(request, data))
        return Response(HintResponseSerializer(step).data)


class SolveView(LevelPostView):
    @extend_schema(request=SolveRequestSerializer,
                   responses=answers(SolveResponseSerializer, 400, 404, 429, created=True))
    def post(self, request, n: str, level_id: int):
        level, data = self.read(request, n, level_id, SolveRequestSerializer)
        if data["offline"]:
            record = play.record_offline_solve(level, queens=data.get("queens"),
                                               moves_log=data.get("moves"),
                                               **self.visit(request, data))
        else:
            record = play.record_solve(level, player=request.player, token=data.get("token"),
                                       moves_log=data.get("moves"))
        compare = rating_selectors.solve_against_par(level, seconds=record.seconds,
                                                     ranked=record.ranked)
        return Response(SolveResponseSerializer({**asdict(record), "compare": compare}).data,
                        status=status.HTTP_201_CREATED)
