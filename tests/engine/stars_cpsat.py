"""A second Star Battle counter for the tests, on OR-Tools CP-SAT: nothing of the engine's
search or logic, fast enough for 16×16 3★ where the plain row-by-row counter
(stars_reference.py) takes minutes.

The model: one Boolean per cell; exactly k true in every row, column and region; and at most
one true in every 2×2 block. Two distinct cells touch (a king's move apart: rows and columns
each differ by at most 1) exactly when some 2×2 block holds both: take the block whose top-left
corner is (min of the rows, min of the columns), moved one step back where that corner is on
the last row or column. So "at most one per 2×2 block" is "no two stars touch", with
(n-1)² constraints instead of one per touching pair."""

from __future__ import annotations

from ortools.sat.python import cp_model

TIME_LIMIT_S = 30.0  # one count's bound; running out of it raises rather than answers


class CountTimedOut(RuntimeError):
    """CP-SAT ran out of its time before it could tell how many solutions there are."""


class _Collector(cp_model.CpSolverSolutionCallback):
    """Keeps each solution found (each row's star columns) and stops the search at `limit`."""

    def __init__(self, cells: list[list[cp_model.IntVar]], limit: int | None):
        super().__init__()
        self.cells = cells
        self.limit = limit
        self.found: list[list[list[int]]] = []

    def on_solution_callback(self) -> None:
        self.found.append([[c for c, var in enumerate(row) if self.boolean_value(var)]
                           for row in self.cells])
        if self.limit is not None and len(self.found) >= self.limit:
            self.stop_search()


def star_model(regions, k: int) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    n = len(regions)
    model = cp_model.CpModel()
    cells = [[model.new_bool_var(f"s{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        model.add(sum(cells[i]) == k)
        model.add(sum(cells[r][i] for r in range(n)) == k)
        model.add(sum(cells[r][c] for r in range(n) for c in range(n) if regions[r][c] == i)
                  == k)
    for r in range(n - 1):
        for c in range(n - 1):
            model.add_at_most_one(cells[r][c], cells[r][c + 1], cells[r + 1][c],
                                  cells[r + 1][c + 1])
    return model, cells


def _run(model, cells, limit: int | None, time_limit_s: float) -> list[list[list[int]]]:
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1  # two shared cores: one search, no portfolio
    solver.parameters.max_time_in_seconds = time_limit_s
    collector = _Collector(cells, limit)
    status = solver.solve(model, collector)
    reached_limit = limit is not None and len(collector.found) >= limit
    # OPTIMAL (no objective): every solution was enumerated; INFEASIBLE: there is none.
    if not reached_limit and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise CountTimedOut(f"CP-SAT: {solver.status_name(status)} after "
                            f"{solver.wall_time:.1f} s with {len(collector.found)} found")
    return collector.found


def cpsat_solutions(regions, k: int, limit: int | None = 2,
                    time_limit_s: float = TIME_LIMIT_S) -> list[list[list[int]]]:
    """Up to `limit` solutions (None: all), each as solution[row] = that row's star columns."""
    model, cells = star_model(regions, k)
    return _run(model, cells, limit, time_limit_s)


def cpsat_count(regions, k: int, limit: int | None = 2,
                time_limit_s: float = TIME_LIMIT_S) -> int:
    """The number of solutions, stopping at `limit`; CountTimedOut past the time bound."""
    return len(cpsat_solutions(regions, k, limit, time_limit_s))


def cpsat_accepts(regions, k: int, rows, time_limit_s: float = TIME_LIMIT_S) -> bool:
    """Whether placing stars at rows[r] (each row's columns) and nowhere else obeys the model."""
    n = len(regions)
    if len(rows) != n or any(len(set(cols)) != len(cols) or not set(cols) <= set(range(n))
                             for cols in rows):
        return False  # a column twice or off the board is not a placement the model can hold
    model, cells = star_model(regions, k)
    for r in range(n):
        for c in range(n):
            model.add(cells[r][c] == (1 if c in rows[r] else 0))
    return len(_run(model, cells, 1, time_limit_s)) == 1
