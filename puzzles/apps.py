from pathlib import Path

from django.apps import AppConfig
from django.conf import settings
from django.core import checks


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.core.deploy_checks import mail_is_configured

        checks.register(mail_is_configured, checks.Tags.compatibility, deploy=True)

        # The folders the settings' defaults write to (SQLite, static files, the local
        # broker): made here, when Django starts, never when the settings are imported.
        for folder in getattr(settings, "QUEENS_MAKE_DIRS", ()):
            Path(folder).mkdir(parents=True, exist_ok=True)
