"""The engine's public face is the site's only door: its typed API (generator_ext/__init__.pyi)
matches the compiled package, names exactly what __all__ exports, and the site (puzzles/,
queensgame/) reaches the engine through nothing else."""

import ast
import subprocess
import sys
from pathlib import Path

import generator_ext

ROOT = Path(__file__).resolve().parents[2]
FACE = set(generator_ext.__all__)
SITE = ("puzzles", "queensgame")


def test_stub_matches_the_runtime():
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "generator_ext",
         "--mypy-config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def typed_names(stub: ast.Module) -> tuple[set[str], list[str]]:
    """The public names a stub types (constants, classes, functions) and its __all__."""
    names: set[str] = set()
    exported: list[str] = []
    for node in stub.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == "__all__":
                    exported = [ast.literal_eval(e) for e in node.value.elts]  # type: ignore[attr-defined]
                elif isinstance(target, ast.Name):
                    names.add(target.id)
    return {name for name in names if not name.startswith("_")}, exported


def test_the_stub_types_exactly_what_the_face_exports():
    """stubtest holds every name in __all__ to the stub and every stub name to the runtime,
    but not a stub name the runtime happens to have (a submodule, an imported helper) that
    __all__ leaves out: that would type a back door. Both lists, both ways."""
    typed, exported = typed_names(ast.parse((ROOT / "generator_ext/__init__.pyi").read_text()))
    assert sorted(exported) == sorted(FACE)
    assert typed == FACE, {"typed, not exported": typed - FACE, "exported, untyped": FACE - typed}


def past_the_face(tree: ast.Module) -> list[str]:
    """Where a module reaches the engine other than through a name of its public face: a
    submodule imported (`from generator_ext.x import`, `import generator_ext.x`, or by name
    through importlib), a name __all__ does not export, or `generator_ext.<name>` read off the
    package (where <name> could be a submodule the face never exported)."""
    bound = set()  # names `import generator_ext` binds in this module
    reached = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "generator_ext" and node.level == 0:
            reached += [f"{node.lineno} generator_ext.{a.name}" for a in node.names
                        if a.name not in FACE]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator_ext."):
            reached.append(f"{node.lineno} {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("generator_ext."):
                    reached.append(f"{node.lineno} {alias.name}")
                elif alias.name == "generator_ext":
                    bound.add(alias.asname or alias.name)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", "")
            name = node.args[0].value
            if (called in ("import_module", "__import__") and isinstance(name, str)
                    and name.startswith("generator_ext.")):
                reached.append(f"{node.lineno} {name}")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound and node.attr not in FACE):
            reached.append(f"{node.lineno} generator_ext.{node.attr}")
    return reached


def test_the_site_uses_only_the_engines_public_face():
    """Issues 36 and 37: whatever the site needs is in generator_ext's typed public face,
    which stubtest checks; the site imports nothing else from the engine."""
    reached = []
    for folder in SITE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            reached += [f"{path.relative_to(ROOT)}:{where}" for where in past_the_face(tree)]
    assert reached == []


def test_every_way_past_the_face_is_caught():
    source = "\n".join([
        "from generator_ext import generate, rate as rated",  # 1: the face: fine
        "from generator_ext.levels import served_tiers",  # 2
        "from generator_ext import levels",  # 3: a submodule the face does not export
        "import generator_ext.shapes",  # 4
        "import generator_ext as engine",  # 5
        "engine.generate(8)",  # 6: fine
        "engine.stars_generate.generate_stars",  # 7
        "import importlib",  # 8
        "importlib.import_module('generator_ext._naive')",  # 9
        "__import__('generator_ext.builder')",  # 10
    ])
    assert past_the_face(ast.parse(source)) == [
        "2 generator_ext.levels",
        "3 generator_ext.levels",
        "4 generator_ext.shapes",
        "9 generator_ext._naive",
        "10 generator_ext.builder",
        "7 generator_ext.stars_generate",
    ]
