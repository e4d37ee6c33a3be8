"""The production stack on this machine, as docker compose would run it (Docker cannot run
here): a PostgreSQL cluster and a redis-server of its own (so a test may stop and restart
them), collectstatic as the image's build runs it, then the compose file's own commands for
setup, web and reads (gunicorn, DEBUG=0: the writes' pool and the reads'), worker and beat,
and Debian's nginx with the project's edge config in front of both (`stack.url`;
`stack.app_url` is the writes' app server itself).

The edge has an address of its own, as in compose where it is another host on the network:
nginx listens on EDGE_HOST and connects to the app servers from it, so they see a proxy peer
that is not theirs (not uvicorn's trusted 127.0.0.1) and the client in X-Forwarded-For, as
production does. The stack tests (tests/stack/conftest.py) and the attack suite
(benchmarks.attacks) both stand it up with `running_stack()`."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from glob import glob
from pathlib import Path

import yaml

from tests.support import RedisServer, free_port, nginx

ROOT = Path(__file__).resolve().parents[2]
APP_HOST = "127.0.0.1"  # the app servers (compose's web and reads)
EDGE_HOST = "127.0.0.2"  # nginx, listening and connecting from its own address
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
RESTARTED = ("worker", "builder", "beat")  # as compose restarts them (restart: unless-stopped)


class StackUnavailable(RuntimeError):
    """This machine lacks a part of the stack (the tests skip, or fail under CI)."""


def missing(what: str):
    raise StackUnavailable(what)


def as_postgres(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the postgres user then."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


class Postgres:
    """A throwaway cluster: initdb in a temporary folder, its own port and socket."""

    def __init__(self):
        bins = sorted(glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not bins:
            missing("no PostgreSQL server binaries (/usr/lib/postgresql/*/bin)")
        self.bin = Path(bins[-1]).parent
        self.dir = Path(tempfile.mkdtemp(prefix="queens-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self.data = self.dir / "data"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/queens"
        subprocess.run(as_postgres([str(self.bin / "initdb"), "-D", str(self.data), "-U",
                                    "postgres", "--auth=trust", "-E", "UTF8"]),
                       check=True, capture_output=True)

    def pg_ctl(self, *args: str) -> None:
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c max_connections=200")
        subprocess.run(as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-w",
                                    "-l", str(self.dir / "log"), "-o", options, *args]),
                       check=True, capture_output=True)

    def start(self) -> None:
        self.pg_ctl("start")

    def stop(self) -> None:
        self.pg_ctl("stop", "-m", "fast")

    def create_database(self) -> None:
        import psycopg

        with psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as db:
            db.execute("CREATE DATABASE queens")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.pg_ctl("stop", "-m", "immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis(RedisServer):
    def __init__(self, folder: Path):
        if not shutil.which("redis-server"):
            missing("no redis-server")
        super().__init__(folder)


class Stack:
    def __init__(self, folder: Path, postgres: Postgres, redis: Redis):
        self.folder = folder
        self.postgres = postgres
        self.redis = redis
        self.app_port = free_port()
        self.app_url = f"http://{APP_HOST}:{self.app_port}"
        self.reads_port = free_port()  # the reads' app server (compose's reads)
        self.url = self.port = None  # the edge's, once it runs
        self.edge_host = EDGE_HOST
        self.processes: dict[str, subprocess.Popen] = {}
        self.restarts: dict[str, int] = {}  # the Celery services' restarts (see supervise)
        self.stopping = False
        venv_bin = str(Path(sys.executable).parent)
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
            "PATH": f"{venv_bin}:{os.environ.get('PATH', '')}",
            "PYTHONUNBUFFERED": "1",
            # The compose file's environment, with this machine's addresses.
            "DEBUG": "0",
            "SECRET_KEY": "stack-test-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGH",
            "ALLOWED_HOSTS": f"{APP_HOST},{EDGE_HOST},localhost",
            "DATABASE_URL": postgres.url,
            "REDIS_URL": redis.url,
            "CELERY_QUEUE": "queens",
            # Plain http on loopback here; behind the TLS proxy these stay on (the defaults).
            "SECURE_SSL_REDIRECT": "0", "SESSION_COOKIE_SECURE": "0", "CSRF_COOKIE_SECURE": "0",
            "SECURE_HSTS_SECONDS": "0",
            "GUNICORN_BIND": f"{APP_HOST}:{self.app_port}",
            # The edge (nginx) is the one proxy in front, as in compose.
            "TRUSTED_PROXIES": "1",
            "GUNICORN_WORKERS": "2",  # one per core of this machine
            "QUEENS_VAR_DIR": str(folder / "var"),
            "STATIC_ROOT": str(folder / "staticfiles"),
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)

    def command(self, service: str) -> str:
        return COMPOSE["services"][service]["command"]

    def run_once(self, command: str) -> None:
        result = subprocess.run(["sh", "-c", command], cwd=ROOT, env=self.env,
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]

    def start(self, service: str, **env: str) -> subprocess.Popen:
        log = open(self.folder / f"{service}.log", "a")  # noqa: SIM115
        process = subprocess.Popen(["sh", "-c", f"exec {self.command(service)}"], cwd=ROOT,
                                   env={**self.env, **env}, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        self.processes[service] = process
        if service in RESTARTED and service not in self.restarts:
            self.restarts[service] = 0
            threading.Thread(target=self.supervise, args=(service, env), daemon=True).start()
        return process

    def supervise(self, service: str, env: dict) -> None:
        """Compose's `restart: unless-stopped` for the Celery services: a worker that exits
        is started again (Celery's Redis transport can die reconnecting after a Redis
        restart, kombu's "'NoneType' object has no attribute 'hostname'"); counted, so a
        test can tell."""
        while not self.stopping:
            code = self.processes[service].poll()
            if code is not None and not self.stopping:
                with open(self.folder / f"{service}.log", "a") as log:
                    log.write(f"[stack] {service} exited ({code}); restarted, as compose's "
                              "restart policy does\n")
                self.restarts[service] += 1
                self.start(service, **env)
            time.sleep(0.5)

    def log(self, service: str) -> str:
        return (self.folder / f"{service}.log").read_text()

    def get(self, path: str, timeout: float = 5, data: bytes | None = None,
            headers: dict | None = None, base: str | None = None):
        request = urllib.request.Request((base or self.url) + path, data=data,
                                         headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def wait_ready(self, timeout: float = 60) -> float:
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            try:
                if self.get("/readyz", timeout=2)[0] == 200:
                    return time.monotonic() - started
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError("the site never became ready:\n" + self.log("web")[-3000:])

    def stop_all(self) -> None:
        self.stopping = True
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


    def shell(self, code: str) -> str:
        """`manage.py shell -c code` against the stack's database: what it printed. For
        server-side state no API shows, and for accounts with a verified address."""
        result = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT,
                                env=self.env, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr[-3000:]
        return result.stdout


@contextlib.contextmanager
def running_stack():
    """The whole stack, up and answering through the edge; stopped and removed after."""
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        missing("no nginx (Debian's package nginx)")
    folder = Path(tempfile.mkdtemp(prefix="queens-stack-"))
    postgres = Postgres()
    redis = Redis(folder)
    stack = Stack(folder, postgres, redis)
    try:
        postgres.start()
        postgres.create_database()
        redis.start()
        # What the image's build runs, then the compose services in their order.
        stack.run_once("python manage.py collectstatic --noinput")
        stack.run_once(stack.command("setup"))
        stack.start("web", GUNICORN_NICE="10")
        # The reads' pool, as compose runs it: one worker here (two cores in all).
        stack.start("reads", GUNICORN_BIND=f"{APP_HOST}:{stack.reads_port}",
                    GUNICORN_WORKERS="1")
        stack.start("worker")
        stack.start("builder")
        stack.start("beat")
        stack.url = stack.app_url
        stack.wait_ready()
        stack.url = f"http://{APP_HOST}:{stack.reads_port}"
        stack.wait_ready()
        with nginx(f"{APP_HOST}:{stack.app_port}", stack.env["STATIC_ROOT"],
                   reads=f"{APP_HOST}:{stack.reads_port}", host=EDGE_HOST) as edge:
            stack.url, stack.port = edge, int(edge.rsplit(":", 1)[1])
            stack.wait_ready()
            yield stack
    finally:
        stack.stop_all()
        redis.stop()
        postgres.remove()
        shutil.rmtree(folder, ignore_errors=True)
