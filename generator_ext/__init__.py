"""Queens engine: solver, generator, canonical form and the deduction engine (difficulty,
hints, builder analysis) for colored-region n-Queens puzzles."""

from generator_ext._core import check_stars, validate_regions
from generator_ext._solver import count_solutions, solve
from generator_ext.builder import Fix, make_unique
from generator_ext.canonical import canonical_hash, canonical_hashes
from generator_ext.conflicts import units_conflict
from generator_ext.deduce import (
    TECHNIQUES,
    TIERS,
    Analysis,
    Conflict,
    Problem,
    Rating,
    Step,
    analyze,
    hint,
    parse_cells,
    rate,
    star_tier,
    trap_conflicts,
)
from generator_ext.levels import (
    FAMILIES,
    STYLES,
    GeneratedLevel,
    JudgedOut,
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
from generator_ext.traps import trap_tiers

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
    "Conflict",
    "DesignScore",
    "Fix",
    "GeneratedLevel",
    "JudgedOut",
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
    "trap_conflicts",
    "units_conflict",
    "trap_tiers",
    "validate_regions",
]
