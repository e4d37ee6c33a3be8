"""The player's own API: who they are (`/api/me/`), their data (`export/`), sync codes,
follows, and the dailies' leaderboards."""

from __future__ import annotations

from datetime import date

from django.contrib.auth import logout
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ParseError
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.answers import answers
from puzzles.api.fields import StrictCharField
from puzzles.api.parsing import body
from puzzles.api.throttles import PostThrottle, SyncCodeThrottle, SyncJoinThrottle
from puzzles.core.vocabulary import Category
from puzzles.daily import selectors as daily_selectors
from puzzles.players import leaderboards
from puzzles.players import selectors as player_selectors
from puzzles.players import services as players
from puzzles.players.identity import account_key, new_player_key
from puzzles.ratings import selectors as rating_selectors


def signed_in(request) -> bool:
    return account_key(request) is not None


def continue_as(request, key: str) -> None:
    """This browser goes on as the guest `key` (puzzles.players.identity sets its cookie on the way
    out: the attribute goes on Django's request, which the middleware sees, not DRF's)."""
    request._request.next_guest_player = request._request.player = key


class MeSerializer(serializers.Serializer):
    name = serializers.CharField(allow_null=True, help_text="the display name; null: a guest")
    signed_in = serializers.BooleanField()
    streak = serializers.IntegerField(help_text="dailies in a row, solved on their day (UTC)")
    best_streak = serializers.IntegerField()
    freezes = serializers.IntegerField(help_text="freezes held: each covers one missed day")
    streak_until = serializers.DateField(
        allow_null=True, help_text="the last day (UTC) a daily solved on its day keeps the "
                                   "streak going; after it the streak is 0. null: no streak")
    solves = serializers.IntegerField(help_text="levels solved")
    bests = serializers.DictField(child=serializers.IntegerField(),
                                  help_text='fastest unassisted seconds by "size:tier"')
    dailies_solved = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="the level ids of the dailies solved, on any device of this history")
    handle = serializers.CharField(allow_null=True,
                                   help_text="the public link's id (/players/<handle>/)")
    hidden = serializers.BooleanField(help_text="kept off public and friends' boards")
    rating = serializers.IntegerField(
        allow_null=True, help_text="the Glicko-2 rating from ranked solves (each a game "
                                   "against its level); null before the first")


def me_summary(key: str, *, signed_in: bool) -> dict:
    """MeSerializer's data: the player's summary and their rating."""
    return {**player_selectors.summary(key, today=timezone.now().date(), signed_in=signed_in),
            "rating": rating_selectors.player_rating(key)}


class MeUpdateSerializer(serializers.Serializer):
    name = StrictCharField(required=False, max_length=200)
    hidden = serializers.BooleanField(required=False)


class MeView(APIView):
    throttle_classes = [PostThrottle]

    def summary(self, request) -> dict:
        return me_summary(request.player, signed_in=signed_in(request))

    @extend_schema(responses=answers(MeSerializer), operation_id="me")
    def get(self, request):
        return Response(MeSerializer(self.summary(request)).data,
                        headers={"Cache-Control": "private, no-store"})

    @extend_schema(request=MeUpdateSerializer, responses=answers(MeSerializer, 400),
                   operation_id="me_update")
    def patch(self, request):
        """An account's display name and whether it shows on leaderboards."""
        data = body(request, MeUpdateSerializer)
        if not signed_in(request):
            raise ParseError(gettext("sign in first: a guest has no name on the boards"))
        player = players.player_row(request.player)
        if "name" in data:
            players.rename(player, data["name"])
        if "hidden" in data:
            players.set_hidden(player, data["hidden"])
        return Response(MeSerializer(self.summary(request)).data)

    @extend_schema(request=None, responses={
        **{code: doc for code, doc in answers(None).items() if code != 200}, 204: None},
        operation_id="me_delete")
    def delete(self, request):
        """Delete the account and its personal data (a guest: their history); solves are
        kept for the levels' statistics, linked to nobody. This browser becomes a new
        guest."""
        user = request.user if signed_in(request) else None
        players.delete_history(request.player, user=user)
        if user is not None:
            players.delete_history(request.guest_player)
            logout(request)
        continue_as(request, new_player_key())
        return Response(status=204)


class MeExportView(APIView):
    @extend_schema(responses=answers(OpenApiTypes.OBJECT), operation_id="me_export")
    def get(self, request):
        """Everything kept about the current player, as JSON."""
        data = player_selectors.export(request.player, today=timezone.now().date(),
                                       user=request.user if signed_in(request) else None)
        day = timezone.now().date().isoformat()
        return Response(data, headers={
            "Content-Disposition": f'attachment; filename="queens-data-{day}.json"',
            "Cache-Control": "private, no-store"})


class SyncCodeSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="8 letters and digits, shown as ABCD-EF23")
    expires_at = serializers.DateTimeField()
    url = serializers.CharField(help_text="the page that joins with this code (the QR code)")
    qr = serializers.CharField(help_text="the QR code of `url`, as SVG")


class SyncCodeView(APIView):
    throttle_classes = [SyncCodeThrottle]

    @extend_schema(request=None, responses=answers(SyncCodeSerializer, 400, 429,
                                                   created=True), operation_id="sync_code")
    def post(self, request):
        """A code (valid ten minutes, once) that joins another device to this guest's
        history."""
        from puzzles.players.qr_svg import qr_svg

        code, expires_at = players.create_sync_code(request.player,
                                                    signed_in=signed_in(request))
        url = request.build_absolute_uri(f"/sync/?code={code}")
        return Response(SyncCodeSerializer({"code": code, "expires_at": expires_at,
                                            "url": url, "qr": qr_svg(url)}).data, status=201)


class SyncJoinRequestSerializer(serializers.Serializer):
    code = StrictCharField(max_length=40)


class SyncJoinSerializer(serializers.Serializer):
    joined = serializers.BooleanField()
    me = MeSerializer()


class SyncJoinView(APIView):
    throttle_classes = [SyncJoinThrottle]

    @extend_schema(request=SyncJoinRequestSerializer,
                   responses=answers(SyncJoinSerializer, 400, 429), operation_id="sync_join")
    def post(self, request):
        """Join this device to the history a code names; this device's own history merges
        into it (nothing lost, nothing counted twice)."""
        data = body(request, SyncJoinRequestSerializer)
        key = players.join_by_code(data["code"], key=request.player,
                                   signed_in=signed_in(request))
        continue_as(request, key)
        me = me_summary(key, signed_in=False)
        return Response(SyncJoinSerializer({"joined": True, "me": me}).data)


class FollowRequestSerializer(serializers.Serializer):
    handle = StrictCharField(max_length=40)


class FollowSerializer(serializers.Serializer):
    following = serializers.ListField(child=serializers.DictField())


class FollowsView(APIView):
    throttle_classes = [PostThrottle]

    def listing(self, request) -> dict:
        return {"following": [{"handle": p.handle, "name": p.name} for p in
                              player_selectors.following(request.player)]}

    @extend_schema(responses=answers(FollowSerializer), operation_id="follows")
    def get(self, request):
        return Response(self.listing(request))

    @extend_schema(request=FollowRequestSerializer, responses=answers(FollowSerializer, 400),
                   operation_id="follow")
    def post(self, request):
        """Follow a player by the handle in their link: they join your friends' board."""
        players.follow(request.player, body(request, FollowRequestSerializer)["handle"])
        return Response(self.listing(request))

    @extend_schema(request=FollowRequestSerializer, responses=answers(FollowSerializer, 400),
                   operation_id="unfollow")
    def delete(self, request):
        players.unfollow(request.player, body(request, FollowRequestSerializer)["handle"])
        return Response(self.listing(request))


class EntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    name = serializers.CharField()
    seconds = serializers.IntegerField(help_text="the day's time; for a week or all time, "
                                                 "the time of all its dailies")
    solves = serializers.IntegerField(help_text="dailies counted (1 on a day's board)")
    handle = serializers.CharField(help_text="their link: /players/<handle>/")
    you = serializers.BooleanField()


class MeRankSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    seconds = serializers.IntegerField()
    solves = serializers.IntegerField()


class BoardSerializer(serializers.Serializer):
    date = serializers.DateField()
    category = serializers.ChoiceField(choices=Category.values)
    period = serializers.ChoiceField(choices=leaderboards.PERIODS)
    scope = serializers.ChoiceField(choices=leaderboards.SCOPES)
    entries = EntrySerializer(many=True)
    me = MeRankSerializer(allow_null=True, help_text="your place, hidden or not; null when "
                                                     "you have no solve on this board")


def board_answer(board: leaderboards.Board) -> dict:
    """BoardSerializer's answer, written out: DRF's serializers took a third of a board
    read (50 entries of six fields each); tests hold the two equal."""
    return {"date": board.date.isoformat(), "category": board.category,
            "period": board.period, "scope": board.scope,
            "entries": [{"rank": e.rank, "name": e.name, "seconds": e.seconds,
                         "solves": e.solves, "handle": e.handle, "you": e.you}
                        for e in board.entries],
            "me": board.me and {"rank": board.me["rank"], "seconds": board.me["seconds"],
                                "solves": board.me["solves"]}}


def choice(request, name: str, choices, default: str) -> str:
    value = request.query_params.get(name, default)
    if value not in choices:
        raise ParseError(f"{name} must be one of {', '.join(choices)}")
    return value


class DailyLeaderboardView(APIView):
    @extend_schema(parameters=[
        OpenApiParameter("date", str, description="yyyy-mm-dd; today (UTC) when left out"),
        OpenApiParameter("category", str, enum=Category.values,
                         description="flawless (no hint, no reveal, no wrong board checked), "
                                     "no-hints (flawless ones too) or assisted (every "
                                     "verified solve); flawless when left out"),
        OpenApiParameter("scope", str, enum=list(leaderboards.SCOPES),
                         description="all, or friends (those you follow, and you)"),
        OpenApiParameter("period", str, enum=list(leaderboards.PERIODS),
                         description="the day, its week (Monday to Sunday) or all time"),
    ], responses=answers(BoardSerializer, 400, 404), operation_id="leaderboards_daily")
    def get(self, request):
        today = timezone.now().date()
        raw = request.query_params.get("date", "")
        try:
            day = date.fromisoformat(raw) if raw else today
        except ValueError:
            raise ParseError("date must be written yyyy-mm-dd") from None
        if day > today:
            raise ParseError(gettext("there is no leaderboard for a day that has not come"))
        category = choice(request, "category", Category.values, Category.FLAWLESS)
        scope = choice(request, "scope", leaderboards.SCOPES, "all")
        period = choice(request, "period", leaderboards.PERIODS, "day")
        if period == "day" and daily_selectors.daily_for(day) is None:
            raise NotFound(gettext("there is no daily puzzle for %(day)s")
                           % {"day": day.isoformat()})
        board = leaderboards.daily_board(day, category, period=period, scope=scope,
                                         player_key=request.player)
        return Response(board_answer(board), headers={"Cache-Control": "private, no-cache"})
