"""Starting processes and waiting for them, for the tests and the benchmarks alike: a free
port, waiting for a condition, a URL or a port, a process with its log that is ready when a
line appears, stopping one, and throwaway services (a fresh PostgreSQL database, a
redis-server of its own, gunicorn and Debian's nginx as the compose stack runs them)."""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repository
PG_SERVER = "postgres://postgres@127.0.0.1:5432"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def wait_until(predicate, timeout: float = 60.0, interval: float = 0.2) -> bool:
    """Poll predicate() until it is true (True) or `timeout` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return False


def wait_for_url(url: str, timeout: float = 20.0,
                 server: subprocess.Popen | None = None) -> http.client.HTTPResponse:
    """The first answer of a server that is starting; with its process, a RuntimeError as
    soon as it has exited (so a long timeout costs only a slow start its time)."""
    answer: list[http.client.HTTPResponse] = []

    def answered() -> bool:
        if server is not None and server.poll() is not None:
            return True
        try:
            answer.append(urllib.request.urlopen(url, timeout=2))
            return True
        except OSError:
            return False

    if not wait_until(answered, timeout, interval=0.1) or not answer:
        raise RuntimeError(f"nothing answered at {url}")
    return answer[0]


def wait_for_port(port: int, timeout: float = 10.0) -> None:
    def listening() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            return False

    if not wait_until(listening, timeout, interval=0.05):
        raise RuntimeError(f"nothing listens on port {port}")


def start_logged(args: list[str], *, env: dict, log_path: Path, ready: str,
                 timeout: float = 30.0) -> subprocess.Popen:
    """A process writing to log_path, returned once its log shows `ready` (RuntimeError with
    the log if it exits first or never does); its log is at process.log_path."""
    log = open(log_path, "w")  # noqa: SIM115 (outlives this block)
    process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    log.close()  # the child holds its own copy

    def started() -> bool:
        if process.poll() is not None:
            raise RuntimeError(log_path.read_text())
        return ready in log_path.read_text()

    if not wait_until(started, timeout):
        stop_process(process)
        raise RuntimeError(f"{args[0]} never said {ready!r}:\n" + log_path.read_text()[-3000:])
    process.log_path = log_path
    return process


def stop_process(process: subprocess.Popen, timeout: float = 20.0) -> None:
    """Terminate, then kill what does not stop within `timeout` seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def recreate_database(name: str) -> str:
    """An empty PostgreSQL database `name` on this machine's server; its URL."""
    import psycopg

    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return f"{PG_SERVER}/{name}"


def drop_database(name: str) -> None:
    import psycopg

    with contextlib.suppress(psycopg.Error), \
            psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextmanager
def local_stack(name: str, **settings: str) -> Iterator[dict]:
    """A migrated database `queens_<name>_<this process>` (made anew, dropped after: two runs
    at once, or two xdist workers, never share one) and a redis-server on a free port; yields
    the environment the site's processes run with (DEBUG off, plus `settings`)."""
    database = f"queens_{name}_{os.getpid()}"
    folder = Path(tempfile.mkdtemp(prefix=f"queens-{name}-"))
    redis_port = free_port()
    redis = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port),
                              "--save", "", "--appendonly", "no", "--dir", str(folder)],
                             stdout=subprocess.DEVNULL)
    env = {**os.environ, "DEBUG": "0", "DJANGO_SETTINGS_MODULE": "queensgame.settings",
           "SECRET_KEY": "bench-only-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG",
           "SECURE_SSL_REDIRECT": "0", "LOG_LEVEL": "WARNING",
           "DATABASE_URL": f"{PG_SERVER}/{database}",
           "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
           "QUEENS_VAR_DIR": str(folder / "var"), **settings}
    try:
        recreate_database(database)
        manage(env, "migrate", "--noinput")
        yield env
    finally:
        stop_process(redis, timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
        drop_database(database)


@contextmanager
def gunicorn(env: dict, **settings: str) -> Iterator[str]:
    """gunicorn with the compose stack's config (queensgame/gunicorn_conf.py) on a free port,
    without an access log; yields its base URL once it answers."""
    port = free_port()
    env = {**env, "GUNICORN_BIND": f"127.0.0.1:{port}", **settings}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:queensgame.gunicorn_conf",
         "--access-logfile", "/dev/null", "queensgame.asgi"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        # Django and the engine load in its workers: 55 s once with both cores busy (the
        # newcomer-check's run beside a stack); a dead server still fails at once.
        wait_for_url(base + "/healthz", timeout=120, server=server)
        yield base
    finally:
        stop_process(server, timeout=30)


EDGE_TEMPLATE = ROOT / "nginx" / "nginx.conf.template"
# The edge's limits per client address, as compose sets them by default.
EDGE_LIMITS = {"QUEENS_EDGE_CONNECTIONS": "100", "QUEENS_EDGE_RATE": "50r/s",
               "QUEENS_EDGE_POST_RATE": "10r/s", "QUEENS_EDGE_COSTLY_RATE": "30r/m",
               "QUEENS_EDGE_SOCKETS": "24", "QUEENS_EDGE_ANALYSES": "4"}


def render_edge_config(values: dict[str, str]) -> str:
    """The edge's nginx.conf with its ${QUEENS_...} filled in, as envsubst does in compose."""
    import re

    text = EDGE_TEMPLATE.read_text()
    missing = set(re.findall(r"\$\{(QUEENS_[A-Z_]+)\}", text)) - set(values)
    if missing:
        raise ValueError(f"the edge config needs {', '.join(sorted(missing))}")
    return re.sub(r"\$\{(QUEENS_[A-Z_]+)\}", lambda m: values[m.group(1)], text)


@contextmanager
def nginx(upstream: str, static_root: str | Path, *, reads: str | None = None,
          access_log: Path | None = None, host: str = "127.0.0.1",
          **limits: str) -> Iterator[str]:
    """Debian's nginx with the project's edge config in front of `upstream` (host:port; the
    reads too unless `reads` names their own), on a free port of `host`; yields its base URL
    once it answers. A `host` other than 127.0.0.1 is the edge's own address, as a host of
    its own on compose's network: nginx connects to the app from it too (proxy_bind), so the
    app sees a peer that is not itself. `access_log`: a file each request is
    written to, as "METHOD URI STATUS SECONDS WHEN" (the edge's own timing: the benchmarks'
    per kind latency)."""
    if not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists():
        raise RuntimeError("nginx is not installed (Debian's package nginx)")
    folder = Path(tempfile.mkdtemp(prefix="queens-edge-"))
    port = free_port(host)
    config = folder / "nginx.conf"
    config.write_text(render_edge_config({
        **EDGE_LIMITS, **limits, "QUEENS_LISTEN": f"{host}:{port}",
        "QUEENS_UPSTREAM": upstream, "QUEENS_READ_UPSTREAM": reads or upstream,
        "QUEENS_STATIC_ROOT": str(static_root),
        "QUEENS_CACHE_DIR": str(folder / "cache")}))
    if access_log is not None:
        config.write_text(config.read_text().replace("    access_log off;", (
            "    log_format timing '$request_method $uri $status $request_time $msec';\n"
            f"    access_log {access_log} timing buffer=256k flush=1s;"), 1))
    if host != "127.0.0.1":
        config.write_text(config.read_text().replace(
            "        proxy_http_version 1.1;",
            f"        proxy_bind {host};\n        proxy_http_version 1.1;", 1))
    # What the image's own nginx.conf would say: where the pid and the logs go, and (as root
    # here) workers that may read the test's private folders.
    directives = f"pid {folder}/nginx.pid; error_log {folder}/error.log warn;"
    if os.geteuid() == 0:
        directives += " user root;"
    server = subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(folder),
                               "-c", str(config), "-g", f"daemon off; {directives}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://{host}:{port}"
    try:
        try:
            wait_for_url(base + "/healthz", timeout=10)
        except RuntimeError:
            server.kill()
            raise RuntimeError("nginx did not start: " + server.communicate()[1].decode()
                               ) from None
        yield base
    finally:
        stop_process(server, timeout=15)
        shutil.rmtree(folder, ignore_errors=True)


# A returning player: the first-visit tutorial (static/js/help.js) has been seen, so it does
# not open over the board. Tests of the tutorial itself start without it.
TUTORIAL_SEEN = "try { localStorage.setItem('queens:tutorial', 'true'); } catch (e) {}"


def returning_player(context):
    context.add_init_script(TUTORIAL_SEEN)
    return context


def human_moves(solution: list[int], *, end_s: float, span_s: float = 4.5) -> list[list[int]]:
    """A person's move log for a solve seen by the server `end_s` after the opening: one
    queen per row over the last `span_s` seconds (less if the opening is nearer), at uneven
    pauses, with a cross after the first queen, the last queen a moment before the solving
    check (puzzles.play.move_log.human_pace holds it a person's)."""
    end = int(end_s * 1000) - 300
    start = max(0, end - int(span_s * 1000))
    n = len(solution)
    pauses = [1 + (k * 7) % 5 for k in range(n - 1)]  # 1, 3, 5, 2, 4, ... units
    unit = (end - start) / max(1, sum(pauses))
    times = [start + round(unit * sum(pauses[:k])) for k in range(n)]
    times[-1] = end
    log = [[ms, row, col, 2] for ms, row, col in zip(times, range(n), solution, strict=True)]
    cross = [times[0] + max(1, (times[1] - times[0]) // 2) if n > 1 else times[0], 0,
             (solution[0] + 1) % n, 1]
    return [log[0], cross, *log[1:]]


def player_key(page) -> str:
    """The player key behind the page's signed player cookie (the site must have set it)."""
    from django.conf import settings
    from django.http import HttpRequest

    from puzzles.players.identity import MAX_AGE_S, SALT

    name = settings.QUEENS_PLAYER_COOKIE
    request = HttpRequest()  # Django's own reading of a signed cookie, salt and all
    request.COOKIES = {c["name"]: c["value"] for c in page.context.cookies()}
    return request.get_signed_cookie(name, salt=SALT, max_age=MAX_AGE_S)


def talk_in_a_room(addr: str) -> None:
    """A room made over HTTP at `addr` (host:port), then a talk on its WebSocket: hello and
    the state, a ping's pong, and an error for a message that is not JSON."""
    import json
    import urllib.request

    from websockets.sync.client import connect

    request = urllib.request.Request(
        f"http://{addr}/api/rooms/", method="POST",
        data=json.dumps({"size": 8, "tier": "easy", "boards": 1, "name": "Ada"}).encode(),
        headers={"Content-Type": "application/json", "Origin": f"http://{addr}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        code = json.loads(answer.read())["code"]
        cookie = answer.headers["Set-Cookie"].split(";")[0]
    with connect(f"ws://{addr}/ws/rooms/{code}/", open_timeout=10,
                 additional_headers={"Cookie": cookie, "Origin": f"http://{addr}"}) as socket:
        kinds = [json.loads(socket.recv(timeout=10))["type"] for _ in range(2)]
        assert kinds == ["hello", "state"]
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10))["type"] == "pong"
        socket.send("not json")
        assert json.loads(socket.recv(timeout=10))["type"] == "error"


class RedisServer:
    """A redis-server of the test's own on a free port, to stop and hang (SIGSTOP) at will:
    the machine's Redis is everyone's."""

    def __init__(self, folder: Path):
        self.port = free_port()
        self.folder = folder
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port)

    def stop(self) -> None:
        if self.process is not None:
            self.resume()
            stop_process(self.process, timeout=10)

    def hang(self) -> None:
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)


def ambiguous_boards(count: int, solutions: int = 2, size: int = 16) -> list[list[list[int]]]:
    """`count` random partitions (the kind a careless maker paints) with at least `solutions`
    solutions: a Make it unique of one costs the builder's worker tenths of a CPU second (2)
    to a second or more (3) at 16x16."""
    from generator_ext._naive import naive_partition_for_seed

    from generator_ext import count_solutions

    boards, seed = [], 0
    while len(boards) < count:
        seed += 1
        grid = naive_partition_for_seed(size, seed)
        if count_solutions(grid, "touch", limit=solutions) == solutions:
            boards.append(grid)
    return boards


def broken_maps(regions: list[list[int]], stars: int = 1) -> dict[str, list[list[int]]]:
    """A finished map broken each way an outsider sent (attack row 28): a region cut in two
    pieces, a region missing (merged into a neighbour), half the regions (pairs merged), an
    id past the last region and one below -1. The first three are the engine's to name
    (generator_ext.validate_regions), the last two the builder's shape check's."""
    from generator_ext import analyze

    n = len(regions)
    grid = [list(row) for row in regions]
    split = None
    for r in range(n - 1, -1, -1):  # a far cell given to the top-left region, apart from it
        for c in range(n - 1, -1, -1):
            candidate = [list(row) for row in grid]
            candidate[r][c] = grid[0][0]
            kinds = [p.kind for p in analyze(candidate, stars=stars).problems]
            if kinds == ["disconnected"]:
                split = candidate
                break
        if split:
            break
    last = n - 1  # region n-1 merged into the region next to one of its cells
    r, c = next((r, c) for r in range(n) for c in range(n - 1)
                if grid[r][c] == last and grid[r][c + 1] != last
                or grid[r][c + 1] == last and grid[r][c] != last)
    neighbour = grid[r][c + 1] if grid[r][c] == last else grid[r][c]
    missing = [[neighbour if v == last else v for v in row] for row in grid]
    out_of_range, negative = [list(row) for row in grid], [list(row) for row in grid]
    out_of_range[0][0], negative[0][0] = n, -2
    return {"split": split, "missing": missing, "halved": [[v // 2 for v in row] for row in grid],
            "out_of_range": out_of_range, "negative": negative}


def shape_model_in_service(levels, version: str, held_out=()):
    """A difficulty model in service, fitted on these generated levels' real features with a
    synthetic rating from their regions' shapes (as a model learned from play might rank
    them): what the band tests and benchmarks.rating_band judge with, there being no play.
    Its map estimator's margin is measured on the held_out levels (none: on the fitted ones,
    as training never does)."""
    from puzzles.ratings import estimator, scale
    from puzzles.ratings.features import FEATURES_VERSION, level_features, vector
    from puzzles.ratings.models import DifficultyModel

    features = [level_features(level.regions, level.rule) for level in levels]
    ratings = [1000 + 1200 * values["shape_score"] for values in features]
    boards = [estimator.Board(len(level.regions), 1) for level in levels]
    seconds = [scale.seconds_at(level_rating=rating, size=board.size)
               for rating, board in zip(ratings, boards, strict=True)]
    fitted = estimator.fit([vector(values) for values in features], ratings, seconds, boards)
    fitted = estimator.calibrate_map(fitted, [
        vector(level_features(level.regions, level.rule)) for level in held_out or levels])
    return DifficultyModel.objects.create(
        version=version, trained_on=len(levels), features_version=FEATURES_VERSION,
        in_service=True, estimator=estimator.dumped(fitted))
