"""The front end's unit tests, run by node's own test runner (`node --test`)."""

import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_node_unit_tests_pass():
    node = shutil.which("node")
    assert node, "node is needed for the front end's unit tests"
    result = subprocess.run([node, "--test", *sorted(str(p) for p in HERE.glob("*.test.mjs"))],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# fail 0" in result.stdout
