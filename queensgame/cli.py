"""`queens-manage` (installed with the wheel) and ./manage.py: Django's management commands
with this project's settings."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "queensgame.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
