"""Every address api.js calls is one of the site's URLs, by the method its view expects:
the JavaScript restates the URLconf, and this holds the two together."""

import json
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

from django.urls import resolve

HERE = Path(__file__).resolve().parent

# The view each endpoint function reaches (api.js's order).
EXPECTED = [
    ("GET", "api-level"), ("GET", "api-random-level"), ("POST", "api-start"),
    ("POST", "api-check"), ("POST", "api-solves"), ("POST", "api-hint"), ("POST", "api-reveal"),
    ("GET", "api-recordings"), ("GET", "api-replay"), ("GET", "api-me"), ("PATCH", "api-me"),
    ("DELETE", "api-me"), ("POST", "api-me-follows"), ("DELETE", "api-me-follows"),
    ("POST", "api-sync-code"), ("POST", "api-sync-join"), ("GET", "api-leaderboards-daily"),
    ("POST", "api-rooms"), ("POST", "api-solvable-runs"), ("GET", "api-solvable-run"),
    ("POST", "api-solvable-answer"), ("POST", "api-solvable-hint"),
    ("GET", "api-solvable-leaderboard"), ("POST", "api-builder-analyze"), ("POST", "api-drafts"),
    ("PUT", "api-draft"), ("DELETE", "api-draft"), ("POST", "api-builder-fix"),
    ("POST", "api-builder-publish"), ("GET", "api-builder-motif"),
]


def test_every_api_js_address_resolves_to_its_view():
    node = shutil.which("node")
    assert node, "node is needed for the front end's tests"
    out = subprocess.run([node, str(HERE / "api_addresses.mjs")], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    called = [(method, resolve(urlsplit(url).path)) for method, url in json.loads(out)]
    assert [(method, match.view_name) for method, match in called] == EXPECTED
    for method, match in called:  # the view answers that method
        assert hasattr(match.func.cls, method.lower()), (method, match.view_name)
