"""The community levels' admin: moderation of what players published."""
from django.contrib import admin
from django.utils.translation import gettext_lazy, ngettext

from puzzles.admin.levels import LevelAdmin
from puzzles.builder import selectors as community_selectors
from puzzles.builder.models import CommunityLevel
from puzzles.builder.services import community


@admin.register(CommunityLevel)
class CommunityLevelAdmin(LevelAdmin):
    """Moderation: every published level with its picture, maker, plays and solves; hide,
    show, promote into the pools (and the daily), take out, or delete."""

    list_display = ["id", "picture", "title", "maker_name", "size", "tier", "kind", "plays",
                    "solved", "hidden", "is_active", "created_at"]
    list_filter = ["hidden", "is_active", "kind", "size", "tier"]
    search_fields = ["title", "maker_name"]
    readonly_fields = [*LevelAdmin.readonly_fields, "maker", "title", "maker_name", "hidden",
                       "is_active"]
    fields = ["solving", "design", "title", "maker_name", "maker", "hidden", "is_active", "size",
              "rule", "tier", "score", "canonical_hash", "created_at"]
    actions = ["hide", "show", "promote", "take_out"]

    def get_queryset(self, request):
        # Published traps too (issue 40): promoted, one joins "Solvable?".
        return community_selectors.community_levels(include_hidden=True, every_kind=True)

    def has_delete_permission(self, request, obj=None):
        return True

    @admin.display(description=gettext_lazy("plays"), ordering="plays")
    def plays(self, level):
        return level.plays

    @admin.display(description=gettext_lazy("solves"), ordering="solved")
    def solved(self, level):
        return level.solved

    def _moderate(self, request, queryset, message, **change):
        count = community.moderate_levels(list(queryset.values_list("id", flat=True)), **change)
        self.message_user(request, message(count) % {"count": count})

    @admin.action(description=gettext_lazy("Hide (served by no page or API)"))
    def hide(self, request, queryset):
        self._moderate(request, queryset, lambda n: ngettext(
            "%(count)s level hidden.", "%(count)s levels hidden.", n), hidden=True)

    @admin.action(description=gettext_lazy("Show again"))
    def show(self, request, queryset):
        self._moderate(request, queryset, lambda n: ngettext(
            "%(count)s level shown.", "%(count)s levels shown.", n), hidden=False)

    @admin.action(description=gettext_lazy("Promote into the pools (random picks and the daily)"))
    def promote(self, request, queryset):
        self._moderate(request, queryset.filter(hidden=False), lambda n: ngettext(
            "%(count)s level promoted.", "%(count)s levels promoted.", n), promoted=True)

    @admin.action(description=gettext_lazy("Take out of the pools"))
    def take_out(self, request, queryset):
        self._moderate(request, queryset, lambda n: ngettext(
            "%(count)s level taken out of the pools.", "%(count)s levels taken out of the pools.",
            n), promoted=False)
