"""The players' pages: "You" (account, sync, data), a player's stats, the leaderboards and
the sync join page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import pgettext_lazy
from django.views.decorators.cache import never_cache

from puzzles.core.vocabulary import CATEGORY_ORDER, Category
from puzzles.daily import selectors as daily_selectors
from puzzles.players import leaderboards
from puzzles.players import selectors as player_selectors
from puzzles.players.identity import account_key
from puzzles.ratings import selectors as rating_selectors
from puzzles.web.views.context import base_context

CATEGORY_LABELS = {Category.FLAWLESS: pgettext_lazy("leaderboard", "Flawless"),
                   Category.NO_HINTS: pgettext_lazy("leaderboard", "No hints"),
                   Category.ASSISTED: pgettext_lazy("leaderboard", "Assisted")}
PERIOD_LABELS = {"day": pgettext_lazy("leaderboard", "Today"),
                 "week": pgettext_lazy("leaderboard", "This week"),
                 "all": pgettext_lazy("leaderboard", "All time")}
SCOPE_LABELS = {"all": pgettext_lazy("leaderboard", "Everyone"),
                "friends": pgettext_lazy("leaderboard", "Friends")}
CHART_W, CHART_H, CHART_PAD = 560, 200, 32


def time_chart(times: list[dict]) -> dict | None:
    """The best and median time per month as SVG polylines (seconds upwards)."""
    if not times:
        return None
    top = max(max(t["best"], t["median"]) for t in times) or 1
    step = (CHART_W - 2 * CHART_PAD) / max(1, len(times) - 1)

    def point(k, seconds):
        x = CHART_PAD + k * step if len(times) > 1 else CHART_W / 2
        y = CHART_H - CHART_PAD - (CHART_H - 2 * CHART_PAD) * seconds / top
        return round(x, 1), round(y, 1)

    lines = {}
    for name in ("best", "median"):
        points = [point(k, t[name]) for k, t in enumerate(times)]
        lines[name] = {"points": " ".join(f"{x},{y}" for x, y in points),
                       "dots": [{"x": x, "y": y, "seconds": t[name], "month": t["month"]}
                                for (x, y), t in zip(points, times, strict=True)]}
    labels = [{"x": point(k, 0)[0], "month": t["month"]} for k, t in enumerate(times)]
    return {"w": CHART_W, "h": CHART_H, "pad": CHART_PAD, "top": int(top), "lines": lines,
            "labels": labels, "axis_y": CHART_H - CHART_PAD}


@never_cache
def me(request):
    signed_in = account_key(request) is not None
    today = timezone.now().date()
    summary = player_selectors.summary(request.player, today=today, signed_in=signed_in)
    stats = player_selectors.stats(request.player, today=today)
    return render(request, "me.html", base_context(
        me=summary, signed_in=signed_in, following=player_selectors.following(request.player),
        stats=stats, chart=time_chart(stats["times"]),
        rating=rating_selectors.player_rating(request.player),
        user_email=request.user.email if signed_in else ""))


def stats_page(request, handle: str):
    player = player_selectors.player_by_handle(handle)
    mine = player is not None and player.key == request.player
    if player is None or (player.hidden and not mine):
        raise Http404("no such player")
    stats = player_selectors.stats(player.key, today=timezone.now().date())
    follows = {p.pk for p in player_selectors.following(request.player)}
    return render(request, "player.html", base_context(
        player=player, stats=stats, chart=time_chart(stats["times"]), mine=mine,
        rating=rating_selectors.player_rating(player.key), followed=player.pk in follows))


def leaderboard_page(request):
    today = timezone.now().date()
    daily = daily_selectors.daily_for(today)
    return render(request, "leaderboards.html", base_context(
        today=today, daily=daily, first=daily_selectors.first_daily_date(),
        categories=[(c.value, CATEGORY_LABELS[c]) for c in CATEGORY_ORDER],
        periods=list(PERIOD_LABELS.items()), scopes=list(SCOPE_LABELS.items()),
        shown=leaderboards.SHOWN))


@never_cache
def sync_page(request):
    return render(request, "sync.html", base_context(
        code=request.GET.get("code", "")[:20],
        signed_in=account_key(request) is not None))
