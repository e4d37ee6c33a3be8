"""Checking a player's queens: the conflicts are the engine's rule (generator_ext.rules), and
a solve is the stored solution exactly."""

from __future__ import annotations

from generator_ext.rules import conflicts as find_conflicts

__all__ = ["find_conflicts", "is_exact_solution"]


def is_exact_solution(queens: list[tuple[int, int]], solution: list[int]) -> bool:
    return sorted(queens) == [(r, c) for r, c in enumerate(solution)]
