from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles import level_cache  # noqa: F401 (connects its signals)
