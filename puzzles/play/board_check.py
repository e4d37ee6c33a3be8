"""Checking a player's queens: the conflicts are the engine's rule (generator_ext.rules), and
a solve is the stored solution exactly."""

from __future__ import annotations

from generator_ext import conflicts as find_conflicts

__all__ = ["find_conflicts", "is_exact_solution", "solution_cells"]


def solution_cells(solution: list) -> set[tuple[int, int]]:
    """The cells of a stored solution: solution[row] is a column (Queens) or the list of
    that row's star columns (Star Battle)."""
    return {(r, c) for r, cols in enumerate(solution)
            for c in (cols if isinstance(cols, list) else [cols])}


def is_exact_solution(queens: list[tuple[int, int]], solution: list) -> bool:
    cells = sorted(map(tuple, queens))
    return len(set(cells)) == len(cells) and set(cells) == solution_cells(solution)
