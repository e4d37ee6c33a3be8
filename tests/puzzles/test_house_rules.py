"""The house rules (issue 37) that a walk of the tree can hold: no module under puzzles/ (nor
an ES module under static/js/) over 300 lines without its reason in its opening docstring
(comment), introduced by REASON_MARKER."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 300
REASON_MARKER = "Over 300 lines:"


def long_modules_without_reason(package: Path, root: Path = ROOT) -> list[str]:
    """Each module of `package` (migrations excepted) over MAX_LINES lines whose opening
    docstring does not give its reason, as "path (lines)"."""
    offenders = []
    for path in sorted(package.rglob("*.py")):
        if "migrations" in path.relative_to(package).parts:
            continue
        text = path.read_text()
        lines = len(text.splitlines())
        if lines <= MAX_LINES:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        if REASON_MARKER not in docstring:
            offenders.append(f"{path.relative_to(root)} ({lines})")
    return offenders


def test_no_long_module_without_its_reason():
    offenders = long_modules_without_reason(ROOT / "puzzles")
    assert not offenders, (
        f"over {MAX_LINES} lines with no {REASON_MARKER!r} in the opening docstring: "
        + ", ".join(offenders))


def opening_comment(text: str) -> str:
    """An ES module's opening comment: its first lines of `//`."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        lines.append(line[2:].strip())
    return " ".join(lines)


def long_scripts_without_reason(folder: Path, root: Path = ROOT) -> list[str]:
    offenders = []
    for path in sorted(folder.glob("*.js")):
        text = path.read_text()
        lines = len(text.splitlines())
        if lines > MAX_LINES and REASON_MARKER not in opening_comment(text):
            offenders.append(f"{path.relative_to(root)} ({lines})")
    return offenders


def test_no_long_script_without_its_reason(tmp_path):
    offenders = long_scripts_without_reason(ROOT / "static" / "js")
    assert not offenders, (
        f"over {MAX_LINES} lines with no {REASON_MARKER!r} in the opening comment: "
        + ", ".join(offenders))
    body = "let x = 1;\n" * (MAX_LINES + 1)
    (tmp_path / "long.js").write_text("// A module.\n" + body)
    (tmp_path / "reasoned.js").write_text(f"// A module.\n// {REASON_MARKER} one state.\n" + body)
    assert long_scripts_without_reason(tmp_path, root=tmp_path) == [f"long.js ({MAX_LINES + 2})"]


def test_the_walk_finds_a_long_module(tmp_path):
    # The rule's own check: a long module is caught, its reason lets it pass, and a long
    # migration is no offender.
    (tmp_path / "migrations").mkdir()
    body = "x = 1\n" * (MAX_LINES + 1)
    (tmp_path / "long.py").write_text('"""A module."""\n' + body)
    (tmp_path / "reasoned.py").write_text(f'"""A module.\n\n{REASON_MARKER} one state."""\n' + body)
    (tmp_path / "migrations" / "0001_big.py").write_text(body)
    (tmp_path / "short.py").write_text(body[: -len("x = 1\n") * 2])
    assert long_modules_without_reason(tmp_path, root=tmp_path) == [f"long.py ({MAX_LINES + 2})"]

