"""Throwaway local services for the benchmarks (and a free port for the tests): a fresh
PostgreSQL database, a redis-server of its own, and gunicorn run as the compose stack runs
it, with DEBUG off."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_SERVER = "postgres://postgres@127.0.0.1:5432"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, tries: int = 200) -> http.client.HTTPResponse:
    """The first answer of a server that is starting."""
    for _ in range(tries):
        try:
            return urllib.request.urlopen(url, timeout=2)
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answered at {url}")


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@contextmanager
def local_stack(name: str, **settings: str) -> Iterator[dict]:
    """A migrated database `queens_<name>` (dropped and made anew) and a redis-server on a
    free port; yields the environment the site's processes run with (DEBUG off, plus
    `settings`)."""
    import psycopg

    folder = Path(tempfile.mkdtemp(prefix=f"queens-{name}-"))
    redis_port = free_port()
    redis = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port),
                              "--save", "", "--appendonly", "no", "--dir", str(folder)],
                             stdout=subprocess.DEVNULL)
    env = {**os.environ, "DEBUG": "0", "DJANGO_SETTINGS_MODULE": "queensgame.settings",
           "SECRET_KEY": "bench-only-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG",
           "SECURE_SSL_REDIRECT": "0", "LOG_LEVEL": "WARNING",
           "DATABASE_URL": f"{PG_SERVER}/queens_{name}",
           "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
           "QUEENS_VAR_DIR": str(folder / "var"), **settings}
    try:
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS queens_{name}")
            conn.execute(f"CREATE DATABASE queens_{name}")
        manage(env, "migrate", "--noinput")
        yield env
    finally:
        redis.terminate()
        redis.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def gunicorn(env: dict, **settings: str) -> Iterator[str]:
    """gunicorn with the compose stack's config (queensgame/gunicorn_conf.py) on a free port,
    without an access log; yields its base URL once it answers."""
    port = free_port()
    env = {**env, "GUNICORN_BIND": f"127.0.0.1:{port}", **settings}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:queensgame.gunicorn_conf",
         "--access-logfile", "/dev/null", "queensgame.wsgi"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/healthz")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)
