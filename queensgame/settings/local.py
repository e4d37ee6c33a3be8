"""`make run` on a laptop: DEBUG on, a development key when none is set, plain http, and the
static files served from the source tree as they are."""

from queensgame.settings.base import *  # noqa: F403
from queensgame.settings.base import STORAGES, env

DEBUG = True
SECRET_KEY = env.str("SECRET_KEY", default="") or (
    "dev-only-insecure-key-used-with-DEBUG-on-never-in-production-0123456789")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=False)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=False)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
STORAGES = {**STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
