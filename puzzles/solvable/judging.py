""""Solvable?"'s answers judged: a claim's units parsed, and a board's answer right or wrong
with the sentence that says why, the same reads for both kinds (no engine search but the
budgeted units_conflict, which a level and a trap both run for a short claim)."""

from __future__ import annotations

from django.utils.translation import gettext

from generator_ext import parse_cells, units_conflict
from puzzles.core.errors import ServiceError
from puzzles.play import board_check
from puzzles.play.services.play import engine_refusals
from puzzles.solvable.models import Answer

UNIT_KINDS = ("row", "column", "region")
# A claim names a minimal conflicting set: k regions in k-1 lines is 2k-1 units; no set the
# techniques reach on a served board needs more than this.
MAX_CLAIM = 12


def parse_units(units: object, size: int) -> frozenset[tuple[str, int]]:
    """A claim: distinct [kind, index] pairs, kind row, column or region, index 0 to n-1."""
    if not isinstance(units, list) or not 1 <= len(units) <= MAX_CLAIM:
        raise ServiceError(gettext("Select between 1 and %(most)s rows, columns or regions.")
                           % {"most": MAX_CLAIM})
    claim = set()
    for unit in units:
        if not (isinstance(unit, list) and len(unit) == 2 and unit[0] in UNIT_KINDS
                and isinstance(unit[1], int) and not isinstance(unit[1], bool)
                and 0 <= unit[1] < size):
            raise ServiceError(gettext("Each unit is [kind, index]: kind row, column or "
                                       "region, index from 0 to %(last)s.")
                               % {"last": size - 1})
        claim.add((unit[0], unit[1]))
    if len(claim) != len(units):
        raise ServiceError(gettext("A unit is named twice."))
    return frozenset(claim)


def judge(level, answer: str, queens: object, units: object) -> tuple[bool, str, object]:
    """(right, why, what was claimed) for a board. A claim is right when it is one of the
    minimal sets the proof allows, or a minimal set alone (conflicts_alone); on a trap, more
    units than a conflict needs (a set of the proof's and others, or every region: that the
    board has no solution, restated) is told so, not that they do not conflict."""
    if answer == Answer.SOLVED:
        with engine_refusals():
            cells = parse_cells(queens, level.size, "queens")
        right = not level.trap and board_check.is_exact_solution(cells, level.solution)
        if right:
            return True, gettext("Those queens solve it."), cells
        if level.trap:
            return False, gettext("No queens can solve this board."), cells
        return False, gettext("Those queens are not this board's solution."), cells
    claim = parse_units(units, level.size)
    conflicts = {frozenset((kind, index) for kind, index in conflict["units"])
                 for conflict in (level.proof or {}).get("conflicts", ())}
    if claim in conflicts or conflicts_alone(level, claim):
        return True, gettext("Those units cannot all have their queen."), claim
    if level.trap and (any(claim > conflict for conflict in conflicts)
                       or _holds_a_whole_kind(claim, level.size)):
        return False, gettext("Those units cannot all have their queen, but fewer of them "
                              "already cannot: select only the units that conflict."), claim
    if level.trap:
        return False, gettext("Not because of those units: they do not conflict."), claim
    return False, gettext("Those units can all have their queen."), claim


def conflicts_alone(level, claim: frozenset) -> bool:
    """Fewer units than n (n rows restate the puzzle) that cannot all have their queen even
    on the empty board, each needed (units_conflict): none on a level, which fills them all."""
    return len(claim) < level.size and units_conflict(level.regions, level.rule, sorted(claim))


def _holds_a_whole_kind(claim: frozenset, size: int) -> bool:
    """Every row, every column or every region: on a trap, "no solution" said again."""
    return any(sum(1 for unit_kind, _ in claim if unit_kind == kind) == size
               for kind in UNIT_KINDS)
