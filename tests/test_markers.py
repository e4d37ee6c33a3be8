"""The suite can be cut by kind (tests/markers.py): pytest -m browser, stack or slow picks
exactly its own tests, and `make test-fast`'s selection leaves them all out."""

import os
import subprocess
import sys

import pytest

from tests import markers
from tests.conftest import ROOT

FAST = "not browser and not stack and not slow"
# One file of each kind, and plain units beside them (a collection each: a few seconds).
FILES = ["tests/browser/test_layout.py", "tests/stack/test_identity.py",
         "tests/puzzles/test_runlocal.py", "tests/engine/test_stub.py"]


def collected(expression: str, *paths: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "no:cacheprovider", "-p", "no:randomly", "-m", expression,
                           *paths], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 5), done.stdout[-3000:] + done.stderr[-3000:]  # 5: none
    return [line for line in done.stdout.splitlines() if "::" in line]


@pytest.mark.parametrize("expression, expected", [
    ("browser or slow", {"tests/browser/test_layout.py",
                         "tests/engine/test_stub.py::test_stub_matches_the_runtime"}),
    (FAST, {"tests/engine/test_stub.py::test_the_site_uses_only_the_engines_public_face",
            "tests/engine/test_stub.py::test_every_way_past_the_face_is_caught",
            "tests/engine/test_stub.py::test_the_stub_types_exactly_what_the_face_exports",
            "tests/puzzles/test_runlocal.py::test_a_taken_port",
            "tests/puzzles/test_runlocal.py::test_runlocal_says"}),
])
def test_a_marker_picks_its_own_tests_and_no_other(expression, expected):
    picked = collected(expression, *FILES)
    assert picked
    assert all(any(test.startswith(prefix) for prefix in expected) for test in picked), picked
    assert all(any(test.startswith(prefix) for test in picked) for prefix in expected), picked


def test_the_stack_tests_are_those_that_start_servers():
    assert markers.kinds_of("tests/stack/test_identity.py::test_x", []) == {"stack"}
    for test in ("tests/api/test_room_sockets.py::test_an_idle_socket_lives_past_a_minute",
                 "tests/puzzles/test_runlocal.py::test_sigterm_stops_everything_runlocal_started"):
        assert markers.kinds_of(test, []) == {"stack"}
    assert markers.kinds_of("tests/puzzles/test_runlocal.py::test_runlocal_says_how_the_pools_"
                            "fill_and_when_they_are_full", ["db"]) == set()


def test_a_test_asking_for_the_browser_or_the_stack_is_marked_wherever_it_lives():
    assert markers.kinds_of("tests/elsewhere.py::test_x", ["page", "browser"]) == {"browser"}
    assert markers.kinds_of("tests/elsewhere.py::test_x", ["stack", "browser"]) == {
        "browser", "stack"}
    assert markers.kinds_of("tests/elsewhere.py::test_x", ["db"]) == set()


def test_every_slow_entry_is_marked_slow_and_a_stale_entry_stops_the_run(monkeypatch):
    for entry in markers.SLOW_TESTS:
        assert "slow" in markers.kinds_of(entry, [])
    real = "tests/engine/test_stub.py::test_stub_matches_the_runtime"
    monkeypatch.setattr(markers, "SLOW_TESTS", (real, "tests/engine/test_stub.py::test_gone"))
    assert markers.stale_entries([real]) == ["tests/engine/test_stub.py::test_gone"]
    assert markers.stale_entries(["tests/other.py::test_y"]) == []  # its file not collected


def test_the_flood_timings_are_latency_and_the_rest_of_the_stack_is_not():
    """make test's two-worker form runs `latency` alone after the rest: exactly the rows with
    a normal player timed beside a flood, and the limits' timings."""
    picked = collected("latency", "tests/stack/test_attacks.py", "tests/stack/test_limits.py",
                       "tests/stack/test_identity.py")
    rows = {test.split("[")[1].rstrip("]") for test in picked if "test_attacks" in test}
    assert rows == {"row3", "row4", "row5", "row6", "row25", "row26", "row35"}, picked
    assert any(test.startswith("tests/stack/test_limits.py") for test in picked)
    assert not any("test_identity" in test for test in picked)
    rest = collected("stack and not latency", "tests/stack/test_attacks.py")
    assert "tests/stack/test_attacks.py::test_the_attack_holds[row16]" in rest
    assert not any("[row26]" in test for test in rest)


def test_the_stack_runs_on_one_worker_and_a_browser_file_stays_together():
    """Under `make test`'s two xdist workers (--dist loadgroup): one compose-like stack for the
    run, a browser or app-server file's module fixtures started once, units anywhere."""
    def group(nodeid, fixtures=()):
        return markers.group_of(nodeid, fixtures, markers.kinds_of(nodeid, fixtures))

    assert group("tests/stack/test_limits.py::test_x") == "stack"
    assert group("tests/elsewhere.py::test_x", ["stack"]) == "stack"
    assert group("tests/browser/test_game.py::test_x[a]", ["browser"]) == \
        group("tests/browser/test_game.py::test_y") == "tests/browser/test_game.py"
    assert group("tests/api/test_room_sockets.py::test_x") == "tests/api/test_room_sockets.py"
    assert group("tests/engine/test_solver.py::test_x", ["db"]) is None


def test_each_xdist_worker_has_a_queue_of_its_own():
    """The controller's queue name is inherited by its workers: each worker's settings add
    its name, so one worker's Celery never takes another's tasks."""
    def queue(worker):
        env = {**os.environ, "CELERY_QUEUE": "queens-test-run", "PYTEST_XDIST_WORKER": worker,
               "DJANGO_SETTINGS_MODULE": "queensgame.settings.test"}
        return subprocess.run([sys.executable, "-c", "from django.conf import settings; "
                               "print(settings.CELERY_QUEUE)"], env=env, check=True,
                              capture_output=True, text=True).stdout.strip()

    assert queue("gw0") == "queens-test-run-gw0" != queue("gw1")
