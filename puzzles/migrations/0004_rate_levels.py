"""Rate every stored level with the deduction engine, deactivate those logic cannot finish,
and give every served (size, tier) pair a pool target where a size had one."""

from django.db import migrations


def rate_and_split_pools(apps, schema_editor):
    from generator_ext import served_tiers
    from puzzles import services

    services.rate_levels(apps.get_model("puzzles", "Level").objects.all())
    PoolTarget = apps.get_model("puzzles", "PoolTarget")
    for old in list(PoolTarget.objects.all()):
        for tier in served_tiers(old.size):
            PoolTarget.objects.get_or_create(
                size=old.size, rule=old.rule, tier=tier,
                defaults={"target": services.DEFAULT_POOL_TARGET, "enabled": old.enabled},
            )


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0003_tiers")]
    operations = [migrations.RunPython(rate_and_split_pools, migrations.RunPython.noop)]
