"""The periodic tasks, in django-celery-beat's tables so admins can edit the schedule."""

from django.db import migrations

SCHEDULES = [
    # (name, task, every n minutes)
    ("Top up level pools", "puzzles.tasks.top_up_pools", 5),
    ("Resume stale generation runs", "puzzles.tasks.resume_stale_runs", 2),
    ("Assign tomorrow's daily puzzle", "puzzles.tasks.ensure_daily", 60),
]


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    for name, task, minutes in SCHEDULES:
        interval, _ = IntervalSchedule.objects.get_or_create(every=minutes, period="minutes")
        PeriodicTask.objects.update_or_create(
            name=name, defaults={"task": task, "interval": interval, "enabled": True}
        )


def remove(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(name__in=[name for name, _, _ in SCHEDULES]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create, remove)]
