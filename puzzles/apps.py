from pathlib import Path

from django.apps import AppConfig
from django.conf import settings
from django.core import checks


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.core.deploy_checks import mail_is_configured

        checks.register(mail_is_configured, checks.Tags.compatibility, deploy=True)
        register_player_keys()
        from puzzles.players import leaderboards

        leaderboards.listen_to_play()  # recorded and struck solves onto the boards
        from puzzles.ratings import services as ratings

        ratings.listen_to_play()  # recorded solves rated, struck ones replayed out
        from puzzles.ratings import band

        band.answer_levels()  # a banded run's candidates judged, a banded pool's fill counted
        # The daily's level-cache signals and its part of a level's invalidation.
        import puzzles.daily.cache_invalidation  # noqa: F401

        # The folders the settings' defaults write to (SQLite, static files, the local
        # broker): made here, when Django starts, never when the settings are imported.
        for folder in getattr(settings, "QUEENS_MAKE_DIRS", ()):
            Path(folder).mkdir(parents=True, exist_ok=True)


def register_player_keys() -> None:
    """Each domain declares its player-key columns (puzzles/core/player_keys.py) from its own
    module; the order is the order merge and delete visit them (solves first, as before)."""
    from puzzles.builder import player_keys as builder
    from puzzles.levels import player_keys as levels
    from puzzles.play import player_keys as play
    from puzzles.players import player_keys as players
    from puzzles.ratings import player_keys as ratings
    from puzzles.rooms import player_keys as rooms
    from puzzles.solvable import player_keys as solvable

    # Ratings after play: a merge replays the rating from the games left once plays folded.
    for domain in (play, builder, levels, players, rooms, ratings, solvable):
        domain.register()
