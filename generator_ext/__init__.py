"""Queens engine: solver, generator, canonical form and the deduction engine (difficulty,
hints, builder analysis) for colored-region n-Queens puzzles."""

from generator_ext._core import check_stars, validate_regions
from generator_ext._solver import count_solutions, solve
from generator_ext.builder import Fix, make_unique
from generator_ext.canonical import canonical_hash
from generator_ext.deduce import (
    TECHNIQUES,
    TIERS,
    Analysis,
    Problem,
    Rating,
    Step,
    analyze,
    hint,
    rate,
    star_tier,
)
from generator_ext.levels import GeneratedLevel, generate, served_tiers
from generator_ext.motifs import motif_cells, motifs
from generator_ext.palette import (
    REGION_COLORS,
    region_color,
    region_colors,
    region_name,
    second_channel,
)
from generator_ext.shapes import DesignScore, design_score

__all__ = [
    "REGION_COLORS",
    "TECHNIQUES",
    "TIERS",
    "Analysis",
    "DesignScore",
    "Fix",
    "GeneratedLevel",
    "Problem",
    "Rating",
    "Step",
    "analyze",
    "canonical_hash",
    "check_stars",
    "count_solutions",
    "design_score",
    "generate",
    "hint",
    "make_unique",
    "motif_cells",
    "motifs",
    "rate",
    "region_color",
    "region_colors",
    "region_name",
    "second_channel",
    "served_tiers",
    "solve",
    "star_tier",
    "validate_regions",
]
