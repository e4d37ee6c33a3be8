"""docs/architecture.md is a true map (issue 37): its Layout names every module of the
project with a line on its job, and names no module that is not there.

The map's format: in the Layout section's code block, a line starting at the first column
with a folder (`puzzles/levels/`) opens that folder; a line indented two spaces names a module
of it by file name, then its job after at least one space (`  cache.py   levels in memory`)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "docs" / "architecture.md"
# Each mapped tree: its folder, the endings of its modules.
TREES = {"puzzles": (".py",), "queensgame": (".py",), "generator_ext": (".py", ".pyx"),
         "benchmarks": (".py",), "static/js": (".js",)}
FOLDER = re.compile(r"^(\S+/)(\s|$)")
MODULE = re.compile(r"^  (\S+\.(?:py|pyx|js))\s+(\S.*)$")


def layout_block(text: str) -> list[str]:
    section = text.split("\n## 2. Layout", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1].splitlines()


def mapped_modules(text: str) -> dict[str, str]:
    """Each module the map names (its path from the root) and its job."""
    mapped, folder = {}, ""
    for line in layout_block(text):
        if found := FOLDER.match(line):
            folder = found.group(1)
        elif found := MODULE.match(line):
            mapped[folder + found.group(1)] = found.group(2)
    return mapped


def holds_code(path: Path) -> bool:
    """An __init__.py with more than a docstring is a module of its own to map."""
    body = ast.parse(path.read_text()).body
    return any(not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
               for node in body)


def project_modules(root: Path = ROOT) -> set[str]:
    found = set()
    for tree, endings in TREES.items():
        for path in (root / tree).rglob("*"):
            parts = path.relative_to(root).parts
            if path.suffix not in endings or "migrations" in parts or "__pycache__" in parts:
                continue
            if path.name == "__init__.py" and not holds_code(path):
                continue
            found.add(path.relative_to(root).as_posix())
    return found


def test_every_module_is_on_the_map():
    missing = sorted(project_modules() - set(mapped_modules(MAP.read_text())))
    assert not missing, ("modules missing from docs/architecture.md's Layout (add each under "
                         "its folder with a line on its job): " + ", ".join(missing))


def test_the_map_names_no_module_that_is_not_there():
    stale = sorted(set(mapped_modules(MAP.read_text())) - project_modules())
    assert not stale, "docs/architecture.md's Layout names modules that are gone: " + ", ".join(
        stale)


def test_the_map_is_read_as_written():
    # The parser's own check, on a small map: folders open, modules are named with a job.
    text = ("# x\n\n## 2. Layout\n\n```\npuzzles/levels/   levels\n  cache.py   in memory\n"
            "                 (a continuation)\nstatic/js/\n  game.js   the controller\n```\n"
            "\n## 3. Flows\n")
    assert mapped_modules(text) == {"puzzles/levels/cache.py": "in memory",
                                    "static/js/game.js": "the controller"}
