"""The archive: a month calendar of dailies, each with a small picture of its board (the
regions only: a map gives nothing away), its size and tier; solved marks and the streak
come from the player's own browser (static/js/archive.js)."""

from __future__ import annotations

import calendar
import re
from datetime import date

from django.shortcuts import render
from django.utils import timezone
from django.utils.dates import WEEKDAYS_ABBR
from django.utils.translation import gettext

from puzzles.core.errors import ServiceError
from puzzles.core.step_words import tier_label
from puzzles.daily import selectors as daily_selectors
from puzzles.web.views.context import base_context, refuses_bad_parameters
from puzzles.web.views.guide import mini_board

MONTH = re.compile(r"^(\d{4})-(\d{2})$")


FIRST_YEAR = 2000  # before any daily; a month of year 1 broke the calendar's previous month


def parse_month(raw: str | None, today: date) -> date:
    """The first day of the month `YYYY-MM` names (this month when none); ServiceError when
    it is malformed or not yet come."""
    if not raw:
        return today.replace(day=1)
    found = MONTH.match(raw)
    if not found or not 1 <= int(found.group(2)) <= 12:
        raise ServiceError(gettext("month must look like 2026-12 (a year and a month)"))
    month = date(int(found.group(1)), int(found.group(2)), 1)
    if month.year < FIRST_YEAR:  # the calendar around year 1 runs off the dates there are
        raise ServiceError(gettext("the archive starts in %(year)s") % {"year": FIRST_YEAR})
    if month > today:
        raise ServiceError(gettext("that month has not come yet"))
    return month


def shift(month: date, by: int) -> date:
    index = month.year * 12 + month.month - 1 + by
    return date(index // 12, index % 12 + 1, 1)


@refuses_bad_parameters
def archive(request):
    today = timezone.now().date()
    month = parse_month(request.GET.get("month"), today)
    weeks = calendar.Calendar(firstweekday=0).monthdatescalendar(month.year, month.month)
    dailies = {d.date: d for d in daily_selectors.dailies_between(weeks[0][0], weeks[-1][-1])}
    days = [[{"date": day, "in_month": day.month == month.month, "future": day > today,
              "today": day == today,
              "daily": dailies.get(day) if day <= today and day.month == month.month else None,
              "cells": None} for day in week] for week in weeks]
    for week in days:
        for day in week:
            if day["daily"] is not None:
                level = day["daily"].level
                day["cells"] = mini_board(level.regions, colors=level.colors())
                day["tier"] = tier_label(level.tier)
    first = daily_selectors.first_daily_date()
    earlier = shift(month, -1)
    return render(request, "archive.html", base_context(
        month=month, weeks=days, weekdays=[WEEKDAYS_ABBR[i] for i in range(7)],
        previous=earlier if first and earlier >= first.replace(day=1) else None,
        following=shift(month, 1) if shift(month, 1) <= today else None,
        count=sum(1 for d in dailies.values() if d.date.month == month.month)))
