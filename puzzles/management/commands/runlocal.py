"""`make run`: the site on 127.0.0.1:$PORT (8000) with beat and Celery workers beside it (one
a core fills the pools; another does what a person waits for: the builder's jobs and the runs
staff ask for), all stopped together by Ctrl-C or SIGTERM. It says where the site is, how the
pools are filling, when they are full, and what a stop waits for. A taken port is an error
before anything starts."""

import os
import signal
import socket
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from puzzles.levels.selectors.pools import fill_summary

POOLS_EVERY_S = 10  # how often the pools' progress is looked at
STOP_WAIT_S = 5  # what has not stopped by then is killed
POOL_WORKERS = min(2, os.cpu_count() or 1)
# make run's runs hand themselves on this often, so a worker's warm stop (a second Ctrl-C
# from a terminal, the group's SIGINT) never waits long (production's slice is 30 s).
LOCAL_TASK_SLICE_S = "5"


def listen(host: str, port: int) -> socket.socket:
    """The site's listening socket, bound here so that a taken port is a sentence and exit 1,
    not a server that dies after "running" was said (uvicorn is handed the socket)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise CommandError(
            f"cannot serve on {host}:{port}: {error.strerror}. Another server is using the "
            f"port (a make run still running?): stop it, or pick another port, e.g. "
            f"PORT={port + 1} make run") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def celery(*args: str) -> list[str]:
    # Quiet: no banner; the lines runlocal prints tell the story, the processes' own only
    # what goes wrong.
    return [sys.executable, "-m", "celery", "-A", "queensgame", "--quiet", *args]


class Command(BaseCommand):
    help = "Run the development site, two Celery workers and Celery beat together."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default=f"127.0.0.1:{os.environ.get('PORT') or 8000}",
                            help="host:port to serve on (default 127.0.0.1:$PORT, PORT=8000)")

    def handle(self, *args, addr, **options):
        host, _, port = addr.rpartition(":")
        if not port.isdigit() or not host:
            raise CommandError(f"--addr must be host:port, not {addr!r}")
        listener = listen(host.strip("[]"), int(port))

        def terminate(signum, frame):
            raise KeyboardInterrupt

        # SIGTERM stops the children as Ctrl-C does; and Ctrl-C is heard even where it came
        # in ignored (a script's background job: only the children would hear it then).
        signal.signal(signal.SIGTERM, terminate)
        signal.signal(signal.SIGINT, terminate)
        url = f"http://{addr}/"
        self.children: dict[str, subprocess.Popen] = {}
        said, looked, ended = None, 0.0, None
        try:
            self.start(listener)
            listener.close()  # uvicorn holds its own copy
            self.stdout.write(f"Queens is running on {url} (Ctrl-C stops everything)")
            self.stdout.flush()
            while ended is None:
                if time.monotonic() - looked >= POOLS_EVERY_S:
                    looked = time.monotonic()
                    said = self.report_pools(url, said)
                time.sleep(0.5)
                ended = next((name for name, child in self.children.items()
                              if child.poll() is not None), None)
        except KeyboardInterrupt:
            pass
        self.stop()
        if ended is not None:
            raise CommandError(f"the {ended} stopped (exit code "
                               f"{self.children[ended].returncode}); everything else was "
                               f"stopped with it: its lines above say why")

    def start(self, listener: socket.socket) -> None:
        env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1"),
               "QUEENS_TASK_SLICE_S": os.environ.get("QUEENS_TASK_SLICE_S",
                                                     LOCAL_TASK_SLICE_S),
               # Celery warns a root user (a container's) in every worker; make run serves
               # only this machine.
               "PYTHONWARNINGS": ",".join(filter(None, [
                   os.environ.get("PYTHONWARNINGS"),
                   "ignore:You're running the worker with superuser privileges"]))}
        workers = ["--without-gossip", "--without-mingle"]
        # A line per task is noise here: runlocal tells how the pools fill.
        quiet = {**env, "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING")}
        # The pools fill on every core (two at most: the site and the builder need some),
        # each worker one process (solo): a stop ends it between two levels, no pool of
        # processes to wait for.
        pool_workers = {
            f"pool worker {i + 1}": celery("worker", "-n", f"pools{i + 1}@%h", "-Q",
                                           settings.CELERY_QUEUE, "--pool=solo", *workers)
            for i in range(POOL_WORKERS)}
        commands = {
            # The site's own ASGI application (HTTP and the rooms' WebSockets, on the
            # in-memory channel layer), as production runs it, without gunicorn.
            "site": [sys.executable, "-m", "uvicorn", "queensgame.asgi:application",
                     "--fd", str(listener.fileno()), "--ws", "websockets-sansio",
                     "--lifespan", "off",
                     "--no-proxy-headers"],  # the client's address: Django's TRUSTED_PROXIES
            **pool_workers,
            # What a person waits for, apart from the pools' runs; two at once, so a Make it
            # unique never waits behind an admin's run.
            "builder's worker": celery(
                "worker", "-n", "people@%h", "-Q",
                f"{settings.CELERY_BUILDER_QUEUE},{settings.CELERY_ADMIN_QUEUE}",
                "--concurrency=2", *workers),
            "beat": celery("beat"),
        }
        for name, command in commands.items():
            self.children[name] = subprocess.Popen(
                command, env=env if name == "site" else quiet,
                pass_fds=(listener.fileno(),) if name == "site" else ())

    def stop(self) -> None:
        """Stop every child and say what is awaited: the site and beat at once; the workers
        cold (a level half made is dropped, and its run resumes when its heartbeat goes stale
        at the next start, as after any lost worker)."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut this short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        running = {name: child for name, child in self.children.items() if child.poll() is None}
        if not running:
            return
        self.stdout.write(f"Stopping: {', '.join(running)} (a generation run cut short "
                          f"resumes at the next start)…")
        self.stdout.flush()
        for name, child in running.items():
            child.send_signal(signal.SIGQUIT if "worker" in name else signal.SIGTERM)
        deadline = time.monotonic() + STOP_WAIT_S
        told = False
        while time.monotonic() < deadline:
            waiting = [name for name, child in running.items() if child.poll() is None]
            if not waiting:
                break
            if not told and time.monotonic() > deadline - STOP_WAIT_S + 2:
                self.stdout.write(f"Still waiting for: {', '.join(waiting)} (a level being "
                                  f"made; killed in {STOP_WAIT_S - 2} s)…")
                self.stdout.flush()
                told = True
            time.sleep(0.1)
        for child in running.values():
            if child.poll() is None:
                child.kill()
                child.wait()
        self.stdout.write("Stopped.")

    def report_pools(self, url: str, said):
        """A line when the pools' fill changes; the last one says they are all full."""
        try:
            full, total = fill_summary()
        except Exception:  # the database is busy migrating or locked: try again later
            return said
        if (full, total) != said:
            if full >= total:
                self.stdout.write(f"All {total} level pools are full: play at {url}")
            else:
                self.stdout.write(f"Filling the level pools: {full} of {total} full "
                                  f"(the site already plays at {url})")
            self.stdout.flush()
        return full, total
