"""Which tests are `browser`, `stack`, `latency` or `slow`, in one place: tests/conftest.py
marks them at collection, so the test files carry no marks of their own and `make test-fast`
(pytest -m "not browser and not stack and not slow") leaves them out.

- browser: drives the session's Chromium (the tests under tests/browser/, and any test asking
  for the `browser` fixture).
- stack: starts app servers (gunicorn, runlocal), nginx or the compose-like stack.
- latency: a stack test that measures a normal player's latency during a flood against a calm
  baseline; on xdist workers (make test), these run after the rest, with the cores to
  themselves (another worker's engine tests beside a flood once made row 26's p99 448 ms).
- slow: neither, but takes more than about 3 s on a 2-core machine (`--durations` in every
  run's report says when a test should join or leave the list).

An entry is a test file, a test (its parametrized cases too) or one case; an entry that
matches no test of a file the run collected stops the run, so the lists cannot go stale."""

from __future__ import annotations

BROWSER_FOLDERS = ("tests/browser/",)
BROWSER_FIXTURES = frozenset({"browser"})

STACK_FOLDERS = ("tests/stack/",)
STACK_FIXTURES = frozenset({"stack"})
STACK_TESTS = (
    "tests/api/test_room_sockets.py",  # gunicorn with the rooms' sockets (app_server)
    "tests/puzzles/test_app_server_identity.py",  # gunicorn on a local stack (site)
    "tests/puzzles/test_runlocal.py::test_sigterm_stops_everything_runlocal_started",
    "tests/test_packaging.py::test_a_wheel_installed_in_a_fresh_venv_serves_the_site",
)

# The flood rows with a normal player beside them (benchmarks.attacks: normal_player, during)
# and the limits' timings against a calm baseline.
LATENCY_TESTS = (
    *(f"tests/stack/test_attacks.py::test_the_attack_holds[row{n}]"
      for n in (3, 4, 5, 6, 25, 26, 35)),
    "tests/stack/test_limits.py",
)

# Measured with --durations=0 on 2 cores with the other core busy (seconds then): what runs
# over about 3.5 s there, about 3 s on a quiet machine. A worker test starts a Celery process.
SLOW_TESTS = (
    "tests/puzzles/test_on_postgresql.py",  # 44: the database's tests again on PostgreSQL
    "tests/puzzles/test_worker.py",  # 4-48 each: real Celery workers (and beat)
    "tests/api/test_builder_guard.py::test_a_job_whose_worker_is_killed_ends_failed",  # 5
    "tests/puzzles/test_redis_away.py::test_a_race_rooms_socket_stays_open_and_in_its_room_"
    "through_a_redis_restart",  # 5
    "tests/puzzles/test_migrations.py::test_existing_levels_are_rated_and_pools_split_by_tier",
    "tests/api/test_fuzz.py::test_the_api_never_fails_and_always_explains",  # 15
    "tests/api/test_api.py::test_cookieless_page_views_count_no_play",  # 4
    "tests/engine/test_stars_cpsat.py::test_16_by_16_3_star_levels_and_planted_maps_count_"
    "alike_in_bounded_time",  # 19
    "tests/engine/test_stars_steps.py::test_every_step_from_the_empty_board_is_the_readings_"
    "and_so_is_the_solve_in_c",  # 9
    "tests/engine/test_stars_steps.py::test_the_search_resumed_from_earlier_rests_finds_what_"
    "closures_from_scratch_find",  # 8
    "tests/engine/test_stars_steps.py::test_where_logic_stops_on_a_16x16_map_with_many_"
    "solutions_it_is_the_readings",  # 5
    "tests/engine/test_stars_steps.py::test_broken_marks_give_the_same_outcome",  # 4
    "tests/engine/test_stars_api.py::test_a_16_by_16_3_star_level_is_made_in_bounded_time_"
    "and_is_unique",  # 5
    "tests/engine/test_palette.py::test_generated_boards_of_every_size_are_coloured_apart[16]",
    "tests/engine/test_palette.py::test_generated_boards_of_every_size_are_coloured_apart[19]",
    "tests/engine/test_palette.py::test_generated_boards_of_every_size_are_coloured_apart[20]",
    "tests/engine/test_palette_threads.py",  # 4: many threads at once
    "tests/engine/test_generate.py::test_large_tiered_board",  # 5
    "tests/engine/test_stub.py::test_stub_matches_the_runtime",  # 4: mypy's stubtest
)


def matches(nodeid: str, entry: str) -> bool:
    """Whether the test `nodeid` is the file, test or case `entry` names."""
    return (nodeid == entry or nodeid.startswith(entry + "::")
            or nodeid.startswith(entry + "["))


def kinds_of(nodeid: str, fixturenames) -> set[str]:
    """The markers (of browser, stack, latency, slow) the test `nodeid` gets."""
    kinds = set()
    if nodeid.startswith(BROWSER_FOLDERS) or BROWSER_FIXTURES & set(fixturenames):
        kinds.add("browser")
    if (nodeid.startswith(STACK_FOLDERS) or STACK_FIXTURES & set(fixturenames)
            or any(matches(nodeid, entry) for entry in STACK_TESTS)):
        kinds.add("stack")
    if any(matches(nodeid, entry) for entry in LATENCY_TESTS):
        kinds.add("latency")
    if any(matches(nodeid, entry) for entry in SLOW_TESTS):
        kinds.add("slow")
    return kinds


def group_of(nodeid: str, fixturenames, kinds: set[str]) -> str | None:
    """The xdist group a test runs in (`pytest -n 2 --dist loadgroup`), or None to go
    wherever a core is free: every test of the compose-like stack on one worker (one stack
    for the run, as one would be started without xdist), and a browser or app-server test
    with the rest of its file (its module's server or page is started once, not once a
    worker)."""
    if STACK_FIXTURES & set(fixturenames) or nodeid.startswith(STACK_FOLDERS):
        return "stack"
    if kinds & {"browser", "stack"}:
        return nodeid.split("::", 1)[0]
    return None


def stale_entries(nodeids: list[str]) -> list[str]:
    """The entries of STACK_TESTS, LATENCY_TESTS and SLOW_TESTS whose file was collected but
    which match no test of it (a renamed or removed test)."""
    files = {nodeid.split("::", 1)[0] for nodeid in nodeids}
    return [entry for entry in (*STACK_TESTS, *LATENCY_TESTS, *SLOW_TESTS)
            if entry.split("::", 1)[0] in files
            and not any(matches(nodeid, entry) for nodeid in nodeids)]
