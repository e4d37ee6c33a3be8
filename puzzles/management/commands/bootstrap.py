"""First-run set-up for `make run`: pool targets 4–20 and, if empty, a starter pool."""

from django.core.management.base import BaseCommand

from puzzles import services
from puzzles.models import Level


class Command(BaseCommand):
    help = "Create the pool targets and, on an empty database, a small starter pool."

    def add_arguments(self, parser):
        parser.add_argument("--per-size", type=int, default=5)

    def handle(self, *args, per_size, **options):
        services.ensure_pool_targets()
        if not Level.objects.exists():
            for size in services.STARTER_SIZES:
                produced, _ = services.generate_levels(size, per_size)
                self.stdout.write(f"starter pool: {produced} levels of {size}×{size}")
        # The worker starts on these at once instead of waiting for beat's first top-up.
        runs = services.top_up_pools()
        self.stdout.write(f"{len(runs)} generation run(s) queued to fill the pools.")
