"""Replay every rating from the stored solves (after a change to the rules of a game)."""

from django.core.management.base import BaseCommand

from puzzles.ratings import services as ratings


class Command(BaseCommand):
    help = "Wipe the Glicko-2 ratings and replay every rated solve in the order it was solved."

    def handle(self, *args, **options):
        games = ratings.recompute_ratings()
        self.stdout.write(f"replayed {games} rated games")
