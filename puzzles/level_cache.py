"""Levels in each web process's memory: the hottest reads (a random level, a level by id)
cost no query while nothing changed. Any change to a level or a daily bumps a version in the
shared cache (signals below, and bump() after bulk updates); a process that sees a new
version forgets everything it kept. If the shared cache is down nothing is kept: every read
goes to the database, so a stale level is never served, except while the database itself is
unreachable: then the copy kept before the last change answers instead of a 503."""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from django.core.cache import cache
from django.core.cache.backends.db import DatabaseCache
from django.db import InterfaceError, OperationalError, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from puzzles.models import DailyPuzzle, Level

log = logging.getLogger(__name__)
VERSION_KEY = "queens:levels-version"
MAX_ENTRIES = 20_000  # levels and candidate lists; forgotten all at once past this
_lock = threading.Lock()
_state: dict[str, Any] = {"version": None, "entries": {}, "stale": {}}


def current_version() -> str | None:
    """The levels' version now; None while the shared cache is down (keep nothing)."""
    try:
        version = cache.get(VERSION_KEY)
        if version is None:
            version = uuid.uuid4().hex
            if not cache.add(VERSION_KEY, version, timeout=None):
                version = cache.get(VERSION_KEY)
        return version
    except Exception:  # the shared cache is down: keep nothing
        log.debug("level cache bypassed: the shared cache is unreachable", exc_info=True)
        return None


READ_VERSION = object()


def _keep_as_stale(entries: dict) -> None:
    """The last value seen for each key, for reads while the database is away (under the
    lock). A version that changes faster than a key is read would otherwise keep none."""
    stale = _state["stale"]
    if len(stale) + len(entries) > MAX_ENTRIES:
        stale.clear()
    stale.update(entries)  # in place: the version changes often, entries are few each time


def remembered(key: tuple, load: Callable[[], Any], version: Any = READ_VERSION) -> Any:
    """load()'s value for key, kept until the levels' version changes. A caller reading
    several values for one request passes the version it read once."""
    if version is READ_VERSION:
        version = current_version()
    if version is None:
        return load()
    with _lock:
        if _state["version"] != version or len(_state["entries"]) > MAX_ENTRIES:
            _keep_as_stale(_state["entries"])
            _state["version"], _state["entries"] = version, {}
        entries = _state["entries"]
        if key in entries:
            return entries[key]
    try:
        value = load()
    except (OperationalError, InterfaceError):
        # The database is away: the copy kept before the last change, if any, is served
        # (levels barely change; a level's page beats a 503 while PostgreSQL restarts).
        stale = _state["stale"]
        if key in stale:
            return stale[key]
        raise
    with _lock:
        if _state["version"] == version:
            _state["entries"][key] = value
    return value


def _in_database(store) -> bool:
    return isinstance(store, DatabaseCache)


def bump() -> None:
    """Every process forgets its levels: now, and again once the current transaction
    commits (a process that reloaded in between would otherwise keep the old rows)."""
    def publish():
        try:
            # A database cache writes in the current transaction: a savepoint keeps a
            # failure (no cache table yet, during the first migrate) from aborting it.
            with transaction.atomic() if _in_database(cache) else nullcontext():
                cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        except Exception as error:  # down: nobody keeps anything while it is down anyway
            log.warning("could not publish a level change to the shared cache: %s", error)
        with _lock:
            _keep_as_stale(_state["entries"])
            _state["version"], _state["entries"] = None, {}

    publish()
    transaction.on_commit(publish)


@receiver([post_save, post_delete], sender=Level)
@receiver([post_save, post_delete], sender=DailyPuzzle)
def _level_changed(sender, **kwargs) -> None:
    bump()
