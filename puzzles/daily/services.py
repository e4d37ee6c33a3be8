"""The daily puzzle: the same level for everyone that day, drawn from a secret reserve."""

from __future__ import annotations

import secrets
from datetime import date, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from generator_ext import PICTOGRAMS, generate
from puzzles.core.errors import ServiceError
from puzzles.core.vocabulary import Rule, Tier
from puzzles.daily import selectors as daily_selectors
from puzzles.daily.models import DailyPuzzle
from puzzles.levels.models import Level
from puzzles.levels.services.levels import save_generated_level
from puzzles.ratings.prediction import cold_start, predicted

DAILY_SIZES = {0: 7, 1: 8, 2: 8, 3: 9, 4: 9, 5: 10, 6: 10}  # Monday = 0
# Sunday is Star Battle: the standard 10×10 board with two stars per row, column and region.
DAILY_STARS = {6: 2}
# The weekly curve players know from LinkedIn: easy on Monday, rising to hard at the weekend.
DAILY_TIERS = {0: Tier.EASY, 1: Tier.EASY, 2: Tier.MEDIUM, 3: Tier.MEDIUM, 4: Tier.MEDIUM,
               5: Tier.HARD, 6: Tier.HARD}

# The week ramps by predicted difficulty (issue 39): each day's daily aims at a rating on the
# levels' scale, Monday the gentlest, Saturday the hardest. A day aims at its tier's cold start,
# moved RAMP_STEP for each day of the week sharing that tier before or after it (Monday and
# Tuesday are both easy: 15 below and above), and takes the reserved level of its tier whose
# prediction is nearest. Sunday's Star Battle stands outside the ramp: the week's long board,
# at its tier's cold start.
RAMP_STEP = 30.0
RAMP_CANDIDATES = 12  # the oldest reserved levels of the day's kind a day chooses among


def ramp_rating(weekday: int) -> float:
    """The predicted rating that weekday's daily aims at (Monday = 0)."""
    tier, size = DAILY_TIERS[weekday], DAILY_SIZES[weekday]
    if weekday == 6:
        return cold_start(size=size, tier=tier, stars=DAILY_STARS[6]).rating
    same = [day for day in range(6) if DAILY_TIERS[day] == tier]
    offset = same.index(weekday) - (len(same) - 1) / 2
    return cold_start(size=size, tier=tier).rating + RAMP_STEP * offset


def nearest_on_the_ramp(levels: list[Level], weekday: int) -> Level | None:
    """The level whose prediction is nearest the weekday's ramp rating (the first of equals:
    the reserve's oldest)."""
    target = ramp_rating(weekday)
    return min(levels, key=lambda level: abs(predicted(level).rating - target), default=None)


# Days of the week (Monday = 0) whose daily, unless staff scheduled a theme, is composed
# around a pictogram drawn in secret when the day is assigned. Not Sunday: k-star levels are
# planted, never composed around a motif.
THEMED_WEEKDAYS = {2, 5}


def daily_stars(day: date) -> int:
    """Stars per unit of that day's daily: 2 on Sundays, unless staff scheduled a theme
    for it (a theme is drawn on a Queens board, so that Sunday is a themed Queens daily)."""
    if daily_selectors.scheduled_theme(day):
        return 1
    return DAILY_STARS.get(day.weekday(), 1)


def daily_theme(day: date) -> str:
    """The motif that day's daily is composed around: the one staff scheduled, on a themed
    weekday a secret pick of the pictograms, otherwise none (blank)."""
    scheduled = daily_selectors.scheduled_theme(day)
    if scheduled:
        return scheduled
    return secrets.choice(sorted(PICTOGRAMS)) if day.weekday() in THEMED_WEEKDAYS else ""


def daily_epoch(day: date) -> date:
    """The day of daily #1: the one set (QUEENS_DAILY_EPOCH); else counted back from the
    first daily stored, so the numbers go on as they were; else (a fresh site) the first
    day assigned: today, or the day asked if earlier. A fresh site's first daily is #1 even
    when beat assigns tomorrow's before anyone opens today's."""
    if settings.QUEENS_DAILY_EPOCH:
        return settings.QUEENS_DAILY_EPOCH
    first = daily_selectors.first_daily()
    if first is not None:
        return first.date - timedelta(days=first.number - 1)
    return min(day, timezone.now().date())


def daily_number(day: date) -> int:
    epoch = daily_epoch(day)
    number = (day - epoch).days + 1
    if number < 1:
        raise ServiceError(gettext("there are no daily puzzles before %(day)s") % {"day": epoch})
    return number


def ensure_daily(day: date) -> DailyPuzzle | None:
    """That day's puzzle, assigned if it has none yet: a level of the reserve (levels no route
    has served), or one made for it now with a secret seed and kept in the reserve. Its size
    follows the weekday, its tier the weekly curve, and of the reserve's levels of that kind
    the one predicted nearest the day's place on the ramp. Never a level of the public pools: anyone
    could collect those and name tomorrow's daily by the one that vanished."""
    existing = daily_selectors.daily_for(day)
    if existing:
        return existing
    number = daily_number(day)
    size = DAILY_SIZES[day.weekday()]
    tier = DAILY_TIERS[day.weekday()]
    stars = daily_stars(day)
    motif = daily_theme(day) if stars == 1 else ""
    try:
        with transaction.atomic():
            level = (nearest_on_the_ramp(daily_selectors.reserved_levels(
                size, tier, motif, stars, limit=RAMP_CANDIDATES), day.weekday())
                or reserve_new_level(size=size, tier=tier, motif=motif, stars=stars))
            return DailyPuzzle.objects.create(date=day, level=level, number=number)
    except IntegrityError:  # another process assigned that day (or took that level) first
        return daily_selectors.daily_for(day)


def reserve_new_level(*, size: int, tier: str, motif: str = "", stars: int = 1) -> Level:
    """A fresh level for the daily reserve, composed around the motif if one is named: never
    in a pool, served by no route until its day. The seed is secret (a seed anyone could
    derive would let them make it too). A motif no seed composes into a level of the tier
    gives way to an unthemed daily rather than to no daily; an unthemed daily is around no
    motif (untargeted generation draws the motif family too)."""
    for attempt in range(20):  # a duplicate of a stored level is drawn again
        try:
            generated = generate(size, Rule.TOUCH, seed=secrets.randbelow(2 ** 63), tier=tier,
                                 motif=motif or None, stars=stars)
        except RuntimeError:
            if attempt >= 2:
                motif = ""
            continue
        if generated.motif and not motif:  # an untargeted draw's motif family: not today
            continue
        level = save_generated_level(generated, reserved=True)
        if level is not None:
            return level
    raise ServiceError(f"no new {size}×{size} {tier} level could be made for the daily")
