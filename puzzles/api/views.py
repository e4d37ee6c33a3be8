"""API views: parse the request, call a selector or a service, shape the answer."""

import hashlib
import json
import logging
from datetime import date, datetime, time, timedelta

from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ParseError
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api import serializers as s
from puzzles.api.throttles import PostThrottle
from puzzles.core import health
from puzzles.core import vocabulary as domain
from puzzles.core.step_words import rule_word, tier_word
from puzzles.daily import selectors as daily_selectors
from puzzles.daily import services as daily
from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.selectors import pools as pool_selectors
from puzzles.levels.selectors import runs as run_selectors
from puzzles.levels.services import pools, runs
from puzzles.play.selectors import play as play_selectors
from puzzles.play.services import play

log = logging.getLogger(__name__)


ERROR_MEANINGS = {
    400: "bad input; the sentence says what was wrong",
    403: "staff only: sign in to the admin first",
    404: "nothing there; the sentence says what is missing",
    429: "too many POSTs from this address; Retry-After says when to try again",
    503: "the database is unavailable; Retry-After says when to try again",
}


def answers(ok, *errors: int, created: bool = False, accepted: bool = False) -> dict:
    """An operation's documented responses: its body (200, 201 created, 202 accepted: work
    queued), then each error as {"detail"} (503 on every operation: the database may be
    down)."""
    documented = {202 if accepted else 201 if created else 200: ok}
    for code in (*errors, 503):
        documented[code] = OpenApiResponse(s.ErrorSerializer, description=ERROR_MEANINGS[code])
    return documented


def parse_size(raw: str) -> int:
    return domain.parse_size(raw)  # a ServiceError is a 400 with its sentence


def parse_rule(request) -> str:
    return domain.check_rule(request.query_params.get("rule", domain.Rule.TOUCH))


def parse_stars(request, size: int) -> int:
    return domain.parse_stars(request.query_params.get("stars"), size)


def parse_tier(request, size: int, stars: int = 1) -> str:
    return domain.check_tier(request.query_params.get("tier", ""), size, stars)


def parse_exclude(request) -> tuple[int, ...]:
    raw = request.query_params.get("exclude", "").strip()
    if not raw:
        return ()
    try:
        ids = tuple(int(part) for part in raw.split(","))
    except ValueError:
        raise ParseError("exclude must be comma-separated level ids, like exclude=1,2") from None
    if len(ids) > 500:
        raise ParseError("exclude takes at most 500 level ids")
    return ids


def get_level(n: str, level_id: int):
    size = parse_size(n)
    level = level_selectors.level_by_id(level_id)
    if level is None or level.size != size:
        raise NotFound(gettext("there is no %(size)s×%(size)s level with id %(id)s")
                       % {"size": size, "id": level_id})
    return level


def public_answer(request, data, *, kept_on, max_age: int, edge_s: int = 5) -> Response:
    """An answer that is the same for everyone and does not change for `max_age` seconds:
    cacheable by browsers, kept by the edge for `edge_s` (X-Accel-Expires, which nginx reads
    and drops), with an ETag, and 304 Not Modified when the client already has it. The ETag
    is kept on `kept_on`, the object the payload is built from (kept in memory by
    level_cache), so a hot answer hashes its payload once."""
    etag = kept_on.__dict__.get("_etag")
    if etag is None:
        etag = kept_on.__dict__["_etag"] = '"' + hashlib.sha256(
            json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={max_age}",
               "X-Accel-Expires": str(min(edge_s, max_age))}
    wanted = request.headers.get("If-None-Match", "")
    if etag in [tag.strip().removeprefix("W/") for tag in wanted.split(",")] or wanted == "*":
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(data, headers=headers)


def body(request, serializer_class) -> dict:
    if not isinstance(request.data, dict):
        raise ParseError("the request body must be a JSON object")
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def pick_level(request, size: int, rule: str, tier: str, exclude: tuple[int, ...],
               stars: int = 1):
    """A chosen tier's level, or for "Any" the deliberate mix (selectors.any_tier_level)."""
    if tier:
        return level_selectors.random_playable_level(size, rule, tier=tier, exclude_ids=exclude,
                                                     stars=stars)
    return level_selectors.any_tier_level(size, rule, solves=play_selectors.solves_by(
        request.player), exclude_ids=exclude, stars=stars)


class RandomLevelView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("rule", str, enum=domain.Rule.values),
            OpenApiParameter("tier", str, enum=domain.Tier.values),
            OpenApiParameter("stars", int, enum=list(domain.STAR_COUNTS),
                             description="stars per row, column and region: 1 (Queens, the "
                                         "default), 2 or 3 (Star Battle)"),
            OpenApiParameter("exclude", str, description="comma-separated level ids to skip"),
        ],
        responses=answers(s.LevelSerializer, 400, 404),
        operation_id="levels_random",
    )
    def get(self, request, n: str):
        size = parse_size(n)
        rule = parse_rule(request)
        stars = parse_stars(request, size)
        domain.check_star_rule(stars, rule)
        tier = parse_tier(request, size, stars)
        exclude = parse_exclude(request)
        level = pick_level(request, size, rule, tier, exclude, stars)
        if level is None:
            kind = f"{size}×{size} {tier_word(tier) + ' ' if tier else ''}{rule_word(rule)}"
            kind += f" {stars}-star" if stars != 1 else ""
            if exclude and pick_level(request, size, rule, tier, (), stars) is not None:
                raise NotFound(gettext("you have played every %(kind)s level that is ready; more "
                                       "are on their way") % {"kind": kind})
            pools.request_top_up()  # the worker's locked top-up, never a run from here
            raise NotFound(gettext("no %(kind)s level is ready yet; more are being generated")
                           % {"kind": kind})
        return Response(s.level_payload(level))


class LevelDetailView(APIView):
    @extend_schema(responses=answers(s.LevelSerializer, 400, 404), operation_id="levels_detail")
    def get(self, request, n: str, level_id: int):
        # A level does not change; staff hiding it takes up to a minute to reach browsers.
        level = get_level(n, level_id)
        return public_answer(request, s.level_payload(level), kept_on=level, max_age=60)


class CheckView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=s.CheckRequestSerializer,
                   responses=answers(s.CheckResponseSerializer, 400, 404, 429))
    def post(self, request, n: str, level_id: int):
        level = get_level(n, level_id)
        data = body(request, s.CheckRequestSerializer)
        result = play.check_queens(level, queens=data["queens"], player=request.player,
                                   address=request.address_key, opened=data.get("opened"),
                                   started=data.get("started"))
        return Response(s.CheckResponseSerializer(result).data)


class RevealView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=s.StartRequestSerializer,
                   responses=answers(s.RevealResponseSerializer, 400, 404, 429))
    def post(self, request, n: str, level_id: int):
        level = get_level(n, level_id)
        data = body(request, s.StartRequestSerializer) if isinstance(request.data, dict) \
            and request.data else {}
        solution = play.reveal_solution(level, player=request.player,
                                        address=request.address_key, opened=data.get("opened"),
                                        started=data.get("started"))
        return Response(s.RevealResponseSerializer(
            {"solution": solution, "theme": level.motif or None}).data)


class StartView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=s.StartRequestSerializer,
                   responses=answers(s.StartResponseSerializer, 400, 404, 429),
                   operation_id="levels_start")
    def post(self, request, n: str, level_id: int):
        """The player's start on this level (the first mark): one play, and the solving time
        starts then: the opening the page signed (`opened`) moved on by `started`."""
        level = get_level(n, level_id)
        data = body(request, s.StartRequestSerializer)
        play.start_play(level, player=request.player, address=request.address_key,
                        opened=data.get("opened"), started=data.get("started"))
        return Response(s.StartResponseSerializer({"started": True}).data)


class HintView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=s.HintRequestSerializer,
                   responses=answers(s.HintResponseSerializer, 400, 404, 429))
    def post(self, request, n: str, level_id: int):
        level = get_level(n, level_id)
        data = body(request, s.HintRequestSerializer)
        step = play.give_hint(level, player=request.player, queens=data["queens"],
                              crosses=data["crosses"], address=request.address_key,
                              opened=data.get("opened"), started=data.get("started"))
        return Response(s.HintResponseSerializer(step).data)


class SolveView(APIView):
    throttle_classes = [PostThrottle]

    @extend_schema(request=s.SolveRequestSerializer,
                   responses=answers(s.SolveResponseSerializer, 400, 404, 429, created=True))
    def post(self, request, n: str, level_id: int):
        level = get_level(n, level_id)
        data = body(request, s.SolveRequestSerializer)
        if data["offline"]:
            record = play.record_offline_solve(
                level, player=request.player, queens=data.get("queens"),
                moves_log=data.get("moves"), address=request.address_key,
                opened=data.get("opened"), started=data.get("started"))
        else:
            record = play.record_solve(level, player=request.player, token=data.get("token"),
                                       moves_log=data.get("moves"))
        return Response(s.SolveResponseSerializer(record).data, status=status.HTTP_201_CREATED)


def daily_response(request, day: date) -> Response:
    now = timezone.now()
    today = now.date()
    if day > today:
        raise ParseError(gettext("daily puzzles of future dates are not public yet"))
    puzzle = daily.ensure_daily(day) if day == today else daily_selectors.daily_for(day)
    if puzzle is None:
        raise NotFound(f"there is no daily puzzle for {day.isoformat()}")
    # Today's answer changes at midnight (UTC): never cached past it. Past ones never change.
    midnight = datetime.combine(today + timedelta(days=1), time(), tzinfo=now.tzinfo)
    max_age = min(60, int((midnight - now).total_seconds())) if day == today else 3600
    return public_answer(request, s.daily_payload(puzzle), kept_on=puzzle,
                         max_age=max(max_age, 0))


class DailyTodayView(APIView):
    @extend_schema(responses=answers(s.DailySerializer, 404), operation_id="daily_today")
    def get(self, request):
        return daily_response(request, timezone.now().date())


class DailyDateView(APIView):
    @extend_schema(responses=answers(s.DailySerializer, 400, 404), operation_id="daily_by_date")
    def get(self, request, day: str):
        try:
            parsed = date.fromisoformat(day)
        except ValueError:
            raise ParseError("the date must be written yyyy-mm-dd") from None
        return daily_response(request, parsed)


class PoolsView(APIView):
    @extend_schema(responses=answers(s.PoolSerializer(many=True)))
    def get(self, request):
        pools = pool_selectors.pool_status(paused=health.broker_unreachable())
        return Response(s.PoolSerializer(pools, many=True).data)


class RunsView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(request=s.RunRequestSerializer,
                   responses=answers(s.RunSerializer, 400, 403, created=True))
    def post(self, request):
        data = body(request, s.RunRequestSerializer)
        run = runs.create_run(size=data["size"], rule=data.get("rule", domain.Rule.TOUCH),
                              tier=data.get("tier") or "", requested=data["requested"],
                              requested_by=request.user)
        return Response(s.RunSerializer(run).data, status=status.HTTP_201_CREATED)


class RunDetailView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(responses=answers(s.RunSerializer, 403, 404))
    def get(self, request, run_id: int):
        run = run_selectors.run_by_id(run_id)
        if run is None:
            raise NotFound(f"there is no generation run {run_id}")
        return Response(s.RunSerializer(run).data)
