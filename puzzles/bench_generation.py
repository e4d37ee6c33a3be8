"""Generation throughput through the real pipeline: `python -m puzzles.bench_generation`.

A celery worker (prefork, 1 then 2 processes) on a redis-server of its own and PostgreSQL
(database `queens_gen`), fed generation runs as the pools feed it: levels per minute per size,
stored and deduplicated, from the runs' creation to their end."""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_GEN = "postgres://postgres@127.0.0.1:5432/queens_gen"
LEVELS = {8: 200, 12: 100, 16: 60, 20: 40}  # per measurement: seconds of work each


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8,12,16,20")
    parser.add_argument("--processes", default="1,2")
    args = parser.parse_args(argv)
    import psycopg

    folder = Path(tempfile.mkdtemp(prefix="queens-gen-"))
    redis_port = free_port()
    redis = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port),
                              "--save", "", "--appendonly", "no", "--dir", str(folder)],
                             stdout=subprocess.DEVNULL)
    env = {**os.environ, "DEBUG": "0", "DJANGO_SETTINGS_MODULE": "queensgame.settings",
           "SECRET_KEY": "gen-bench-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGHI",
           "DATABASE_URL": PG_GEN, "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
           "QUEENS_VAR_DIR": str(folder / "var"), "LOG_LEVEL": "WARNING"}
    os.environ.update(env)
    rows = []
    try:
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS queens_gen")
            conn.execute("CREATE DATABASE queens_gen")
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env,
                       check=True, stdout=subprocess.DEVNULL)
        import django

        django.setup()
        from puzzles import services
        from puzzles.models import GenerationRun, RunStatus

        for processes in map(int, args.processes.split(",")):
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "queensgame", "worker",
                 f"--concurrency={processes}", "--without-gossip", "--without-mingle",
                 "--loglevel=WARNING"], cwd=ROOT, env=env, start_new_session=True)
            time.sleep(4)  # the worker connects
            try:
                for size in map(int, args.sizes.split(",")):
                    total = LEVELS[size]
                    started = time.monotonic()
                    runs = [services.create_run(size, "touch", total // processes)
                            for _ in range(processes)]
                    for run in runs:  # no transaction here: send now
                        services.enqueue_run(run.id)
                    ids = [run.id for run in runs]
                    while GenerationRun.objects.filter(id__in=ids, status__in=[
                            RunStatus.QUEUED, RunStatus.RUNNING]).exists():
                        time.sleep(0.05)
                    elapsed = time.monotonic() - started
                    made = sum(GenerationRun.objects.filter(id__in=ids)
                               .values_list("produced", flat=True))
                    rows.append((processes, size, made, elapsed))
                    print(f"{processes} process(es)  {size:>2}x{size:<2}  {made:>4} levels  "
                          f"{elapsed:6.1f} s  {made / elapsed * 60:8.0f} levels/min", flush=True)
            finally:
                os.killpg(worker.pid, signal.SIGTERM)
                worker.wait(timeout=60)
    finally:
        redis.terminate()
        shutil.rmtree(folder, ignore_errors=True)
    by = {(p, n): made / elapsed * 60 for p, n, made, elapsed in rows}
    print("\nsize  1 process  2 processes  speed-up")
    for size in map(int, args.sizes.split(",")):
        one, two = by.get((1, size)), by.get((2, size))
        if one and two:
            print(f"{size:>4}  {one:9.0f}  {two:11.0f}  {two / one:7.2f}x")


if __name__ == "__main__":
    main()
