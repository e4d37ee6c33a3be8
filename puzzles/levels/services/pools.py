"""Pools: a target for every served (size, tier), and the one top-up path that keeps them
full (a run for exactly the deficit)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from generator_ext import trap_tiers
from puzzles.core import vocabulary as domain
from puzzles.core.vocabulary import Kind, Rule
from puzzles.levels.models import PoolTarget
from puzzles.levels.selectors import pools as pool_selectors
from puzzles.levels.selectors import runs as run_selectors
from puzzles.levels.services import runs
from puzzles.levels.services.runs import MAX_RUN_REQUEST

log = logging.getLogger(__name__)
STARTER_SIZES = range(4, 13)
DEFAULT_POOL_TARGET = 10
TOP_UP_DEBOUNCE_S = 30


def ensure_pool_targets(*, sizes=None, rule: str = Rule.TOUCH,
                        target: int = DEFAULT_POOL_TARGET, stars=None) -> int:
    """A pool target for every served (size, tier, stars) of `stars` (default: every star
    count; k-star pools only under the touch rule), and "Solvable?"'s pools (its boards and
    its traps): returns how many were created."""
    created = 0
    for count in stars or domain.STAR_COUNTS:
        if count != 1 and rule != Rule.TOUCH:
            continue
        for size in sizes or domain.SERVED_SIZES:
            for tier in domain.tiers_at(size, count):
                created += PoolTarget.objects.get_or_create(
                    size=size, rule=rule, tier=tier, stars=count, kind=Kind.LEVEL,
                    defaults={"target": target})[1]
    return created + ensure_solvable_targets(target=target)


def ensure_solvable_targets(*, target: int = DEFAULT_POOL_TARGET) -> int:
    """"Solvable?"'s two pools for each of its tiers at its size (vocabulary.SOLVABLE_SIZES):
    its ordinary boards and its traps, beside that size's ordinary pool; how many were
    created."""
    created = 0
    for tier, size in domain.SOLVABLE_SIZES.items():
        for kind in (Kind.SOLVABLE, Kind.TRAP):
            created += PoolTarget.objects.get_or_create(
                size=size, rule=Rule.TOUCH, tier=tier, stars=1, kind=kind,
                defaults={"target": target})[1]
    return created


def retire_unserved_targets() -> list[str]:
    """Delete the pool targets of (size, tier, stars) the engine no longer serves (a tier too
    rare to find within its budgets): such a pool would never fill, and its runs would end
    exhausted again every top-up. The names of the pools retired."""
    retired = [target for target in PoolTarget.objects.all()
               if target.tier not in domain.tiers_at(target.size, target.stars)
               or (target.kind == Kind.TRAP and target.tier not in trap_tiers(target.size))]
    PoolTarget.objects.filter(id__in=[target.id for target in retired]).delete()
    return [str(target) for target in retired]


def top_up_pools(*, target_ids=None) -> list:
    """The one top-up path: for each enabled pool (of `target_ids`, default all) below its
    target with no run queued or running, one run for exactly the deficit (a banded pool's
    counts only its levels rated in the band, and its run makes only such levels). The pool's row
    lock makes two top-ups at once queue one run; a target that fails is logged and never
    stops the others."""
    created = []
    targets = PoolTarget.objects.filter(enabled=True)
    if target_ids is not None:
        targets = targets.filter(id__in=target_ids)
    for target_id in targets.values_list("id", flat=True):
        try:
            with transaction.atomic():
                target = PoolTarget.objects.select_for_update().get(id=target_id)
                if run_selectors.pool_has_active_run(target.size, target.rule, target.tier,
                                                     target.stars, kind=target.kind):
                    continue
                deficit = target.target - pool_selectors.pool_fill(target)
                if deficit > 0:
                    created.append(runs.create_run(
                        size=target.size, rule=target.rule, tier=target.tier,
                        requested=min(deficit, MAX_RUN_REQUEST), stars=target.stars,
                        rating_min=target.rating_min, rating_max=target.rating_max,
                        kind=target.kind))
        except Exception:
            log.exception("top-up of pool target %s failed", target_id)
    return created


def request_top_up() -> bool:
    """Ask the worker to run the top-up soon (a player found a pool empty). Creates nothing
    itself, and asks at most once per TOP_UP_DEBOUNCE_S; False when it did not ask."""
    from puzzles.levels.tasks import top_up_pools as top_up_task  # the tasks import this module

    try:
        if not cache.add("queens:top-up-requested", 1, TOP_UP_DEBOUNCE_S):
            return False
        top_up_task.apply_async(queue=settings.CELERY_QUEUE, retry=False)
    except Exception:  # cache or broker down: beat's periodic top-up comes anyway
        log.warning("could not ask for a pool top-up", exc_info=True)
        return False
    return True
