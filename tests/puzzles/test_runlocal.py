"""`make run`'s process group: the site (its WebSockets too) answers on $PORT, SIGTERM stops
the site, the two workers and beat, as Ctrl-C does, and a taken port is a sentence and exit 1."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from puzzles.management.commands.runlocal import POOL_WORKERS
from tests.support import talk_in_a_room

ROOT = Path(__file__).resolve().parents[2]


def children_of(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in found.split()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie has stopped; it only waits for its parent to collect it.
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "\nState:\tZ" in status.read_text())


def local_env(tmp_path) -> dict:
    """make run's environment: none of the tests' services, SQLite in a folder of its own."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE", "SECRET_KEY",
                        "PORT")}
    env.update({"DEBUG": "1", "QUEENS_VAR_DIR": str(tmp_path),
                "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    return env


def test_sigterm_stops_everything_runlocal_started(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**local_env(tmp_path), "PORT": str(port)}  # as `PORT=8123 make run` passes it
    for command in (["migrate", "--noinput"], ["createcachetable"]):  # as make run does
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env,
                       check=True, capture_output=True)
    # Started as a shell's background job is: SIGINT ignored (and inherited by children).
    runner = subprocess.Popen([sys.executable, "manage.py", "runlocal"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    children: list[int] = []
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        children = children_of(runner.pid)
        # the site, the pool workers, the builder's worker, beat
        assert len(children) == 3 + POOL_WORKERS, children
        talk_in_a_room(f"127.0.0.1:{port}")
        runner.send_signal(signal.SIGTERM)
        runner.wait(timeout=10)  # each child stops by itself, none waits to be killed
        deadline = time.monotonic() + 20
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [pid for pid in children if alive(pid)], "children outlived runlocal"
    finally:
        if runner.poll() is None:
            runner.kill()
        for pid in children:  # whatever happened above, leave no process behind
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_taken_port_is_a_sentence_and_exit_1_before_anything_starts(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "manage.py", "runlocal"], cwd=ROOT,
                              env={**local_env(tmp_path), "PORT": str(port)},
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done
    assert f"cannot serve on 127.0.0.1:{port}" in done.stderr, done.stderr
    assert f"PORT={port + 1} make run" in done.stderr
    assert "Queens is running" not in done.stdout


def test_runlocal_says_how_the_pools_fill_and_when_they_are_full(db, make_level):
    from io import StringIO

    from puzzles.management.commands.runlocal import Command
    from puzzles.models import PoolTarget

    PoolTarget.objects.create(size=6, rule="touch", tier="easy", target=1)
    PoolTarget.objects.create(size=7, rule="touch", tier="easy", target=1)
    out = StringIO()
    command = Command(stdout=out)
    said = command.report_pools("http://127.0.0.1:8000/", None)
    assert "Filling the level pools: 0 of 2 full" in out.getvalue()
    assert command.report_pools("http://127.0.0.1:8000/", said) == said
    assert out.getvalue().count("Filling") == 1  # nothing changed: nothing said
    make_level(size=6, seed=1, tier="easy")
    make_level(size=7, seed=1, tier="easy")
    command.report_pools("http://127.0.0.1:8000/", said)
    assert "All 2 level pools are full: play at http://127.0.0.1:8000/" in out.getvalue()
