"""The ES modules in static/js import each other without a cycle.

Django's ManifestStaticFilesStorage rewrites each import to the hashed name of what it
imports; two modules that import each other change each other's hash forever and
collectstatic gives up ("Max post-process passes exceeded"), so a deployment would fail.
"""

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "static" / "js"
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']\./([\w.-]+\.js)["']""")


def imports_of(module: Path) -> set[str]:
    return set(IMPORT.findall(module.read_text()))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        for child in sorted(graph.get(name, ())):
            found = walk(child, path + [name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = walk(name, [])
        if found:
            return found
    return None


def test_every_import_names_a_module_that_exists():
    names = {p.name for p in JS.glob("*.js")}
    for module in JS.glob("*.js"):
        assert imports_of(module) <= names, (module.name, imports_of(module) - names)


def test_the_modules_import_each_other_without_a_cycle():
    graph = {p.name: imports_of(p) for p in JS.glob("*.js")}
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def test_the_cycle_finder_sees_a_cycle():
    assert find_cycle({"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}}) == [
        "a.js", "b.js", "c.js", "a.js"]
