"""Rules the browser restates, held to the server's one home: the mark codes and the move cap
of a move log (puzzles.play.move_log), and a word for every reason a solve is unranked
(puzzles.core.vocabulary.Unranked). The modules are read by node itself, not by a regex, where
they export the value."""

import json
import re
import shutil
import subprocess

from django.conf import settings

from puzzles.core.vocabulary import Unranked
from puzzles.play import move_log

JS = settings.BASE_DIR / "static" / "js"


def exported(module: str, names: list[str]) -> dict:
    node = shutil.which("node")
    assert node, "node is needed to read the front end's modules"
    script = (f"import({json.dumps((JS / module).as_uri())}).then((m) => "
              f"console.log(JSON.stringify({{{', '.join(f'{n}: m.{n}' for n in names)}}})))")
    result = subprocess.run([node, "--input-type=module", "-e", script],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_mark_codes_are_the_servers():
    assert exported("state.js", ["EMPTY", "CROSS", "QUEEN"]) == {
        "EMPTY": move_log.EMPTY, "CROSS": move_log.CROSS, "QUEEN": move_log.QUEEN}


def test_the_move_cap_is_the_servers():
    assert exported("moves.js", ["MAX_MOVES"]) == {"MAX_MOVES": move_log.MAX_MOVES}


def test_every_unranked_reason_has_its_words_in_the_script():
    """An assisted solve has its own line (the hints it took); every other reason the server
    gives is worded by words.js's UNRANKED, and the script words no reason the server lacks."""
    script = (JS / "words.js").read_text()
    body = script[script.index("const UNRANKED = {"):]
    body = body[:body.index("\n};\n")]
    worded = set(re.findall(r"^  (\w+): \(\) =>", body, re.M))
    assert worded == {reason.value for reason in Unranked} - {Unranked.ASSISTED}


def test_every_tier_has_its_name_in_the_script_and_on_the_pages():
    """The engine's tiers are the one list (generator_ext.TIERS); the pages' labels, the
    game's tierName and the "any" mix each name every tier and no other."""
    from generator_ext import TIERS
    from puzzles.core.step_words import TIER_LABELS
    from puzzles.levels.selectors.levels import ANY_MIX

    script = (JS / "words.js").read_text()
    body = script[script.index("export function tierName"):]
    body = body[:body.index("\n}\n")]
    named = set(re.findall(r"(\w+): pgettext\(\"tier\"", body))
    assert named == set(TIER_LABELS) == set(ANY_MIX) == set(TIERS)
