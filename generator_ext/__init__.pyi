from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Rule = Literal["touch", "classic"]
Strategy = Literal["fast", "naive"]
Regions = Sequence[Sequence[int]]

@dataclass(frozen=True)
class GeneratedLevel:
    regions: list[list[int]]
    solution: list[int]
    rule: str
    seed: int
    strategy: str
    attempts: int
    elapsed_s: float
    @property
    def size(self) -> int: ...

def validate_regions(regions: Regions) -> None: ...
def count_solutions(regions: Regions, rule: Rule = "touch", limit: int | None = 2) -> int: ...
def solve(regions: Regions, rule: Rule = "touch") -> list[int] | None: ...
def generate(
    n: int,
    rule: Rule = "touch",
    seed: int | None = None,
    strategy: Strategy = "fast",
    min_region_size: int = 2,
    max_attempts: int | None = None,
) -> GeneratedLevel: ...
def canonical_hash(regions: Regions, rule: Rule = "touch") -> str: ...

__all__ = [
    "GeneratedLevel",
    "canonical_hash",
    "count_solutions",
    "generate",
    "solve",
    "validate_regions",
]
