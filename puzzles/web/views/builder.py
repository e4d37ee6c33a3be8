"""The level builder's page and the community levels."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from puzzles.builder import selectors as community_selectors
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.step_words import motif_groups, tier_label
from puzzles.web.views.context import base_context, difficulty_choices, refuses_bad_parameters
from puzzles.web.views.guide import mini_board

COMMUNITY_PAGE_SIZE = 24
DRAFTS_SHOWN = 20


@ensure_csrf_cookie
def create(request, key: str | None = None):
    """The level builder; /create/<key>/ continues one of the player's drafts."""
    draft = None
    if key is not None:
        draft = community_selectors.draft_of(request.player, key)
        if draft is None:
            raise Http404("no such draft of yours")
    drafts = [{"key": d.key, "size": d.size, "title": d.title, "updated_at": d.updated_at}
              for d in community_selectors.drafts_of(request.player)[:DRAFTS_SHOWN]]
    return render(request, "create.html", base_context(
        builder_sizes=domain.BUILDER_SIZES, drafts=drafts, text_limits=domain.TEXT_LIMITS,
        motif_groups=motif_groups(name for name, _ in domain.MOTIF_CHOICES),
        draft={"key": draft.key, "size": draft.size, "rule": draft.rule, "stars": draft.stars,
               "regions": draft.regions, "title": draft.title,
               "maker_name": draft.maker_name} if draft else None))


def community_order(raw: str) -> str:
    if raw not in community_selectors.COMMUNITY_ORDERS:
        raise ServiceError(f"unknown order {raw!r}; the orders are "
                           + " and ".join(community_selectors.COMMUNITY_ORDERS))
    return raw


@refuses_bad_parameters
def community(request):
    """Published community levels: newest or most played, by size and tier, paginated."""
    order = community_order(request.GET.get("order", "newest"))
    raw_size = request.GET.get("size", "")
    size = domain.parse_size(raw_size, domain.BUILDER_SIZES) if raw_size else None
    tier = domain.check_tier(request.GET.get("tier", "")) or None
    levels = community_selectors.community_levels(order=order, size=size, tier=tier)
    # A page number past the end shows the last page, as Django's paginator does.
    page = Paginator(levels, COMMUNITY_PAGE_SIZE).get_page(request.GET.get("page"))
    cards = [{"level": level, "cells": mini_board(level.regions, colors=level.colors()),
              "tier": tier_label(level.tier)}
             for level in page]
    return render(request, "community.html", base_context(
        page=page, cards=cards, order=order, size=size, tier=tier or "",
        builder_sizes=domain.BUILDER_SIZES, tier_choices=difficulty_choices()))
