"""Once set the stale-run resume to every 15 seconds; the schedule now lives in code
(puzzles/core/schedule.py). Kept, empty, for the migration graph."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0005_solve_opened_at")]
    operations = []
