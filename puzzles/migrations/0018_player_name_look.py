"""How each display name looks (puzzles.core.text_safety.skeleton), unique: no two names that
read alike. Names already taken keep theirs; of two that read alike, the older keeps the look,
the other none (it stays, and is checked again when renamed)."""

from django.db import migrations, models


def looks_of_names(apps, schema_editor):
    from puzzles.core.text_safety import skeleton

    player = apps.get_model("puzzles", "Player")
    seen = set()
    for row in player.objects.exclude(name__isnull=True).order_by("id"):
        look = skeleton(row.name)
        if look not in seen:
            seen.add(look)
            player.objects.filter(pk=row.pk).update(name_look=look)


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0017_reveals_and_strikes"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_look",
            field=models.CharField(blank=True, max_length=100, null=True, unique=True),
        ),
        migrations.RunPython(looks_of_names, migrations.RunPython.noop),
    ]
