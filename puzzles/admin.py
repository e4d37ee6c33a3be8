"""Admin: levels with board pictures, generation runs with progress, pools, daily puzzles."""

from django import forms
from django.contrib import admin, messages
from django.utils.html import format_html, format_html_join

from generator_ext.palette import REGION_COLORS
from puzzles import selectors, services
from puzzles.models import DailyPuzzle, GenerationRun, Level, PoolTarget


def board_picture(regions, cell_px: int = 8):
    """A small colored grid of the regions, as inline HTML."""
    n = len(regions)
    cells = format_html_join(
        "",
        '<span style="background:{}"></span>',
        ((REGION_COLORS[g % len(REGION_COLORS)][1],) for row in regions for g in row),
    )
    return format_html(
        '<div style="display:grid;grid-template-columns:repeat({},{}px);grid-auto-rows:{}px;'
        'gap:1px;background:#555;border:1px solid #555;width:max-content">{}</div>',
        n, cell_px, cell_px, cells,
    )


@admin.register(Level)
class LevelAdmin(admin.ModelAdmin):
    list_display = ["id", "picture", "size", "rule", "tier", "strategy", "elapsed_s", "is_active",
                    "created_at"]
    list_filter = ["size", "rule", "is_active", "tier"]
    readonly_fields = ["large_picture", "canonical_hash", "regions", "solution", "seed",
                       "strategy", "elapsed_s", "created_at", "pick"]
    list_per_page = 50

    @admin.display(description="board")
    def picture(self, level):
        return board_picture(level.regions, 6)

    @admin.display(description="board")
    def large_picture(self, level):
        return board_picture(level.regions, 24)


class RunForm(forms.ModelForm):
    class Meta:
        model = GenerationRun
        fields = ["size", "rule", "requested"]


@admin.register(GenerationRun)
class GenerationRunAdmin(admin.ModelAdmin):
    list_display = ["id", "size", "rule", "status", "progress", "duplicates", "created_at",
                    "started_at", "heartbeat_at", "finished_at", "short_error"]
    list_filter = ["status", "size", "rule"]
    actions = ["cancel_runs"]
    form = RunForm

    def get_readonly_fields(self, request, run=None):
        if run is None:
            return []
        return ["size", "rule", "requested", "progress", "produced", "duplicates", "status",
                "task_id", "requested_by", "created_at", "started_at", "heartbeat_at",
                "finished_at", "error"]

    def get_fields(self, request, run=None):
        return ["size", "rule", "requested"] if run is None else self.get_readonly_fields(
            request, run)

    def save_model(self, request, run, form, change):
        if change:
            return
        try:
            created = services.create_run(run.size, run.rule, run.requested, request.user)
        except services.ServiceError as error:
            self.message_user(request, str(error), messages.ERROR)
            return
        run.pk = created.pk
        run.status = created.status

    @admin.display(description="progress")
    def progress(self, run):
        percent = int(100 * run.produced / run.requested) if run.requested else 0
        return format_html(
            '<div style="width:120px;background:#ddd;border-radius:3px" title="{}%">'
            '<div style="width:{}%;background:#4caf50;height:10px;border-radius:3px"></div></div>'
            "{} / {}",
            percent, percent, run.produced, run.requested,
        )

    @admin.display(description="error")
    def short_error(self, run):
        return run.error[:80]

    @admin.action(description="Cancel the selected runs")
    def cancel_runs(self, request, queryset):
        cancelled = sum(services.cancel_run(run.id) for run in queryset)
        self.message_user(request, f"{cancelled} run(s) cancelled.")


@admin.register(PoolTarget)
class PoolTargetAdmin(admin.ModelAdmin):
    list_display = ["size", "rule", "target", "active_levels", "enabled"]
    list_editable = ["target", "enabled"]
    list_filter = ["rule", "enabled"]
    actions = ["top_up_now"]

    @admin.display(description="active levels")
    def active_levels(self, target):
        counts = getattr(self, "_counts", None)
        if counts is None:
            counts = self._counts = selectors.active_counts()
        return counts.get((target.size, target.rule), 0)

    def changelist_view(self, request, extra_context=None):
        self._counts = None
        return super().changelist_view(request, extra_context)

    @admin.action(description="Top up now")
    def top_up_now(self, request, queryset):
        runs = services.top_up_pools()
        self.message_user(request, f"{len(runs)} generation run(s) queued.")


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ["date", "number", "level", "picture"]
    date_hierarchy = "date"
    raw_id_fields = ["level"]

    @admin.display(description="board")
    def picture(self, daily):
        return board_picture(daily.level.regions, 6)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("level")


