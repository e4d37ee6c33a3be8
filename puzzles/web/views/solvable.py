""""Solvable?" (issue 40): the mode's page. It embeds no board: a run's boards come from
/api/solvable/ (never cached by the service worker), so the page says nothing of any trap."""

from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from puzzles.core.step_words import TIER_LABELS
from puzzles.core.vocabulary import SOLVABLE_BOARDS, SOLVABLE_SIZES
from puzzles.solvable.selectors import player_tier
from puzzles.web.views.context import base_context


@ensure_csrf_cookie
def solvable_page(request):
    return render(request, "solvable.html", base_context(
        solvable_tiers=[(tier, str(TIER_LABELS[tier]), size)
                        for tier, size in SOLVABLE_SIZES.items()],
        own_tier=player_tier(request.player), boards=SOLVABLE_BOARDS))
