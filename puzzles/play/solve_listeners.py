"""Who is told when recorded solves change: the leaderboards (puzzles/players/leaderboards.py),
which sit above play (they show players by name) and register here from
PuzzlesConfig.ready(), so play never imports players.

- `on_recorded`: each is called with a solve after the commit that recorded it.
- `on_striking`: each is called with the players whose solves are about to be struck, before
  the change, and returns what to do after its commit (a board knows where a player stood
  only before)."""

from __future__ import annotations

from collections.abc import Callable

on_recorded: list[Callable[[object], None]] = []
on_striking: list[Callable[[set[str]], Callable[[], None]]] = []


def listen(*, recorded: Callable[[object], None],
           striking: Callable[[set[str]], Callable[[], None]]) -> None:
    if recorded not in on_recorded:  # ready() may run twice in tests
        on_recorded.append(recorded)
    if striking not in on_striking:
        on_striking.append(striking)


def solve_recorded(solve) -> None:
    for listener in on_recorded:
        listener(solve)


def striking(players: set[str]) -> list[Callable[[], None]]:
    return [listener(players) for listener in on_striking]
