"""The level cache under a generation run: `python -m benchmarks.cache [--root DIR]`.

Hot `GET /api/levels/<n>/` throughput (wrk, loopback) through gunicorn as compose runs it, on
PostgreSQL and a redis-server of its own: first idle, then while levels are saved at the rate
a generation run saves them (one process on this machine: about 50 a second at 8×8, 20 at
12×12), of another size and of the very size being read (whose candidate list each save makes
stale). The saves go through the run's own service (save_generated_level) from levels made
beforehand, so the figure is the cost of the saves and what they make the web processes
forget, not of the engine's work competing for the same two cores; a last row runs a real
Celery worker's run beside the load, engine and all. Each figure is also given as a share of
the idle one measured in the same run. `--root` runs another checkout's code (an older commit,
for a before and after) with this script's driver."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.support import (
    ROOT,
    free_port,
    recreate_database,
    stop_process,
    wait_for_port,
    wait_for_url,
)

READ_SIZE = 8


def median_of(runs: list[dict]) -> dict:
    """Each figure's median over the rounds (the share is the busy phase's against the idle
    phase just before it)."""
    import statistics

    return {name: statistics.median(run[name] for run in runs) for name in runs[0]}


def wrk(url: str, seconds: int, connections: int) -> dict:
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url],
                         check=True, capture_output=True, text=True).stdout

    def ms(label: str) -> float:
        value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)\b", out).groups()
        return float(value) / 1000 if unit == "us" else float(value) * (1000 if unit == "s" else 1)

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p99": ms("99%"), "non_2xx": int(errors.group(1)) if errors else 0}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(ROOT), help="the checkout whose code runs")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--workers", default="2")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    root = Path(args.root).resolve()
    folder = Path(tempfile.mkdtemp(prefix="queens-cache-"))
    redis_port, app_port = free_port(), free_port()
    env = {**os.environ, "DEBUG": "0", "DJANGO_SETTINGS_MODULE": "queensgame.settings",
           "SECRET_KEY": "bench-only-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG",
           "SECURE_SSL_REDIRECT": "0", "LOG_LEVEL": "WARNING",
           "DATABASE_URL": recreate_database("queens_cache"),
           "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0", "QUEENS_VAR_DIR": str(folder),
           "GUNICORN_BIND": f"127.0.0.1:{app_port}", "GUNICORN_WORKERS": args.workers,
           "CELERY_QUEUE": "queens-cache-bench", "PYTHONPATH": str(root)}
    redis = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port),
                              "--save", "", "--appendonly", "no", "--dir", str(folder)],
                             stdout=subprocess.DEVNULL)
    processes = [redis]

    def manage(*command: str) -> None:
        subprocess.run([sys.executable, "manage.py", *command], cwd=root, env=env, check=True,
                       stdout=subprocess.DEVNULL)

    def start(*command: str) -> subprocess.Popen:
        process = subprocess.Popen([sys.executable, "-m", *command], cwd=root, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(process)
        return process

    try:
        wait_for_port(redis_port)
        manage("migrate", "--noinput")
        manage("generate_levels", "--size", str(READ_SIZE), "--count", "60", "--seed", "1")
        manage("generate_levels", "--size", "12", "--count", "5", "--seed", "1")
        start("gunicorn", "-c", "python:queensgame.gunicorn_conf", "--access-logfile",
              "/dev/null", "queensgame.asgi")
        url = f"http://127.0.0.1:{app_port}/api/levels/{READ_SIZE}/"
        wait_for_url(url).read()
        wrk(url, 3, args.connections)  # warm: connections, processes' caches
        # Rounds of idle and busy phases, alternating: this machine is shared and noisy, so
        # each busy phase is compared with the idle phase just before it.
        rounds: dict[str, list[dict]] = {}
        for round_number in range(args.rounds):
            # Another pool at two rates, then the pool being read at the higher one: the
            # second against the third tells the saves' own cost from the cache's.
            for label, size, rate in (("idle", 0, 0),
                                      ("saves of 12×12 levels, 20/s", 12, 20),
                                      ("idle", 0, 0),
                                      ("saves of 12×12 levels, 50/s", 12, 50),
                                      ("idle", 0, 0),
                                      (f"saves of {READ_SIZE}×{READ_SIZE} levels, 50/s",
                                       READ_SIZE, 50)):
                if not rate:
                    idle_now = wrk(url, args.seconds, args.connections)
                    rounds.setdefault("idle", []).append(idle_now)
                    continue
                saver = start_saver(root, env, size=size, rate=rate,
                                    count=rate * (args.seconds + 2),
                                    first_seed=1000 * size + 100_000 * round_number
                                    + 10_000 * rate)
                busy = wrk(url, args.seconds, args.connections)
                busy["saved"] = int(saver.communicate(timeout=120)[0].split()[-1])
                busy["share"] = busy["rps"] / idle_now["rps"]
                rounds.setdefault(label, []).append(busy)
        results = {label: median_of(runs) for label, runs in rounds.items()}
        start("celery", "-A", "queensgame", "worker", "-Q", env["CELERY_QUEUE"],
              "--concurrency=1", "--pool=solo", "--without-gossip", "--without-mingle",
              "--loglevel=WARNING")
        label = f"a real run of {READ_SIZE}×{READ_SIZE} (worker on the same cores)"
        idle_now = wrk(url, args.seconds, args.connections)
        before = count_levels(root, env, READ_SIZE)
        run_id = create_run(root, env, READ_SIZE)
        time.sleep(2)  # the worker has taken it
        results[label] = wrk(url, args.seconds, args.connections)
        results[label]["saved"] = count_levels(root, env, READ_SIZE) - before
        results[label]["share"] = results[label]["rps"] / idle_now["rps"]
        cancel_run(root, env, run_id)
    finally:
        for process in reversed(processes):
            stop_process(process)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"GET /api/levels/{READ_SIZE}/ through gunicorn ({args.workers} workers), "
          f"{args.connections} connections, {args.seconds} s a phase, medians of "
          f"{args.rounds} rounds, code of {root}")
    print(f"{'while':50} {'req/s':>8} {'p99 ms':>8} {'non-2xx':>8} {'levels saved':>13}"
          f" {'of idle':>8}")
    for label, r in results.items():
        share = f"{100 * r.get('share', 1.0):.0f} %"
        print(f"{label:50} {r['rps']:8.0f} {r['p99']:8.1f} {r['non_2xx']:8} "
              f"{int(r['saved']) if 'saved' in r else '':>13} {share:>8}")


SAVER = """
import time
from generator_ext import generate
try:
    from puzzles.levels.services.levels import save_generated_level
except ImportError:  # an older checkout: one services module
    from puzzles.services import save_generated_level
from contextlib import nullcontext
try:
    from puzzles.levels import cache as level_cache
except ImportError:  # a checkout before the domain folders
    from puzzles import level_cache
# The run's batching of its changes (advance_run), where the code has it.
batched = getattr(level_cache, "batched", nullcontext)
made = [generate({size}, seed=seed) for seed in range({first_seed}, {first_seed} + {count})]
print("ready", flush=True)
started, saved = time.monotonic(), 0
with batched():
    for i, level in enumerate(made):
        time.sleep(max(0.0, started + i / {rate} - time.monotonic()))
        saved += save_generated_level(level) is not None
print(saved, flush=True)
"""


def start_saver(root: Path, env: dict, **plan) -> subprocess.Popen:
    """A process that saves `count` levels at `rate` a second as a run does; returns once
    its levels are made and the saving starts."""
    saver = subprocess.Popen([sys.executable, "manage.py", "shell", "-c", SAVER.format(**plan)],
                             cwd=root, env=env, stdout=subprocess.PIPE, text=True)
    while "ready" not in (saver.stdout.readline() or "ready"):
        pass
    return saver


def django_shell(root: Path, env: dict, code: str) -> str:
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=root,
                         env=env, check=True, capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1] if out.strip() else ""  # past the shell's banner


def count_levels(root: Path, env: dict, size: int) -> int:
    return int(django_shell(root, env, "from puzzles.models import Level; "
                                       f"print(Level.objects.filter(size={size}).count())"))


def create_run(root: Path, env: dict, size: int) -> int:
    """A big untargeted run, created as an admin does (the run's task is sent on commit)."""
    code = ("from puzzles.models import GenerationRun\n"
            "try:\n"
            "    from puzzles.levels.services.runs import create_run\n"
            f"    run = create_run(size={size}, rule='touch', requested=1000)\n"
            "except ImportError:  # an older checkout: one services module\n"
            "    from puzzles.services import create_run\n"
            f"    run = create_run({size}, 'touch', 1000)\n"
            "print(run.id)")
    return int(django_shell(root, env, code))


def cancel_run(root: Path, env: dict, run_id: int) -> None:
    django_shell(root, env, "from puzzles.models import GenerationRun, RunStatus; "
                            f"GenerationRun.objects.filter(id={run_id}).update("
                            "status=RunStatus.CANCELLED)")


if __name__ == "__main__":
    main()
