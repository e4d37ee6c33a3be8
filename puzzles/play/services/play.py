"""Play: a player's row for a level, checks, reveals, hints and recorded solves. The solution
leaves here only in a solving check or a reveal. Over 300 lines: every way the solution or a
ranked time can leave the server is in this one module, so it is audited in one read."""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from generator_ext import Step, hint, parse_cells
from puzzles.core.errors import ServiceError
from puzzles.core.vocabulary import Category
from puzzles.levels.models import Level
from puzzles.play import board_check as board
from puzzles.play import move_log as moves
from puzzles.play import solve_listeners
from puzzles.play.models import HintShown, Reveal, Solve
from puzzles.play.selectors import play as play_selectors

SOLVE_TOKEN_SALT = "queens.solve"
SOLVE_TOKEN_MAX_AGE_S = 7 * 24 * 3600
OPENED_TOKEN_SALT = "queens.opened"
# An opening time older than this is not believed (a page left open for days starts anew).
OPENED_MAX_AGE_S = 24 * 3600
# One address's solves of one level that may count in its rankings: a family or a classroom
# behind one address is a few players; thirty fresh cookies are one.
RANKED_SOLVES_PER_ADDRESS = 5


@dataclass(frozen=True)
class CheckResult:
    solved: bool
    conflicts: list[dict]
    # Only when solved:
    solution: list | None = None  # as Level.solution
    seconds: int | None = None
    token: str | None = None
    theme: str | None = None  # the motif the level was composed around, if any


@dataclass(frozen=True)
class NoStep:
    """A hint when there is no next step: the board is solved, or no technique finds one."""
    message: str
    technique: None = None
    queens: list = field(default_factory=list)
    crosses: list = field(default_factory=list)
    because: list = field(default_factory=list)
    mistake: bool = False


@dataclass(frozen=True)
class SolveRecord:
    """A recorded solve as the win dialog tells it: where the time stands among the level's
    solvers, and whether and why it is ranked."""

    percentile: float
    solvers: int
    seconds: int
    hints: int
    ranked: bool
    assisted: bool
    faster_than: int | None
    # Why not ranked: "assisted" (on the assisted board only), or why on no board at all:
    # "revealed" (the level was revealed at this address), "hinted" (other players there
    # took its hints: selectors.play.exposed_at), "too_fast" (faster than the
    # level's steps), "unverified" (the move log did not hold up), "implausible" (its pace),
    # "address" (too many from one address) or, later, "struck" (by staff).
    unranked: str | None
    category: str | None  # the leaderboard category it earned; None: on no board


@contextmanager
def engine_refusals():
    """The engine's ValueError on a player's marks (a cell off the board, a malformed pair)
    is a refusal with its sentence, like any other."""
    try:
        yield
    except ServiceError:
        raise
    except ValueError as error:
        raise ServiceError(str(error)) from None


def opening_token(level: Level) -> str:
    """The moment a page showed this level, signed: the player's start (the first mark) sends
    it back with how long after the page's load the player started, so the solving time
    starts at the player's start while the GET itself writes nothing."""
    now_ms = int(time.time() * 1000)  # "t" in seconds, as ever; "m" the milliseconds
    return signing.dumps({"l": level.id, "t": now_ms // 1000, "m": now_ms % 1000},
                         salt=OPENED_TOKEN_SALT)


def opened_at(level: Level, *, token: object, started: object = None) -> datetime:
    """When the play began: the opening time a token carries for this level, moved on by
    `started` (ms from the page's load to the player's first mark, as the page measured it);
    never later than now, and now if the token carries no time we believe. A client can only
    choose a start between the opening and now, as it could by holding back its first move:
    the solve must still pass moves.human_pace, measured from that start."""
    now = timezone.now()
    if not isinstance(token, str) or not token:
        return now
    try:
        claim = signing.loads(token, salt=OPENED_TOKEN_SALT, max_age=OPENED_MAX_AGE_S)
    except signing.BadSignature:
        return now
    if not isinstance(claim, dict) or claim.get("l") != level.id \
            or not isinstance(claim.get("t"), int):
        return now
    shown = datetime.fromtimestamp(claim["t"], tz=timezone.get_current_timezone())
    if isinstance(claim.get("m"), int) and 0 <= claim["m"] < 1000:
        shown += timedelta(milliseconds=claim["m"])
    if isinstance(started, int) and not isinstance(started, bool) and started > 0:
        shown += timedelta(milliseconds=min(started, OPENED_MAX_AGE_S * 1000))
    return min(now, shown)


def start_play(level: Level, *, player: str, address: str = "", opened: object = None,
               started: object = None) -> Solve:
    """The player's row for this level, made on their first move, check or hint (never on a
    GET): one play per player. Its opening time is the player's start: the page's signed
    token and `started` (opened_at)."""
    solve = play_selectors.play_of(level, player)
    if solve is not None:
        return solve
    try:
        with transaction.atomic():
            return Solve.objects.create(level=level, player=player, address=address,
                                        opened_at=opened_at(level, token=opened,
                                                            started=started))
    except IntegrityError:  # the same player's first two requests at once
        return Solve.objects.get(level=level, player=player)


def check_queens(level: Level, *, queens: object, player: str, address: str = "",
                 opened: object = None, started: object = None) -> CheckResult:
    """Conflicts on the player's queens; the solution and a solve token only when solved.
    The token carries the time the server measured since the player opened the level."""
    with engine_refusals():
        cells = parse_cells(queens, level.size, "queens")
    most = level.size * level.stars
    if len(cells) > most:  # the answer lists every pair in conflict: keep it small
        raise ServiceError((gettext("a %(size)s×%(size)s board holds %(most)s queens at most; this "
                                    "check has %(count)s") if level.stars == 1 else
                            gettext("a %(size)s×%(size)s board holds %(most)s stars at most; this "
                                    "check has %(count)s"))
                           % {"size": level.size, "most": most, "count": len(cells)})
    solved = board.is_exact_solution(cells, level.solution)
    conflicts = board.find_conflicts(level.regions, cells, level.rule, level.stars)
    solve = start_play(level, player=player, address=address, opened=opened, started=started)
    if not solved:
        if len(cells) == most and solve.solved_at is None:  # a wrong board checked
            Solve.objects.filter(id=solve.id).update(wrong_checks=F("wrong_checks") + 1)
        return CheckResult(solved=False, conflicts=conflicts)
    now = timezone.now()
    if solve.solved_at is None:
        Solve.objects.filter(id=solve.id, solved_at__isnull=True).update(solved_at=now)
    seconds = max(0, int((now - (solve.opened_at or now)).total_seconds()))
    token = signing.dumps({"l": level.id, "p": player, "s": seconds}, salt=SOLVE_TOKEN_SALT)
    return CheckResult(solved=True, conflicts=conflicts, solution=level.solution,
                       seconds=seconds, token=token, theme=level.motif or None)


def reveal_solution(level: Level, *, player: str, address: str = "",
                    opened: object = None, started: object = None) -> list:
    """The solution; the level counts as revealed for this player, never as solved."""
    solve = start_play(level, player=player, address=address, opened=opened, started=started)
    if not solve.revealed and solve.seconds is None:
        Solve.objects.filter(id=solve.id).update(revealed=True)
    if address:  # whoever asked: the address's later solves of it are not ranked
        Reveal.objects.get_or_create(level=level, address=address)
    return level.solution


def give_hint(level: Level, *, player: str, queens: object, crosses: object,
              address: str = "", opened: object = None,
              started: object = None) -> Step | NoStep:
    """The engine's next step from the player's own board, its regions named by the level's
    colours, counted for that player and level when it teaches something (a step or a
    mistake); the solution never leaves here."""
    with engine_refusals():
        step = hint(level.regions, level.rule, queens, crosses,  # checks the marks
                    colors=level.colors(), stars=level.stars)
    if step is None:
        solved = board.is_exact_solution(parse_cells(queens, level.size, "queens"),
                                         level.solution)
        return NoStep(message=gettext("The board is solved.") if solved else gettext(
            "No technique finds a next step from these marks."))
    solve = start_play(level, player=player, address=address, opened=opened, started=started)
    with transaction.atomic():  # the count and the technique list stay one story
        solve = Solve.objects.select_for_update().get(id=solve.id)
        solve.hints += 1
        solve.techniques = [*solve.techniques, step.technique]
        solve.save(update_fields=["hints", "techniques"])
        if address and address != solve.address:  # shown here, counted on a play begun elsewhere
            HintShown.objects.get_or_create(level=level, address=address)
            HintShown.objects.filter(level=level, address=address).update(hints=F("hints") + 1)
    return step


def solve_category(solve: Solve) -> str:
    if solve.hints:
        return Category.ASSISTED
    return Category.FLAWLESS if not solve.wrong_checks else Category.NO_HINTS


def offset_s(moment: datetime | None, solve: Solve) -> float:
    """Seconds from the play's opening to `moment`."""
    if moment is None or solve.opened_at is None:
        return 0.0
    return max(0.0, (moment - solve.opened_at).total_seconds())


def why_unranked(level: Level, solve: Solve, log: list | None) -> str | None:
    """Why a recorded solve goes on no board (the first reason found), or None."""
    shown = play_selectors.exposed_at(level, solve.address, besides=solve.player)
    if shown:
        return shown
    techniques = moves.techniques_of(level)
    if 1000 * solve.seconds < moves.fastest_ms(techniques):  # whatever the log says
        return "too_fast"
    verdict = moves.verify(log, solution=level.solution,
                           first_seen_s=offset_s(solve.created_at, solve),
                           solved_s=offset_s(solve.solved_at, solve), techniques=techniques)
    if not verdict.verified:
        return verdict.reason
    if solve.address and play_selectors.board_solves_from(
            level, solve.address) >= RANKED_SOLVES_PER_ADDRESS:
        return "address"
    return None


def record_solve(level: Level, *, player: str, token: object,
                 moves_log: object = None) -> SolveRecord:
    """Record a solve. Its time is the one the server measured (in the token of the solving
    check) and its hints the server's count; the client states neither. Its move log, when
    it holds up, puts it on the daily's leaderboards (puzzles.play.move_log)."""
    if not isinstance(token, str) or not token:
        raise ServiceError(gettext("token must be the token from a solving check"))
    try:
        claim = signing.loads(token, salt=SOLVE_TOKEN_SALT, max_age=SOLVE_TOKEN_MAX_AGE_S)
    except signing.BadSignature as error:
        raise ServiceError(gettext("the solve token is not valid")) from error
    if claim.get("l") != level.id or claim.get("p") != player:
        raise ServiceError(gettext("the solve token belongs to another level or player"))
    seconds = claim.get("s")
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0:
        raise ServiceError(gettext("the solve token carries no time; check the solution again"))
    log = moves.parse_moves(moves_log, level.size)
    moves.techniques_of(level)  # the engine's steps (kept per map), read outside the row lock
    with transaction.atomic():
        solve, _ = Solve.objects.select_for_update().get_or_create(level=level, player=player)
        if solve.revealed:
            raise ServiceError(gettext("this level was revealed, so it cannot count as solved"))
        if solve.seconds is not None:
            raise ServiceError(gettext("this solve is already recorded"))
        solve.seconds = seconds
        solve.moves = log
        problem = why_unranked(level, solve, log)
        solve.category = "" if problem else solve_category(solve)
        # An assisted solve is on the assisted board, never in the level's ranking: that
        # is what the player is told, whatever else kept it off the boards.
        unranked = "assisted" if solve.hints else problem
        solve.ranked = unranked is None
        solve.unranked = unranked or ""
        solve.save(update_fields=["seconds", "moves", "category", "ranked", "unranked"])
        transaction.on_commit(lambda: solve_listeners.solve_recorded(solve))  # the boards
    ranking = play_selectors.solve_ranking(level, seconds, counted=solve.ranked)
    return SolveRecord(percentile=ranking.percentile, solvers=ranking.solvers,
                       faster_than=ranking.faster_than if solve.ranked else None,
                       seconds=seconds, hints=solve.hints, ranked=solve.ranked,
                       assisted=solve.hints > 0, unranked=unranked,
                       category=solve.category or None)


def record_offline_solve(level: Level, *, player: str, queens: object, moves_log: object,
                         address: str = "", opened: object = None,
                         started: object = None) -> SolveRecord:
    """Record a solve made without a network: the board told the win by the rules alone (a
    full placement that breaks none is the unique solution), so the server checks the queens
    and replays the move log to them. Its time is the log's (the player's clock; no server
    saw it), so it is kept and shown, never ranked. Sent twice, it is recorded once."""
    with engine_refusals():
        cells = parse_cells(queens, level.size, "queens")
    if not board.is_exact_solution(cells, level.solution):
        raise ServiceError(gettext("these queens do not solve the level"))
    log = moves.parse_moves(moves_log, level.size)
    if not log:
        raise ServiceError(gettext("an offline solve must carry its move log"))
    problem = moves.replay_problem(log, level.solution)
    if problem:
        raise ServiceError(problem)
    start_play(level, player=player, address=address, opened=opened, started=started)
    with transaction.atomic():
        solve = Solve.objects.select_for_update().get(level=level, player=player)
        if solve.revealed:
            raise ServiceError(gettext("this level was revealed, so it cannot count as solved"))
        if solve.seconds is None:
            solve.seconds = log[-1][0] // 1000
            solve.moves = log
            solve.solved_at = solve.solved_at or timezone.now()
            solve.category, solve.ranked, solve.unranked = "", False, "offline"
            solve.save(update_fields=["seconds", "moves", "solved_at", "category", "ranked",
                                      "unranked"])
    ranking = play_selectors.solve_ranking(level, solve.seconds, counted=False)
    return SolveRecord(percentile=ranking.percentile, solvers=ranking.solvers,
                       faster_than=None, seconds=solve.seconds, hints=solve.hints,
                       ranked=solve.ranked, assisted=solve.hints > 0,
                       unranked=solve.unranked or None, category=solve.category or None)

