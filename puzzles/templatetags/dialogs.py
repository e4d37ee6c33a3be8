"""A dialog's row of buttons, written once for every dialog the pages open."""

from django import template
from django.utils.html import format_html, format_html_join

register = template.Library()


@register.simple_tag
def dialog_actions(*buttons: str) -> str:
    """`{% dialog_actions "id" _("Label") ... %}`: the buttons, in order, by (id, label)."""
    pairs = zip(buttons[::2], buttons[1::2], strict=True)
    return format_html('<div class="dialog-actions">{}</div>', format_html_join(
        "", '<button type="button" id="{}">{}</button>', pairs))
