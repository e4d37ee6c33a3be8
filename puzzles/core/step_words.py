"""The engine's sentences in the player's language: a step's reason (generator_ext.reasons)
worded with Django's gettext for the language of the request."""

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from generator_ext import MOTIF_KINDS, Words, color_name, motif_kind, sentence

PLAYER_WORDS = Words(gettext=gettext, ngettext=ngettext, pgettext=pgettext)


def step_message(step) -> str:
    """A step's sentence in the active language; a step without a reason (a k-star step, a
    service's own NoStep) keeps the message it has."""
    reason = getattr(step, "reason", None)
    if reason is None:
        return step.message
    return sentence(reason, PLAYER_WORDS)


def problem_message(problem) -> str:
    """A painting's problem (generator_ext.Problem) in the active language; one without a
    reason (an analysis stored before problems had one) keeps its message."""
    reason = getattr(problem, "reason", None)
    if reason is None:
        return problem.message
    return sentence(reason, PLAYER_WORDS)


def colour_label(name: str) -> str:
    """A palette colour's name in the active language, as a board's cells say it."""
    return color_name(name, PLAYER_WORDS)


# The tiers as pages name them (static/js/words.js's tierName says the same in the game).
TIER_LABELS = {"easy": pgettext_lazy("tier", "Easy"), "medium": pgettext_lazy("tier", "Medium"),
               "hard": pgettext_lazy("tier", "Hard"), "expert": pgettext_lazy("tier", "Expert")}
ANY_TIER = pgettext_lazy("tier", "Any")


def tier_label(tier: str | None) -> str:
    return str(TIER_LABELS.get(tier or "", tier or ""))


def tier_word(tier: str | None) -> str:
    """The same inside a sentence ("no 8×8 hard level is ready")."""
    return tier_label(tier).lower()


# The rules as the builder's picker names them.
RULE_LABELS = {"classic": pgettext_lazy("rule", "Classic"), "touch": pgettext_lazy("rule", "Touch")}


def rule_word(rule: str) -> str:
    return str(RULE_LABELS.get(rule, rule)).lower()


# The techniques as pages title them (how to play, a player's stats).
TECHNIQUE_TITLES = {
    "last_cell": pgettext_lazy("technique", "Last cell"),
    "neighbours": pgettext_lazy("technique", "Neighbours"),
    "confinement": pgettext_lazy("technique", "Confinement"),
    "group_confinement": pgettext_lazy("technique", "Group confinement"),
    "elimination": pgettext_lazy("technique", "Elimination"),
    "contradiction": pgettext_lazy("technique", "Contradiction"),
    "blocks": pgettext_lazy("technique", "2×2 blocks"),
    "mistake": pgettext_lazy("technique", "Mistake"),
}


def technique_title(name: str) -> str:
    return str(TECHNIQUE_TITLES.get(name, name.replace("_", " ").capitalize()))


# The pictograms a level is composed around (generator_ext.motifs.PICTOGRAMS), as the
# builder's picker names them; a letter or a digit is itself. static/js/words.js's motifName
# says the same where the game names a solved level's theme.
MOTIF_WORDS = {
    "heart": pgettext_lazy("motif", "heart"), "star": pgettext_lazy("motif", "star"),
    "house": pgettext_lazy("motif", "house"), "arrow": pgettext_lazy("motif", "arrow"),
    "tree": pgettext_lazy("motif", "tree"), "crown": pgettext_lazy("motif", "crown"),
    "snowflake": pgettext_lazy("motif", "snowflake"), "cross": pgettext_lazy("motif", "cross"),
    "diamond": pgettext_lazy("motif", "diamond"), "moon": pgettext_lazy("motif", "moon"),
    "bell": pgettext_lazy("motif", "bell"), "ring": pgettext_lazy("motif", "ring"),
}


def motif_label(name: str) -> str:
    return str(MOTIF_WORDS.get(name, name))


# The builder's picker, in groups (generator_ext.motifs.MOTIF_KINDS).
MOTIF_KIND_WORDS = {
    "letter": pgettext_lazy("motif kind", "Letters"),
    "digit": pgettext_lazy("motif kind", "Digits"),
    "pictogram": pgettext_lazy("motif kind", "Pictures"),
}


def motif_groups(names) -> list[tuple[str, list[tuple[str, str]]]]:
    """The motifs `names` by kind, each group named: [(group, [(name, label)...])...]."""
    names = list(names)
    return [(str(MOTIF_KIND_WORDS[kind]),
             [(name, motif_label(name)) for name in names if motif_kind(name) == kind])
            for kind in MOTIF_KINDS]
