"""The settings, by where they run:

- `base`: everything, read from the environment (django-environ), secure by default;
- `local`: `make run` on a laptop (DEBUG, a development key, files served as they are);
- `production`: DEBUG off, and no start without a real SECRET_KEY;
- `test`: the test run (its own Redis database, queue and cache prefix).

DJANGO_SETTINGS_MODULE=queensgame.settings (the default everywhere) picks `local` when DEBUG
is set and `production` otherwise, as the DEBUG variable always decided; naming a module
(queensgame.settings.test) takes that one alone. Importing any of them writes nothing: the
folders the local defaults need are made when Django starts (PuzzlesConfig.ready)."""

import os

import environ

if os.environ.get("DJANGO_SETTINGS_MODULE", __name__) == __name__:
    if environ.Env().bool("DEBUG", default=False):
        from queensgame.settings.local import *  # noqa: F403
    else:
        from queensgame.settings.production import *  # noqa: F403
