"""Train the difficulty model now (what the daily periodic task does)."""

from django.core.management.base import BaseCommand

from puzzles.ratings import training


class Command(BaseCommand):
    help = ("Train a new version of the difficulty model on the levels with settled ratings; "
            "it enters service only if it beats the model in service on the held-out levels.")

    def handle(self, *args, **options):
        model, verdict = training.train_difficulty_model()
        self.stdout.write(f"{model.version}: {verdict}" if model else verdict)
