"""System checks for the deployment (`manage.py check --deploy`)."""

from django.conf import settings
from django.core import checks


def mail_is_configured(app_configs=None, **kwargs):
    """Accounts verify their email: a production site printing its mail to the log cannot."""
    if not settings.DEBUG and settings.EMAIL_BACKEND.endswith("console.EmailBackend"):
        return [checks.Warning(
            "EMAIL_URL is unset: verification and password-reset mail goes to the log",
            hint="set EMAIL_URL, e.g. smtp+tls://user:password@smtp.example.com:587, and "
                 "DEFAULT_FROM_EMAIL", id="queens.W001")]
    return []
