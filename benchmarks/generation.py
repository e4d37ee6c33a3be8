"""Generation throughput through the real pipeline: `python -m benchmarks.generation`.

A celery worker (prefork, 1 then 2 processes) on a redis-server of its own and PostgreSQL
(database `queens_gen`), fed generation runs as the pools feed it: levels per minute per size,
stored and deduplicated, from the runs' creation to their end."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time

from tests.support import ROOT, local_stack

LEVELS = {8: 200, 12: 100, 16: 60, 20: 40}  # per measurement: seconds of work each


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8,12,16,20")
    parser.add_argument("--processes", default="1,2")
    args = parser.parse_args(argv)
    rows = []
    with local_stack("gen") as env:
        os.environ.update(env)
        import django

        django.setup()
        from puzzles.levels.services import runs as run_service
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
                    # Outside a transaction, each run is sent the moment it is created.
                    runs = [run_service.create_run(size=size, rule="touch",
                                                   requested=total // processes)
                            for _ in range(processes)]
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
    by = {(p, n): made / elapsed * 60 for p, n, made, elapsed in rows}
    print("\nsize  1 process  2 processes  speed-up")
    for size in map(int, args.sizes.split(",")):
        one, two = by.get((1, size)), by.get((2, size))
        if one and two:
            print(f"{size:>4}  {one:9.0f}  {two:11.0f}  {two / one:7.2f}x")


if __name__ == "__main__":
    main()
