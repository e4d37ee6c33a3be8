"""A solve's move log, `[[ms_since_open, row, col, mark], ...]`, read and replayed against
the level and the server's own clock. The log decides nothing alone: a solve is ranked only
when its log replays to the solution, keeps time with what the server saw, and moves at a
human pace. A log that fails is kept; its solve is simply not ranked."""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.board import solution_cells
from puzzles.errors import ServiceError

EMPTY, CROSS, QUEEN = 0, 1, 2  # as static/js/state.js
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


@dataclass(frozen=True)
class Verdict:
    verified: bool
    reason: str = ""  # "unverified" (the log does not hold up) or "implausible" (its pace)
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


def verify(moves: list[list[int]] | None, *, solution: list, first_seen_s: float,
           solved_s: float) -> Verdict:
    """Replay `moves` against the level's solution and the server's clock: `first_seen_s`,
    when the server first heard of this play (its first move, check or hint), and
    `solved_s`, when it saw the solving check, both in seconds since the opening."""
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
    return Verdict(True)
