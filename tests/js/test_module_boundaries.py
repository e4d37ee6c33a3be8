"""Each of the front end's outside worlds has one home in static/js: the API's addresses are
api.js's, the browser's storage is storage.js's, and the game page's controller touches
neither the DOM nor the browser (its page script only wires, holding no state)."""

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "static" / "js"


def modules_saying(word: str) -> set[str]:
    return {p.name for p in JS.glob("*.js") if word in p.read_text()}


def test_only_api_js_knows_the_api_addresses():
    assert modules_saying("/api/") == {"api.js"}


def test_only_storage_js_touches_local_storage():
    assert modules_saying("localStorage") == {"storage.js"}


# The browser, as the controller would reach it past the page object it is handed.
BROWSER = re.compile(r"(?<![.\w])(document|window|localStorage|navigator|location|performance|"
                     r"fetch|setInterval|setTimeout|confirm)\b")


def code_of(module: str) -> str:
    """The module without its comments (a comment may name the browser)."""
    return re.sub(r"//.*", "", (JS / module).read_text())


def test_the_game_controller_touches_no_dom_and_no_browser():
    assert BROWSER.findall(code_of("game_controller.js")) == []


def test_the_game_page_holds_its_play_in_the_controller():
    """No module-level mutable variable in the page script or the controller: the play is
    the controller's (its fields), not the module's."""
    for module in ["game.js", "game_controller.js"]:
        assert re.findall(r"^(?:let|var)\b.*", code_of(module), re.M) == [], module
