"""Production settings fail closed and pass Django's deployment checks; health endpoints;
static files served by WhiteNoise through gunicorn with DEBUG off."""

import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD_KEY = secrets.token_urlsafe(64)
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": GOOD_KEY, "ALLOWED_HOSTS": "queens.example",
              "CSRF_TRUSTED_ORIGINS": "https://queens.example",
              "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO",
              "DJANGO_SETTINGS_MODULE": "queensgame.settings"}


# What the test run itself sets (its key, its relaxed cookies, the browser tests' async
# switch) is not the production environment.
TEST_ONLY = ("SECRET_KEY", "DEBUG", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE",
             "CSRF_COOKIE_SECURE", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")


def clean_environ(*also: str) -> dict:
    return {k: v for k, v in os.environ.items() if k not in TEST_ONLY + also}


def run(args, env, timeout=120):
    return subprocess.run([sys.executable, *args], cwd=ROOT, env={**clean_environ(), **env},
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("key", [None, "", "short", "x" * 49, "ab" * 40])
def test_no_real_secret_key_no_start(key):
    env = {**PRODUCTION}
    if key is None:
        env.pop("SECRET_KEY")
    else:
        env["SECRET_KEY"] = key
    result = run(["manage.py", "check"], env)
    assert result.returncode != 0
    assert "SECRET_KEY must be a random string of at least 50 characters" in result.stderr


def test_debug_runs_without_a_key():
    result = run(["manage.py", "check"], {"DEBUG": "1",
                                          "DJANGO_SETTINGS_MODULE": "queensgame.settings"})
    assert result.returncode == 0, result.stderr


def test_check_deploy_is_clean_with_the_production_environment():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.django_db
def test_healthz_and_readyz(client, settings):
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200, ready.json()
    assert ready.json()["checks"] == {"database": "ok", "migrations": "ok", "broker": "ok"}
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    down = client.get("/readyz")
    assert down.status_code == 503 and down.json()["status"] == "unavailable"
    assert down.json()["checks"]["broker"].startswith("ConnectionError")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.django_db(transaction=True)
def test_gunicorn_with_debug_off_serves_hashed_compressed_static_files(tmp_path):
    env = {**PRODUCTION, "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0",
           "STATIC_ROOT": str(tmp_path / "static"),
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("REDIS_URL", None)
    for command in (["manage.py", "migrate", "--noinput"],
                    ["manage.py", "collectstatic", "--noinput"]):
        result = run(command, env)
        assert result.returncode == 0, result.stderr
    port = free_port()
    clean = clean_environ("REDIS_URL")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "queensgame.wsgi", "-b", f"127.0.0.1:{port}",
         "-w", "1"], cwd=ROOT, env={**clean, **env},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                page = urllib.request.urlopen(base + "/how-to-play/", timeout=2).read().decode()
                break
            except OSError:
                time.sleep(0.1)
        css = re.search(r'href="(/static/css/queens\.[0-9a-f]{12}\.css)"', page)
        assert css, "the page links hashed static names"
        request = urllib.request.Request(base + css.group(1),
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.status == 200
            assert "max-age=315360000" in response.headers["Cache-Control"]
            assert response.headers["Content-Encoding"] == "gzip"
        for path in ("/static/js/game.js", "/api/docs/"):
            assert urllib.request.urlopen(base + path, timeout=5).status == 200
        assert urllib.request.urlopen(base + "/readyz", timeout=5).status == 200
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.mark.redis
@pytest.mark.django_db
def test_the_tests_clear_only_their_own_redis_keys(settings):
    import redis
    from django.core.cache import cache

    from tests.conftest import clear_test_cache

    client = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
    client.set("someone-elses-key", "keep me")
    cache.set("throttle", 1)
    try:
        clear_test_cache()
        assert cache.get("throttle") is None
        assert client.get("someone-elses-key") == b"keep me"
    finally:
        client.delete("someone-elses-key")
