"""Storing levels: a generated one after the engine rates it again, and the re-rating of stored
ones (a batch made here and now is a run worked in this process: runs.run_here)."""

from __future__ import annotations

from collections import Counter

from django.db import IntegrityError, transaction

from generator_ext import (
    GeneratedLevel,
    Step,
    canonical_hash,
    count_solutions,
    rate,
    region_colors,
    star_tier,
    trap_conflicts,
)
from puzzles.core.errors import ServiceError
from puzzles.core.vocabulary import Kind
from puzzles.levels import cache_invalidation as level_changes
from puzzles.levels.models import Level


def save_generated_level(generated: GeneratedLevel, *, reserved: bool = False,
                         kind: str = Kind.LEVEL) -> Level | None:
    """Store a level after the engine rates it again (logic that finishes it also proves the
    solution unique); None if the same puzzle is stored. A reserved level is kept for a daily,
    out of the pools. Its min_region_size is its smallest region as generated: the engine
    holds the rule (one-cell regions on easy and medium levels only). `kind`: who deals it
    (Kind: every route, or only "Solvable?"); a trap is stored as one (save_trap)."""
    if generated.trap:
        return save_trap(generated)
    regions, rule, stars = generated.regions, generated.rule, generated.stars
    if kind != Kind.LEVEL:  # the mode's boards all numbered alike, traps too (numbered)
        regions = numbered(regions)
    tier, score = _rated(regions, rule, stars)
    try:
        with transaction.atomic():
            return Level.all_kinds.create(
                kind=kind, size=len(regions),
                rule=rule,
                stars=stars,
                regions=regions,
                solution=generated.solution,
                canonical_hash=canonical_hash(regions, rule, stars),
                tier=tier,
                score=score,
                min_region_size=min(Counter(g for row in regions for g in row).values()),
                strategy=generated.strategy,
                motif=generated.motif or "",
                family=generated.family or "",
                seed=generated.seed,
                elapsed_s=generated.elapsed_s,
                reserved=reserved,
                is_active=not reserved,
            )
    except IntegrityError:
        return None


def numbered(regions) -> list[list[int]]:
    """The regions numbered in row-major order of first appearance, as the engine numbers
    every level it makes: a trap (one cell moved, or painted) stored as it came could be
    out of that order, which told a trap from the level JSON alone (the same puzzle: its
    canonical hash is the same)."""
    labels: dict[int, int] = {}
    return [[labels.setdefault(g, len(labels)) for g in row] for row in regions]


def save_trap(generated: GeneratedLevel) -> Level | None:
    """Store a trap (issue 40) after the engine checks it again: no solution, and a proof its
    logic reaches; the proof kept with it (trap_proof), so answering it runs no engine. In
    no ordinary pool or route (Level.objects leaves them out); None if already stored."""
    regions, rule = numbered(generated.regions), generated.rule
    proof = trap_proof(regions, rule)
    if count_solutions(regions, rule, limit=1) != 0:
        raise ServiceError("a trap must have no solution")
    try:
        with transaction.atomic():
            return Level.all_kinds.create(
                size=len(regions), rule=rule, stars=1, regions=regions, solution=[],
                canonical_hash=canonical_hash(regions, rule), tier=proof["tier"],
                score=None, min_region_size=min(Counter(g for row in regions
                                                        for g in row).values()),
                strategy=generated.strategy, family=generated.family or "",
                seed=generated.seed, elapsed_s=generated.elapsed_s, kind=Kind.TRAP,
                proof=proof)
    except IntegrityError:
        return None


def store_community_trap(regions, rule: str, *, maker: str, title: str,
                         maker_name: str) -> tuple[Level, bool]:
    """A trap painted in the builder and published (issue 40): stored with its proof (in
    the engine's colouring, which "Solvable?" draws every board in) as a community trap,
    out of the mode until staff promote it (is_active), as every community level waits.
    (level, True), or (the stored board, False) when the same puzzle is stored."""
    from puzzles.core.vocabulary import Source

    regions = numbered(regions)
    digest = canonical_hash(regions, rule)
    proof = trap_proof(regions, rule)
    try:
        with transaction.atomic():
            return Level.all_kinds.create(
                size=len(regions), rule=rule, stars=1, regions=regions, solution=[],
                canonical_hash=digest, tier=proof["tier"], score=None, min_region_size=1,
                strategy="builder", seed=0, is_active=False, kind=Kind.TRAP, proof=proof,
                source=Source.COMMUNITY, maker=maker, title=title,
                maker_name=maker_name), True
    except IntegrityError:
        return Level.all_kinds.get(canonical_hash=digest), False


def step_data(step: Step) -> dict:
    return {"technique": step.technique, "queens": step.queens, "crosses": step.crosses,
            "because": step.because, "reason": step.reason}


def trap_proof(regions, rule: str = "touch", colors=None) -> dict:
    """A trap's proof as data (Level.proof): rate()'s steps to the contradiction, the step
    that ends it, its tier, and every minimal set of units a player may name
    (generator_ext.trap_conflicts, the proof's own first). ServiceError when logic does not
    reach a contradiction (not a trap). `colors`: the board's (default the engine's
    colouring), which the reasons name."""
    colors = region_colors(regions) if colors is None else colors
    rating = rate(regions, rule, colors)
    if rating.solved_by_logic or rating.contradiction is None:
        raise ServiceError("logic reaches no contradiction on this map: it is not a trap")
    conflicts = trap_conflicts(regions, rule, colors)
    return {"tier": rating.tier, "steps": [step_data(step) for step in rating.steps],
            "contradiction": step_data(rating.contradiction),
            "conflicts": [{"units": sorted([kind, index] for kind, index in c.units),
                           "reason": c.reason} for c in conflicts]}


def _rated(regions, rule: str, stars: int) -> tuple[str, float | None]:
    """(tier, score) once the engine has checked the level again; ServiceError when it has
    not exactly one solution or logic cannot finish it. A k-star level is checked by the
    compiled closures and counter (the step-by-step rating takes seconds at 14×14), unscored."""
    if stars != 1:
        tier = star_tier(regions, stars)
        if count_solutions(regions, rule, limit=2, stars=stars) != 1:
            raise ServiceError("the level does not have exactly one solution")
        if tier is None:
            raise ServiceError("logic alone cannot finish this level")
        return tier, None
    rating = rate(regions, rule)
    if not rating.solved_by_logic:
        if count_solutions(regions, rule, limit=2) != 1:
            raise ServiceError("the level does not have exactly one solution")
        raise ServiceError("logic alone cannot finish this level")
    return rating.tier, rating.score


def rate_levels(levels=None, *, progress=None) -> dict[str, int]:
    """Rate every level again (tier and score) and deactivate those logic cannot finish, so
    pools refill with playable ones. `levels`: a queryset, default every level ("Solvable?"'s
    ordinary boards too); a trap (no solution by design) is never rated here nor deactivated,
    and is dropped from a queryset given."""
    levels = Level.all_kinds.all() if levels is None else levels
    counts = {"rated": 0, "deactivated": 0}
    changed = []
    for level in levels.exclude(kind=Kind.TRAP).only(
            "id", "size", "rule", "stars", "tier", "regions", "is_active").iterator(chunk_size=500):
        if level.stars != 1:
            tier = star_tier(level.regions, level.stars)
            fields = {"tier": tier, "score": None}
            solved = tier is not None
        else:
            rating = rate(level.regions, level.rule)
            fields = {"tier": rating.tier, "score": rating.score}
            solved = rating.solved_by_logic
        if not solved:
            fields["is_active"] = False
            counts["deactivated"] += level.is_active
        Level.objects.filter(id=level.id).update(**fields)
        changed.append(level)
        counts["rated"] += 1
        if progress:
            progress(counts)
    level_changes.forget_levels(changed)  # the updates above send no signals
    return counts
