"""`make test` runs on SQLite, as the README has it and as CI runs it. The tests of what the
database itself does (row locks between workers, constraints, migrations, where nulls sort)
also run on the real PostgreSQL this machine serves at 127.0.0.1:5432, found as Redis is:
without it they are skipped, loudly, and under CI that fails the run."""

import os
import socket
import subprocess
import sys
import uuid

import pytest
from django.db import connection

from tests.conftest import IN_CI, ROOT
from tests.support import PG_SERVER

# About two minutes on two cores (CI stays under twenty): the row locks of parallel top-ups,
# the migrations, the pools' and runs' services, the race rooms' ordered results, and the
# difficulty model's upserts (ON CONFLICT) and its one-in-service partial unique index, and
# banded runs (a rejection counted under the run's row lock, a kept prediction upserted).
DATABASE_TESTS = ["tests/puzzles/test_worker.py::test_ten_parallel_top_ups_queue_one_run_per_pool",
                  "tests/puzzles/test_migrations.py", "tests/puzzles/test_tiers.py",
                  "tests/puzzles/test_services.py", "tests/api/test_rooms.py",
                  "tests/puzzles/test_difficulty_model.py", "tests/puzzles/test_rating_band.py"]


def postgresql_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 5432), timeout=0.5).close()
        return True
    except OSError:
        return False


def test_the_database_tests_pass_on_postgresql():
    if connection.vendor == "postgresql":
        return  # the whole suite runs on it already (DATABASE_URL names it)
    if not postgresql_answers():
        message = ("!!! NO PostgreSQL on 127.0.0.1:5432: the database tests did not run on "
                   "it (SQLite only)")
        if IN_CI:
            pytest.fail(message + "; CI requires it")
        pytest.skip(message)
    # A database of this run's own (pytest-django makes test_<name> and drops it after).
    env = {**os.environ, "DATABASE_URL": f"{PG_SERVER}/queens_{uuid.uuid4().hex[:8]}"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *DATABASE_TESTS], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
