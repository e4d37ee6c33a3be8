"""A step's reason as data, and its sentence in any language.

The deduction engine describes each step as a plain dict (`Step.reason`): the technique, which
of its sentences applies (`"says"`), and the things it reasons about — units (a row, a column,
or a region with its colour), cells (`[row, col]`, from 0) and counts. `sentence(reason)` words
it in English (the engine's `Step.message`); the site passes its own gettext, ngettext and
pgettext (`Words`) to word the same reason in the player's language. The strings below are
gettext's msgids: `make messages` collects them from the calls by those names.

Units: {"kind": "row" | "column", "index": i} or {"kind": "region", "index": g, "color": name};
lines: {"kind": "row" | "column", "indexes": [...]}; regions: [{"index": g, "color": name}];
a group (Star Battle's confinement): lines, or {"kind": "region", "regions": regions}.
Queens' steps and Star Battle's (generator_ext.stars_logic) are worded here alike: one home
for every sentence a hint says."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def _english_plural(one: str, many: str, count: int) -> str:
    return one if count == 1 else many


@dataclass(frozen=True)
class Words:
    """The translation functions a sentence is worded with (English when left out)."""

    gettext: Callable[[str], str] = str
    ngettext: Callable[[str, str, int], str] = _english_plural
    pgettext: Callable[[str, str], str] = lambda context, text: text


ENGLISH = Words()


def sentence(reason: dict, words: Words | None = None) -> str:
    """The reason worded (in English without `words`); ValueError for a reason it does not
    know."""
    say = SENTENCES.get((str(reason.get("technique")), str(reason.get("says"))))
    if say is None:
        raise ValueError(f"no sentence for {reason.get('technique')!r} / {reason.get('says')!r}")
    text = say(_Phrases(words or ENGLISH), reason)
    return text[:1].upper() + text[1:]


def color_name(name: str, words: Words | None = None) -> str:
    """A region's colour as it stands alone ("khaki", "khaki 2"), in the words' language."""
    return _Phrases(words or ENGLISH).color(name, True)


class _Phrases:
    """The pieces sentences are made of, in the words given."""

    def __init__(self, words: Words):
        self.w = words

    def fill(self, text: str, **values) -> str:
        return text % values

    def ngettext(self, one: str, many: str, count: int, **values) -> str:
        """A sentence on a count: the form the count takes in the words' language, filled
        with the count and the values (named ngettext so `make messages` collects it)."""
        return self.fill(self.w.ngettext(one, many, count), count=count, **values)

    def listed(self, items: list[str]) -> str:
        gettext = self.w.gettext
        if len(items) == 1:
            return items[0]
        return gettext(", ").join(items[:-1]) + gettext(" and ") + items[-1]

    def numbers(self, items: list[str]) -> str:
        """Numbers listed ("3, 4 and 6"): their own separators, as Chinese writes 3、4、6."""
        pgettext = self.w.pgettext
        if len(items) == 1:
            return items[0]
        return (pgettext("between numbers", ", ").join(items[:-1])
                + pgettext("between numbers", " and ") + items[-1])

    def cell(self, cell) -> str:
        gettext = self.w.gettext
        return self.fill(gettext("row %(row)s, column %(column)s"), row=cell[0] + 1,
                         column=cell[1] + 1)

    def lines(self, lines: dict) -> str:
        gettext = self.w.gettext
        numbers = [str(i + 1) for i in lines["indexes"]]
        if len(numbers) == 1:
            text = gettext("row %(number)s") if lines["kind"] == "row" else gettext(
                "column %(number)s")
            return self.fill(text, number=numbers[0])
        text = gettext("rows %(numbers)s") if lines["kind"] == "row" else gettext(
            "columns %(numbers)s")
        return self.fill(text, numbers=self.numbers(numbers))

    def color(self, name: str, alone: bool) -> str:
        """A region's colour: `alone`, as in "the orange region"; else in a list of them."""
        pgettext = self.w.pgettext
        names = _ALONE if alone else _LISTED
        base, _, lap = name.rpartition(" ")  # "orange 2" once colours repeat
        if base and lap.isdigit() and base in names:
            return f"{names[base](pgettext)} {lap}"
        return names[name](pgettext) if name in names else name

    def regions(self, regions: list[dict]) -> str:
        gettext = self.w.gettext
        if len(regions) == 1:
            return self.fill(gettext("the %(color)s region"),
                             color=self.color(regions[0]["color"], True))
        return self.fill(gettext("the %(colors)s regions"), colors=self.listed(
            [self.color(g["color"], False) for g in regions]))

    def unit(self, unit: dict) -> str:
        if unit["kind"] == "region":
            return self.regions([unit])
        return self.lines({"kind": unit["kind"], "indexes": [unit["index"]]})

    def group(self, group: dict) -> str:
        """Some rows, some columns, or some regions (a k-star confinement's either side)."""
        if group["kind"] == "region":
            return self.regions(group["regions"])
        return self.lines(group)

    def count(self, k: int) -> str:
        """One to eight as words, as a sentence says them; digits past that."""
        gettext = self.w.gettext
        words = {1: gettext("one"), 2: gettext("two"), 3: gettext("three"), 4: gettext("four"),
                 5: gettext("five"), 6: gettext("six"), 7: gettext("seven"),
                 8: gettext("eight")}
        return words.get(k, str(k))

    def outcome(self, outcome: dict) -> str:
        gettext = self.w.gettext
        if outcome["why"] == "empty_unit":
            return self.fill(gettext("%(unit)s would have no open cell left"),
                             unit=self.unit(outcome["unit"]))
        if outcome["why"] == "hall":
            return self.fill(gettext("%(regions)s would have only %(lines)s for their "
                                     "%(count)s queens"),
                             regions=self.regions(outcome["regions"]),
                             lines=self.lines(outcome["lines"]),
                             count=self.count(len(outcome["regions"])))
        if outcome["why"] in _STAR_OUTCOMES:
            return _STAR_OUTCOMES[outcome["why"]](self, outcome)
        return gettext("two queens would have to touch or share a row, a column or a region")


# What breaks in Star Battle, as a clause ("... show that %(outcome)s").
def _stars_touch(p: _Phrases, o: dict) -> str:
    return p.fill(p.w.gettext("two stars would touch at %(cell)s"), cell=p.cell(o["cell"]))


def _too_many_stars(p: _Phrases, o: dict) -> str:
    return p.ngettext("%(unit)s would hold more than %(count)s star",
                      "%(unit)s would hold more than %(count)s stars", o["count"],
                      unit=p.unit(o["unit"]))


def _no_room(p: _Phrases, o: dict) -> str:
    return p.ngettext("%(unit)s would have no room left for the star it needs",
                      "%(unit)s would have no room left for the %(count)s stars it needs",
                      o["count"], unit=p.unit(o["unit"]))


def _lines_no_room(p: _Phrases, o: dict) -> str:
    return p.ngettext("%(lines)s would have no room left for the star they need",
                      "%(lines)s would have no room left for the %(count)s stars they need",
                      o["count"], lines=p.lines(o["lines"]))


_STAR_OUTCOMES = {"stars_touch": _stars_touch, "too_many_stars": _too_many_stars,
                  "no_room": _no_room, "lines_no_room": _lines_no_room}


# The colour names, once standing alone ("the %(color)s region") and once in a list ("the
# %(colors)s regions"): languages that inflect an adjective with its noun tell them apart.
# Each is a call so that makemessages finds the strings.
_ALONE = {
    "khaki": lambda pgettext: pgettext("one region's colour", "khaki"),
    "sky": lambda pgettext: pgettext("one region's colour", "sky"),
    "rose": lambda pgettext: pgettext("one region's colour", "rose"),
    "mint": lambda pgettext: pgettext("one region's colour", "mint"),
    "periwinkle": lambda pgettext: pgettext("one region's colour", "periwinkle"),
    "pink": lambda pgettext: pgettext("one region's colour", "pink"),
    "lime": lambda pgettext: pgettext("one region's colour", "lime"),
    "mustard": lambda pgettext: pgettext("one region's colour", "mustard"),
    "blush": lambda pgettext: pgettext("one region's colour", "blush"),
    "sage": lambda pgettext: pgettext("one region's colour", "sage"),
    "lavender": lambda pgettext: pgettext("one region's colour", "lavender"),
    "peach": lambda pgettext: pgettext("one region's colour", "peach"),
    "teal": lambda pgettext: pgettext("one region's colour", "teal"),
    "orange": lambda pgettext: pgettext("one region's colour", "orange"),
    "yellow": lambda pgettext: pgettext("one region's colour", "yellow"),
    "coral": lambda pgettext: pgettext("one region's colour", "coral"),
    "jade": lambda pgettext: pgettext("one region's colour", "jade"),
    "green": lambda pgettext: pgettext("one region's colour", "green"),
    "aqua": lambda pgettext: pgettext("one region's colour", "aqua"),
    "violet": lambda pgettext: pgettext("one region's colour", "violet"),
}
_LISTED = {
    "khaki": lambda pgettext: pgettext("colours in a list", "khaki"),
    "sky": lambda pgettext: pgettext("colours in a list", "sky"),
    "rose": lambda pgettext: pgettext("colours in a list", "rose"),
    "mint": lambda pgettext: pgettext("colours in a list", "mint"),
    "periwinkle": lambda pgettext: pgettext("colours in a list", "periwinkle"),
    "pink": lambda pgettext: pgettext("colours in a list", "pink"),
    "lime": lambda pgettext: pgettext("colours in a list", "lime"),
    "mustard": lambda pgettext: pgettext("colours in a list", "mustard"),
    "blush": lambda pgettext: pgettext("colours in a list", "blush"),
    "sage": lambda pgettext: pgettext("colours in a list", "sage"),
    "lavender": lambda pgettext: pgettext("colours in a list", "lavender"),
    "peach": lambda pgettext: pgettext("colours in a list", "peach"),
    "teal": lambda pgettext: pgettext("colours in a list", "teal"),
    "orange": lambda pgettext: pgettext("colours in a list", "orange"),
    "yellow": lambda pgettext: pgettext("colours in a list", "yellow"),
    "coral": lambda pgettext: pgettext("colours in a list", "coral"),
    "jade": lambda pgettext: pgettext("colours in a list", "jade"),
    "green": lambda pgettext: pgettext("colours in a list", "green"),
    "aqua": lambda pgettext: pgettext("colours in a list", "aqua"),
    "violet": lambda pgettext: pgettext("colours in a list", "violet"),
}


# ---------------------------------------------------------------- the sentences
def _last_cell(p: _Phrases, r: dict) -> str:
    gettext, unit, cell = p.w.gettext, r["unit"], r["cell"]
    if unit["kind"] == "row":
        text = gettext("%(unit)s has only one open cell left, so its queen goes in "
                       "column %(column)s.")
    elif unit["kind"] == "column":
        text = gettext("%(unit)s has only one open cell left, so its queen goes in row %(row)s.")
    else:
        text = gettext("%(unit)s has only one open cell left, so its queen goes in %(cell)s.")
    return p.fill(text, unit=p.unit(unit), row=cell[0] + 1, column=cell[1] + 1,
                  cell=p.cell(cell))


def _neighbours(p: _Phrases, r: dict) -> str:
    gettext = p.w.gettext
    text = (gettext("The queen in %(cell)s rules out the rest of its row, its column and "
                    "%(region)s, and the cells touching it and its diagonals.")
            if r["rule"] == "classic" else
            gettext("The queen in %(cell)s rules out the rest of its row, its column and "
                    "%(region)s, and the cells touching it."))
    return p.fill(text, cell=p.cell(r["cell"]), region=p.regions([r["region"]]))


def _confinement(p: _Phrases, r: dict) -> str:
    """Regions that lie in lines, or lines that lie in regions (`says`): the same pieces,
    each form its own sentences."""
    form = _regions_in_lines if r["says"] == "regions_in_lines" else _lines_in_regions
    return p.fill(form(p.w.gettext, r), regions=p.regions(r["regions"]),
                  lines=p.lines(r["lines"]), count=p.count(len(r["regions"])))


def _regions_in_lines(gettext: Callable[[str], str], r: dict) -> str:
    rows = r["lines"]["kind"] == "row"
    if len(r["regions"]) == 1:
        return (gettext("%(regions)s lies entirely in %(lines)s, so the rest of %(lines)s "
                        "cannot hold a queen.") if r["whole"] else
                gettext("The open cells of %(regions)s all lie in %(lines)s, so the rest of "
                        "%(lines)s cannot hold a queen."))
    if r["whole"]:
        return (gettext("%(regions)s lie entirely in %(lines)s, so those %(count)s rows hold "
                        "their queens and no other region can use them.") if rows else
                gettext("%(regions)s lie entirely in %(lines)s, so those %(count)s columns "
                        "hold their queens and no other region can use them."))
    return (gettext("The open cells of %(regions)s all lie in %(lines)s, so those "
                    "%(count)s rows hold their queens and no other region can use them.")
            if rows else
            gettext("The open cells of %(regions)s all lie in %(lines)s, so those "
                    "%(count)s columns hold their queens and no other region can use "
                    "them."))


def _lines_in_regions(gettext: Callable[[str], str], r: dict) -> str:
    if len(r["regions"]) == 1:
        return (gettext("Every cell of %(lines)s is in %(regions)s, so that region's queen "
                        "is in %(lines)s and its other cells cannot hold one.") if r["whole"]
                else gettext("Every open cell of %(lines)s is in %(regions)s, so that "
                             "region's queen is in %(lines)s and its other cells cannot "
                             "hold one."))
    return (gettext("Every cell of %(lines)s lies in %(regions)s, so those %(count)s "
                    "regions have their queens there and their other cells cannot hold "
                    "one.") if r["whole"] else
            gettext("The open cells of %(lines)s all lie in %(regions)s, so those "
                    "%(count)s regions have their queens there and their other cells "
                    "cannot hold one."))


def _elimination(p: _Phrases, r: dict) -> str:
    gettext, cells = p.w.gettext, r["cells"]
    if len(cells) == 1:
        return p.fill(gettext("A queen in %(cell)s would rule out every open cell of "
                              "%(unit)s, so that cell cannot hold one."),
                      cell=p.cell(cells[0]), unit=p.unit(r["unit"]))
    return p.ngettext(
        "A queen in this cell would rule out every open cell of %(unit)s, so it cannot hold "
        "one.",
        "A queen in any of these %(count)s cells would rule out every open cell of "
        "%(unit)s, so none of them can hold one.", len(cells), unit=p.unit(r["unit"]))


def _contradiction(p: _Phrases, r: dict) -> str:
    gettext = p.w.gettext
    return p.fill(gettext("Suppose %(cell)s held a queen: the easier techniques then show "
                          "that %(outcome)s. So %(cell)s cannot hold a queen."),
                  cell=p.cell(r["cell"]), outcome=p.outcome(r["outcome"]))


def _wrong_queen(p: _Phrases, r: dict) -> str:
    gettext, ngettext, cell = p.w.gettext, p.w.ngettext, p.cell(r["cell"])
    outcome = r.get("outcome")
    if outcome is None:
        return p.fill(gettext("A queen in %(cell)s leaves no way to finish the board: the "
                              "level's only solution has none there. Take it off."), cell=cell)
    if r["reach"]:
        return p.fill(gettext("A queen in %(cell)s rules out every cell of %(unit)s, so "
                              "%(unit)s would have no place for its queen. Take it off."),
                      cell=cell, unit=p.unit(outcome["unit"]))
    if r["steps"] == 0:
        return p.fill(gettext("With a queen in %(cell)s, %(outcome)s. Take it off."),
                      cell=cell, outcome=p.outcome(outcome))
    return p.fill(ngettext(
        "With a queen in %(cell)s, the step it forces shows that %(outcome)s. Take it off.",
        "With a queen in %(cell)s, the %(count)s steps it forces show that %(outcome)s. "
        "Take it off.", r["steps"]),
        cell=cell, count=p.count(r["steps"]), outcome=p.outcome(outcome))


def _wrong_cross(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("A cross in row %(row)s is wrong."), row=r["row"] + 1)


# ---------------------------------------------------------------- a proof of no solution
def _no_solution(p: _Phrases, r: dict) -> str:
    """The step that ends a trap's proof (issue 40), or a conflicting set a player may name:
    a unit with no open cell (one the last queen took, "ruled_out"), or regions whose open
    cells lie in fewer lines, or lines whose open cells lie in fewer regions."""
    gettext, why = p.w.gettext, r["why"]
    if why == "empty_unit":
        return p.fill(gettext("%(unit)s has no open cell left for its queen, so this board "
                              "has no solution."), unit=p.unit(r["unit"]))
    if why == "ruled_out":
        return p.fill(gettext("The queen in %(queen)s rules out %(cell)s, the last open cell "
                              "of %(unit)s, so this board has no solution."),
                      queen=p.cell(r["queen"]), cell=p.cell(r["cell"]), unit=p.unit(r["unit"]))
    regions, lines, ngettext = r["regions"], r["lines"], p.w.ngettext
    inside = why == "regions_in_lines"
    fewer = len(lines["indexes"]) if inside else len(regions)
    if inside and lines["kind"] == "row":
        text = ngettext(
            "The open cells of %(regions)s all lie in %(lines)s: %(count)s regions with only "
            "one row for their queens, so this board has no solution.",
            "The open cells of %(regions)s all lie in %(lines)s: %(count)s regions with only "
            "%(fewer)s rows for their queens, so this board has no solution.", fewer)
    elif inside:
        text = ngettext(
            "The open cells of %(regions)s all lie in %(lines)s: %(count)s regions with only "
            "one column for their queens, so this board has no solution.",
            "The open cells of %(regions)s all lie in %(lines)s: %(count)s regions with only "
            "%(fewer)s columns for their queens, so this board has no solution.", fewer)
    elif lines["kind"] == "row":
        text = ngettext(
            "The open cells of %(lines)s all lie in %(regions)s: %(count)s rows with only one "
            "region for their queens, so this board has no solution.",
            "The open cells of %(lines)s all lie in %(regions)s: %(count)s rows with only "
            "%(fewer)s regions for their queens, so this board has no solution.", fewer)
    else:
        text = ngettext(
            "The open cells of %(lines)s all lie in %(regions)s: %(count)s columns with only "
            "one region for their queens, so this board has no solution.",
            "The open cells of %(lines)s all lie in %(regions)s: %(count)s columns with only "
            "%(fewer)s regions for their queens, so this board has no solution.", fewer)
    inner = len(regions) if inside else len(lines["indexes"])
    return p.fill(text, regions=p.regions(regions), lines=p.lines(lines),
                  count=p.count(inner), fewer=p.count(fewer))


# ---------------------------------------------------------------- Star Battle (k stars)
def _last_stars(p: _Phrases, r: dict) -> str:
    return p.ngettext(
        "%(unit)s needs one more star and has only one open cell left: the star goes there.",
        "%(unit)s needs %(count)s more stars and has only %(count)s open cells left: each of "
        "them holds a star.", r["count"], unit=p.unit(r["unit"]))


def _star_neighbours(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("The star at %(cell)s touches the cells around it, so none of "
                              "them holds a star."), cell=p.cell(r["cell"]))


def _unit_full(p: _Phrases, r: dict) -> str:
    return p.ngettext("%(unit)s has its star, so its other cells are empty.",
                      "%(unit)s has its %(count)s stars, so its other cells are empty.",
                      r["count"], unit=p.unit(r["unit"]))


def _stars_confined(p: _Phrases, r: dict) -> str:
    return p.ngettext(
        "The open cells of %(inner)s all lie in %(outer)s, and both sides still need one "
        "star: so the other cells of %(outer)s are empty.",
        "The open cells of %(inner)s all lie in %(outer)s, and both sides still need "
        "%(count)s stars: so the other cells of %(outer)s are empty.", r["count"],
        inner=p.group(r["inner"]), outer=p.group(r["outer"]))


def _blocks_first(p: _Phrases, r: dict) -> str:
    """The 2×2 argument's first sentence, which both of its steps start with."""
    return p.ngettext(
        "%(lines)s need one more star, and their open cells fit in a single block of 2×2: "
        "that block holds it.",
        "%(lines)s need %(count)s more stars, and their open cells fit in no fewer than "
        "%(count)s blocks of 2×2; a block holds at most one star, so each of them holds one.",
        r["count"], lines=p.lines(r["lines"]))


def _block_single(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("%(blocks)s The block whose only open cell is %(cell)s holds "
                              "its star there."),
                  blocks=_blocks_first(p, r), cell=p.cell(r["cell"]))


def _blocks_in_line(p: _Phrases, r: dict) -> str:
    return p.ngettext(
        "%(blocks)s One of those blocks lies in %(unit)s, which needs one more star: so its "
        "other cells are empty.",
        "%(blocks)s %(count)s of those blocks lie in %(unit)s, which needs %(count)s more "
        "stars: so its other cells are empty.", r["held"],
        blocks=_blocks_first(p, r), unit=p.unit(r["unit"]))


def _star_elimination(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("With a star at %(cell)s, %(outcome)s; so that cell is empty."),
                  cell=p.cell(r["cell"]), outcome=p.outcome(r["outcome"]))


def _star_contradiction(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("Suppose a star at %(cell)s: the easier techniques then show "
                              "that %(outcome)s. So that cell is empty."),
                  cell=p.cell(r["cell"]), outcome=p.outcome(r["outcome"]))


def _wrong_star(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("The star at %(cell)s cannot be part of the solution."),
                  cell=p.cell(r["cell"]))


# ---------------------------------------------------------------- a painting's problems
def _unpainted(p: _Phrases, r: dict) -> str:
    return p.ngettext("%(count)s cell is not painted yet.",
                      "%(count)s cells are not painted yet.", r["count"])


def _unused(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("%(region)s has no cells; a %(size)s×%(size)s board needs "
                              "%(size)s regions."),
                  region=p.regions([r["region"]]), size=r["size"])


def _disconnected(p: _Phrases, r: dict) -> str:
    return p.fill(p.w.gettext("%(region)s is in %(count)s pieces; its cells must touch."),
                  region=p.regions([r["region"]]), count=r["count"])


def _too_open(p: _Phrases, r: dict) -> str:
    return p.w.gettext("This map leaves the stars so much room that its solutions could not "
                       "be counted in time; make the regions smaller or more varied.")


SENTENCES = {
    ("last_cell", "last_cell"): _last_cell,
    ("neighbours", "neighbours"): _neighbours,
    ("confinement", "regions_in_lines"): _confinement,
    ("confinement", "lines_in_regions"): _confinement,
    ("group_confinement", "regions_in_lines"): _confinement,
    ("group_confinement", "lines_in_regions"): _confinement,
    ("elimination", "elimination"): _elimination,
    ("contradiction", "contradiction"): _contradiction,
    ("last_cell", "no_solution"): _no_solution,
    ("neighbours", "no_solution"): _no_solution,
    ("confinement", "no_solution"): _no_solution,
    ("group_confinement", "no_solution"): _no_solution,
    ("mistake", "wrong_queen"): _wrong_queen,
    ("mistake", "wrong_cross"): _wrong_cross,
    ("mistake", "wrong_star"): _wrong_star,
    ("last_cell", "last_stars"): _last_stars,
    ("neighbours", "star_neighbours"): _star_neighbours,
    ("neighbours", "unit_full"): _unit_full,
    ("confinement", "stars_confined"): _stars_confined,
    ("group_confinement", "stars_confined"): _stars_confined,
    ("blocks", "block_single"): _block_single,
    ("blocks", "blocks_in_line"): _blocks_in_line,
    ("elimination", "star_elimination"): _star_elimination,
    ("contradiction", "star_contradiction"): _star_contradiction,
    ("problem", "unpainted"): _unpainted,
    ("problem", "unused"): _unused,
    ("problem", "disconnected"): _disconnected,
    ("problem", "too_open"): _too_open,
}
