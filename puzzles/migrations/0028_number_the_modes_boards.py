"""The boards of "Solvable?" stored before they were numbered (issue 40): a trap made by
moving one cell kept its level's region numbers, and a board numbered out of the engine's
row-major order of first appearance was a trap, told from its JSON alone. Numbers them
now, each trap's proof again with them (its units name regions by number); a relabelling
changes neither a solution nor a canonical hash."""

from django.db import migrations

from puzzles.levels.services.levels import numbered, trap_proof


def number_the_modes_boards(apps, schema_editor):
    Level = apps.get_model("puzzles", "Level")
    boards = Level._base_manager.filter(kind__in=("trap", "solvable"))
    for level in boards.iterator():
        regions = numbered(level.regions)
        if regions == level.regions:
            continue
        level.regions = regions
        fields = ["regions"]
        if level.kind == "trap":
            level.proof = trap_proof(regions, level.rule)
            fields.append("proof")
        level.save(update_fields=fields)


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0027_trap_boards"),
    ]

    operations = [
        migrations.RunPython(number_the_modes_boards, migrations.RunPython.noop),
    ]
