"""The README's API examples run (issue 37): every `curl` line of its "The API (clients)"
block is sent to the site through the test client, in the README's order, and each answer
must have the keys the README shows for it (the `{"key", ...}` in the comment after it).

Placeholders are filled from what the examples before made (the level 42 is a stored level,
the token is the solving check's, the room code is the room just made); an example that
cannot run here says why in NOT_RUN, and a new example must either run or be listed there."""

import json
import re
import shlex
import time
from datetime import date

import pytest
from django.core import signing

from generator_ext import generate
from puzzles.daily.models import DailyPuzzle
from puzzles.levels.services import pools
from puzzles.play.services import play as play_service
from puzzles.players.models import Player
from tests.api.test_players import account
from tests.support import human_moves

README = __import__("pathlib").Path(__file__).resolve().parents[2] / "README.md"
PAINTING = [[0, 0, 1, 1], [0, 2, 2, 1], [3, 2, 2, 1], [3, 3, 3, 1]]
# Examples (method and path as the README writes them) that cannot run in a test, and why.
NOT_RUN = {
    ("GET", "/api/builder/fix/<key>/"): "the fix is worked by the builder's Celery worker "
    "(tests/api/test_builder.py polls it with a real worker)",
}


def examples(text: str) -> list[dict]:
    """Each curl example of the README's API block: method, path, body, and the response
    keys its comment shows."""
    block = text.split("## The API (clients)", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = block.replace("\\\n", " ").splitlines()
    found = []
    for i, line in enumerate(lines):
        if not line.startswith("curl "):
            continue
        words = shlex.split(line, comments=True)
        comment = line.split(" # ", 1)[1] if " # " in line else ""
        for after in lines[i + 1:]:  # the answer's comment lines that follow ("#   ...")
            if not re.match(r"\s*#\s{2,}", after):
                break
            comment += " " + after.strip().lstrip("#")
        method = words[words.index("-X") + 1] if "-X" in words else (
            "POST" if "-d" in words else "GET")
        body = words[words.index("-d") + 1] if "-d" in words else None
        url = next(w for w in words if w.startswith("$B"))
        found.append({"method": method, "path": url.removeprefix("$B"), "body": body,
                      "keys": shown_keys(comment)})
    return found


def shown_keys(comment: str) -> list[str]:
    """The keys of the first object the comment shows: its quoted names at the top level,
    each opening the object or following a comma (values and alternatives are not keys)."""
    start = comment.find("{")
    if start < 0:
        return []
    keys, depth, previous = [], 0, ""
    for token in re.finditer(r'"[^"]*"|[{}\[\],:|]', comment[start:]):
        text = token.group()
        if text in "{[":
            depth += 1
        elif text in "}]":
            depth -= 1
            if depth == 0:
                break
        elif text.startswith('"') and depth == 1 and previous in ("{", ","):
            keys.append(text.strip('"'))
        previous = text
    return keys


def test_the_readme_examples_are_found():
    found = examples(README.read_text())
    assert len(found) >= 25
    hint = next(e for e in found if e["path"].endswith("/hint/"))
    assert hint["method"] == "POST" and json.loads(hint["body"])["queens"] == [[0, 3]]
    assert {"technique", "message", "reason", "queens", "crosses"} <= set(hint["keys"])
    pools = next(e for e in found if e["path"] == "/api/pools/")
    assert pools["keys"] == ["size", "rule", "tier", "active", "target", "running", "paused"]


@pytest.mark.django_db
def test_every_readme_example_answers_with_the_keys_it_shows(make_level):
    # The reader has an account with a name (hiding and the boards' "me" need one).
    client, _ = account("ada@example.com", "Ada")
    level = make_level(8)
    make_level(10, stars=2)
    pools.ensure_pool_targets(sizes=[8])  # the pools example lists them
    # The leaderboard example's day has its daily.
    DailyPuzzle.objects.create(date=date(2026, 12, 3), level=make_level(7, seed=2), number=1)
    made = {"42": str(level.id), "ABCD-EF23": None, "GM9BWM": None, "17": None,
            "unstored": generate(8, seed=99).regions}
    guest = client.__class__()
    _, friend_user = account("bea@example.com", "Bea")  # someone to follow
    friend = Player.objects.get(user=friend_user)
    ran = []
    for example in examples(README.read_text()):
        where = (example["method"], example["path"])
        if where in NOT_RUN:
            continue
        path = example["path"]
        for placeholder in ("42", "GM9BWM", "17"):  # the ids and codes in the README's paths
            if (value := made[placeholder]) is not None:
                path = re.sub(rf"(?<=/){re.escape(placeholder)}(?=/)", value, path)
        data = fill(example["body"], level=level, made=made, friend=friend)
        # Deleting the reader's data is the README's too: a second player does it, so the
        # examples after it still have a history.
        asker = client
        if example["method"] == "DELETE" and path == "/api/me/":
            asker = client.__class__()
        # Sync codes are a guest's (an account syncs by signing in): one guest shows a code,
        # another device joins with it.
        if path == "/api/sync/code/":
            asker = guest
        if path == "/api/sync/join/":
            asker = client.__class__()
        response = asker.generic(example["method"], path, json.dumps(data) if data else "",
                                 content_type="application/json")
        assert response.status_code < 400, (where, response.status_code, response.content[:300])
        answer = response.json() if response.content else {}
        if isinstance(answer, list):  # the keys shown are each item's
            assert answer or not example["keys"], (where, "an empty list shows no keys")
            answer = answer[0] if answer else {}
        missing = [key for key in example["keys"] if key not in answer]
        assert not missing, f"{where}: the README shows {missing}, the answer has {sorted(answer)}"
        remember(path, answer, made)
        ran.append(where)
    assert len(ran) >= 20


def fill(body: str | None, *, level, made: dict, friend) -> dict | None:
    """An example's body with its placeholders made real."""
    if body is None:
        return None
    data = json.loads(body.replace('"regions": [...]', '"regions": null'))
    if "regions" in data and data["regions"] is None:  # a fix takes any painting; a
        data["regions"] = PAINTING if "title" not in data else made["unstored"]  # publish a level
    if "opened" in data:  # the page was opened 95 s ago: the token the server signed then
        data["opened"] = signing.dumps({"l": level.id, "t": int(time.time()) - 95},
                                       salt=play_service.OPENED_TOKEN_SALT)
    if "token" in data:
        data["token"] = made["token"]
        data["moves"] = human_moves(level.solution, end_s=made["seconds"])
    if data.get("queens") == [[0, 3], [1, 5]]:  # the check: the README's board, then solved
        data["queens"] = [[row, col] for row, col in enumerate(level.solution)]
    if "handle" in data:
        data["handle"] = friend.handle
    if data.get("code") == "ABCD-EF23":
        data["code"] = made["ABCD-EF23"]
    return data


def remember(path: str, answer: dict, made: dict) -> None:
    """What later examples use from this answer."""
    if path.endswith("/check/") and answer.get("token"):
        made["token"], made["seconds"] = answer["token"], answer["seconds"]
    if path == "/api/sync/code/":
        made["ABCD-EF23"] = answer["code"]
    if path == "/api/rooms/":
        made["GM9BWM"] = answer["code"]
    if path.endswith("/recordings/") and answer.get("recordings"):
        made["17"] = str(answer["recordings"][0]["id"])
