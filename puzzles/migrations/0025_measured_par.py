# Issue 39, item 3: a level's par measured from its games' times once it has enough of them.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0024_difficulty_model"),
    ]

    operations = [
        migrations.AddField(
            model_name="levelrating",
            name=name,
            field=models.PositiveIntegerField(blank=True, null=True),
        )
        for name in ("par_expert", "par_grandmaster", "par_master")
    ]
