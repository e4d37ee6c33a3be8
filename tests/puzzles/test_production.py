"""Production settings fail closed and pass Django's deployment checks; health endpoints;
static files served by WhiteNoise through gunicorn with DEBUG off."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD_KEY = secrets.token_urlsafe(64)
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": GOOD_KEY, "ALLOWED_HOSTS": "queens.example",
              "CSRF_TRUSTED_ORIGINS": "https://queens.example",
              "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO",
              "EMAIL_URL": "smtp+tls://mailer:secret@smtp.queens.example:587",
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


def test_check_deploy_warns_when_mail_would_go_to_the_log():
    env = {k: v for k, v in PRODUCTION.items() if k != "EMAIL_URL"}
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode != 0 and "queens.W001" in result.stdout + result.stderr


@pytest.mark.django_db
def test_healthz_and_readyz(client, settings):
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200, ready.json()
    assert ready.json()["checks"] == {"database": "ok", "migrations": "ok", "broker": "ok",
                                      "channel_layer": "ok"}
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    down = client.get("/readyz")
    assert down.status_code == 503 and down.json()["status"] == "unavailable"
    assert down.json()["checks"]["broker"].startswith("ConnectionError")


@pytest.mark.redis
def test_readyz_fails_when_the_channel_layer_is_unreachable(client, settings):
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]}}}  # nothing listens there
    channel_layers.backends.clear()
    try:
        down = client.get("/readyz")
    finally:
        channel_layers.backends.clear()
    assert down.status_code == 503
    assert down.json()["checks"]["channel_layer"] != "ok"


# Gunicorn with DEBUG off serving the static files: tests/stack (the compose commands on
# PostgreSQL and Redis) and tests/test_packaging.py (the wheel, on SQLite without Redis).


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
