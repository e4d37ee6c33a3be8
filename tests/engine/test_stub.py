"""The engine's typed API (generator_ext/__init__.pyi) matches the compiled package."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_stub_matches_the_runtime():
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "generator_ext",
         "--mypy-config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_site_uses_only_the_engines_public_face():
    """Issue 36: the site reached into engine submodules (palette, motifs, deduce, rules...);
    whatever it needs is in generator_ext's typed public face, which stubtest checks."""
    import ast

    reached = []
    for folder in ("puzzles", "queensgame"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                         else [a.name for a in node.names] if isinstance(node, ast.Import)
                         else [])
                reached += [f"{path.relative_to(ROOT)}:{node.lineno} {name}" for name in names
                            if name.startswith("generator_ext.")]
    assert reached == []
