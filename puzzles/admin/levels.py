"""The levels' admin: levels with pictures and solving steps, generation runs with their
progress (and the form that starts one), pools per (size, tier) with a top-up action."""
from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy, ngettext

from generator_ext import rate
from puzzles.admin.columns import PlayerShort
from puzzles.admin.pictures import board_picture, design_figures
from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.levels import rating_band
from puzzles.levels.models import GenerationRun, Level, PoolTarget
from puzzles.levels.selectors import pools as pool_selectors
from puzzles.levels.selectors import runs as run_selectors
from puzzles.levels.services import pools, runs
from puzzles.play.models import Solve


class SolveInline(PlayerShort, admin.TabularInline):
    model = Solve
    fields = ["player_short", "seconds", "hints", "revealed", "created_at"]
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False


@admin.register(Level)
class LevelAdmin(admin.ModelAdmin):
    list_display = ["id", "picture", "size", "rule", "tier", "kind", "family", "score",
                    "predicted", "strategy", "elapsed_s", "is_active", "created_at"]
    list_select_related = ["prediction__model"]
    list_filter = ["source", "kind", "size", "rule", "is_active", "tier", "family"]
    # Levels come from the engine (a run, the builder): the map and its rating are its word.
    readonly_fields = ["solving", "design", "predicted", "size", "rule", "tier", "score",
                       "canonical_hash", "regions", "solution", "seed", "strategy", "family",
                       "motif", "min_region_size", "elapsed_s", "created_at", "pick"]
    fields = ["solving", "design", "predicted", "is_active", "size", "rule", "tier", "score",
              "canonical_hash", "regions", "solution", "seed", "strategy", "family", "motif",
              "min_region_size", "elapsed_s", "created_at", "pick"]
    inlines = [SolveInline]
    list_per_page = 50

    def has_add_permission(self, request):
        return False

    def get_queryset(self, request):
        """Every kind: staff see "Solvable?"'s boards and traps too (the kind column says
        which), as no page does."""
        return self.model.all_kinds.select_related(*self.list_select_related)

    @admin.display(description=gettext_lazy("board"))
    def picture(self, level):
        return board_picture(level.regions, 6, level.colors())

    @admin.display(description=gettext_lazy("design"))
    def design(self, level):
        return design_figures(level.regions)

    @admin.display(description=gettext_lazy("predicted difficulty"))
    def predicted(self, level):
        """The difficulty model's prediction and its version (the cold start's when none)."""
        row = getattr(level, "prediction", None)
        if row is None:
            return "cold start"
        return format_html("{}: {} ({} s){}", row.model.version, round(row.rating),
                           round(row.seconds), "" if row.model.in_service else ", out of service")

    @admin.display(description=gettext_lazy("board and solving steps"))
    def solving(self, level):
        rating = rate(level.regions, level.rule, colors=level.colors())
        steps = format_html_join(
            "", "<li><strong>{}</strong>: {}</li>",
            ((step.technique.replace("_", " "), step.message)
             for step in [*rating.steps, *filter(None, [rating.contradiction])]),
        )
        verdict = (f"{rating.tier}, score {rating.score}" if rating.solved_by_logic
                   else f"a trap: {rating.tier} logic proves it has no solution"
                   if rating.contradiction else "logic alone cannot finish this level")
        return format_html(
            '<div style="display:flex;gap:1.5rem;align-items:flex-start">{}'
            '<div><p>{} ({} steps)</p><ol style="margin:0;padding-left:1.4rem">{}</ol></div>'
            "</div>",
            board_picture(level.regions, 24, level.colors()), verdict, len(rating.steps), steps,
        )


class RunForm(forms.ModelForm):
    stars = forms.TypedChoiceField(
        choices=domain.STAR_CHOICES,
        coerce=int, required=False, empty_value=1, initial=1,
        help_text="stars per row, column and region")

    class Meta:
        model = GenerationRun
        fields = ["size", "rule", "stars", "tier", "family", "style", "motif", "rating_min",
                  "rating_max", "requested"]
        help_texts = {"rating_min": "the lowest predicted rating a level of the run may have "
                                    "(blank: no floor; a player rated 1500 takes a level rated "
                                    "1500 the board's yardstick)",
                      "rating_max": "the highest (blank: no ceiling)"}

    def clean(self):
        data = super().clean()
        try:
            runs.check_run_request(size=data.get("size"), rule=data.get("rule"),
                                   tier=data.get("tier", ""), requested=data.get("requested"),
                                   style=data.get("style", ""), motif=data.get("motif", ""),
                                   stars=data.get("stars", 1), family=data.get("family", ""),
                                   rating_min=data.get("rating_min"),
                                   rating_max=data.get("rating_max"))
        except ServiceError as error:
            raise forms.ValidationError(str(error)) from None
        return data


@admin.register(GenerationRun)
class GenerationRunAdmin(admin.ModelAdmin):
    list_display = ["id", "size", "rule", "stars", "tier", "band", "status", "progress",
                    "duplicates", "rejected", "created_at", "started_at", "heartbeat_at",
                    "finished_at", "short_error"]
    list_filter = ["status", "tier", "family", "size", "rule"]
    actions = ["cancel_runs"]
    form = RunForm

    def get_readonly_fields(self, request, run=None):
        if run is None:
            return []
        return ["size", "rule", "stars", "tier", "family", "style", "motif", "rating_min",
                "rating_max", "requested",
                "progress",
                "produced",
                "duplicates",
                "rejected",
                "status", "task_id", "requested_by", "created_at", "started_at",
                "heartbeat_at", "finished_at", "error_text"]

    def get_fields(self, request, run=None):
        if run is None:
            return ["size", "rule", "stars", "tier", "family", "style", "motif", "rating_min",
                    "rating_max", "requested"]
        return self.get_readonly_fields(request, run)

    def save_model(self, request, run, form, change):
        if change:
            return
        # The form checked the request with the same rules, so this creates the run.
        created = runs.create_run(size=run.size, rule=run.rule, tier=run.tier,
                                  requested=run.requested, requested_by=request.user,
                                  style=run.style, motif=run.motif, stars=run.stars,
                                  family=run.family, rating_min=run.rating_min,
                                  rating_max=run.rating_max)
        run.pk = created.pk
        run.status = created.status

    @admin.display(description=gettext_lazy("band"))
    def band(self, run):
        return rating_band.words(run.rating_min, run.rating_max)

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
    list_display = ["size", "rule", "stars", "tier", "kind", "band", "target", "active_levels",
                    "running_run", "enabled"]
    list_editable = ["target", "enabled"]
    list_filter = ["rule", "stars", "tier", "kind", "enabled", "size"]
    actions = ["top_up_now"]
    list_per_page = 100

    def changelist_view(self, request, extra_context=None):
        self._counts = pool_selectors.active_tier_counts()
        self._running = run_selectors.active_runs_by_pool()
        return super().changelist_view(request, extra_context)

    @admin.display(description=gettext_lazy("band"))
    def band(self, target):
        return rating_band.words(target.rating_min, target.rating_max)

    @admin.display(description=gettext_lazy("active levels"))
    def active_levels(self, target):
        return pool_selectors.pool_fill(target, self._counts)  # a banded pool: those in band

    @admin.display(description=gettext_lazy("running run"))
    def running_run(self, target):
        run = self._running.get((target.size, target.rule, target.tier, target.stars,
                                 target.kind))
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
