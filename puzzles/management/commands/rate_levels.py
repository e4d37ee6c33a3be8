"""Rate every stored level again; deactivate those that logic alone cannot finish."""

from django.core.management.base import BaseCommand

from puzzles.levels.services import levels


class Command(BaseCommand):
    help = "Rate every level with the deduction engine and deactivate the unplayable ones."

    def handle(self, *args, **options):
        counts = levels.rate_levels()
        self.stdout.write(
            f"rated {counts['rated']} levels; deactivated {counts['deactivated']} that logic "
            f"cannot finish"
        )
