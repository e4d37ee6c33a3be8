# Issue 39, item 2: the difficulty model: features per level, versioned trainings, predictions.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0023_ratings_from_play"),
    ]

    operations = [
        migrations.CreateModel(
            name="LevelFeatures",
            fields=[
                (
                    "level",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="features",
                        serialize=False,
                        to="puzzles.level",
                    ),
                ),
                ("version", models.PositiveSmallIntegerField()),
                ("values", models.JSONField()),
                ("computed_at", models.DateTimeField(auto_now=True)),
            ],
        ),
        migrations.CreateModel(
            name="DifficultyModel",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("version", models.CharField(max_length=32, unique=True)),
                ("trained_on", models.PositiveIntegerField()),
                ("features_version", models.PositiveSmallIntegerField()),
                ("metrics", models.JSONField(default=dict)),
                ("held_out", models.JSONField(default=list)),
                ("verdict", models.TextField(blank=True, default="")),
                ("in_service", models.BooleanField(default=False)),
                ("estimator", models.BinaryField()),
            ],
            options={
                "ordering": ["-created_at", "-id"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("in_service", True)),
                        fields=("in_service",),
                        name="one_difficulty_model_in_service",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="LevelPrediction",
            fields=[
                (
                    "level",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="prediction",
                        serialize=False,
                        to="puzzles.level",
                    ),
                ),
                ("rating", models.FloatField()),
                ("seconds", models.FloatField()),
                (
                    "model",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="predictions",
                        to="puzzles.difficultymodel",
                    ),
                ),
            ],
        ),
    ]
