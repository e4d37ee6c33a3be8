"""Queens engine: solver, generator, canonical form and the deduction engine (difficulty,
hints, builder analysis) for colored-region n-Queens puzzles."""

from generator_ext._core import check_stars, validate_regions
from generator_ext._solver import count_solutions, solve
from generator_ext.builder import Fix, make_unique
from generator_ext.canonical import canonical_hash, canonical_hashes
from generator_ext.deduce import (
    TECHNIQUES,
    TIERS,
    Analysis,
    Problem,
    Rating,
    Step,
    analyze,
    hint,
    parse_cells,
    rate,
    star_tier,
)
from generator_ext.levels import (
    FAMILIES,
    STYLES,
    GeneratedLevel,
    check_design,
    generate,
    served_tiers,
)
from generator_ext.motifs import (
    MOTIF_KINDS,
    MOTIF_SIZES,
    PICTOGRAMS,
    motif_cells,
    motif_kind,
    motifs,
)
from generator_ext.palette import (
    CORE,
    DARK_HEXES,
    REGION_COLORS,
    SAFE_DARK_HEXES,
    SAFE_HEXES,
    painted_colors,
    region_color,
    region_colors,
    region_letter,
    region_name,
    second_channel,
)
from generator_ext.reasons import Words, color_name, sentence
from generator_ext.rules import conflicts
from generator_ext.shapes import DesignScore, design_score
from generator_ext.stars_logic import STAR_TECHNIQUES

__all__ = [
    "CORE",
    "DARK_HEXES",
    "FAMILIES",
    "MOTIF_KINDS",
    "MOTIF_SIZES",
    "PICTOGRAMS",
    "REGION_COLORS",
    "SAFE_DARK_HEXES",
    "SAFE_HEXES",
    "STAR_TECHNIQUES",
    "STYLES",
    "TECHNIQUES",
    "TIERS",
    "Analysis",
    "DesignScore",
    "Fix",
    "GeneratedLevel",
    "Problem",
    "Rating",
    "Step",
    "Words",
    "analyze",
    "canonical_hash",
    "canonical_hashes",
    "check_design",
    "check_stars",
    "color_name",
    "conflicts",
    "count_solutions",
    "design_score",
    "generate",
    "hint",
    "make_unique",
    "motif_cells",
    "motif_kind",
    "motifs",
    "painted_colors",
    "parse_cells",
    "rate",
    "region_color",
    "region_colors",
    "region_letter",
    "region_name",
    "second_channel",
    "sentence",
    "served_tiers",
    "solve",
    "star_tier",
    "validate_regions",
]
