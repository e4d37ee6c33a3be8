"""Production: DEBUG off, and it fails closed: without a real SECRET_KEY nothing starts
(cookies and solve tokens are signed with it)."""

from django.core.exceptions import ImproperlyConfigured

from queensgame.settings.base import *  # noqa: F403
from queensgame.settings.base import MIN_SECRET_KEY_LENGTH, SECRET_KEY

DEBUG = False
if len(SECRET_KEY) < MIN_SECRET_KEY_LENGTH or len(set(SECRET_KEY)) < 5:
    raise ImproperlyConfigured(
        f"SECRET_KEY must be a random string of at least {MIN_SECRET_KEY_LENGTH} characters "
        "when DEBUG is off; make one with: "
        "python -c 'import secrets; print(secrets.token_urlsafe(64))'"
    )
