"""Resume stale runs every 15 seconds (was 2 minutes): with a 10 s heartbeat and a 30 s stale
window, a run whose worker died is picked up within 45 s."""

from django.db import migrations

NAME = "Resume stale generation runs"


def every(seconds, period):
    def apply(apps, schema_editor):
        IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
        PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
        interval, _ = IntervalSchedule.objects.get_or_create(every=seconds, period=period)
        PeriodicTask.objects.filter(name=NAME).update(interval=interval)

    return apply


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0005_solve_opened_at")]
    operations = [migrations.RunPython(every(15, "seconds"), every(2, "minutes"))]
