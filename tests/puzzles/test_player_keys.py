"""The one registry of player-key columns (puzzles/core/player_keys.py): every column that
files rows under a player's key is in it, and merging and forgetting a player reach every one.

The rule that finds a player-key column without the registry: a CharField as wide as a
player key (64) on a concrete model of the app, that is not a hash or another key of its own
(`*_hash`, `*_key`), nor the Player's own `key` (the key itself, which players owns)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import models

from puzzles.core import player_keys
from puzzles.models import (
    Draft,
    FixJob,
    Level,
    Player,
    PlayerRating,
    RatedGame,
    Room,
    RoomPlayer,
    RoomResult,
    SolvableRun,
    Solve,
    SyncCode,
)
from puzzles.players import selectors as player_selectors
from puzzles.players import services as player_service

PLAYER_KEY_WIDTH = 64


def player_key_columns_by_rule() -> set[str]:
    found = set()
    for model in apps.get_app_config("puzzles").get_models():
        if model._meta.proxy:
            continue
        for field in model._meta.get_fields():
            if (isinstance(field, models.CharField) and field.model is model
                    and field.max_length == PLAYER_KEY_WIDTH
                    and not field.name.endswith(("_hash", "_key"))
                    and not (model is Player and field.name == "key")):
                found.add(f"{model._meta.label}.{field.name}")
    return found


def test_every_player_key_column_is_in_the_registry_and_nothing_else_is():
    registered = {column.label for column in player_keys.columns()}
    assert registered == player_key_columns_by_rule()
    # solves, drafts, fix jobs, makers, codes, seats, results, hosts, rated games, ratings,
    # "Solvable?" runs
    assert len(registered) == 11


def test_a_column_a_merge_or_delete_skips_says_why():
    for column in player_keys.columns():
        if column.merge is None or column.delete is None:
            assert column.note, column.label


@pytest.fixture
def rows_under(make_level, db):
    """One row in every registered column, filed under `key`."""
    def make(key: str, level=None):
        level = level or make_level(size=8, seed=5)
        Level.objects.filter(pk=level.pk).update(maker=key, maker_name="Ada")
        solve = Solve.objects.create(level=level, player=key, seconds=60)
        RatedGame.objects.create(solve=solve, level=level, player=key,
                                 played_at="2026-01-01T00:00:00Z", outcome=0.5,
                                 player_rating=1500, player_deviation=350,
                                 level_rating=1500, level_deviation=350)
        PlayerRating.objects.create(player=key, games=1)
        Draft.objects.create(player=key, size=8, regions=[[0] * 8] * 8)
        FixJob.objects.create(player=key)
        SyncCode.objects.create(code_hash=f"hash-{key}", player=key,
                                expires_at="2999-01-01T00:00:00Z")
        room = Room.objects.create(code=key[:8], size=8, tier="easy", boards=1, host=key)
        RoomPlayer.objects.create(room=room, player=key, name="Ada")
        RoomResult.objects.create(room=room, round=1, player=key, name="Ada", rank=1)
        SolvableRun.objects.create(key=f"run-{key}", player=key, tier="easy", size=6)
        return level
    return make


def rows_of(key: str) -> dict[str, int]:
    return {column.label: column.model.objects.filter(**{column.field: key}).count()
            for column in player_keys.columns()}


def test_forgetting_a_player_reaches_every_registered_column(rows_under):
    rows_under("doomed-key")
    assert all(rows_of("doomed-key").values())  # the fixture fills every column
    player_service.delete_history("doomed-key")
    assert rows_of("doomed-key") == {label: 0 for label in rows_of("doomed-key")}


def test_merging_moves_every_column_a_merge_moves(rows_under):
    rows_under("guest-key")
    player_service.merge_history("guest-key", "account-key")
    moved = {c.label for c in player_keys.columns() if c.merge is not None}
    left = rows_of("guest-key")
    assert {label for label, count in left.items() if count} == (
        {c.label for c in player_keys.columns()} - moved)
    kept = rows_of("account-key")
    assert all(kept[label] for label in moved - {"puzzles.SyncCode.player"})  # codes are spent


def test_the_export_holds_every_exported_column(rows_under):
    rows_under("export-key")
    data = player_selectors.export("export-key", today=__import__("datetime").date.today())
    for column in player_keys.columns():
        if column.export:
            assert data[column.export[0]], column.label
    # What a player typed (a name on a seat, a result, a published level) is theirs to take.
    typed = {c.label for c in player_keys.columns()
             if any(f.name in ("name", "maker_name") for f in c.model._meta.get_fields())}
    assert typed <= {c.label for c in player_keys.columns() if c.export}, typed


@pytest.mark.django_db
def test_a_merge_meets_a_play_the_target_made_meanwhile(make_level, monkeypatch):
    """Found by the outside attacker: two browsers of one account signing in at once, their
    guests having played the same level, were a 500 at one of the sign-ins (1 of 16 on the
    stack: the second merge moved a play onto a level the first had just given the account,
    and the unique (level, player) refused it), which left that browser signed out. The merge
    folds such a play into the account's instead."""
    from puzzles.play import player_keys as play_keys

    level = make_level(size=6, seed=11)
    Solve.objects.create(level=level, player="guest-a", hints=1)
    Solve.objects.create(level=level, player="account-key", hints=2)
    # As a concurrent merge (or the account's own start) leaves it: the account's play of the
    # level committed after this merge read the account's plays.
    monkeypatch.setattr(play_keys, "plays_of", lambda key: {})
    player_service.merge_history("guest-a", "account-key")
    kept = Solve.objects.get(level=level)
    assert (kept.player, kept.hints) == ("account-key", 3)
