"""First-run set-up for `make run`: pool targets 4–20 and, if empty, a starter pool."""

from django.core.management.base import BaseCommand

from puzzles.core.schedule import sync_periodic_tasks
from puzzles.core.vocabulary import Rule
from puzzles.levels.models import Level
from puzzles.levels.services import pools, runs


class Command(BaseCommand):
    help = "Create the pool targets and, on an empty database, a small starter pool."

    def add_arguments(self, parser):
        parser.add_argument("--per-size", type=int, default=5)

    def handle(self, *args, per_size, **options):
        pools.ensure_pool_targets()
        for name in pools.retire_unserved_targets():
            self.stdout.write(f"retired (the engine no longer serves it): {name}")
        sync_periodic_tasks()
        if not Level.objects.exists():
            for size in pools.STARTER_SIZES:
                run = runs.create_run(size=size, rule=Rule.TOUCH, requested=per_size,
                                      send=False)
                run = runs.run_here(run.id)
                self.stdout.write(f"starter pool: {run.produced} levels of {size}×{size}")
        # The worker starts on these at once instead of waiting for beat's first top-up.
        queued = pools.top_up_pools()
        self.stdout.write(f"{len(queued)} generation run(s) queued to fill the pools.")
