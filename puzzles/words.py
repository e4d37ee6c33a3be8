"""The engine's sentences in the player's language: a step's reason (generator_ext.reasons)
worded with Django's gettext for the language of the request."""

from django.utils.translation import gettext, ngettext, pgettext

from generator_ext.reasons import Words, sentence

PLAYER_WORDS = Words(gettext=gettext, ngettext=ngettext, pgettext=pgettext)


def step_message(step) -> str:
    """A step's sentence in the active language; a step without a reason (a k-star step, a
    service's own NoStep) keeps the message it has."""
    reason = getattr(step, "reason", None)
    if reason is None:
        return step.message
    return sentence(reason, PLAYER_WORDS)
