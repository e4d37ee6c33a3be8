"""Test settings: the project's, with Redis on its own database number and a queue of this
run's own, so tests never meet a developer's running worker."""

import os
import uuid

os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/15")
# A key of the tests' own (DEBUG is off in tests, and production settings refuse to start
# without a real key); the worker processes the tests start inherit it.
os.environ.setdefault("SECRET_KEY", "tests-only-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEF")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
os.environ.setdefault("CELERY_QUEUE", f"queens-test-{uuid.uuid4().hex[:8]}")

from queensgame.settings import *  # noqa: E402,F403
from queensgame.settings import DATABASES, VAR_DIR  # noqa: E402

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
CACHES = {name: {**config, "KEY_PREFIX": TEST_CACHE_PREFIX}
          for name, config in CACHES.items()}  # noqa: F405
