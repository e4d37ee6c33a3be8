"""A solve's move log, `[[ms_since_open, row, col, mark], ...]`, read and replayed against
the level and the server's own clock. The log decides nothing alone: a solve is ranked only
when its log replays to the solution, keeps time with what the server saw, and moves at a
human pace for this level (`human_pace`: measured against the deduction engine's own steps for
it). A log that fails is kept; its solve is simply not ranked."""

from __future__ import annotations

import functools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from generator_ext import rate
from puzzles.core.errors import ServiceError
from puzzles.play.board_check import solution_cells

EMPTY, CROSS, QUEEN = 0, 1, 2  # static/js/state.js says the same (tests/js/test_parity.py)
# The most entries a log may hold: a player's queen moves and single crosses, not the
# auto-crosses (the client logs those only as the queen that made them).
MAX_MOVES = 3000
MAX_MS = 7 * 24 * 3600 * 1000
# The page opens a moment after the server signed its opening, and a check arrives a
# moment after the move that filled the board: so much drift between the two clocks is
# believed (seconds, plus a share of the solve's length).
DRIFT_S = 5.0
DRIFT_SHARE = 0.05
LATE_S = 2.0  # a move logged after the server saw the solve, beyond any clock jitter
# Queens placed closer together than this are placed at a machine's speed; a log whose
# placements mostly are is not a person's.
MACHINE_GAP_MS = 100
# The least time a practised player takes to see and apply each of the engine's techniques
# (generator_ext.TECHNIQUES, easiest first), a queen's double tap included: a level's steps
# add up to the fastest solve of it a person makes. Chosen low (a fast human's 8×8 in 9 s
# stays ranked: tests/api/test_players.py), so that what is slower than this is no proof of
# a person, but what is faster is a script. A technique not listed counts DEFAULT_STEP_MS.
STEP_MS = {"last_cell": 250, "neighbours": 100, "confinement": 400, "group_confinement": 800,
           "elimination": 1000, "contradiction": 1200}
DEFAULT_STEP_MS = 800
# The marks carry the thinking: from the log's first entry to its last is at least this
# share of the level's steps (a person who stares, then places every queen at once, has
# not solved a level whose steps need crosses to follow).
ACTIVE_SHARE = 0.3
# A person's pauses between queens vary: spread (standard deviation / mean) below this over
# at least EVEN_MIN_GAPS pauses is a metronome's.
EVEN_SPREAD = 0.2
EVEN_MIN_GAPS = 5
# A level that needs these has no person solve it near the fastest time without a single cross
# or correction along the way (a script with the solution in hand needs none).
HARD_TECHNIQUES = frozenset({"elimination", "contradiction"})
BARE_SPEED_SHARE = 2.0  # "near": under this many times the level's fastest


@dataclass(frozen=True)
class Verdict:
    verified: bool
    # "unverified" (the log does not hold up), "too_fast" (faster than the level's steps) or
    # "implausible" (its pace)
    reason: str = ""
    detail: str = ""  # for the logs and the tests: what did not hold


def parse_moves(raw: object, size: int) -> list[list[int]] | None:
    """The log as sent, checked for shape (a 400 otherwise); None when the client sent none."""
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise ServiceError("moves must be a list of [ms_since_open, row, col, mark]")
    if len(raw) > MAX_MOVES:
        raise ServiceError(f"moves holds {len(raw)} entries; at most {MAX_MOVES}")
    moves = []
    for k, entry in enumerate(raw):
        if not (isinstance(entry, list) and len(entry) == 4 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in entry)):
            raise ServiceError(f"moves[{k}] must be four integers [ms_since_open, row, col, "
                               "mark]")
        ms, row, col, mark = entry
        if not 0 <= ms <= MAX_MS:
            raise ServiceError(f"moves[{k}]: ms_since_open must be between 0 and {MAX_MS}")
        if not (0 <= row < size and 0 <= col < size):
            raise ServiceError(f"moves[{k}]: row and col must be between 0 and {size - 1}")
        if mark not in (EMPTY, CROSS, QUEEN):
            raise ServiceError(f"moves[{k}]: mark must be 0 (empty), 1 (cross) or 2 (queen)")
        moves.append(entry)
    return moves


def final_queens(moves: list[list[int]]) -> tuple[set[tuple[int, int]], dict]:
    """The queens standing at the log's end, and when each was last placed (ms)."""
    queens: set[tuple[int, int]] = set()
    placed: dict[tuple[int, int], int] = {}
    for ms, row, col, mark in moves:
        if mark == QUEEN:
            queens.add((row, col))
            placed[(row, col)] = ms
        else:
            queens.discard((row, col))
    return queens, placed


def replay_problem(moves: list[list[int]], solution: list) -> str:
    """What stops the log replaying, in order, to the solution; "" when it does."""
    times = [ms for ms, *_ in moves]
    if any(later < earlier for earlier, later in zip(times, times[1:], strict=False)):
        return "the log's times go backwards"
    if final_queens(moves)[0] != solution_cells(solution):
        return "the log does not end in the solution"
    return ""


@functools.lru_cache(maxsize=512)
def _techniques(regions: tuple, rule: str, stars: int) -> tuple[str, ...]:
    return tuple(step.technique for step in rate([list(row) for row in regions], rule,
                                                 stars=stars).steps)


def techniques_of(level) -> tuple[str, ...]:
    """The engine's solving steps for a level (anything with `regions`, `rule`, `stars`), in
    order: what a person must see to solve it. A few milliseconds, kept per map."""
    return _techniques(tuple(map(tuple, level.regions)), level.rule,
                       getattr(level, "stars", 1))


def fastest_ms(techniques: Sequence[str]) -> int:
    """The fastest solve of a level with these steps that a person makes (STEP_MS)."""
    return sum(STEP_MS.get(t, DEFAULT_STEP_MS) for t in techniques)


def human_pace(moves: list[list[int]], *, techniques: Sequence[str],
               solved_s: float) -> Verdict:
    """THE plausibility rule for a solve's pace (ranked solves and race rooms alike): could a
    person have made this log (already replayed, see verify) on a level whose engine steps
    are `techniques` (techniques_of(level)), solved `solved_s` seconds after the play began, as
    the server measured? Verdict(True) or why not: "too_fast" below the steps' time
    (fastest_ms), "implausible" for marks that came faster than the steps can be seen,
    metronome-even pauses between queens, or a level that needs hard steps solved near its
    fastest without a single cross or correction."""
    if not moves:
        return Verdict(False, "unverified", "no move log")
    fastest = fastest_ms(techniques)
    if 1000 * solved_s < fastest:
        return Verdict(False, "too_fast", f"solved in {solved_s:.1f} s; this level's steps take "
                                          f"a person {fastest / 1000:.1f} s at least")
    times = [ms for ms, *_ in moves]
    if times[-1] - times[0] < ACTIVE_SHARE * fastest:
        return Verdict(False, "implausible", "the marks came faster than the level's steps can "
                                             "be seen")
    queen_times = [ms for ms, _, _, mark in moves if mark == QUEEN]
    gaps = [b - a for a, b in zip(queen_times, queen_times[1:], strict=False)]
    if len(gaps) >= EVEN_MIN_GAPS and statistics.fmean(gaps) > 0 and \
            statistics.pstdev(gaps) < EVEN_SPREAD * statistics.fmean(gaps):
        return Verdict(False, "implausible", "the queens went down at metronome-even intervals")
    corrected = any(mark != QUEEN for *_, mark in moves) or len(queen_times) > len(
        final_queens(moves)[0])
    if HARD_TECHNIQUES & set(techniques) and not corrected and \
            1000 * solved_s < BARE_SPEED_SHARE * fastest:
        return Verdict(False, "implausible", "a hard level solved at speed without a single "
                                             "cross or correction")
    return Verdict(True)


def verify(moves: list[list[int]] | None, *, solution: list, first_seen_s: float,
           solved_s: float, techniques: Sequence[str] | None = None) -> Verdict:
    """Replay `moves` against the level's solution and the server's clock: `first_seen_s`,
    when the server first heard of this play (its first move, check or hint), and
    `solved_s`, when it saw the solving check, both in seconds since the play began (the
    player's start). With the level's `techniques` (techniques_of), its pace is judged too
    (human_pace)."""
    if not moves:
        return Verdict(False, "unverified", "no move log")
    problem = replay_problem(moves, solution)
    if problem:
        return Verdict(False, "unverified", problem)
    times = [ms for ms, *_ in moves]
    _, placed = final_queens(moves)
    drift_ms = 1000 * (DRIFT_S + DRIFT_SHARE * solved_s)
    if times[0] < 1000 * first_seen_s - drift_ms:
        return Verdict(False, "unverified", "the log starts before the server heard a move")
    if times[-1] > 1000 * (solved_s + LATE_S):
        return Verdict(False, "unverified", "the log ends after the server saw the solve")
    if times[-1] < 1000 * solved_s - drift_ms:
        return Verdict(False, "unverified", "the log ends long before the solving check")
    moments = sorted(set(placed.values()))
    gaps = [b - a for a, b in zip(moments, moments[1:], strict=False)]
    if len(moments) < 2 or sum(gap < MACHINE_GAP_MS for gap in gaps) * 2 > len(gaps):
        return Verdict(False, "implausible", "the queens went down at a machine's pace")
    if techniques is not None:
        return human_pace(moves, techniques=techniques, solved_s=solved_s)
    return Verdict(True)
