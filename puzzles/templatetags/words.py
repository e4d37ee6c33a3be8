"""Names pages show for the engine's words: a tier, a technique (in the page's language)."""

from django import template

from puzzles.views.context import tier_label
from puzzles.words import technique_title

register = template.Library()
register.filter("tier_label", tier_label)
register.filter("technique_title", technique_title)
