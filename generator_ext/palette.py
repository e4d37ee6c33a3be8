"""The region colours, one source for the engine's sentences and the site: a pastel palette
people tell apart, and the colouring of a level's regions from it.

Distances are CIEDE2000 (ΔE00), in the light theme and in the dark one (the same colours
darkened, `dark_hex`), and for viewers with protanopia, deuteranopia and tritanopia
(Machado, Oliveira and Fernandes 2009, severity 1). The 20 colours were searched for over
pastel CIELAB (L 62–92, chroma up to 56) so that:

- any two differ by at least BOARD_FLOOR (12) in both themes;
- the first CORE (10) also differ by at least SIGHT_FLOOR (10) for each of the three
  colour-vision deficiencies: no more than ten pastels can, so a board that needs more
  colours than the core shows a second channel (its regions' letters, `second_channel`).

A level's regions take colours by graph colouring so that regions which touch, even at a
corner, differ by at least TOUCH_FLOOR (25) in both themes and by SIGHT_FLOOR for every
viewer; tests/engine/test_palette.py holds the palette and generated boards of every size
to these figures."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

REGION_COLORS: list[tuple[str, str]] = [
    # The core: every two of these stay apart for every viewer.
    ("khaki", "#bcb880"), ("sky", "#63c9ff"), ("rose", "#dc74a3"), ("mint", "#c8f2d4"),
    ("periwinkle", "#7e91e3"), ("pink", "#f9d5ee"), ("lime", "#e4ef95"),
    ("mustard", "#b09342"), ("blush", "#e6a5b0"), ("sage", "#8c9b7c"),
    # Beyond the core: apart from every other colour for normal sight.
    ("lavender", "#aeaacb"), ("peach", "#f2c6ad"), ("teal", "#3da4a7"), ("orange", "#f9a256"),
    ("yellow", "#f7d154"), ("coral", "#f36a6f"), ("jade", "#16bb91"), ("green", "#8dd978"),
    ("aqua", "#a3f6ff"), ("violet", "#e69afb"),
]
CORE = 10
TOUCH_FLOOR, BOARD_FLOOR, SIGHT_FLOOR = 25.0, 12.0, 10.0
# The dark theme draws each region colour with its sRGB channels scaled by this.
DARK_SCALE = 0.8

# Linear-RGB simulation matrices (Machado, Oliveira and Fernandes 2009, severity 1.0).
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
TRITANOPIA = ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
              (0.004733, 0.691367, 0.303900))
DEFICIENCIES = (PROTANOPIA, DEUTERANOPIA, TRITANOPIA)
VISIONS = (None, *DEFICIENCIES)


def dark_hex(hex_color: str) -> str:
    """The colour the dark theme draws for this one."""
    return "#" + "".join(f"{round(int(hex_color[i:i + 2], 16) * DARK_SCALE):02x}"
                         for i in (1, 3, 5))


def _linear(hex_color: str, scale: float = 1.0) -> list[float]:
    """Linear RGB of a colour whose sRGB channels are multiplied by `scale`."""
    def channel(v: int) -> float:
        c = v / 255 * scale
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return [channel(int(hex_color[i:i + 2], 16)) for i in (1, 3, 5)]


def relative_luminance(hex_color: str) -> float:
    r, g, b = _linear(hex_color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(hex_color: str, vision=None, scale: float = 1.0) -> tuple[float, float, float]:
    """CIELAB of a colour as a viewer with that vision sees it (scale: the sRGB channels
    multiplied first, as the dark theme draws it)."""
    rgb = _linear(hex_color, scale)
    if vision is not None:
        rgb = [sum(vision[i][j] * rgb[j] for j in range(3)) for i in range(3)]
    return _lab(rgb)


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """ΔE00 (Sharma, Wu and Dalal 2005) between two CIELAB colours."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * (d_c / s_c) * (d_h / s_h))


def delta_e(a: str, b: str, vision=None, scale: float = 1.0) -> float:
    """ΔE00 between two colours as that viewer sees them in that theme."""
    return ciede2000(seen(a, vision, scale), seen(b, vision, scale))


def _sight(a: str, b: str, visions) -> float:
    return min(delta_e(a, b, v, s) for v in visions for s in (1.0, DARK_SCALE))


# Palette distances, both themes: NORMAL for normal sight, DEFICIENT the least over the three
# deficiencies. Built at import: threads colouring their first levels at once must never see
# them half-made.
_HEXES = [hex_color for _, hex_color in REGION_COLORS]
DARK_HEXES = [dark_hex(hex_color) for hex_color in _HEXES]
NORMAL = [[_sight(a, b, (None,)) for b in _HEXES] for a in _HEXES]
DEFICIENT = [[_sight(a, b, DEFICIENCIES) for b in _HEXES] for a in _HEXES]


def _apart(i: int, j: int) -> float:
    """How far two palette colours are apart as a share of what touching regions need (1.0:
    just enough for every viewer in both themes)."""
    return min(NORMAL[i][j] / TOUCH_FLOOR, DEFICIENT[i][j] / SIGHT_FLOOR)


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


# Palette colours that may touch: apart by the touching floors for every viewer, as bitmasks.
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


def _assign(key: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
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
    return tuple(found if found is not None else _greedy(regions, neighbours, pool))


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
        NORMAL[i][j] < BOARD_FLOOR or DEFICIENT[i][j] < SIGHT_FLOOR
        for i, j in combinations(picked, 2))


def painted_colors(n: int) -> list[int]:
    """The colours of a painted map: the level builder paints region g in colour g, so a
    community level shows (and its sentences name) exactly the colours its maker chose."""
    return list(range(n))


def region_color(region: int, colors: Sequence[int] | None = None) -> tuple[str, str]:
    """(name, hex) of a region: from a level's colouring when given, else by its id."""
    index = colors[region] if colors is not None else region
    return REGION_COLORS[index % len(REGION_COLORS)]


def region_name(region: int, colors: Sequence[int] | None = None) -> str:
    """The name a sentence gives a region: its colour (numbered once colours repeat)."""
    if colors is not None:
        return region_color(region, colors)[0]
    name = region_color(region)[0]
    lap = region // len(REGION_COLORS)
    return name if lap == 0 else f"{name} {lap + 1}"
