"""Pages. Each embeds what the board needs (regions, never the solution) and the API URLs."""

import functools
from datetime import date

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.csrf import ensure_csrf_cookie

from generator_ext import TECHNIQUES, TIERS, generate, rate, region_colors, served_tiers
from generator_ext.palette import REGION_COLORS
from puzzles import selectors, services
from puzzles.api.serializers import level_payload
from puzzles.models import DailyPuzzle, Rule, Source
from puzzles.og_image import level_png


def served_sizes() -> range:
    low, high = settings.QUEENS_SERVED_SIZES
    return range(low, high + 1)


def base_context(**extra) -> dict:
    return {"colors": [{"name": n, "hex": h} for n, h in REGION_COLORS],
            "sizes": served_sizes(),
            # The engine says which tiers each size has; the pickers offer only those.
            "tiers_by_size": {n: served_tiers(n) for n in served_sizes()}, **extra}


def playable(level) -> dict:
    """A level as its page embeds it: the API's shape and the signed moment the page opened
    it (sent back with the first move: the page view itself writes nothing)."""
    return {**level_payload(level), "opened": services.opening_token(level)}


@ensure_csrf_cookie
def home(request):
    today = timezone.now().date()
    try:
        daily = services.ensure_daily(today)
    except services.ServiceError:
        daily = None
    # Ready levels per size, and per size and tier so the picker can follow the difficulty.
    by_tier: dict[int, dict[str, int]] = {n: {} for n in served_sizes()}
    for (n, rule, tier), count in selectors.active_tier_counts().items():
        if rule == Rule.TOUCH and n in by_tier:
            by_tier[n][tier or ""] = count
    sizes = [{"n": n, "ready": sum(by_tier[n].values())} for n in served_sizes()]
    return render(request, "home.html", base_context(
        daily=daily, level=playable(daily.level) if daily else None, size_counts=sizes,
        today=today, difficulty_choices=[("", "Any"), *((t, t.capitalize()) for t in TIERS)],
        ready_by_tier=by_tier,
    ))


@ensure_csrf_cookie
def play(request, n: int):
    low, high = settings.QUEENS_SERVED_SIZES
    if not low <= n <= high:
        raise Http404("no such board size")
    rule = request.GET.get("rule", Rule.TOUCH)
    if rule not in Rule.values:
        rule = Rule.TOUCH
    tier = request.GET.get("tier", "")
    if tier not in served_tiers(n):
        tier = ""
    return render(request, "play.html", base_context(size=n, rule=rule, tier=tier, level=None))


@ensure_csrf_cookie
def level_page(request, level_id: int):
    level = selectors.level_by_id(level_id)
    if level is None:
        raise Http404("no such level")
    return render(request, "play.html", base_context(
        size=level.size, rule=level.rule, level=playable(level),
        community=level if level.source == Source.COMMUNITY else None))


def level_image(request, level_id: int):
    """The level's Open Graph picture."""
    level = selectors.level_by_id(level_id)
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
        daily = services.ensure_daily(target) if target == today else selectors.daily_for(target)
    except services.ServiceError:
        daily = None
    if daily is None:
        raise Http404("no daily puzzle that day")
    return render(request, "play.html", base_context(
        size=daily.level.size, rule=daily.level.rule, level=playable(daily.level),
        daily=daily))


def archive(request):
    dailies = DailyPuzzle.objects.filter(date__lte=timezone.now().date()).select_related("level")
    return render(request, "archive.html", base_context(dailies=dailies[:366]))


# A fixed small level for the how-to-play page, solved.
EXAMPLE = generate(5, seed=3)
# Where the how-to-play pictures of each technique come from: fixed levels, so the page is
# the same for everyone; the first step of each technique in the engine's own solve.
TECHNIQUE_SOURCES = [(6, seed, tier) for seed in range(12) for tier in ("easy", "medium",
                                                                        "hard")] + [
    (7, 5, "expert")]
TECHNIQUE_TITLES = {
    "last_cell": "Last cell",
    "neighbours": "Neighbours",
    "confinement": "Confinement",
    "group_confinement": "Group confinement",
    "elimination": "Elimination",
    "contradiction": "Contradiction",
}


def mini_board(regions, queens=(), crosses=(), because=(), new_queens=(), new_crosses=(),
               colors=None):
    """The cells of a small picture: colour, mark, and what a step reasons about or decides."""
    sets = [set(map(tuple, cells)) for cells in (queens, crosses, because, new_queens,
                                                   new_crosses)]
    queens, crosses, because, new_queens, new_crosses = sets
    colors = colors or region_colors(regions)
    return [
        {"hex": REGION_COLORS[colors[g]][1],
         "mark": "♛" if (r, c) in queens | new_queens else "×" if (r, c) in crosses | new_crosses
         else "",
         "new": (r, c) in new_queens | new_crosses, "because": (r, c) in because}
        for r, row in enumerate(regions) for c, g in enumerate(row)
    ]


@functools.cache
def technique_examples() -> list[dict]:
    """One real step of each technique, drawn on the board as it stood just before it."""
    examples = {}
    for n, seed, tier in TECHNIQUE_SOURCES:
        level = generate(n, seed=seed, tier=tier)
        queens, crosses = [], []
        for step in rate(level.regions).steps:
            if step.technique not in examples:
                examples[step.technique] = {
                    "title": TECHNIQUE_TITLES[step.technique], "message": step.message, "n": n,
                    "cells": mini_board(level.regions, queens, crosses, step.because,
                                        step.queens, step.crosses),
                }
            queens, crosses = queens + step.queens, crosses + step.crosses
        if len(examples) == len(TECHNIQUES):
            break
    return [examples[t] for t in TECHNIQUES if t in examples]


def how_to_play(request):
    example = mini_board(EXAMPLE.regions, queens=enumerate(EXAMPLE.solution))
    return render(request, "how_to_play.html", base_context(
        example=example, example_n=5, techniques=technique_examples()))


def privacy(request):
    return render(request, "privacy.html", base_context(cookie=settings.QUEENS_PLAYER_COOKIE))


@ensure_csrf_cookie
def create(request, key: str | None = None):
    """The level builder; /create/<key>/ continues one of the player's drafts."""
    draft = None
    if key is not None:
        draft = selectors.draft_of(request.player, key)
        if draft is None:
            raise Http404("no such draft of yours")
    low, high = services.BUILDER_SIZES
    drafts = [{"key": d.key, "size": d.size, "title": d.title, "updated_at": d.updated_at}
              for d in selectors.drafts_of(request.player)[:20]]
    return render(request, "create.html", base_context(
        builder_sizes=range(low, high + 1), drafts=drafts,
        draft={"key": draft.key, "size": draft.size, "rule": draft.rule,
               "regions": draft.regions, "title": draft.title,
               "maker_name": draft.maker_name} if draft else None))


COMMUNITY_PAGE_SIZE = 24


def community(request):
    """Published community levels: newest or most played, by size and tier, paginated."""
    from django.core.paginator import Paginator

    order = request.GET.get("order", "newest")
    order = order if order in selectors.COMMUNITY_ORDERS else "newest"
    size = request.GET.get("size", "")
    low, high = services.BUILDER_SIZES
    size = int(size) if size.isascii() and size.isdigit() and low <= int(size) <= high else None
    tier = request.GET.get("tier", "")
    tier = tier if tier in TIERS else None
    page = Paginator(selectors.community_levels(order, size, tier), COMMUNITY_PAGE_SIZE) \
        .get_page(request.GET.get("page"))
    cards = [{"level": level, "cells": mini_board(level.regions, colors=level.colors())}
             for level in page]
    return render(request, "community.html", base_context(
        page=page, cards=cards, order=order, size=size, tier=tier or "",
        builder_sizes=range(low, high + 1), tiers=TIERS))
