"""The game's vocabulary and limits, each defined once: the rules, the tiers (the engine's),
the board sizes the site serves and the builder paints, the length of the texts players
write, and the checks that hold a value to them. Models, serializers, views, templates and
the page scripts (through what the pages embed) read them from here; a bad value is a
ServiceError with the same sentence on a page and in the API."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext

from generator_ext import FAMILIES, MOTIF_SIZES, STYLES, TIERS, check_design, motifs, served_tiers
from puzzles.core.errors import ServiceError
from puzzles.core.step_words import tier_word
from puzzles.core.text_safety import TextRefused, clean_text


class Rule(models.TextChoices):
    TOUCH = "touch", "Touch (no two queens touch)"
    CLASSIC = "classic", "Classic (no shared diagonal)"


# The engine names the tiers (generator_ext.TIERS, easiest first); the site only labels them.
Tier = models.TextChoices("Tier", [(tier.upper(), tier) for tier in TIERS])


class Source(models.TextChoices):
    GENERATED = "generated"
    COMMUNITY = "community"  # published from the level builder


# Sizes the site serves to players (pools, pages, the API) and sizes the builder paints:
# inclusive ranges. The engine generates more (generator_ext.levels.SERVED_SIZES); these are
# what the product offers.
SERVED_SIZES = range(4, 21)
BUILDER_SIZES = range(4, 17)
# What players write for others to read, in characters after normalisation
# (puzzles.core.text_safety).
TEXT_LIMITS = {"title": 60, "maker_name": 40, "display_name": 24}


# Codes people read aloud or type from another screen (sync codes, race rooms): no 0/O,
# 1/I/L to misread.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_code(length: int) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def is_code(code: str, length: int) -> bool:
    return len(code) == length and all(ch in CODE_ALPHABET for ch in code)


class Category(models.TextChoices):
    """A verified solve's leaderboard category, strictest first. Each board holds its own
    and the stricter ones: no-hints holds the flawless, assisted every verified solve."""

    FLAWLESS = "flawless"  # no hint, no reveal, no wrong board checked
    NO_HINTS = "no-hints"  # no hint, no reveal
    ASSISTED = "assisted"  # hints taken


CATEGORY_ORDER = [Category.FLAWLESS, Category.NO_HINTS, Category.ASSISTED]


class Unranked(models.TextChoices):
    """Why a solve or a race's finish is not ranked (static/js/words.js words each)."""

    ASSISTED = "assisted"  # hints helped: on the assisted board only
    REVEALED = "revealed"  # the solution was shown at the player's address
    HINTED = "hinted"  # other players at the address took the level's hints
    TOO_FAST = "too_fast"  # faster than the level's steps allow a person
    UNVERIFIED = "unverified"  # a move log missing or not holding up
    IMPLAUSIBLE = "implausible"  # the log's pace is no person's
    ADDRESS = "address"  # too many ranked solves from one address
    OFFLINE = "offline"  # solved offline, sent later
    STRUCK = "struck"  # taken off the boards by staff


# A race says why a finish is not ranked in fewer words: what was shown, or too fast.
RACE_UNRANKED = [Unranked.REVEALED, Unranked.HINTED, Unranked.TOO_FAST]


def categories_on_board(category: str) -> list[str]:
    """The solve categories a board of `category` shows."""
    return CATEGORY_ORDER[:CATEGORY_ORDER.index(category) + 1]


def size_range(sizes: range) -> dict:
    """The ends of a range of sizes, for a sentence ("between %(low)s and %(high)s")."""
    return {"low": sizes[0], "high": sizes[-1]}


def tiers_at(size: int, stars: int = 1) -> list[str]:
    """The tiers the engine generates at this size (with `stars` per unit), easiest first."""
    return served_tiers(size, stars)


# Star Battle: the star counts the site serves beside Queens (1), and the sizes of each.
STAR_COUNTS = (1, 2, 3)
STAR_CHOICES = [(count, f"{count} ({'Queens' if count == 1 else 'Star Battle'})")
                for count in STAR_COUNTS]


def star_sizes(stars: int) -> list[int]:
    """The sizes served with `stars` per unit."""
    return [n for n in SERVED_SIZES if tiers_at(n, stars)]


def check_stars(stars: object, size: int | None = None) -> int:
    """A star count the site serves (at `size`, when given); ServiceError otherwise."""
    if isinstance(stars, bool) or stars not in STAR_COUNTS:
        raise ServiceError(f"stars must be 1, 2 or 3, not {stars!r}")
    if size is not None and stars != 1 and not tiers_at(size, stars):
        sizes = star_sizes(stars)
        raise ServiceError(gettext("%(stars)s-star levels are served at %(low)s×%(low)s to "
                                   "%(high)s×%(high)s, not %(size)s×%(size)s")
                           % {"stars": stars, "low": sizes[0], "high": sizes[-1], "size": size})
    return stars


class Kind(models.TextChoices):
    """Who deals a level (issue 40): every route (a level), or only "Solvable?": its
    ordinary boards (kept apart, so no public level tells them from its traps) and traps."""
    LEVEL = "level"
    SOLVABLE = "solvable"
    TRAP = "trap"


# "Solvable?" (issue 40): a run's boards are of its tier's size; 5 boards, each a trap with
# this chance, drawn apart (a fixed count would tell the last boards once the others are
# answered: two traps found, the rest are levels).
SOLVABLE_SIZES = {"easy": 6, "medium": 7, "hard": 8, "expert": 8}
SOLVABLE_BOARDS, SOLVABLE_TRAP_SHARE = 5, 0.4


def check_star_rule(stars: int, rule: str) -> None:
    """Star Battle (2 or 3 stars) is played under the touch rule only: the engine's rule
    (generator_ext.check_stars refuses the classic rule with more than one star; a parity
    test holds the two together), said here in the player's language."""
    if stars != 1 and rule != Rule.TOUCH:
        raise ServiceError(gettext("k-star boards use the touch rule only"))


def parse_stars(raw: str | None, size: int | None = None) -> int:
    """A star count written in a query (absent: 1)."""
    if raw in (None, ""):
        return 1
    if not (raw.isascii() and raw.isdigit() and len(raw) == 1):
        raise ServiceError(f"stars must be 1, 2 or 3, not {raw!r}")
    return check_stars(int(raw), size)


def check_size(size: object, sizes: range = SERVED_SIZES) -> int:
    if isinstance(size, bool) or not isinstance(size, int) or size not in sizes:
        raise ServiceError(gettext("size must be an integer between %(low)s and %(high)s")
                           % size_range(sizes))
    return size


def parse_size(raw: str, sizes: range = SERVED_SIZES) -> int:
    """A size written in a URL or a query: plain ASCII digits only (int() would also take
    "+8", "٨" and "1_0")."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
        raise ServiceError(gettext("board size must be an integer between %(low)s and %(high)s")
                           % size_range(sizes))
    n = int(raw)
    if n not in sizes:
        raise ServiceError(gettext("board size must be between %(low)s and %(high)s, not "
                                   "%(size)s") % {**size_range(sizes), "size": n})
    return n


def check_rule(rule: object) -> str:
    if rule not in Rule.values:
        raise ServiceError(f"unknown rule {rule!r}; the rules are "
                           + " and ".join(f"'{value}'" for value in Rule.values))
    return rule


def check_tier(tier: object, size: int | None = None, stars: int = 1) -> str:
    """A tier name ("" for none); ServiceError for others or a tier not served at `size`."""
    if tier in ("", None):
        return ""
    if tier not in Tier.values:
        raise ServiceError(f"unknown tier {tier!r}; the tiers are {', '.join(Tier.values)}")
    if size is not None and tier not in tiers_at(size, stars):
        kind = f" {stars}-star" if stars != 1 else ""
        raise ServiceError(gettext("%(tier)s levels are not generated at %(size)s×%(size)s")
                           % {"tier": f"{tier_word(tier)}{kind}", "size": size})
    return tier


# The design generator's vocabulary, from the engine: its styles (blank: any), motifs and
# composition families (blank on a level: grown, not composed; on a run: drawn).
STYLE_CHOICES = [(style, style) for style in STYLES if style != "any"]
MOTIF_CHOICES = [(motif, motif) for motif in motifs()]
FAMILY_CHOICES = [(family, family) for family in FAMILIES]


def check_style(style: object) -> str:
    """A style name ("" for any); ServiceError for others."""
    if style in ("", None):
        return ""
    if style not in dict(STYLE_CHOICES):
        raise ServiceError(f"unknown style {style!r}; the styles are "
                           f"{', '.join(dict(STYLE_CHOICES))}")
    return style


def check_motif(motif: object, size: int | None = None) -> str:
    """A motif name ("" for none); ServiceError for others or a size motifs are not drawn on."""
    if motif in ("", None):
        return ""
    if motif not in dict(MOTIF_CHOICES):
        raise ServiceError(f"unknown motif {motif!r}; see generator_ext.motifs()")
    if size is not None and size not in MOTIF_SIZES:
        raise ServiceError(gettext("motifs are drawn on boards of %(low)s×%(low)s to "
                                   "%(high)s×%(high)s, not %(size)s×%(size)s") % {
            "low": MOTIF_SIZES[0], "high": MOTIF_SIZES[-1], "size": size})
    return motif


def check_design_together(size: int, *, style: str, motif: str, family: str) -> None:
    """ServiceError when the engine would refuse these design options on a board of this
    size (an unknown family, a motif with another family, a style on islands): the
    engine's rule."""
    try:
        check_design(size, style=style or None, motif=motif or None, family=family or None)
    except ValueError as error:
        raise ServiceError(str(error)) from None


def check_painting(regions: object, *, allow_unpainted: bool) -> list[list[int]]:
    """A painted board the builder accepts: a square list of integer rows of a builder size,
    cells -1 (unpainted, if allowed) or a region 0..n-1. The engine checks the rest."""
    low, high = BUILDER_SIZES[0], BUILDER_SIZES[-1]
    if not isinstance(regions, list) or not all(isinstance(row, list) for row in regions):
        raise ServiceError("regions must be a list of rows, each a list of region numbers")
    n = len(regions)
    if n not in BUILDER_SIZES:
        raise ServiceError(f"the builder makes boards of {low}×{low} to {high}×{high}, "
                           f"not {n} rows")
    for r, row in enumerate(regions):
        if len(row) != n:
            raise ServiceError(f"row {r + 1} has {len(row)} cells; a {n}×{n} board needs {n}")
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ServiceError(f"row {r + 1} holds {value!r}, not a region number")
            if not (-1 if allow_unpainted else 0) <= value < n:
                raise ServiceError(f"row {r + 1} holds region {value}; a {n}×{n} board has "
                                   f"regions 0 to {n - 1}"
                                   + (" (and -1 for unpainted)" if allow_unpainted else ""))
    return regions


def check_text(field: str, value: object) -> str:
    """A title or maker name as it will be shown: plain text that cannot spoof
    (puzzles.core.text_safety), within its limit; refused rather than stored otherwise (pages
    escape everything anyway)."""
    if value in (None, ""):
        return ""
    if not isinstance(value, str):
        raise ServiceError(f"{field} must be text")
    try:
        return clean_text(field, value, TEXT_LIMITS[field])
    except TextRefused as error:
        raise ServiceError(str(error)) from None


DISPLAY_NAME_MIN = 2


def check_display_name(value: object) -> str:
    """A display name as leaderboards will show it: plain text that cannot spoof, 2 to 24
    characters once normalised. Uniqueness is the database's (case-insensitive)."""
    if not isinstance(value, str):
        raise ServiceError(gettext("the display name must be text"))
    try:
        name = clean_text("the display name", value, TEXT_LIMITS["display_name"])
    except TextRefused as error:
        raise ServiceError(str(error)) from None
    if len(name) < DISPLAY_NAME_MIN:
        raise ServiceError(gettext("the display name needs at least %(count)s characters")
                           % {"count": DISPLAY_NAME_MIN})
    return name


def page_limits() -> dict:
    """The limits the page scripts need, embedded in every page (they hold no literals)."""
    return {"served_sizes": [SERVED_SIZES[0], SERVED_SIZES[-1]],
            "builder_sizes": [BUILDER_SIZES[0], BUILDER_SIZES[-1]],
            "tiers": list(Tier.values), "rules": list(Rule.values),
            "text_limits": TEXT_LIMITS}
