"""Generation runs: which pools have one at work, and a run by id."""

from __future__ import annotations

from puzzles.levels.models import ACTIVE_RUN_STATUSES, GenerationRun


def run_by_id(run_id: int) -> GenerationRun | None:
    return GenerationRun.objects.filter(id=run_id).first()


def pool_has_active_run(size: int, rule: str, tier: str = "", stars: int = 1, *,
                        kind: str = "level") -> bool:
    return GenerationRun.objects.filter(
        size=size, rule=rule, tier=tier or "", stars=stars, kind=kind,
        status__in=ACTIVE_RUN_STATUSES).exists()


def active_runs_by_pool() -> dict[tuple[int, str, str, int, str], GenerationRun]:
    """The queued or running run of each (size, rule, tier, stars, kind) pool."""
    return {
        (run.size, run.rule, run.tier, run.stars, run.kind): run
        for run in GenerationRun.objects.filter(status__in=ACTIVE_RUN_STATUSES)
    }

