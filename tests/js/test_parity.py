"""Rules the browser restates, held to the server's one home: the mark codes and the move cap
of a move log (puzzles.play.move_log), and a word for every reason a solve is unranked
(puzzles.core.vocabulary.Unranked), and the daily streak shown from the server's last answer
(puzzles.players.streaks). The modules are read by node itself, not by a regex, where
they export the value."""

import json
import random
import re
import shutil
import subprocess
from datetime import date, timedelta

from django.conf import settings

from puzzles.api.players import MeSerializer
from puzzles.core.vocabulary import Unranked
from puzzles.play import move_log
from puzzles.players.selectors import streak_fields
from puzzles.players.streaks import work_out

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


def test_the_browsers_streak_on_a_later_day_is_the_servers():
    """The browser keeps /api/me's answer and shows it on later days (static/js/streak.js):
    for day sets with gaps freezes cover and gaps they do not, the answer served on d0 shown
    on each day up to a week on, no solve since, is what the server works out that day."""
    rng, start = random.Random(37), date(2026, 1, 1)
    cases, expected, covered = [], [], 0
    for _ in range(400):
        days, day = set(), start
        for _ in range(rng.randint(0, 40)):  # runs of play and gaps of 1 to 4 days
            if rng.random() < rng.choice((0.15, 0.3)):
                day += timedelta(days=rng.randint(1, 4))
            days.add(day)
            day += timedelta(days=1)
        d0 = day - timedelta(days=rng.randint(0, 2))  # the last solve today or before
        played = {d for d in days if d <= d0}
        served = work_out(played, d0)
        covered += bool(served.current and served.frozen)
        answer = MeSerializer({"name": None, "signed_in": False, "solves": 0, "bests": {},
                               "dailies_solved": [], "handle": None, "hidden": False,
                               **streak_fields(served)}).data
        for later in range(7):
            d1 = d0 + timedelta(days=later)
            cases.append({"me": answer, "today": d1.isoformat()})
            truth = work_out(played, d1)
            expected.append([truth.current, truth.best, truth.freezes])
    node = shutil.which("node")
    script = (f"import({json.dumps((JS / 'streak.js').as_uri())}).then((m) => {{"
              "const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(cases.map(({me, today}) => {"
              "const shown = m.streakToday(me, today);"
              "return [shown.streak, shown.best_streak, shown.freezes]; })));})")
    result = subprocess.run([node, "--input-type=commonjs", "-e", script],
                            input=json.dumps(cases), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)
    pairs = list(zip(cases, expected, strict=True))
    wrong = [(case, got, want) for (case, want), got in zip(pairs, shown, strict=True)
             if got != want]
    assert not wrong, wrong[:3]
    # The cases hold what the rule turns on: gaps frozen, freezes held, spent, and streaks
    # that end.
    assert covered > 30, covered
    assert sum(1 for c in cases if c["me"]["freezes"]) > 100
    assert sum(1 for c, (_, _, freezes) in pairs if freezes < c["me"]["freezes"]) > 50
    assert sum(1 for c, (streak, _, _) in pairs if c["me"]["streak"] and not streak) > 100
