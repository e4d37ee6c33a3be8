"""The dailies' admin: scheduled themes and the daily puzzles."""
from django.contrib import admin
from django.utils.translation import gettext_lazy

from puzzles.admin.pictures import board_picture
from puzzles.daily.models import DailyPuzzle, DailyTheme


@admin.register(DailyTheme)
class DailyThemeAdmin(admin.ModelAdmin):
    """Staff schedule a motif for a date; that day's daily is composed around it (unless its
    daily was already assigned). Players see the theme named only after they solve it."""

    list_display = ["date", "motif", "note", "assigned"]
    date_hierarchy = "date"

    @admin.display(description=gettext_lazy("daily composed around it"), boolean=True)
    def assigned(self, theme):
        return DailyPuzzle.objects.filter(date=theme.date, level__motif=theme.motif).exists()


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ["date", "number", "level", "tier", "theme", "picture"]
    date_hierarchy = "date"
    raw_id_fields = ["level"]

    @admin.display(description=gettext_lazy("board"))
    def picture(self, daily):
        return board_picture(daily.level.regions, 6, daily.level.colors())

    @admin.display(description=gettext_lazy("tier"))
    def tier(self, daily):
        return daily.level.tier

    @admin.display(description=gettext_lazy("theme"))
    def theme(self, daily):
        return daily.level.motif or "-"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("level")
