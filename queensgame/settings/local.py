"""`make run` on a laptop: DEBUG on, a development key when none is set, plain http, and the
static files served from the source tree as they are."""

from queensgame.settings.base import *  # noqa: F403
from queensgame.settings.base import STORAGES, env, transport_security

DEBUG = True
SECRET_KEY = env.str("SECRET_KEY", default="") or (
    "dev-only-insecure-key-used-with-DEBUG-on-never-in-production-0123456789")
globals().update(transport_security(False))
STORAGES = {**STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
# make run's server is the ASGI one (WebSockets): WhiteNoise serves the source tree's static
# files as they change.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
