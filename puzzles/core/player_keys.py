"""The one registry of player-key columns: every column that files a row under a player's key
(solves, drafts, fix jobs, published levels, room seats and results, sync codes), declared by
the domain that owns it, with what merging two histories, forgetting a player and exporting a
player's data do to it. players.services (merge, delete) and players.selectors (export) walk
this list, so players never imports the domains that keep rows under a key, and a new column
is one registration (tests/puzzles/test_player_keys.py fails on a column left out).

Each domain registers from its own ``player_keys`` module, imported by PuzzlesConfig.ready().
GONE_PREFIX lives here too: the key of an anonymised row, read by every domain that keeps rows
of a forgotten player."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

GONE_PREFIX = "gone:"  # the key of an anonymised row: "gone:<what><its id>", linked to nobody


def move_rows(model, field: str) -> Callable[[str, str], None]:
    """The usual merge: every row of the source key is filed under the target key (every
    row: the base manager, past a default one that leaves some out, as Level.objects does
    traps)."""
    def merge(source: str, target: str) -> None:
        model._base_manager.filter(**{field: source}).update(**{field: target})
    return merge


def delete_rows(model, field: str) -> Callable[[str], None]:
    """The usual forgetting: the player's rows go."""
    def delete(key: str) -> None:
        model._base_manager.filter(**{field: key}).delete()
    return delete


@dataclass(frozen=True)
class PlayerKeyColumn:
    model: type
    field: str
    # merge(source, target) and delete(key) run inside the caller's transaction. None: the
    # column is left as it is, or another column's hook handles it; `note` says which.
    merge: Callable[[str, str], None] | None
    delete: Callable[[str], None] | None
    export: tuple[str, Callable[[str], object]] | None = None  # (its name in the export, rows)
    note: str = ""

    @property
    def label(self) -> str:
        return f"{self.model._meta.label}.{self.field}"


_COLUMNS: list[PlayerKeyColumn] = []


def register(model, field: str, *, merge, delete, export=None, note: str = "") -> None:
    if (merge is None or delete is None) and not note:
        raise ValueError(f"{model.__name__}.{field}: a column merge or delete skips says why")
    column = PlayerKeyColumn(model, field, merge, delete, export, note)
    if all(c.label != column.label for c in _COLUMNS):  # ready() may run twice in tests
        _COLUMNS.append(column)


def columns() -> list[PlayerKeyColumn]:
    return list(_COLUMNS)


def merge_all(source: str, target: str, *, tables: set[str] | None = None) -> None:
    """Every column's merge; with `tables` (a migration's database), only the columns whose
    table is there: a table a later migration makes holds no rows yet."""
    for column in _COLUMNS:
        if column.merge is not None and (tables is None
                                         or column.model._meta.db_table in tables):
            column.merge(source, target)


def delete_all(key: str) -> None:
    for column in _COLUMNS:
        if column.delete is not None:
            column.delete(key)


def export_all(key: str) -> dict:
    return {name: rows(key) for c in _COLUMNS if c.export for name, rows in [c.export]}
