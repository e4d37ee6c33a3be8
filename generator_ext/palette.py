"""The region colours, one source for the engine's sentences and the site: a palette chosen
for colour-vision deficiency, and the colouring of a level's regions from it.

The 20 colours were picked greedily from about fifty named candidates to maximise the
smallest difference (CIE76 ΔE) between any two of them as seen with normal vision, with
protanopia and with deuteranopia (Machado et al. 2009, severity 1): 9.0 at the worst, where
the previous palette had 1.2 under deuteranopia. A level's regions then take colours by graph
colouring, so that touching regions get the most distinct ones."""

from __future__ import annotations

import math
from collections.abc import Sequence

REGION_COLORS: list[tuple[str, str]] = [
    ("gold", "#ffd54f"), ("cobalt", "#5c8fe0"), ("aqua", "#a7ffeb"), ("brick", "#e57373"),
    ("lime", "#e6ee9c"), ("blue", "#90caf9"), ("slate", "#90a4ae"), ("ochre", "#dcae5b"),
    ("sage", "#c5d6b0"), ("sky", "#b3e5fc"), ("magenta", "#f06292"), ("denim", "#7fa6d0"),
    ("steel", "#64b5f6"), ("yellow", "#fff176"), ("silver", "#bdbdbd"), ("tan", "#d2b48c"),
    ("khaki", "#d7cc8a"), ("amber", "#ffe082"), ("salmon", "#fa8072"), ("turquoise", "#4dd0e1"),
]

# Linear-RGB simulation matrices (Machado, Oliveira and Fernandes 2009, severity 1.0).
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
VISIONS = (None, PROTANOPIA, DEUTERANOPIA)


def _linear(hex_color: str, scale: float = 1.0) -> list[float]:
    """Linear RGB of a colour whose sRGB channels are multiplied by `scale` (what a CSS
    brightness() filter does)."""
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
    """CIELAB of a colour as a viewer with that vision sees it (scale < 1: darkened, as the
    dark theme's brightness filter does)."""
    rgb = _linear(hex_color, scale)
    if vision is not None:
        rgb = [sum(vision[i][j] * rgb[j] for j in range(3)) for i in range(3)]
    return _lab(rgb)


def delta_e(a: str, b: str, vision=None, scale: float = 1.0) -> float:
    return math.dist(seen(a, vision, scale), seen(b, vision, scale))


# The smallest ΔE between palette colours i and j over normal, protan and deutan sight,
# built at import: threads colouring their first levels at once must never see it half-made.
_WORST: list[list[float]] = [[min(delta_e(a, b, v) for v in VISIONS) for _, b in REGION_COLORS]
                             for _, a in REGION_COLORS]


def _worst_delta(i: int, j: int) -> float:
    return _WORST[i][j]


def _assign(key: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    n = len(key)
    regions = max(max(row) for row in key) + 1
    touching: list[set[int]] = [set() for _ in range(regions)]
    for r in range(n):
        for c in range(n):
            for nr, nc in ((r + 1, c), (r, c + 1), (r + 1, c + 1), (r + 1, c - 1)):
                if 0 <= nr < n and 0 <= nc < n and key[nr][nc] != key[r][c]:
                    touching[key[r][c]].add(key[nr][nc])
                    touching[key[nr][nc]].add(key[r][c])
    colour = [-1] * regions
    # Most-constrained first (most neighbours, then lowest id): deterministic.
    for g in sorted(range(regions), key=lambda g: (-len(touching[g]), g)):
        used = {colour[h] for h in range(regions) if colour[h] >= 0}
        free = [k for k in range(len(REGION_COLORS)) if k not in used] or list(
            range(len(REGION_COLORS)))
        placed = [colour[h] for h in touching[g] if colour[h] >= 0]
        colour[g] = max(free, key=lambda k: (min((_worst_delta(k, p) for p in placed),
                                                 default=0.0), -k))
    return tuple(colour)


_ASSIGNED: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}
_ASSIGNED_MAX = 8192  # levels served again and again (the API's hot path) cost a lookup


def region_colors(regions: Sequence[Sequence[int]]) -> list[int]:
    """The palette index of each region of a level: distinct colours while the palette
    lasts, chosen so that regions that touch (even at a corner) look most different."""
    grid = regions.tolist() if hasattr(regions, "tolist") else regions
    key = tuple(tuple(row) for row in grid)
    found = _ASSIGNED.get(key)
    if found is None:
        if len(_ASSIGNED) >= _ASSIGNED_MAX:
            _ASSIGNED.clear()
        found = _ASSIGNED[key] = _assign(key)
    return list(found)


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
