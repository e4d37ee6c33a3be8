from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, overload

_Rule = Literal["touch", "classic"]
_Strategy = Literal["design", "fast", "unique", "naive"]
_Style = Literal["any", "mirror", "turn", "diagonal"]
_Family = Literal["strokes", "motif", "frames", "spiral", "stripes", "cross", "islands",
                  "blocks", "loose"]
_Tier = Literal["easy", "medium", "hard", "expert"]
_Regions = Sequence[Sequence[int]]
_Cells = Sequence[Sequence[int]]
# generate()'s judge: a candidate's map (regions numbered as a finished level's) and the tier
# it will be rated; False abandons the attempt.
_Judge = Callable[[list[list[int]], str], bool]

# The techniques in the order docs/architecture.md §5 numbers them, and the tiers, easiest first.
TECHNIQUES: tuple[str, ...]
TIERS: tuple[str, ...]
# The region colours (name, hex): the names in Step messages and the colours the UI shows.
REGION_COLORS: list[tuple[str, str]]
# The layout styles generate(style=) takes, by name.
STYLES: dict[str, int]
FAMILIES: tuple[str, ...]
# The board sizes a motif is drawn on, and the motifs' kinds (the builder's picker groups).
MOTIF_SIZES: range
MOTIF_KINDS: tuple[str, ...]
# The pictogram motifs (heart, star...) as 7-line bitmaps; letters and digits are glyphs.
PICTOGRAMS: dict[str, tuple[str, ...]]
# The palettes as the pages draw them: the first CORE colours are the ones used first; each
# default colour's dark-theme version, the colour-vision-safe ones and theirs.
CORE: int
DARK_HEXES: list[str]
SAFE_HEXES: list[str]
SAFE_DARK_HEXES: list[str]
# Star Battle's techniques, easiest first (docs/architecture.md §5).
STAR_TECHNIQUES: tuple[str, ...]

@dataclass(frozen=True)
class Words:
    """The translation functions a reason is worded with (English when left out)."""

    gettext: Callable[[str], str] = ...
    ngettext: Callable[[str, str, int], str] = ...
    pgettext: Callable[[str, str], str] = ...

@dataclass(frozen=True)
class GeneratedLevel:
    regions: list[list[int]]
    # solution[row]: the column (1★) or the sorted columns (k★); None for a trap
    solution: list[Any] | None
    rule: str
    seed: int
    strategy: str
    attempts: int
    elapsed_s: float
    tier: str | None = None
    style: str | None = None
    motif: str | None = None
    fallback: bool = False
    stars: int = 1  # with k > 1, solution[row] is the sorted list of that row's star columns
    family: str | None = None  # FAMILIES; None: grown, not composed
    trap: bool = False  # no solution; rate() gives the proof at `tier` (issue 40)
    judged_out: int = 0  # candidates generate()'s judge turned down
    @property
    def size(self) -> int: ...

@dataclass(frozen=True)
class Step:
    """technique: one of TECHNIQUES, or "mistake" for a hint that points at a wrong mark."""

    technique: str
    message: str
    queens: list[list[int]] = ...
    crosses: list[list[int]] = ...
    because: list[list[int]] = ...
    # The step as data, worded by generator_ext.reasons.sentence in any language (1★ and k★
    # steps alike); None only for a step made without one.
    reason: dict[str, Any] | None = ...
    @property
    def mistake(self) -> bool: ...
    @property
    def number(self) -> int: ...

@dataclass(frozen=True)
class Rating:
    tier: str | None
    score: int
    solved_by_logic: bool
    steps: list[Step]
    # On a map with no solution whose contradiction the techniques reach (a trap): the step
    # that ends the proof, its reason {"says": "no_solution", "units": [[kind, i], ...], ...}
    # naming the units that cannot all have their queen; `tier` is then the proof's.
    contradiction: Step | None = None

# A unit: ("row", i), ("column", j) or ("region", g), from 0.
_Unit = tuple[str, int]

@dataclass(frozen=True)
class Conflict:
    units: frozenset[_Unit]
    reason: dict[str, Any]
    message: str

@dataclass(frozen=True)
class Problem:
    kind: str
    message: str
    cells: list[list[int]]
    region: int | None = None
    reason: dict[str, Any] | None = None

@dataclass(frozen=True)
class Analysis:
    size: int
    rule: str
    problems: list[Problem]
    solution_count: int | None
    solutions: list[list[int]]
    rating: Rating | None
    design: DesignScore | None = None
    stars: int = 1
    @property
    def playable(self) -> bool: ...

@dataclass(frozen=True)
class DesignScore:
    symmetry: float
    density: float
    thin: float
    largest: float
    two_cell: float
    one_cell: float
    score: float

def design_score(regions: _Regions) -> DesignScore: ...
def motifs() -> list[str]: ...
def motif_cells(name: str, n: int) -> list[tuple[int, int]]: ...

@dataclass(frozen=True)
class Fix:
    regions: list[list[int]]
    moved: list[list[int]]
    rating: Rating

def make_unique(
    regions: _Regions, rule: _Rule = "touch", seed: int = 0, attempts: int = 6,
    stars: int = 1,
) -> Fix | None: ...
def validate_regions(regions: _Regions, stars: int = 1) -> None: ...
def check_stars(stars: int, n: int, rule: _Rule = "touch") -> int: ...
def count_solutions(regions: _Regions, rule: _Rule = "touch", limit: int | None = 2,
                    stars: int = 1) -> int: ...
@overload
def solve(regions: _Regions, rule: _Rule = "touch", stars: Literal[1] = 1) -> list[int] | None: ...
@overload
def solve(regions: _Regions, rule: _Rule = "touch", *, stars: int) -> list[Any] | None: ...
def generate(
    n: int,
    rule: _Rule = "touch",
    seed: int | None = None,
    strategy: _Strategy = "design",
    min_region_size: int | None = None,
    max_attempts: int | None = None,
    tier: _Tier | None = None,
    style: _Style | None = None,
    motif: str | None = None,
    stars: int = 1,
    family: _Family | None = None,
    trap: bool = False,
    judge: _Judge | None = None,
) -> GeneratedLevel: ...

class JudgedOut(RuntimeError):
    """generate()'s judge turned down every candidate the call made: no level."""

    judged_out: int
    def __init__(self, message: str, judged_out: int) -> None: ...

def check_design(n: int, *, style: _Style | None = None, motif: str | None = None,
                 family: _Family | None = None, stars: int = 1) -> None: ...
def canonical_hash(regions: _Regions, rule: _Rule = "touch", stars: int = 1) -> str: ...
def rate(regions: _Regions, rule: _Rule = "touch", colors: Sequence[int] | None = None,
         stars: int = 1) -> Rating: ...
def star_tier(regions: _Regions, stars: int) -> str | None: ...
def trap_conflicts(regions: _Regions, rule: _Rule = "touch",
                   colors: Sequence[int] | None = None) -> list[Conflict]: ...
def units_conflict(regions: _Regions, rule: str,
                   units: Sequence[tuple[str, int]]) -> bool: ...
def trap_tiers(n: int) -> list[str]: ...
def hint(
    regions: _Regions, rule: _Rule = "touch", queens: _Cells = (), crosses: _Cells = (),
    colors: Sequence[int] | None = None, stars: int = 1,
) -> Step | None: ...
def analyze(regions: _Regions, rule: _Rule = "touch", colors: Sequence[int] | None = None,
            stars: int = 1) -> Analysis: ...
def region_colors(regions: _Regions) -> list[int]: ...
def region_color(region: int, colors: Sequence[int] | None = None) -> tuple[str, str]: ...
def region_name(region: int, colors: Sequence[int] | None = None) -> str: ...
def second_channel(colors: Sequence[int]) -> bool: ...
def served_tiers(n: int, stars: int = 1) -> list[str]: ...

def motif_kind(name: str) -> str: ...
def painted_colors(n: int) -> list[int]: ...
def region_letter(region: int) -> str: ...
def canonical_hashes(regions: _Regions) -> list[str]: ...
def parse_cells(value: object, n: int, name: str) -> list[tuple[int, int]]: ...
def conflicts(regions: _Regions, queens: _Cells, rule: str,
              stars: int = 1) -> list[dict[str, Any]]: ...
def sentence(reason: dict[str, Any], words: Words | None = None) -> str: ...
def color_name(name: str, words: Words | None = None) -> str: ...

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
    "check_design",
    "canonical_hash",
    "canonical_hashes",
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
