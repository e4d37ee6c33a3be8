"""The 20 region colors (name, hex) shared by the admin pictures and the board UI."""

REGION_COLORS = [
    ("purple", "#b39ddb"), ("orange", "#ffb74d"), ("blue", "#90caf9"), ("green", "#a5d6a7"),
    ("gray", "#cfd8dc"), ("red", "#ef9a9a"), ("yellow", "#fff176"), ("teal", "#80cbc4"),
    ("pink", "#f48fb1"), ("brown", "#bcaaa4"), ("lime", "#e6ee9c"), ("indigo", "#9fa8da"),
    ("cyan", "#80deea"), ("amber", "#ffe082"), ("olive", "#c5c56a"), ("navy", "#7986cb"),
    ("coral", "#ff8a65"), ("mint", "#b9f6ca"), ("lavender", "#e1bee7"), ("sand", "#e0c9a6"),
]
