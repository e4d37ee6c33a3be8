"""The tags of the level cache's entries and changes (puzzles/levels/cache.py): what an entry
depends on, and what a change names."""

EVERYTHING = ("*",)  # the tag of a change too wide to name
ADDED = "added"  # ("added", size, rule, tier, level id, stars): a new level joins its lists


def level_tag(level_id: int) -> tuple:
    return ("level", level_id)


def pool_tag(size: int, rule: str, tier: str | None, stars: int = 1) -> tuple:
    return ("pool", size, rule, tier or "", stars)


def daily_tag(day) -> tuple:
    return ("daily", day)


def added_tag(size: int, rule: str, tier: str | None, level_id: int, stars: int = 1) -> tuple:
    return (ADDED, size, rule, tier or "", level_id, stars)
