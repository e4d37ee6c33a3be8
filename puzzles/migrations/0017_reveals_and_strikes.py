"""Reveals per address (a reveal makes that address's solves of the level unranked, whoever
made it) and staff strikes of recorded solves. The reveals already on players' rows come
along."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def reveals_from_plays(apps, schema_editor):
    solve, reveal = apps.get_model("puzzles", "Solve"), apps.get_model("puzzles", "Reveal")
    found = (
        solve.objects.filter(revealed=True)
        .exclude(address="")
        .values_list("level_id", "address")
        .distinct()
    )
    reveal.objects.bulk_create(
        [reveal(level_id=level_id, address=address) for level_id, address in found],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0016_room_heartbeat_unranked"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Strike",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("reason", models.TextField()),
                ("category", models.CharField(blank=True, default="", max_length=16)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "solve",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="strike",
                        to="puzzles.solve",
                    ),
                ),
                (
                    "struck_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="Reveal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("address", models.CharField(max_length=32)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "level",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="reveals",
                        to="puzzles.level",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("level", "address"), name="reveal_level_address"
                    )
                ],
            },
        ),
        migrations.RunPython(reveals_from_plays, migrations.RunPython.noop),
    ]
