"""A slow, literal Python reading of the six techniques (docs/architecture.md §5), to check
the compiled deduction engine against. Group confinement enumerates subsets here, as the
engine must not."""

from __future__ import annotations

from itertools import combinations

Cell = tuple[int, int]


class Board:
    def __init__(self, regions: list[list[int]], rule: str):
        self.regions = regions
        self.rule = rule
        self.n = n = len(regions)
        self.units: list[tuple[str, int, frozenset[Cell]]] = []
        for i in range(n):
            self.units.append(("row", i, frozenset((i, c) for c in range(n))))
        for i in range(n):
            self.units.append(("column", i, frozenset((r, i) for r in range(n))))
        for g in range(n):
            cells = frozenset((r, c) for r in range(n) for c in range(n) if regions[r][c] == g)
            self.units.append(("region", g, cells))

    def attacks(self, a: Cell, b: Cell) -> bool:
        """Would queens on a and b break a rule (a != b)?"""
        (r1, c1), (r2, c2) = a, b
        if r1 == r2 or c1 == c2 or self.regions[r1][c1] == self.regions[r2][c2]:
            return True
        if max(abs(r1 - r2), abs(c1 - c2)) == 1:
            return True
        return self.rule == "classic" and abs(r1 - r2) == abs(c1 - c2)

    def lines(self, kind: str):
        return [u for u in self.units if u[0] == kind]


class State:
    def __init__(self, board: Board, queens=(), crosses=()):
        self.board = board
        n = board.n
        self.queens: set[Cell] = {tuple(q) for q in queens}
        self.open: set[Cell] = {(r, c) for r in range(n) for c in range(n)}
        self.open -= self.queens
        self.open -= {tuple(x) for x in crosses}

    def copy(self) -> State:
        other = State.__new__(State)
        other.board, other.queens, other.open = self.board, set(self.queens), set(self.open)
        return other

    def unsolved(self):
        return [u for u in self.board.units if not (u[2] & self.queens)]

    def contradiction(self) -> bool:
        for a, b in combinations(self.queens, 2):
            if self.board.attacks(a, b):
                return True
        return any(not (cells & self.open) for _, _, cells in self.unsolved())

    def solved(self) -> bool:
        return len(self.queens) == self.board.n and not self.contradiction()


def last_cell(s: State) -> list[tuple[set[Cell], set[Cell]]]:
    """Every instance as (queens, crosses)."""
    out = []
    for _, _, cells in s.unsolved():
        if len(cells & s.open) == 1:
            out.append((set(cells & s.open), set()))
    return out


def neighbours(s: State):
    out = []
    for q in s.queens:
        hit = {x for x in s.open if s.board.attacks(q, x)}
        if hit:
            out.append((set(), hit))
    return out


def _confinements(s: State, sizes) -> list[tuple[set[Cell], set[Cell]]]:
    out = []
    unsolved = s.unsolved()
    regions = [u for u in unsolved if u[0] == "region"]
    for kind in ("row", "column"):
        lines = [u for u in unsolved if u[0] == kind]
        # k regions whose open cells lie within k lines: the rest of those lines goes; and the
        # dual, k lines within k regions: the rest of those regions goes.
        for k in sizes:
            for inner, outer in ((regions, lines), (lines, regions)):
                for group in combinations(inner, k):
                    own = set().union(*(cells & s.open for _, _, cells in group))
                    used = [unit for unit in outer if unit[2] & own]
                    if len(used) == k:
                        rest = set().union(*(unit[2] for unit in used)) & s.open - own
                        if rest:
                            out.append((set(), rest))
    return out


def confinement(s: State):
    return _confinements(s, [1])


def group_confinement(s: State):
    return _confinements(s, range(2, s.board.n + 1))


def elimination(s: State):
    out = []
    for _, _, cells in s.unsolved():
        target = cells & s.open
        if not target:
            continue
        hit = {x for x in s.open - cells if all(s.board.attacks(x, y) for y in target)}
        if hit:
            out.append((set(), hit))
    return out


def apply(s: State, queens: set[Cell], crosses: set[Cell]) -> None:
    s.queens |= queens
    s.open -= queens | crosses


TECHNIQUES = [last_cell, neighbours, confinement, group_confinement, elimination]


def closure(s: State, level: int) -> State:
    """Apply every instance of techniques 1..level (at most 5) until nothing changes."""
    s = s.copy()
    while not s.contradiction() and not s.solved():
        for technique in TECHNIQUES[:level]:
            found = technique(s)
            if found:
                for queens, crosses in found:
                    apply(s, queens, crosses)
                break
        else:
            break
    return s


def contradiction(s: State):
    out = []
    for x in sorted(s.open):
        trial = s.copy()
        apply(trial, {x}, set())
        if closure(trial, 5).contradiction():
            out.append((set(), {x}))
    return out


def easiest(s: State) -> int:
    """The number of the easiest technique with an instance here (0: none)."""
    for number, technique in enumerate([*TECHNIQUES, contradiction], start=1):
        if technique(s):
            return number
    return 0
