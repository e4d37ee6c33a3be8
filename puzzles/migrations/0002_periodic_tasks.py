"""Once the periodic tasks' rows; they are now defined in code (puzzles/core/schedule.py) and
written by the setup commands, so a cadence change needs no migration. Kept, empty, for the
migration graph."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = []
