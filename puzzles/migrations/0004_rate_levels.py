"""Rate every stored level with the deduction engine, deactivate those logic cannot finish,
and give every served (size, tier) pair a pool target where a size had one.

Frozen: what it needs is written here as it was when it ran (the tiers each size served, the
default target, the rating loop), so later changes to the services cannot change it. Only
the engine's rate() is called, as the library it is."""

from django.db import migrations

DEFAULT_POOL_TARGET = 10
TIERS = ("easy", "medium", "hard", "expert")
TIER_SIZES = {"easy": (4, 32), "medium": (5, 32), "hard": (4, 32), "expert": (6, 16)}


def tiers_at(size: int) -> list[str]:
    return [tier for tier in TIERS if TIER_SIZES[tier][0] <= size <= TIER_SIZES[tier][1]]


def rate_and_split_pools(apps, schema_editor):
    from generator_ext import rate

    Level = apps.get_model("puzzles", "Level")
    for level in Level.objects.only("id", "regions", "rule").iterator(chunk_size=500):
        rating = rate(level.regions, level.rule)
        fields = {"tier": rating.tier, "score": rating.score}
        if not rating.solved_by_logic:
            fields["is_active"] = False
        Level.objects.filter(id=level.id).update(**fields)
    PoolTarget = apps.get_model("puzzles", "PoolTarget")
    for old in list(PoolTarget.objects.all()):
        for tier in tiers_at(old.size):
            PoolTarget.objects.get_or_create(
                size=old.size, rule=old.rule, tier=tier,
                defaults={"target": DEFAULT_POOL_TARGET, "enabled": old.enabled},
            )


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0003_tiers")]
    operations = [migrations.RunPython(rate_and_split_pools, migrations.RunPython.noop)]
