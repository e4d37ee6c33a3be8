"""The region colours: the names the engine's sentences use and the UI shows, one source."""

from __future__ import annotations

REGION_COLORS: list[tuple[str, str]] = [
    ("purple", "#b39ddb"), ("orange", "#ffb74d"), ("blue", "#90caf9"), ("green", "#a5d6a7"),
    ("gray", "#cfd8dc"), ("red", "#ef9a9a"), ("yellow", "#fff176"), ("teal", "#80cbc4"),
    ("pink", "#f48fb1"), ("brown", "#bcaaa4"), ("lime", "#e6ee9c"), ("indigo", "#9fa8da"),
    ("cyan", "#80deea"), ("amber", "#ffe082"), ("olive", "#c5c56a"), ("navy", "#7986cb"),
    ("coral", "#ff8a65"), ("mint", "#b9f6ca"), ("lavender", "#e1bee7"), ("sand", "#e0c9a6"),
]


def region_color(region: int) -> tuple[str, str]:
    """(name, hex) of a region id; past the palette the colours repeat."""
    return REGION_COLORS[region % len(REGION_COLORS)]


def region_name(region: int) -> str:
    """The name a sentence gives a region: its colour, numbered once the colours repeat."""
    name = region_color(region)[0]
    lap = region // len(REGION_COLORS)
    return name if lap == 0 else f"{name} {lap + 1}"
