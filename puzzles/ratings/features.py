"""A level's features for the difficulty model (issue 39, item 2): the engine's solve of it
(its steps: how many of each technique, the cells each decides, how wide its hardest steps
are), the board (size, stars, rule) and its regions' shapes. Pure and deterministic: the same
level, the same numbers. It costs one engine rate(), so it is stored per level
(LevelFeatures, written by the tasks), never computed in a request.

MAP_FEATURE_NAMES are the ones a map offers before it is solved, given the tier it is made
for (map_features: no rate(), about a millisecond): what the band's judge of a candidate
still being built reads (band.early_judge)."""

from __future__ import annotations

from collections import Counter
from statistics import fmean

from generator_ext import STAR_TECHNIQUES, TECHNIQUES, TIERS, design_score, rate

# Bumped whenever a feature changes meaning: stored features of another version are computed
# again, and a model trained on them is no rival (training).
FEATURES_VERSION = 1
# 1★ and k★ techniques in one order, easiest first: k★'s list is 1★'s in the same order with
# "blocks" before elimination (any 1★ technique it lacked would come last).
TECHNIQUE_NAMES = (*STAR_TECHNIQUES, *(name for name in TECHNIQUES if name not in STAR_TECHNIQUES))
SHAPE_FIGURES = ("symmetry", "density", "thin", "largest", "two_cell", "one_cell", "score")
FEATURE_NAMES = (
    "size", "stars", "classic", "tier", "engine_score", "solved_by_logic", "steps",
    *(f"steps_{name}" for name in TECHNIQUE_NAMES),
    "hardest", "decided_mean", "decided_max", "hardest_width_mean", "hardest_width_max",
    *(f"shape_{name}" for name in SHAPE_FIGURES),
    "smallest_region", "one_cell_regions",
)
# The board, the tier asked and the regions' shapes: no feature of the engine's solve.
MAP_FEATURE_NAMES = ("size", "stars", "classic", "tier",
                     *(f"shape_{name}" for name in SHAPE_FIGURES),
                     "smallest_region", "one_cell_regions")


def level_features(regions: list[list[int]], rule: str, stars: int = 1) -> dict[str, float]:
    """{name: value} for every FEATURE_NAMES entry, from the engine's solve and the map."""
    rating = rate(regions, rule, stars=stars)
    steps = [step for step in rating.steps if step.technique in TECHNIQUE_NAMES]
    counts = Counter(step.technique for step in steps)
    decided = [len(step.queens) + len(step.crosses) for step in steps] or [0]
    hardest = max((TECHNIQUE_NAMES.index(step.technique) for step in steps), default=0)
    # The width of a hard step is how many cells its reason reads (`because`).
    widths = [len(step.because) for step in steps
              if TECHNIQUE_NAMES.index(step.technique) == hardest] or [0]
    values = {
        **map_features(regions, rule, stars, rating.tier),
        "engine_score": rating.score, "solved_by_logic": float(rating.solved_by_logic),
        "steps": len(steps),
        **{f"steps_{name}": counts[name] for name in TECHNIQUE_NAMES},
        "hardest": hardest, "decided_mean": fmean(decided), "decided_max": max(decided),
        "hardest_width_mean": fmean(widths), "hardest_width_max": max(widths),
    }
    return {name: float(values[name]) for name in FEATURE_NAMES}


def map_features(regions: list[list[int]], rule: str, stars: int,
                 tier: str | None) -> dict[str, float]:
    """{name: value} for every MAP_FEATURE_NAMES entry: the board, the tier (the rated one
    of a level; the one asked of a map still being built) and the regions' shapes."""
    shape = design_score(regions)
    sizes = Counter(cell for row in regions for cell in row).values()
    values = {
        "size": len(regions), "stars": stars, "classic": float(rule == "classic"),
        "tier": TIERS.index(tier) if tier in TIERS else -1,
        **{f"shape_{name}": getattr(shape, name) for name in SHAPE_FIGURES},
        "smallest_region": min(sizes), "one_cell_regions": sum(1 for n in sizes if n == 1),
    }
    return {name: float(values[name]) for name in MAP_FEATURE_NAMES}


def vector(values: dict[str, float]) -> list[float]:
    """The features in FEATURE_NAMES order, as a model takes them."""
    return [values[name] for name in FEATURE_NAMES]


# Where each map feature stands in a full vector.
_MAP_COLUMNS = [FEATURE_NAMES.index(name) for name in MAP_FEATURE_NAMES]


def map_vector(values: dict[str, float] | list[float]) -> list[float]:
    """The map features in MAP_FEATURE_NAMES order, from map_features' or level_features'
    values, or from a full vector (what training reads)."""
    if isinstance(values, dict):
        return [values[name] for name in MAP_FEATURE_NAMES]
    return [values[i] for i in _MAP_COLUMNS]
