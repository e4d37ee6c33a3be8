"""Race rooms over HTTP: making one (POST /api/rooms/) and reading one (GET
/api/rooms/<code>/). Everything else happens on the room's WebSocket (puzzles.rooms.consumers)."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.fields import StrictCharField, StrictIntegerField
from puzzles.api.throttles import RoomCreateThrottle
from puzzles.api.views import answers, body
from puzzles.core.errors import ServiceError
from puzzles.core.vocabulary import RACE_UNRANKED
from puzzles.rooms import selectors as room_selectors
from puzzles.rooms import services as rooms


class RoomCreateSerializer(serializers.Serializer):
    # Typed for the schema; the ranges are the service's (one sentence, API and page alike).
    size = StrictIntegerField(help_text="the boards' size (4 to 20)")
    tier = StrictCharField(help_text="easy, medium, hard or expert (as that size has)")
    boards = StrictIntegerField(help_text="boards in a round, 1 to 5")
    name = StrictCharField(help_text="your display name in the room")


class RoomCreatedSerializer(serializers.Serializer):
    code = serializers.CharField()
    url = serializers.CharField(help_text="the room's page: share it")


class RoomPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    host = serializers.BooleanField()
    connected = serializers.BooleanField()
    queens = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="queens on each board (never where)")
    done = serializers.ListField(child=serializers.BooleanField())
    finished_ms = serializers.IntegerField(allow_null=True)


class RoomResultSerializer(serializers.Serializer):
    name = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True, help_text="null: did not finish, or "
                                    "finished unranked (after every rank)")
    finished_ms = serializers.IntegerField(allow_null=True)
    boards_done = serializers.IntegerField()
    unranked = serializers.ChoiceField(choices=RACE_UNRANKED, allow_null=True,
                                       help_text="why a finish is not ranked: a level of the "
                                                 "round revealed (or its hints taken) at the "
                                                 "racer's address, or a board solved faster "
                                                 "than a person could")


class RoomSerializer(serializers.Serializer):
    code = serializers.CharField()
    state = serializers.ChoiceField(choices=["lobby", "countdown", "racing", "finished"])
    round = serializers.IntegerField()
    size = serializers.IntegerField()
    tier = serializers.CharField()
    boards = serializers.IntegerField()
    url = serializers.CharField()
    players = RoomPlayerSerializer(many=True)
    levels = serializers.ListField(child=serializers.IntegerField(), required=False,
                                   help_text="the round's level ids, once dealt")
    starts_in_ms = serializers.IntegerField(required=False,
                                            help_text="until the round's start (negative "
                                                      "once it started)")
    results = RoomResultSerializer(many=True, help_text="the last finished round's places")


class RoomsView(APIView):
    throttle_classes = [RoomCreateThrottle]

    @extend_schema(request=RoomCreateSerializer,
                   responses=answers(RoomCreatedSerializer, 400, 429, created=True),
                   operation_id="rooms_create")
    def post(self, request):
        """A room of yours (you host it): its code and its page's address."""
        data = body(request, RoomCreateSerializer)
        room = rooms.create_room(host=request.player, size=data["size"], tier=data["tier"],
                                 boards=data["boards"], name=data["name"])
        return Response({"code": room.code, "url": f"/rooms/{room.code}/"}, status=201)


class RoomDetailView(APIView):
    @extend_schema(responses=answers(RoomSerializer, 404), operation_id="rooms_detail")
    def get(self, request, code: str):
        try:
            room = room_selectors.room_by_code(rooms.normalise_code(code))
        except ServiceError:
            room = None
        if room is None:
            raise NotFound(gettext("there is no room with this code (rooms expire once empty)"))
        state = room_selectors.room_state(rooms.racing(room))
        state.pop("type")
        return Response(state, headers={"Cache-Control": "no-store"})
