# Issue 38: a level names the composition family it was drawn in; a run may ask for one.

from django.db import migrations, models

FAMILY_CHOICES = [(family, family) for family in (
    "strokes", "motif", "frames", "spiral", "stripes", "cross", "islands", "blocks", "loose")]


class Migration(migrations.Migration):

    dependencies = [
        ("puzzles", "0021_accounts_on_fresh_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="generationrun",
            name="family",
            field=models.CharField(blank=True, choices=FAMILY_CHOICES, default="",
                                   max_length=16),
        ),
        migrations.AddField(
            model_name="level",
            name="family",
            field=models.CharField(blank=True, choices=FAMILY_CHOICES, default="",
                                   max_length=16),
        ),
    ]
