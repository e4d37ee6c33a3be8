"""Shared fixtures: stored levels, players, staff, and a real Celery worker on Redis."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache

from generator_ext import generate
from tests import markers
from tests.support import start_logged, stop_process

ROOT = Path(__file__).resolve().parent.parent


def clear_test_cache():
    """Forget this run's cache keys (throttle counters) and nothing else: on Redis only the
    keys under the run's own prefix, never the whole database."""
    from django.conf import settings

    config = settings.CACHES["default"]
    if config["BACKEND"].endswith("RedisCache"):
        import redis

        client = redis.Redis.from_url(config["LOCATION"])
        keys = list(client.scan_iter(f"{settings.TEST_CACHE_PREFIX}:*", count=500))
        if keys:
            client.delete(*keys)
    else:
        cache.clear()  # the test process's own memory


IN_CI = os.environ.get("CI", "").lower() == "true"


def pytest_report_header(config):
    from django.conf import settings

    lines = [f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}",
             f"broker: {'Redis' if not settings.WITHOUT_REDIS else 'filesystem (no Redis)'}"]
    if settings.WITHOUT_REDIS:
        lines.append("!!! NO REDIS on 127.0.0.1:6379: the tests that need a real worker on Redis "
                     "are SKIPPED (under CI they fail instead)")
    return lines


@pytest.hookimpl(tryfirst=True)  # before -m deselects by them
def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    stale = markers.stale_entries([item.nodeid for item in items])
    if stale:
        raise pytest.UsageError(f"tests/markers.py names no test for: {', '.join(stale)}")
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        kinds = markers.kinds_of(item.nodeid, fixtures)
        for kind in kinds:
            item.add_marker(kind)
        group = markers.group_of(item.nodeid, fixtures, kinds)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
    if settings.WITHOUT_REDIS and not IN_CI:
        skip = pytest.mark.skip(reason="needs Redis on 127.0.0.1:6379 (none here)")
        for item in items:
            if "worker" in item.keywords or "redis" in item.keywords:
                item.add_marker(skip)


def pytest_sessionfinish(session, exitstatus):
    # Under CI nothing may be skipped: a skip there hides a missing service or browser.
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = len(reporter.stats.get("skipped", [])) if reporter else 0
    if IN_CI and skipped and session.exitstatus == 0:
        reporter.write_line(f"CI=true: {skipped} test(s) were skipped; failing the run.",
                            red=True)
        session.exitstatus = 1


@pytest.fixture(autouse=True)
def _fresh_cache():
    clear_test_cache()  # throttling counters and boards do not leak between tests
    yield


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """A channel layer of the test's own. channels_redis keeps its receive lock on the layer,
    bound to the event loop that took it: a test whose loop ends holding it (a socket cut
    mid-receive) left the next loop a lock it cannot use ("bound to a different event loop",
    seen as a crashed run). A server process has one loop and one layer; so does a test."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def make_level(db):
    from puzzles.levels.services import levels as level_service

    def make(size=8, seed=1, rule="touch", tier=None, stars=1, family=None):
        level = level_service.save_generated_level(generate(size, rule, seed=seed, tier=tier,
                                                            stars=stars, family=family))
        assert level is not None
        return level

    return make


@pytest.fixture
def staff_client(client, django_user_model):
    user = django_user_model.objects.create_user("admin", password="pw", is_staff=True,
                                                 is_superuser=True)
    client.force_login(user)
    client.user = user
    return client


os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop vs the ORM
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright, one for the whole session (a second
    sync_playwright would clash with the first's event loop)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        message = ("!!! Debian's chromium is not installed (apt-get install chromium): "
                   "the browser tests are SKIPPED")
        if IN_CI:
            pytest.fail(message.replace("SKIPPED", "required under CI"))
        pytest.skip(message)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


def database_url_for_worker() -> str:
    from django.db import connection

    s = connection.settings_dict
    if s["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{s['NAME']}"
    user = s.get("USER") or "postgres"
    return f"postgres://{user}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


def start_celery(tmp_path, name: str, *args: str, ready: str = "ready",
                 env: dict | None = None) -> subprocess.Popen:
    """A real `celery` process (worker or beat) of this run's queue on Redis and the test DB;
    its log is at process.log_path."""
    from django.conf import settings

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "queensgame.settings",
        "DATABASE_URL": database_url_for_worker(),
        "REDIS_URL": settings.CELERY_BROKER_URL,
        "CELERY_QUEUE": settings.CELERY_QUEUE,
        "QUEENS_TASK_SLICE_S": os.environ.get("QUEENS_TASK_SLICE_S", "2"),
        **(env or {}),
    }
    return start_logged([sys.executable, "-m", "celery", "-A", "queensgame", *args], env=env,
                        log_path=tmp_path / f"{name}.log", ready=ready)


def worker_args() -> list[str]:
    from django.conf import settings

    return ["worker", "-Q", settings.CELERY_QUEUE, "--concurrency=1", "--pool=solo",
            "--without-gossip", "--without-mingle", "--loglevel=INFO"]


@pytest.fixture
def celery_processes(transactional_db, tmp_path):
    """Start real worker and beat processes with start(name, *args); all stopped at the end,
    and this run's queue emptied before and after."""
    import redis
    from django.conf import settings

    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    named = (settings.CELERY_QUEUE, settings.CELERY_BUILDER_QUEUE, settings.CELERY_ADMIN_QUEUE)
    # And each queue's lists by priority (kombu's Redis transport: "<queue>\x06\x16<step>";
    # the builder's repairs are sent at a lower one than its analyses).
    queues = [*named, *(f"{queue}\x06\x16{step}" for queue in named for step in (3, 6, 9))]
    broker.delete(*queues)
    started = []

    def start(name, *args, **kwargs):
        started.append(start_celery(tmp_path, name, *args, **kwargs))
        return started[-1]

    yield start
    for process in started:
        stop_process(process)
    broker.delete(*queues)


@pytest.fixture
def celery_worker_process(celery_processes):
    """A real `celery worker` process consuming this run's queue from Redis, on the test DB."""
    return celery_processes("worker", *worker_args())


@pytest.fixture
def builder_worker(celery_processes):
    """A real worker on the level builder's own queue (Make it unique), as compose runs it."""
    from django.conf import settings

    return celery_processes("builder", "worker", "-Q", settings.CELERY_BUILDER_QUEUE,
                            "--concurrency=1", "--pool=solo", "--without-gossip",
                            "--without-mingle", "--loglevel=INFO")
