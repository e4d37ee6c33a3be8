"""Admin: levels with board pictures and solving steps, generation runs with progress, pools
per (size, tier), daily puzzles and solves."""

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy, ngettext

from generator_ext import REGION_COLORS, design_score, rate, region_colors
from puzzles.builder import selectors as community_selectors
from puzzles.builder.models import CommunityLevel
from puzzles.builder.services import community
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.daily.models import DailyPuzzle, DailyTheme
from puzzles.levels.models import GenerationRun, Level, PoolTarget
from puzzles.levels.selectors import pools as pool_selectors
from puzzles.levels.selectors import runs as run_selectors
from puzzles.levels.services import pools, runs
from puzzles.play.models import Solve, Strike
from puzzles.play.services import strikes


def board_picture(regions, cell_px: int = 8, colors=None):
    """A small colored grid of the regions, as inline HTML."""
    n = len(regions)
    colors = colors or region_colors(regions)
    cells = format_html_join(
        "",
        '<span style="background:{}"></span>',
        ((REGION_COLORS[colors[g]][1],) for row in regions for g in row),
    )
    return format_html(
        '<div style="display:grid;grid-template-columns:repeat({},{}px);grid-auto-rows:{}px;'
        'gap:1px;background:#555;border:1px solid #555;width:max-content">{}</div>',
        n, cell_px, cell_px, cells,
    )


class SolveInline(admin.TabularInline):
    model = Solve
    fields = ["player_short", "seconds", "hints", "revealed", "created_at"]
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False

    @admin.display(description=gettext_lazy("player"))
    def player_short(self, solve):
        return solve.player[:8]


@admin.register(Level)
class LevelAdmin(admin.ModelAdmin):
    list_display = ["id", "picture", "size", "rule", "tier", "score", "strategy", "elapsed_s",
                    "is_active", "created_at"]
    list_filter = ["source", "size", "rule", "is_active", "tier"]
    # Levels come from the engine (a run, the builder): the map and its rating are its word.
    readonly_fields = ["solving", "design", "size", "rule", "tier", "score", "canonical_hash",
                       "regions", "solution", "seed", "strategy", "motif", "min_region_size",
                       "elapsed_s", "created_at", "pick"]
    fields = ["solving", "design", "is_active", "size", "rule", "tier", "score",
              "canonical_hash", "regions", "solution", "seed", "strategy", "motif",
              "min_region_size", "elapsed_s", "created_at", "pick"]
    inlines = [SolveInline]
    list_per_page = 50

    def has_add_permission(self, request):
        return False

    @admin.display(description=gettext_lazy("board"))
    def picture(self, level):
        return board_picture(level.regions, 6, level.colors())

    @admin.display(description=gettext_lazy("design"))
    def design(self, level):
        return design_figures(level.regions)

    @admin.display(description=gettext_lazy("board and solving steps"))
    def solving(self, level):
        rating = rate(level.regions, level.rule, colors=level.colors())
        steps = format_html_join(
            "", "<li><strong>{}</strong>: {}</li>",
            ((step.technique.replace("_", " "), step.message) for step in rating.steps),
        )
        verdict = (f"{rating.tier}, score {rating.score}" if rating.solved_by_logic
                   else "logic alone cannot finish this level")
        return format_html(
            '<div style="display:flex;gap:1.5rem;align-items:flex-start">{}'
            '<div><p>{} ({} steps)</p><ol style="margin:0;padding-left:1.4rem">{}</ol></div>'
            "</div>",
            board_picture(level.regions, 24, level.colors()), verdict, len(rating.steps), steps,
        )


def design_figures(regions) -> str:
    """The map's design figures (generator_ext.design_score), as the admin shows them."""
    d = design_score(regions)
    return (f"score {d.score:.2f}: symmetry {d.symmetry:.2f}, border density {d.density:.2f}, "
            f"thin cells {d.thin:.2f}, largest region {d.largest:.2f}, "
            f"2-cell regions {d.two_cell:.2f}, 1-cell regions {d.one_cell:.2f}")


@admin.register(CommunityLevel)
class CommunityLevelAdmin(LevelAdmin):
    """Moderation: every published level with its picture, maker, plays and solves; hide,
    show, promote into the pools (and the daily), take out, or delete."""

    list_display = ["id", "picture", "title", "maker_name", "size", "tier", "plays", "solved",
                    "hidden", "is_active", "created_at"]
    list_filter = ["hidden", "is_active", "size", "tier"]
    search_fields = ["title", "maker_name"]
    readonly_fields = [*LevelAdmin.readonly_fields, "maker", "title", "maker_name", "hidden",
                       "is_active"]
    fields = ["solving", "design", "title", "maker_name", "maker", "hidden", "is_active", "size",
              "rule", "tier", "score", "canonical_hash", "created_at"]
    actions = ["hide", "show", "promote", "take_out"]

    def get_queryset(self, request):
        return community_selectors.community_levels(include_hidden=True)

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


class RunForm(forms.ModelForm):
    stars = forms.TypedChoiceField(
        choices=domain.STAR_CHOICES,
        coerce=int, required=False, empty_value=1, initial=1,
        help_text="stars per row, column and region")

    class Meta:
        model = GenerationRun
        fields = ["size", "rule", "stars", "tier", "style", "motif", "requested"]

    def clean(self):
        data = super().clean()
        try:
            runs.check_run_request(size=data.get("size"), rule=data.get("rule"),
                                   tier=data.get("tier", ""), requested=data.get("requested"),
                                   style=data.get("style", ""), motif=data.get("motif", ""),
                                   stars=data.get("stars", 1))
        except ServiceError as error:
            raise forms.ValidationError(str(error)) from None
        return data


@admin.register(GenerationRun)
class GenerationRunAdmin(admin.ModelAdmin):
    list_display = ["id", "size", "rule", "stars", "tier", "status", "progress", "duplicates",
                    "created_at", "started_at", "heartbeat_at", "finished_at", "short_error"]
    list_filter = ["status", "tier", "size", "rule"]
    actions = ["cancel_runs"]
    form = RunForm

    def get_readonly_fields(self, request, run=None):
        if run is None:
            return []
        return ["size", "rule", "stars", "tier", "style", "motif", "requested", "progress",
                "produced",
                "duplicates",
                "status", "task_id", "requested_by", "created_at", "started_at",
                "heartbeat_at", "finished_at", "error_text"]

    def get_fields(self, request, run=None):
        if run is None:
            return ["size", "rule", "stars", "tier", "style", "motif", "requested"]
        return self.get_readonly_fields(request, run)

    def save_model(self, request, run, form, change):
        if change:
            return
        # The form checked the request with the same rules, so this creates the run.
        created = runs.create_run(size=run.size, rule=run.rule, tier=run.tier,
                                  requested=run.requested, requested_by=request.user,
                                  style=run.style, motif=run.motif, stars=run.stars)
        run.pk = created.pk
        run.status = created.status

    @admin.display(description=gettext_lazy("progress"))
    def progress(self, run):
        percent = int(100 * run.produced / run.requested) if run.requested else 0
        return format_html(
            '<div style="width:120px;background:#ddd;border-radius:3px" title="{}%">'
            '<div style="width:{}%;background:#4caf50;height:10px;border-radius:3px"></div></div>'
            "{} / {}",
            percent, percent, run.produced, run.requested,
        )

    @admin.display(description=gettext_lazy("error"))
    def short_error(self, run):
        return run.error[:80]

    @admin.display(description=gettext_lazy("error"))
    def error_text(self, run):
        return format_html('<pre style="white-space:pre-wrap;margin:0">{}</pre>', run.error or "—")

    @admin.action(description=gettext_lazy("Cancel the selected runs"))
    def cancel_runs(self, request, queryset):
        cancelled = sum(runs.cancel_run(run.id) for run in queryset)
        self.message_user(request, ngettext("%(count)s run cancelled.", "%(count)s runs cancelled.",
                                            cancelled) % {"count": cancelled})


@admin.register(PoolTarget)
class PoolTargetAdmin(admin.ModelAdmin):
    list_display = ["size", "rule", "stars", "tier", "target", "active_levels", "running_run",
                    "enabled"]
    list_editable = ["target", "enabled"]
    list_filter = ["rule", "stars", "tier", "enabled", "size"]
    actions = ["top_up_now"]
    list_per_page = 100

    def changelist_view(self, request, extra_context=None):
        self._counts = pool_selectors.active_tier_counts()
        self._running = run_selectors.active_runs_by_pool()
        return super().changelist_view(request, extra_context)

    @admin.display(description=gettext_lazy("active levels"))
    def active_levels(self, target):
        return self._counts.get((target.size, target.rule, target.tier, target.stars), 0)

    @admin.display(description=gettext_lazy("running run"))
    def running_run(self, target):
        run = self._running.get((target.size, target.rule, target.tier, target.stars))
        if run is None:
            return "—"
        url = reverse("admin:puzzles_generationrun_change", args=[run.id])
        return format_html('<a href="{}">#{} {} {}/{}</a>', url, run.id, run.status,
                           run.produced, run.requested)

    @admin.action(description=gettext_lazy("Top up now"))
    def top_up_now(self, request, queryset):
        queued = pools.top_up_pools(target_ids=list(queryset.values_list("id", flat=True)))
        self.message_user(request, ngettext(
            "%(count)s generation run queued for the selected pools (pools that are full or "
            "busy need none).", "%(count)s generation runs queued for the selected pools (pools "
            "that are full or busy need none).", len(queued)) % {"count": len(queued)})


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


class StrikeForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason (kept with the strike)"),
                             widget=forms.Textarea(attrs={"rows": 3}),
                             max_length=strikes.MAX_REASON)


@admin.register(Solve)
class SolveAdmin(admin.ModelAdmin):
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

    @admin.display(description=gettext_lazy("player"))
    def player_short(self, solve):
        return solve.player[:8]

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
