""""Solvable?"'s writes (issue 40): a run of boards dealt in a tier (ordinary levels and
traps in a random order), each answered once, its hints, and the score.

Secrecy: whether a board is a trap leaves here only in its answer. Dealing and answering do
the same work for both kinds (rows read, no engine search: a trap's proof was stored with
it), and a hint runs the same engine call for both (rate(): the board's logic, step by step)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from generator_ext import parse_cells, rate
from puzzles.core.errors import Busy, ServiceError
from puzzles.core.vocabulary import (
    SOLVABLE_BOARDS,
    SOLVABLE_SIZES,
    SOLVABLE_TRAP_SHARE,
    Kind,
    check_tier,
)
from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.services.pools import request_top_up
from puzzles.play import board_check, move_log
from puzzles.play.services.play import engine_refusals
from puzzles.solvable import scoring
from puzzles.solvable.judging import judge
from puzzles.solvable.models import Answer, SolvableBoard, SolvableRun
from puzzles.solvable.selectors import board_colors, player_tier


@dataclass(frozen=True)
class Judged:
    """An answer as the player hears it: right or wrong and why, the points, the run's
    score, and now (never before) what the board was: its solution or its proof."""

    correct: bool
    message: str
    points: int
    score: int
    finished: bool
    trap: bool
    solution: list | None = None
    proof: dict | None = None
    next: SolvableBoard | None = None  # the run's next board, dealt with this answer
    claim: list | None = None  # a right claim's units: the proof is told through them


@dataclass(frozen=True)
class LogicStep:
    """A hint in this mode: the next step of the board's logic (as a Step: what
    StepSerializer shapes). Never a mistake: no board here is judged against a solution
    before it is answered."""

    technique: str
    reason: dict | None
    queens: list = field(default_factory=list)
    crosses: list = field(default_factory=list)
    because: list = field(default_factory=list)
    message: str = ""
    mistake: bool = False


# Deals draw from the system's secret source: no seed to learn from earlier runs.
_DRAW = secrets.SystemRandom()


def trap_count() -> int:
    """How many of a run's boards are traps: each one with SOLVABLE_TRAP_SHARE, drawn apart,
    so no count is known before the boards are answered."""
    return sum(_DRAW.random() < SOLVABLE_TRAP_SHARE for _ in range(SOLVABLE_BOARDS))


def _deal(ready: list[int], count: int, seen: set[int]) -> list[int]:
    """`count` of these boards, the ones the player was never dealt first: a board met again
    is one whose answer they may remember. Only a player who has met every board of a pool
    meets one again (the pools are shared: boards are not used up)."""
    fresh = [level_id for level_id in ready if level_id not in seen]
    if len(fresh) >= count:
        return _DRAW.sample(fresh, count)
    again = [level_id for level_id in ready if level_id in seen]
    return fresh + _DRAW.sample(again, count - len(fresh))


def start_run(*, player: str, tier: object = None) -> SolvableRun:
    """A run of SOLVABLE_BOARDS boards of the tier (default the player's, selectors.
    player_tier), trap_count() of them traps, in a random order; Busy when a pool has too
    few ready (a top-up is asked for)."""
    tier = check_tier(tier, None) if tier else player_tier(player)
    if tier not in SOLVABLE_SIZES:
        raise ServiceError(gettext("“Solvable?” has no %(tier)s boards") % {"tier": tier})
    size = SOLVABLE_SIZES[tier]
    # Both kinds from the mode's own pools, read alike: no other route serves either, so no
    # public level tells an ordinary board from a trap.
    traps = trap_count()
    wanted = {Kind.SOLVABLE: SOLVABLE_BOARDS - traps, Kind.TRAP: traps}
    ready = {kind: list(level_selectors.kind_levels(size, tier, kind)
                        .values_list("id", flat=True)) for kind in wanted}
    if any(len(ready[kind]) < count for kind, count in wanted.items()):
        request_top_up()
        raise Busy(gettext("Not enough boards are ready yet; try again in a minute."))
    seen = set(SolvableBoard.objects.filter(run__player=player).values_list("level_id",
                                                                           flat=True))
    dealt = [level_id for kind, count in wanted.items()
             for level_id in _deal(ready[kind], count, seen)]
    _DRAW.shuffle(dealt)
    with transaction.atomic():
        run = SolvableRun.objects.create(key=secrets.token_urlsafe(12), player=player,
                                         tier=tier, size=size)
        SolvableBoard.objects.bulk_create(
            SolvableBoard(run=run, position=at, level_id=level_id)
            for at, level_id in enumerate(dealt))
    return run


def _next_board(run: SolvableRun, position: int) -> SolvableBoard:
    """The board at `position`, locked, when it is the run's next unanswered one."""
    board = (SolvableBoard.objects.select_for_update().select_related("level")
             .filter(run=run, position=position).first())
    if board is None:
        raise ServiceError(gettext("This run has no board %(number)s.")
                           % {"number": position + 1})
    if board.answered_at is not None:
        raise ServiceError(gettext("This board is answered already."))
    if run.boards.filter(position__lt=position, answered_at__isnull=True).exists():
        raise ServiceError(gettext("Answer the boards in order."))
    return board


def _fastest_s(level) -> float:
    """The quickest answer a person gives this board (play.move_log's one rule for it): a
    level's solving steps, or a trap's proof to its contradiction."""
    if level.trap:
        techniques = [step["technique"] for step in
                      [*level.proof["steps"], level.proof["contradiction"]]]
    else:
        techniques = move_log.techniques_of(level)
    return move_log.fastest_ms(techniques) / 1000


def answer_board(*, run: SolvableRun, position: int, answer: str, queens: object = None,
                 units: object = None) -> Judged:
    """Judge the run's next board: solved with the player's queens, or "no solution" with
    the units that conflict (right when they are one of the sets the trap's proof allows,
    generator_ext.trap_conflicts). Once only; the solution or the proof comes with it."""
    if answer not in Answer.values:
        raise ServiceError(gettext("The answer is “solved” or “no_solution”."))
    now = timezone.now()
    with transaction.atomic():
        run = SolvableRun.objects.select_for_update().get(id=run.id)
        board = _next_board(run, position)
        level = board.level
        right, message, claim = judge(level, answer, queens, units)
        previous = run.boards.filter(answered_at__isnull=False).order_by(
            "-answered_at").values_list("answered_at", flat=True).first()
        seconds = max(0, int((now - (previous or run.created_at)).total_seconds()))
        points = scoring.points(correct=right, seconds=seconds, hints=board.hints,
                                size=level.size, fastest_s=_fastest_s(level))
        board.answer, board.correct, board.points = answer, right, points
        board.claim = sorted(map(list, claim))
        board.seconds, board.answered_at = seconds, now
        board.save(update_fields=["answer", "correct", "points", "claim", "seconds",
                                  "answered_at"])
        run.score += points
        run.right += right
        following = (run.boards.select_related("level", "run")
                     .filter(position=position + 1).first())
        finished = following is None
        if finished:
            run.finished_at = now
        run.save(update_fields=["score", "right", "finished_at"])
    return Judged(correct=right, message=message, points=points, score=run.score,
                  finished=finished, trap=level.trap,
                  solution=None if level.trap else level.solution,
                  proof=level.proof if level.trap else None, next=following,
                  claim=board.claim if right and answer == Answer.NO_SOLUTION else None)


def hint_board(*, run: SolvableRun, position: int, queens: object,
               crosses: object) -> object:
    """The next step from the player's marks, counted on the board (a hint costs points):
    the next step of the board's own logic (rate()'s steps, the first the marks do not show
    yet; on a trap then its contradiction), in the engine's words. Both kinds alike: the
    engine's hint() judges a level's marks against its solution ("a queen off the solution
    is a mistake"), which a trap, having none, never answered; any wrong queen then told a
    level from a trap for the price of a hint."""
    with transaction.atomic():
        run = SolvableRun.objects.select_for_update().get(id=run.id)
        board = _next_board(run, position)
        level = board.level
        queen_cells, cross_cells = _marks(level, queens, crosses)
        with engine_refusals():
            step = _logic_step(level, queen_cells, cross_cells)
        board.hints += 1
        board.save(update_fields=["hints"])
    return step


def _marks(level, queens: object, crosses: object) -> tuple[list, list]:
    """The player's marks, checked the same for both kinds before either is asked: any
    refusal the engine's hint() makes of a level's marks (a cell both a queen and a cross)
    is made here for a trap too, or a free refusal would tell a level from a trap. Marks no
    board can hold (queens that break the rule, a unit crossed out whole) are refused too:
    they "show" every step of a board's logic, past which a level has no step (a free 400)
    and a trap its contradiction, the claim to answer with (a queen on every cell told each
    trap for one hint)."""
    with engine_refusals():
        queen_cells = parse_cells(queens, level.size, "queens")
        cross_cells = parse_cells(crosses, level.size, "crosses")
    both = sorted(set(queen_cells) & set(cross_cells))
    if both:
        raise ServiceError(gettext("Cell %(cell)s is both a queen and a cross.")
                           % {"cell": list(both[0])})
    if board_check.find_conflicts(level.regions, queen_cells, level.rule):
        raise ServiceError(gettext("Two of these queens touch or share a row, a column or a "
                                   "region: take one off before asking for a hint."))
    if _crossed_out_unit(level.regions, cross_cells):
        raise ServiceError(gettext("These crosses leave a row, a column or a region no cell "
                                   "for its queen: if they are all right, this board has no "
                                   "solution; if not, take one off."))
    return queen_cells, cross_cells


def _crossed_out_unit(regions: list, crosses: list) -> bool:
    """A row, column or region every cell of which is crossed out (a queen is no cross)."""
    crossed = set(crosses)
    units = {(r, c, g): (("row", r), ("column", c), ("region", g))
             for r, row in enumerate(regions) for c, g in enumerate(row)}
    open_units = {unit for cell, cell_units in units.items() if cell[:2] not in crossed
                  for unit in cell_units}
    return any(unit not in open_units for cell_units in units.values() for unit in cell_units)


def _logic_step(level, queens, crosses) -> LogicStep:
    rating = rate(level.regions, level.rule, board_colors(level))  # one call for both kinds
    marked_queens, marked = set(queens), set(queens) | set(crosses)
    for step in [*rating.steps, rating.contradiction]:
        if step is None:
            continue
        if (not {tuple(c) for c in step.queens} <= marked_queens
                or not {tuple(c) for c in step.crosses} <= marked
                or step is rating.contradiction):
            return LogicStep(technique=step.technique, reason=step.reason, queens=step.queens,
                             crosses=step.crosses, because=step.because, message=step.message)
    raise ServiceError(gettext("No technique finds a next step from these marks."))
