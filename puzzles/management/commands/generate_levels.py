"""generate_levels --size 8 --count 20 [--rule touch] [--tier hard] [--seed 1], with a
progress bar."""

import sys
import time

from django.core.management.base import BaseCommand, CommandError

from puzzles.errors import ServiceError
from puzzles.services import levels


class Command(BaseCommand):
    help = "Generate and store levels now, showing progress."

    def add_arguments(self, parser):
        parser.add_argument("--size", type=int, required=True)
        parser.add_argument("--count", type=int, default=10)
        parser.add_argument("--rule", default="touch")
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--tier", default="", help="easy, medium, hard or expert")

    def handle(self, *args, size, count, rule, seed, tier, **options):
        if count < 1:
            raise CommandError("--count must be at least 1")
        started = time.monotonic()

        def progress(produced, duplicates):
            elapsed = time.monotonic() - started
            rate = produced / elapsed if elapsed else 0.0
            left = (count - produced) / rate if rate else float("inf")
            filled = int(30 * produced / count)
            bar = "#" * filled + "-" * (30 - filled)
            eta = f"{left:5.1f}s left" if left != float("inf") else "  ?  left"
            sys.stderr.write(
                f"\r[{bar}] {produced}/{count} levels, {duplicates} duplicates, "
                f"{rate:6.2f}/s, {eta}"
            )
            sys.stderr.flush()

        try:
            produced, duplicates = levels.generate_levels(
                size=size, count=count, rule=rule, seed=seed, progress=progress, tier=tier)
        except ServiceError as error:
            raise CommandError(str(error)) from error
        sys.stderr.write("\n")
        self.stdout.write(
            self.style.SUCCESS(
                f"{produced} {size}×{size} {rule} levels stored ({duplicates} duplicates) "
                f"in {time.monotonic() - started:.1f}s"
            )
        )
