"""The game's pages: home, a size, a level, its picture, the daily and the archive."""

from datetime import date

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.csrf import ensure_csrf_cookie

from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.vocabulary import Rule, Source
from puzzles.daily import selectors as daily_selectors
from puzzles.daily import services as daily
from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.selectors import pools as pool_selectors
from puzzles.web.og_image import level_png
from puzzles.web.views.context import (
    base_context,
    difficulty_choices,
    playable,
    refuses_bad_parameters,
)


@ensure_csrf_cookie
def home(request):
    today = timezone.now().date()
    try:
        puzzle = daily.ensure_daily(today)
    except ServiceError:
        puzzle = None
    # Ready levels per size, and per size and tier so the picker can follow the difficulty.
    by_tier: dict[int, dict[str, int]] = {n: {} for n in domain.SERVED_SIZES}
    star_ready: dict[tuple[int, int], int] = {}
    for (n, rule, tier, stars), count in pool_selectors.active_tier_counts().items():
        if rule == Rule.TOUCH and stars == 1 and n in by_tier:
            by_tier[n][tier or ""] = count
        elif rule == Rule.TOUCH and stars != 1:
            star_ready[n, stars] = star_ready.get((n, stars), 0) + count
    sizes = [{"n": n, "ready": sum(by_tier[n].values())} for n in domain.SERVED_SIZES]
    star_boards = [{"n": n, "stars": k, "ready": star_ready.get((n, k), 0)}
                   for k in domain.STAR_COUNTS[1:] for n in domain.star_sizes(k)]
    return render(request, "home.html", base_context(
        daily=puzzle, level=playable(puzzle.level, request.player) if puzzle else None,
        size_counts=sizes,
        today=today, ready_by_tier=by_tier, star_boards=star_boards,
        difficulty_choices=difficulty_choices(),
    ))


@ensure_csrf_cookie
@refuses_bad_parameters
def play(request, n: int):
    if n not in domain.SERVED_SIZES:
        raise Http404("no such board size")
    rule = domain.check_rule(request.GET.get("rule", Rule.TOUCH))
    stars = domain.parse_stars(request.GET.get("stars"), n)
    domain.check_star_rule(stars, rule)
    tier = domain.check_tier(request.GET.get("tier", ""), n, stars)
    return render(request, "play.html", base_context(size=n, rule=rule, tier=tier, level=None,
                                                     stars=stars))


@ensure_csrf_cookie
def level_page(request, level_id: int):
    level = level_selectors.level_by_id(level_id)
    if level is None:
        raise Http404("no such level")
    return render(request, "play.html", base_context(
        size=level.size, rule=level.rule, level=playable(level, request.player),
        stars=level.stars,
        community=level if level.source == Source.COMMUNITY else None))


def level_image(request, level_id: int):
    """The level's Open Graph picture, in the level's own colours."""
    level = level_selectors.level_by_id(level_id)
    if level is None:
        raise Http404("no such level")
    if level.source == Source.COMMUNITY:
        heading = level.title or f"A {level.size}×{level.size} level"
        sub = f"by {level.maker_name}" if level.maker_name else "made by a player"
    else:
        heading, sub = f"{level.size}×{level.size} level", (level.tier or "").capitalize()
    response = HttpResponse(level_png(level.regions, level.colors(), heading, sub),
                            content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@ensure_csrf_cookie
def daily_page(request, day: str | None = None):
    today = timezone.now().date()
    if day is None:
        target = today
    else:
        try:
            target = date.fromisoformat(day)
        except ValueError:
            raise Http404("not a date") from None
    if target > today:
        raise Http404("future daily puzzles are not public")
    try:
        puzzle = (daily.ensure_daily(target) if target == today
                  else daily_selectors.daily_for(target))
    except ServiceError:
        puzzle = None
    if puzzle is None:
        raise Http404("no daily puzzle that day")
    return render(request, "play.html", base_context(
        size=puzzle.level.size, rule=puzzle.level.rule, stars=puzzle.level.stars,
        level=playable(puzzle.level, request.player),
        daily=puzzle))
