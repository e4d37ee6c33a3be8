"""Names pages show for the engine's words: a tier, a technique (in the page's language)."""

from django import template

from puzzles.core.step_words import technique_title, tier_label

register = template.Library()
register.filter("tier_label", tier_label)
register.filter("technique_title", technique_title)
