"""The region colours, one source for the engine's sentences and the site: two palettes of
the same twenty named colours, and the colouring of a level's regions from them.

- The default palette (`REGION_COLORS`) is bright pastel, as light as the anchors' boards:
  every colour has CIELAB L* ≥ LIGHTNESS_FLOOR (66) in the light theme. It was found by
  annealing each colour near a pastel of its name (L* 68–94, chroma up to 60) until every
  pair the safe palette lets touch stood BRIGHT_TOUCH_FLOOR apart with a tenth to spare,
  so both palettes allow the same touching pairs and a level keeps its colouring.
- The colour-vision-safe palette (`SAFE_HEXES`, the colour-blind setting's, shown with a
  letter in every region) is the one searched for over pastel CIELAB (L 62–92, chroma up to
  56) so that its first CORE (10) colours differ by at least SIGHT_FLOOR (10) for viewers
  with protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
  severity 1): no more than ten pastels can, so a board that needs more colours than the
  core shows a second channel (its regions' letters, `second_channel`).

Colour k has the same name in both, so a hint names what either palette draws. Distances
are CIEDE2000 (ΔE00) in the light theme and the dark one (the same colours darkened,
`dark_hex`); any two colours of a palette differ by at least BOARD_FLOOR (12) in both.

A level's regions take colours by graph colouring so that regions which touch, even at a
corner, differ in both themes by at least TOUCH_FLOOR (25) in the safe palette and by
SIGHT_FLOOR there for every viewer, and by at least BRIGHT_TOUCH_FLOOR (20) in the default
one. tests/engine/test_palette.py holds both palettes and generated boards of every size to
these figures. The colour science (CIELAB, ΔE00, the deficiency filters, WCAG contrast) is
coloraide's."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from coloraide import Color

# Each colour's name, then its default (bright) hex.
REGION_COLORS: list[tuple[str, str]] = [
    ("khaki", "#d4c8a1"), ("sky", "#7bcdf9"), ("rose", "#e58cb5"), ("mint", "#c2ebcf"),
    ("periwinkle", "#95aef7"), ("pink", "#fed9f8"), ("lime", "#e0f7a2"),
    ("mustard", "#dba956"), ("blush", "#f2b4b5"), ("sage", "#9db194"),
    ("lavender", "#bbb5d2"), ("peach", "#ffd2b5"), ("teal", "#53bac2"), ("orange", "#fba06d"),
    ("yellow", "#f0d763"), ("coral", "#fc8278"), ("jade", "#43c5a4"), ("green", "#8cd183"),
    ("aqua", "#9af3fb"), ("violet", "#daa4f5"),
]
# The same colours, colour-vision-safe (the colour-blind setting's), by index.
SAFE_HEXES: list[str] = [
    # The core: every two of these stay apart for every viewer.
    "#bcb880", "#63c9ff", "#dc74a3", "#c8f2d4", "#7e91e3", "#f9d5ee", "#e4ef95", "#b09342",
    "#e6a5b0", "#8c9b7c",
    # Beyond the core: apart from every other colour for normal sight.
    "#aeaacb", "#f2c6ad", "#3da4a7", "#f9a256", "#f7d154", "#f36a6f", "#16bb91", "#8dd978",
    "#a3f6ff", "#e69afb",
]
CORE = 10
TOUCH_FLOOR, BRIGHT_TOUCH_FLOOR, BOARD_FLOOR, SIGHT_FLOOR = 25.0, 20.0, 12.0, 10.0
LIGHTNESS_FLOOR = 66.0
# Boards of up to this many regions are coloured from the core alone, so they never need
# their letters (generate draws again a board that would).
ALONE_UP_TO = 7
# Region letters are drawn in this ink: at least LETTER_CONTRAST (WCAG) on every colour of
# both palettes in both themes (static/css/queens.css's --ink).
LETTER_INK, LETTER_CONTRAST = "#000000", 4.5
# The dark theme draws each region colour with its sRGB channels scaled by this.
DARK_SCALE = 0.8

# The deficiencies, as coloraide's filters name them (Machado 2009, severity 1).
PROTANOPIA, DEUTERANOPIA, TRITANOPIA = "protan", "deutan", "tritan"
DEFICIENCIES = (PROTANOPIA, DEUTERANOPIA, TRITANOPIA)
VISIONS = (None, *DEFICIENCIES)


def dark_hex(hex_color: str) -> str:
    """The colour the dark theme draws for this one."""
    return "#" + "".join(f"{round(int(hex_color[i:i + 2], 16) * DARK_SCALE):02x}"
                         for i in (1, 3, 5))


def _drawn(hex_color: str, scale: float) -> Color:
    """A colour with its sRGB channels multiplied by `scale`, as the dark theme draws it."""
    colour = Color(hex_color)
    return colour if scale == 1.0 else Color("srgb", [v * scale for v in colour.coords()])


def relative_luminance(hex_color: str) -> float:
    return Color(hex_color).luminance()


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours."""
    return Color(a).contrast(b, method="wcag21")


def lightness(hex_color: str) -> float:
    """CIELAB L* (D65) of a colour."""
    return Color(hex_color).convert("lab-d65")["lightness"]


def seen(hex_color: str, vision=None, scale: float = 1.0) -> tuple[float, float, float]:
    """CIELAB (D65) of a colour as a viewer with that vision sees it (scale: the sRGB
    channels multiplied first, as the dark theme draws it)."""
    colour = _drawn(hex_color, scale)
    if vision is not None:
        # The simulation leaves the gamut a little; clipped, as a screen would.
        colour = colour.filter(vision, method="machado", out_space="srgb").clip()
    lab = colour.convert("lab-d65")
    return lab["lightness"], lab["a"], lab["b"]


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """ΔE00 between two CIELAB (D65) colours."""
    return Color("lab-d65", list(lab1)).delta_e(Color("lab-d65", list(lab2)), method="2000")


def delta_e(a: str, b: str, vision=None, scale: float = 1.0) -> float:
    """ΔE00 between two colours as that viewer sees them in that theme."""
    return ciede2000(seen(a, vision, scale), seen(b, vision, scale))


def _table(hexes: Sequence[str], visions) -> list[list[float]]:
    """The least ΔE00 between every two colours over those visions, in both themes."""
    views = [[Color("lab-d65", list(seen(h, vision, scale))) for h in hexes]
             for vision in visions for scale in (1.0, DARK_SCALE)]
    table = [[0.0] * len(hexes) for _ in hexes]
    for i, j in combinations(range(len(hexes)), 2):
        table[i][j] = table[j][i] = min(view[i].delta_e(view[j], method="2000")
                                        for view in views)
    return table


# Palette distances, both themes: NORMAL (the safe palette) and BRIGHT (the default one) for
# normal sight, DEFICIENT the safe palette's least over the three deficiencies. Built at
# import: threads colouring their first levels at once must never see them half-made.
_HEXES = [hex_color for _, hex_color in REGION_COLORS]
DARK_HEXES = [dark_hex(hex_color) for hex_color in _HEXES]
SAFE_DARK_HEXES = [dark_hex(hex_color) for hex_color in SAFE_HEXES]
BRIGHT = _table(_HEXES, (None,))
NORMAL = _table(SAFE_HEXES, (None,))
DEFICIENT = _table(SAFE_HEXES, DEFICIENCIES)


def _apart(i: int, j: int) -> float:
    """How far two colours are apart as a share of what touching regions need (1.0: just
    enough in both palettes, for every viewer, in both themes)."""
    return min(NORMAL[i][j] / TOUCH_FLOOR, DEFICIENT[i][j] / SIGHT_FLOOR,
               BRIGHT[i][j] / BRIGHT_TOUCH_FLOOR)


def _touching(key: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    """The pairs of regions that touch, even at a corner."""
    n, pairs = len(key), set()
    for r in range(n):
        for c in range(n):
            for nr, nc in ((r + 1, c), (r, c + 1), (r + 1, c + 1), (r + 1, c - 1)):
                if not (0 <= nr < n and 0 <= nc < n):
                    continue
                g, h = key[r][c], key[nr][nc]
                if g != h:
                    pairs.add((min(g, h), max(g, h)))
    return sorted(pairs)


# Colours that may touch: apart by the touching floors in both palettes, as bitmasks.
_MAY_TOUCH = [sum(1 << j for j in range(len(_HEXES)) if j != i and _apart(i, j) >= 1.0)
              for i in range(len(_HEXES))]
# The search for a colouring in which every touching pair may touch stops after this many
# nodes (boards of 20 need a few hundred); past it the best greedy colouring stands.
SEARCH_NODES = 20_000


def _search(regions: int, neighbours: list[set[int]], pool: int) -> list[int] | None:
    """A colour of its own for each region, from the bitmask `pool`, with every touching pair
    allowed to touch; None when the node budget runs out first."""
    colour = [-1] * regions
    nodes = 0

    def options(g: int, used: int) -> int:
        mask = pool & ~used
        for h in neighbours[g]:
            if colour[h] >= 0:
                mask &= _MAY_TOUCH[colour[h]]
        return mask

    def place(used: int, left: int) -> bool:
        nonlocal nodes
        if not left:
            return True
        nodes += 1
        if nodes > SEARCH_NODES:
            return False
        # The region with the fewest colours left (then most neighbours, lowest id).
        g = min((g for g in range(regions) if left >> g & 1),
                key=lambda g: (options(g, used).bit_count(), -len(neighbours[g]), g))
        mask = options(g, used)
        # The colour that leaves its uncoloured neighbours the most choice goes first.
        choices = [k for k in range(len(_HEXES)) if mask >> k & 1]
        choices.sort(key=lambda k: (-sum((options(h, used) & _MAY_TOUCH[k]).bit_count()
                                         for h in neighbours[g] if colour[h] < 0), k))
        for k in choices:
            colour[g] = k
            if place(used | 1 << k, left & ~(1 << g)):
                return True
            if nodes > SEARCH_NODES:
                break
        colour[g] = -1
        return False

    return colour if place(0, (1 << regions) - 1) else None


def _greedy(regions: int, neighbours: list[set[int]], pool: list[int]) -> list[int]:
    """Most-constrained first, each region the colour farthest from its placed neighbours."""
    colour = [-1] * regions
    for g in sorted(range(regions), key=lambda g: (-len(neighbours[g]), g)):
        used = set(colour)
        free = [k for k in pool if k not in used] or pool
        placed = [colour[h] for h in neighbours[g] if colour[h] >= 0]
        colour[g] = max(free, key=lambda k: (min((_apart(k, p) for p in placed),
                                                 default=0.0), -k))
    return colour


def _colouring(key: tuple[tuple[int, ...], ...],
               ) -> tuple[list[int] | None, list[set[int]], list[int]]:
    """A colouring of its own for each region with every touching pair apart (None when the
    search found none), the regions' neighbours, and the pool it drew from."""
    regions = max(max(row) for row in key) + 1
    neighbours: list[set[int]] = [set() for _ in range(regions)]
    for g, h in _touching(key):
        neighbours[g].add(h)
        neighbours[h].add(g)
    # The core while it lasts (every two of its colours stay apart for every viewer).
    pool = list(range(CORE if regions <= CORE else len(REGION_COLORS)))
    found = _search(regions, neighbours, sum(1 << k for k in pool))
    if found is None and regions <= CORE:
        found = _search(regions, neighbours, (1 << len(REGION_COLORS)) - 1)
    return found, neighbours, pool


def _assign(key: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    found, neighbours, pool = _colouring(key)
    return tuple(found if found is not None else _greedy(len(neighbours), neighbours, pool))


def coloured_apart(regions: Sequence[Sequence[int]]) -> bool:
    """Do the regions get colours with every touching pair apart (region_colors' aim), and
    a board of at most ALONE_UP_TO regions from the core alone (no letters needed)? A large
    composition may not: one region touching fifteen others, say; nor a small one whose
    region touches all the others (generate draws such a board again)."""
    found = _colouring(tuple(tuple(row) for row in regions))[0]
    return found is not None and (len(found) > ALONE_UP_TO or max(found) < CORE)


_ASSIGNED: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}
_ASSIGNED_MAX = 8192  # levels served again and again (the API's hot path) cost a lookup


def region_colors(regions: Sequence[Sequence[int]]) -> list[int]:
    """The palette index of each region of a level: a colour of its own for each, from the
    core while it lasts, chosen so that regions that touch (even at a corner) stay apart."""
    grid = regions.tolist() if hasattr(regions, "tolist") else regions
    key = tuple(tuple(row) for row in grid)
    found = _ASSIGNED.get(key)
    if found is None:
        if len(_ASSIGNED) >= _ASSIGNED_MAX:
            _ASSIGNED.clear()
        found = _ASSIGNED[key] = _assign(key)
    return list(found)


def second_channel(colors: Sequence[int]) -> bool:
    """Does a board in these colours need its regions' letters shown: are any two of its
    colours the same, or closer than the floors for some viewer?"""
    picked = [k % len(REGION_COLORS) for k in colors]
    return len(set(picked)) < len(picked) or any(
        NORMAL[i][j] < BOARD_FLOOR or DEFICIENT[i][j] < SIGHT_FLOOR or BRIGHT[i][j] < BOARD_FLOOR
        for i, j in combinations(picked, 2))


def painted_colors(n: int) -> list[int]:
    """The colours of a painted map: the level builder paints region g in colour g, so a
    community level shows (and its sentences name) exactly the colours its maker chose."""
    return list(range(n))


def region_color(region: int, colors: Sequence[int] | None = None) -> tuple[str, str]:
    """(name, hex) of a region: from a level's colouring when given, else by its id."""
    index = colors[region] if colors is not None else region
    return REGION_COLORS[index % len(REGION_COLORS)]


def region_letter(region: int) -> str:
    """The letter a region's cells carry where colours alone are not enough: A for region 0,
    B for 1, ... (static/js/board.js draws the same on the board; tests/browser/test_colours
    holds the two together)."""
    if not 0 <= region < 26:
        raise ValueError(f"region {region} has no letter: regions are numbered 0 to 25")
    return chr(ord("A") + region)


def region_name(region: int, colors: Sequence[int] | None = None) -> str:
    """The name a sentence gives a region: its colour (numbered once colours repeat)."""
    if colors is not None:
        return region_color(region, colors)[0]
    name = region_color(region)[0]
    lap = region // len(REGION_COLORS)
    return name if lap == 0 else f"{name} {lap + 1}"
