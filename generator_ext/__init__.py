"""Queens engine: solver, generator and canonical form for colored-region n-Queens puzzles."""

from generator_ext._solver import count_solutions, solve, validate_regions
from generator_ext.canonical import canonical_hash
from generator_ext.levels import GeneratedLevel, generate

__all__ = [
    "GeneratedLevel",
    "canonical_hash",
    "count_solutions",
    "generate",
    "solve",
    "validate_regions",
]
