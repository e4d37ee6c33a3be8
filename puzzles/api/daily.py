"""The API's daily endpoints: today's daily and a past date's."""

from datetime import date, datetime, time, timedelta

from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound, ParseError
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.api.answers import answers, public_answer
from puzzles.api.level_serializers import DailySerializer, daily_payload
from puzzles.daily import selectors as daily_selectors
from puzzles.daily import services as daily


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
    return public_answer(request, daily_payload(puzzle), kept_on=puzzle,
                         max_age=max(max_age, 0))


class DailyTodayView(APIView):
    @extend_schema(responses=answers(DailySerializer, 404), operation_id="daily_today")
    def get(self, request):
        return daily_response(request, timezone.now().date())


class DailyDateView(APIView):
    @extend_schema(responses=answers(DailySerializer, 400, 404), operation_id="daily_by_date")
    def get(self, request, day: str):
        try:
            parsed = date.fromisoformat(day)
        except ValueError:
            raise ParseError("the date must be written yyyy-mm-dd") from None
        return daily_response(request, parsed)
