"""The admin, a top layer like web and api (it may import any domain): one module per domain's
admin, each registering its models when Django's autodiscovery imports `puzzles.admin`."""

from puzzles.admin import builder, daily, levels, play, ratings  # noqa: F401  (registers them)
