"""A pool target for every served (size, tier) pair: the production setup step."""

from django.core.management.base import BaseCommand

from puzzles.services import pools


class Command(BaseCommand):
    help = "Create the pool targets the engine serves (the worker's top-up fills them)."

    def handle(self, *args, **options):
        created = pools.ensure_pool_targets()
        self.stdout.write(f"{created} pool target(s) created.")
