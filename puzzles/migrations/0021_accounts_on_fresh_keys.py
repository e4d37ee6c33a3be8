"""Every account made so far takes a fresh key: until now an account kept the key of the guest
who signed up, which other browsers may hold as their cookie (a device joined by a sync code,
the browser whose sign-up was confirmed on another device), and each of those went on as the
account without its password. Its sessions end; the next sign-in finds the new key."""

from django.db import migrations


def rekey(apps, schema_editor):
    # A new database has no account: nothing to do, and nothing of today's code is touched
    # (a later migration may give its models columns this database does not have yet).
    if not apps.get_model("puzzles", "Player").objects.filter(user__isnull=False).exists():
        return
    # The live service, not historical models: the move goes through every domain's
    # registered player-key columns, and ends the sessions through the session engine.
    from puzzles.players.models import Player
    from puzzles.players.services import rekey_accounts

    # Only the columns whose tables exist at this point (later migrations make others, empty).
    rekey_accounts(Player.objects.filter(user__isnull=False),
                   tables=set(schema_editor.connection.introspection.table_names()))


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0020_hint_shown"),
    ]

    operations = [
        migrations.RunPython(rekey, migrations.RunPython.noop),
    ]
