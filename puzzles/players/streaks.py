"""The daily streak and its freezes, worked out from the days a player solved the daily on
its own day (UTC). Pure: the same days give the same streak on every device.

Rules (as LinkedIn's): every 7 days of play earn a freeze, at most MAX_FREEZES held; a day
missed while a freeze is held spends it, and the streak goes on without counting that day;
a day missed with none ends the streak. Today, not yet solved, breaks nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

DAYS_PER_FREEZE = 7
MAX_FREEZES = 2


@dataclass(frozen=True)
class Run:
    start: date
    end: date  # the last day solved or covered
    days: int  # days solved in it (frozen days do not count)


@dataclass(frozen=True)
class Streak:
    current: int
    best: int
    freezes: int
    runs: list[Run] = field(default_factory=list)  # every streak, oldest first
    frozen: list[date] = field(default_factory=list)  # days a freeze covered
    # The last day a daily solve still keeps the current streak going (None: no streak).
    # The browser shows the streak up to it, and 0 after (static/js/streak.js).
    until: date | None = None


def work_out(days: set[date] | list[date], today: date) -> Streak:
    solved = set(days)
    if not solved:
        return Streak(current=0, best=0, freezes=0)
    runs: list[Run] = []
    frozen: list[date] = []
    count = played = freezes = 0
    start = end = None
    day = min(solved)
    while day <= today:
        if day in solved:
            if count == 0:
                start = day
            count += 1
            played += 1
            end = day
            if played % DAYS_PER_FREEZE == 0:
                freezes = min(MAX_FREEZES, freezes + 1)
        elif day < today and count:
            if freezes:
                freezes -= 1
                frozen.append(day)
                end = day
            else:
                runs.append(Run(start, end, count))
                count = 0
        day += timedelta(days=1)
    until = None
    if count:
        runs.append(Run(start, end, count))
        # Each freeze held covers one more missed day after the run's end (today or
        # yesterday: an earlier miss was covered or ended the run).
        until = end + timedelta(days=1 + freezes)
    return Streak(current=count, best=max(run.days for run in runs), freezes=freezes,
                  runs=runs, frozen=frozen, until=until)
