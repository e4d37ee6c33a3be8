"""Test settings: production's, with Redis on its own database number and a queue of this
run's own, so tests never meet a developer's running worker."""

import os
import socket  # noqa: E402
import uuid
from urllib.parse import urlparse  # noqa: E402


def reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname, parsed.port or 6379), timeout=0.5):
            return True
    except OSError:
        return False


# Redis on its own database number when there is one; without it (a fresh laptop) the tests
# run on the embedded defaults and the few that need Redis are skipped, loudly. Under CI
# nothing may be skipped, so a missing Redis there is an error (tests/conftest.py).
TEST_REDIS_URL = os.environ.get("QUEENS_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
if "REDIS_URL" not in os.environ and reachable(TEST_REDIS_URL):
    os.environ["REDIS_URL"] = TEST_REDIS_URL
WITHOUT_REDIS = not os.environ.get("REDIS_URL")
# A key of the tests' own (DEBUG is off in tests, and production settings refuse to start
# without a real key); the worker processes the tests start inherit it.
os.environ.setdefault("SECRET_KEY", "tests-only-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEF")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
os.environ.setdefault("CELERY_QUEUE", f"queens-test-{uuid.uuid4().hex[:8]}")
# Under pytest-xdist each worker is a run of its own: the queue the controller chose (and the
# workers inherited) takes the worker's name, so one worker's Celery never takes another's tasks.
_XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER")
if _XDIST_WORKER and not os.environ["CELERY_QUEUE"].endswith(f"-{_XDIST_WORKER}"):
    os.environ["CELERY_QUEUE"] += f"-{_XDIST_WORKER}"

from queensgame.settings.production import *  # noqa: E402,F403
from queensgame.settings.production import DATABASES, VAR_DIR  # noqa: E402

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not memory, so a worker process can open the same test database.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# The tests serve static files from the source tree (no collectstatic run before them).
STORAGES = {**STORAGES,  # noqa: F405
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_USE_FINDERS = True

# The tests' cache keys carry a prefix of this run's own, and the tests clear only those:
# never a Redis database they did not create (tests/conftest.py).
TEST_CACHE_PREFIX = f"queens-test-{uuid.uuid4().hex[:8]}"
if WITHOUT_REDIS:  # the tests' own memory, so clearing it needs no database
    CACHES = {name: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
              for name in CACHES}  # noqa: F405
CACHES = {name: {**config, "KEY_PREFIX": TEST_CACHE_PREFIX}
          for name, config in CACHES.items()}  # noqa: F405
# A busy machine is not a hung Redis: with production's quarter second a test whose process
# waited for a core saw Redis as away (its circuit open) and failed. The tests of a hung Redis
# give their own server production's timeouts (tests/puzzles/test_redis_away.py).
TEST_REDIS_TIMEOUT_S = 5.0
for config in CACHES.values():
    if "socket_timeout" in config.get("OPTIONS", {}):
        config["OPTIONS"] = {**config["OPTIONS"], "socket_connect_timeout": TEST_REDIS_TIMEOUT_S,
                             "socket_timeout": TEST_REDIS_TIMEOUT_S}

# The run's own channel layer names too (another run's rooms are not this one's).
if "CONFIG" in CHANNEL_LAYERS["default"]:  # noqa: F405
    CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = f"{TEST_CACHE_PREFIX}:ws"  # noqa: F405
