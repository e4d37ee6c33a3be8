""""Solvable?"'s points, the one rule (pure): a right answer is worth RIGHT points less
HINT_COST a hint (never under FLOOR), and an unhinted one a speed bonus of up to SPEED that
halves at the board's own pace (PACE_S_PER_CELL seconds a cell), none for an answer quicker
than a person gives it (the board's `fastest_s`: a script's); a wrong answer nothing."""

from __future__ import annotations

RIGHT = 100
SPEED = 50
HINT_COST = 25
FLOOR = 25
PACE_S_PER_CELL = 0.75


def points(*, correct: bool, seconds: float, hints: int, size: int,
           fastest_s: float = 0.0) -> int:
    if not correct:
        return 0
    if hints:
        return max(FLOOR, RIGHT - HINT_COST * hints)
    if seconds < fastest_s:
        return RIGHT
    pace = PACE_S_PER_CELL * size * size
    return RIGHT + round(SPEED * pace / (pace + max(0.0, seconds)))
