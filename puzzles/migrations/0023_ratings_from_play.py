# Issue 39: ratings from play: a Glicko-2 game per rated solve, between player and level.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0022_level_family"),
    ]

    operations = [
        migrations.CreateModel(
            name="LevelRating",
            fields=[
                ("rating", models.FloatField(default=1500.0)),
                ("deviation", models.FloatField(default=350.0)),
                ("volatility", models.FloatField(default=0.06)),
                ("games", models.PositiveIntegerField(default=0)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "level",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="rating",
                        serialize=False,
                        to="puzzles.level",
                    ),
                ),
            ],
            options={
                "abstract": False,
            },
        ),
        migrations.CreateModel(
            name="PlayerRating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("rating", models.FloatField(default=1500.0)),
                ("deviation", models.FloatField(default=350.0)),
                ("volatility", models.FloatField(default=0.06)),
                ("games", models.PositiveIntegerField(default=0)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("player", models.CharField(max_length=64, unique=True)),
            ],
            options={
                "abstract": False,
            },
        ),
        migrations.CreateModel(
            name="RatedGame",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("player", models.CharField(max_length=64)),
                ("played_at", models.DateTimeField()),
                ("outcome", models.FloatField()),
                ("player_rating", models.FloatField()),
                ("player_deviation", models.FloatField()),
                ("level_rating", models.FloatField()),
                ("level_deviation", models.FloatField()),
                (
                    "level",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rated_games",
                        to="puzzles.level",
                    ),
                ),
                (
                    "solve",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rated_game",
                        to="puzzles.solve",
                    ),
                ),
            ],
            options={
                "indexes": [models.Index(fields=["player", "played_at"], name="rated_game_player")],
            },
        ),
    ]
