"""The play admin: recorded solves (fastest first, with the strike action) and the strikes kept."""
from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy, ngettext

from puzzles.admin.columns import PlayerShort
from puzzles.core.errors import ServiceError
from puzzles.play.models import Solve, Strike
from puzzles.play.services import strikes


class StrikeForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason (kept with the strike)"),
                             widget=forms.Textarea(attrs={"rows": 3}),
                             max_length=strikes.MAX_REASON)


@admin.register(Solve)
class SolveAdmin(PlayerShort, admin.ModelAdmin):
    """Recorded solves, the fastest first: staff strike a top time they judge not a person's
    (off every board, the reason kept)."""

    list_display = ["id", "level", "player_short", "seconds", "category", "ranked", "unranked",
                    "hints", "revealed", "created_at"]
    list_filter = ["ranked", "category", "unranked", "revealed"]
    raw_id_fields = ["level"]
    readonly_fields = ["level", "player", "seconds", "hints", "revealed", "category", "ranked",
                       "unranked", "created_at", "struck"]
    ordering = ["seconds", "id"]
    date_hierarchy = "created_at"
    actions = ["strike"]

    def has_add_permission(self, request):
        return False

    @admin.display(description=gettext_lazy("strike"))
    def struck(self, solve):
        strike = Strike.objects.filter(solve=solve).first()
        return f"{strike.created_at:%Y-%m-%d %H:%M} {strike.struck_by or ''}: {strike.reason}" \
            if strike else "—"

    @admin.action(description=gettext_lazy("Strike from the boards (asks for a reason)"))
    def strike(self, request, queryset):
        form = StrikeForm(request.POST if "reason" in request.POST else None)
        if form.is_bound and form.is_valid():
            try:
                count = strikes.strike_solves(list(queryset.values_list("id", flat=True)),
                                              reason=form.cleaned_data["reason"],
                                              by=request.user)
            except ServiceError as error:
                self.message_user(request, str(error), level="error")
                return None
            self.message_user(request, ngettext("%(count)s solve struck.",
                                                "%(count)s solves struck.", count)
                              % {"count": count})
            return None
        return TemplateResponse(request, "admin/puzzles/solve/strike.html", {
            **self.admin_site.each_context(request), "title": gettext_lazy("Strike solves"),
            "opts": self.model._meta, "form": form, "solves": queryset,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME})


@admin.register(Strike)
class StrikeAdmin(admin.ModelAdmin):
    list_display = ["solve", "category", "reason", "struck_by", "created_at"]
    readonly_fields = ["solve", "category", "reason", "struck_by", "created_at"]

    def has_add_permission(self, request):
        return False
