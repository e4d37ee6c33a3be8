"""Ratings' player-key columns (puzzles/core/player_keys.py): a player's games and rating.
A merge files the source's games under the target (play's merge ran first: a level both keys
played kept one play, and the folded play's game went with it) and replays the target's rating
from its games; levels keep theirs (the games were played). Forgetting a player keeps each
game for its level, under the key its solve now has (`gone:<solve id>`), and drops the rating."""

from django.db.models import Value
from django.db.models.functions import Cast, Concat

from puzzles.core import player_keys
from puzzles.ratings.models import PlayerRating, RatedGame
from puzzles.ratings.services import replay_player


def anonymise_games(key: str) -> None:
    RatedGame.objects.filter(player=key).update(
        player=Concat(Value(player_keys.GONE_PREFIX),
                      Cast("solve_id", output_field=RatedGame._meta.get_field("player"))))


def merge_rating(source: str, target: str) -> None:
    PlayerRating.objects.filter(player=source).delete()
    replay_player(target)


def exported_games(key: str) -> list[dict]:
    return list(RatedGame.objects.filter(player=key).order_by("played_at", "id").values(
        "level_id", "played_at", "outcome", "player_rating", "level_rating"))


def exported_rating(key: str) -> list[dict]:
    return list(PlayerRating.objects.filter(player=key).values(
        "rating", "deviation", "volatility", "games"))


def register() -> None:
    player_keys.register(RatedGame, "player", merge=player_keys.move_rows(RatedGame, "player"),
                         delete=anonymise_games, export=("rated_games", exported_games))
    player_keys.register(PlayerRating, "player", merge=merge_rating,
                         delete=player_keys.delete_rows(PlayerRating, "player"),
                         export=("rating", exported_rating))
