"""`make run`: the site on 127.0.0.1:8000 with a Celery worker and beat beside it, all
stopped together by Ctrl-C or SIGTERM. It says where the site is, how the pools are filling,
and when they are full."""

import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from puzzles.selectors.pools import fill_summary

POOLS_EVERY_S = 10  # how often the pools' progress is looked at


class Command(BaseCommand):
    help = "Run the development site, a Celery worker and Celery beat together."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args, addr, **options):
        python = sys.executable
        env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1")}
        host, _, port = addr.rpartition(":")
        commands = [
            # The site's own ASGI application (HTTP and the rooms' WebSockets, on the
            # in-memory channel layer), as production runs it, without gunicorn.
            [python, "-m", "uvicorn", "queensgame.asgi:application", "--host", host,
             "--port", port, "--ws", "websockets-sansio", "--lifespan", "off",
             "--no-proxy-headers"],  # the client's address: Django's TRUSTED_PROXIES
            # One worker for generation and the builder's fixes here; compose runs two.
            [python, "-m", "celery", "-A", "queensgame", "worker", "--loglevel=INFO",
             "-Q", f"{settings.CELERY_QUEUE},{settings.CELERY_BUILDER_QUEUE}",
             "--concurrency=1", "--without-gossip", "--without-mingle"],
            [python, "-m", "celery", "-A", "queensgame", "beat", "--loglevel=INFO"],
        ]
        def stop(signum, frame):
            raise KeyboardInterrupt  # SIGTERM stops the children as Ctrl-C does

        signal.signal(signal.SIGTERM, stop)
        children = [subprocess.Popen(cmd, env=env) for cmd in commands]
        url = f"http://{addr}/"
        self.stdout.write(f"Queens is running on {url} (Ctrl-C stops everything)")
        said, looked = None, 0.0
        try:
            while all(child.poll() is None for child in children):
                if time.monotonic() - looked >= POOLS_EVERY_S:
                    looked = time.monotonic()
                    said = self.report_pools(url, said)
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            for child in children:
                if child.poll() is None:
                    # SIGTERM, not SIGINT: a shell's background job ignores SIGINT, and so
                    # would the site's server; Celery takes SIGTERM as its warm shutdown.
                    child.terminate()
            for child in children:
                try:
                    child.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    child.kill()

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
