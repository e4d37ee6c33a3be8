"""The production setup step: a pool target for every served (size, tier) pair, and the
periodic tasks as puzzles/core/schedule.py defines them."""

from django.core.management.base import BaseCommand

from puzzles.core.schedule import sync_periodic_tasks
from puzzles.levels.services import pools


class Command(BaseCommand):
    help = "Create the pool targets the engine serves (the worker's top-up fills them)."

    def handle(self, *args, **options):
        created = pools.ensure_pool_targets()
        self.stdout.write(f"{created} pool target(s) created.")
        for name in pools.retire_unserved_targets():
            self.stdout.write(f"retired (the engine no longer serves it): {name}")
        changed = sync_periodic_tasks()
        self.stdout.write(f"periodic tasks in step with the code ({len(changed)} changed).")
