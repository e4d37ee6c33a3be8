"""The house drawn from the imports (issue 37): one folder per domain under puzzles/, and no
circle between them. Read with ast from the source, so a lazy import inside a function counts
as much as one at the top. The top layers (api, web, admin, and the root modules apps, tasks,
models, the management commands and template tags) may import any domain; nothing imports
them back but each other."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
DOMAINS = {"core", "levels", "daily", "play", "players", "rooms", "builder", "ratings",
           "solvable"}
TOP = {"api", "web", "admin", "apps", "tasks", "models", "management", "templatetags", "urls"}
# Known and not yet untangled (docs/architecture.md, "The house"): leaderboards are written by
# play and read players' names. Empty this once play and players go one way.
KNOWN_CYCLES: set[frozenset[str]] = set()


def part_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "puzzles" and len(parts) > 1 else None


def import_graph(root: Path = PUZZLES) -> dict[str, dict[str, set[str]]]:
    """Domain -> imported domain -> the files that import it."""
    graph: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for path in root.rglob("*.py"):
        relative = path.relative_to(root.parent)
        if "migrations" in relative.parts:
            continue
        source = part_of(".".join(relative.with_suffix("").parts)) or "root"
        if source == "__init__":
            source = "root"
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                target = part_of(name)
                if target and target != source:
                    graph[source][target].add(str(relative))
    return graph


def domain_cycles(graph) -> list[list[str]]:
    """Every circle among the domain folders (the top layers are left out: they sit above)."""
    edges = {a: {b for b in graph.get(a, ()) if b in DOMAINS} for a in DOMAINS}
    cycles, seen = [], set()

    def walk(path: list[str]) -> None:
        for nxt in sorted(edges[path[-1]]):
            if nxt == path[0]:
                cycle = frozenset(path)
                if cycle not in seen:
                    seen.add(cycle)
                    cycles.append(path + [nxt])
            elif nxt not in path and nxt > path[0]:
                walk(path + [nxt])

    for start in sorted(DOMAINS):
        walk([start])
    return cycles


def test_every_part_of_puzzles_is_a_domain_or_a_top_layer():
    parts = {p.stem if p.is_file() else p.name for p in PUZZLES.iterdir()
             if not p.name.startswith(("_", ".")) and p.name not in {"migrations", "static",
                                                                     "templates", "locale"}}
    assert parts <= DOMAINS | TOP, parts - DOMAINS - TOP


def test_no_domain_imports_a_top_layer():
    graph = import_graph()
    wrong = {(a, b): sorted(files) for a in DOMAINS for b, files in graph.get(a, {}).items()
             if b in TOP}
    assert not wrong


def test_no_circle_between_domains():
    graph = import_graph()
    cycles = [c for c in domain_cycles(graph) if frozenset(c) not in KNOWN_CYCLES]
    described = [" -> ".join(c) + "  (" + "; ".join(
        f"{a}->{b}: {sorted(graph[a][b])}" for a, b in zip(c, c[1:], strict=False)) + ")"
        for c in cycles]
    assert not cycles, "\n".join(described)


def test_the_known_circles_are_still_there():
    """A known circle that is gone leaves KNOWN_CYCLES, so it cannot come back unseen."""
    found = {frozenset(c) for c in domain_cycles(import_graph())}
    assert found >= KNOWN_CYCLES
