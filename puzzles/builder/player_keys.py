"""The builder's player-key columns (puzzles/core/player_keys.py): drafts and fix jobs move
with a merged history and go when their player is forgotten."""

from puzzles.builder.models import Draft, FixJob
from puzzles.core import player_keys


def exported_drafts(key: str) -> list[dict]:
    return list(Draft.objects.filter(player=key).values(
        "key", "size", "rule", "regions", "title", "maker_name", "created_at", "updated_at"))


def exported_fix_jobs(key: str) -> list[dict]:
    return list(FixJob.objects.filter(player=key).values("key", "status", "created_at"))


def register() -> None:
    for model, exported in ((Draft, ("drafts", exported_drafts)),
                            (FixJob, ("fix_requests", exported_fix_jobs))):
        player_keys.register(model, "player", merge=player_keys.move_rows(model, "player"),
                             delete=player_keys.delete_rows(model, "player"), export=exported)
