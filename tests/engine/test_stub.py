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
