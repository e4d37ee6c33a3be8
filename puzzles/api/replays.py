"""A level's recorded solves: as ghosts (GET .../recordings/: when the queens went down,
never where) and, once the viewer has solved or revealed the level, as replays
(GET .../recordings/<id>/: the move log)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.serializers import ErrorSerializer
from puzzles.api.views import answers, get_level
from puzzles.play.selectors import replays

NO_STORE = {"Cache-Control": "private, no-store"}  # whose and what: the viewer's own


class RecordingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    who = serializers.ChoiceField(choices=["you", "fastest", "friend"])
    name = serializers.CharField()
    seconds = serializers.IntegerField(help_text="the solve's time, measured by the server")
    category = serializers.CharField(help_text="the leaderboard category it earned; empty "
                                               "for none")
    finished_ms = serializers.IntegerField(help_text="when the last queen went down, in ms "
                                                     "from the opening")
    timeline = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="[[ms_since_open, queens on the board], ...] at each change of the count")


class RecordingsSerializer(serializers.Serializer):
    recordings = RecordingSerializer(many=True)
    can_watch = serializers.BooleanField(help_text="the viewer has solved or revealed the "
                                                   "level, so replays may be watched")


class ReplaySerializer(RecordingSerializer):
    moves = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="[[ms_since_open, row, col, mark], ...]; mark 0 empty, 1 cross, 2 queen")


class RecordingsView(APIView):
    @extend_schema(responses=answers(RecordingsSerializer, 400, 404),
                   operation_id="levels_recordings_list")
    def get(self, request, n: str, level_id: int):
        level = get_level(n, level_id)
        data = {"recordings": replays.recordings(level, request.player),
                "can_watch": replays.may_watch(level, request.player)}
        return Response(RecordingsSerializer(data).data, headers=NO_STORE)


class ReplayView(APIView):
    @extend_schema(responses={**answers(ReplaySerializer, 400, 404), 403: OpenApiResponse(
        ErrorSerializer, description="the viewer has not solved or revealed the level yet")},
        operation_id="levels_recordings_replay")
    def get(self, request, n: str, level_id: int, recording_id: int):
        level = get_level(n, level_id)
        try:
            found = replays.replay(level, request.player, recording_id)
        except replays.NotYet as refusal:
            raise PermissionDenied(str(refusal)) from None
        if found is None:
            raise NotFound(f"level {level.id} has no recording {recording_id} to show you")
        return Response(ReplaySerializer(found).data, headers=NO_STORE)
