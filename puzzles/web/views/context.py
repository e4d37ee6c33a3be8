"""What every page embeds, and the one way a page refuses a bad parameter (as the API does:
400 with the sentence)."""

import functools

from django.db import InterfaceError, OperationalError
from django.shortcuts import render

from generator_ext import CORE, DARK_HEXES, REGION_COLORS, SAFE_DARK_HEXES, SAFE_HEXES
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.core.step_words import ANY_TIER, TIER_LABELS, colour_label
from puzzles.play.selectors import play as play_selectors
from puzzles.play.services import play
from puzzles.play.tutorial import tutorial
from puzzles.players import streaks

# The palette as every page embeds it (static/js/board.js draws from it): each colour in the
# default palette and the colour-vision-safe one, light and dark.
PAGE_PALETTE = [{"name": name, "hex": hex_color, "dark": DARK_HEXES[k], "safe": SAFE_HEXES[k],
                 "safe_dark": SAFE_DARK_HEXES[k], "core": k < CORE}
                for k, (name, hex_color) in enumerate(REGION_COLORS)]


def page_palette() -> list[dict]:
    """The palette with each colour's name in the page's language (`label`: what a cell's
    accessible name says); `name` stays the engine's."""
    return [{**colour, "label": colour_label(colour["name"])} for colour in PAGE_PALETTE]


def difficulty_choices() -> list[tuple[str, str]]:
    """The difficulty pickers' options: Any, then every tier."""
    return [("", str(ANY_TIER)), *((t, str(label)) for t, label in TIER_LABELS.items())]


def base_context(**extra) -> dict:
    return {"colors": page_palette(),
            "sizes": domain.SERVED_SIZES,
            # The engine says which tiers each size has; the pickers offer only those.
            "tiers_by_size": {n: domain.tiers_at(n) for n in domain.SERVED_SIZES},
            # The same for Star Battle: {stars: {size: tiers}} at the sizes each is served.
            "star_tiers": {k: {n: domain.tiers_at(n, k) for n in domain.star_sizes(k)}
                           for k in domain.STAR_COUNTS[1:]},
            "limits": domain.page_limits(), "tutorial": tutorial(),
            # What a streak freeze is, said wherever freezes are shown (_freeze_help.html).
            "freeze_rule": {"days": streaks.DAYS_PER_FREEZE, "most": streaks.MAX_FREEZES},
            **extra}


def playable(level, player: str | None = None) -> dict:
    """A level as its page embeds it: the API's shape, the signed moment the page opened it
    (sent back with the first move: the page view itself writes nothing), and how this
    player finished it on any device (`mine`, with the solution only then)."""
    from puzzles.api.serializers import level_payload

    return {**level_payload(level), "opened": play.opening_token(level),
            "mine": _finished_play(level, player)}


def _finished_play(level, player: str | None) -> dict | None:
    """The level came from the cache, so its page plays on while the database is away; only
    what this player finished elsewhere is unknown then (this device's own storage shows it)."""
    try:
        return play_selectors.finished_play(level, player)
    except (OperationalError, InterfaceError):
        return None


def refuses_bad_parameters(view):
    """A ServiceError from a page's parameters is a 400 page with its sentence."""
    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except ServiceError as error:
            return render(request, "400.html", base_context(message=str(error)), status=400)
    return wrapped
