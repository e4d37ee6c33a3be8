"""Levels in each web process's memory: the hottest reads (a random level, a level by id, a
daily) cost no query while nothing they depend on changed.

Every entry carries a tag: ("level", id), ("pool", size, rule, tier) for the ids a random
pick draws from ("" is any tier), ("daily", date). A change forgets only its tags: it is
written to the shared cache as the next entry of a numbered change log, and a process reads
the log's number once per request; when it moved, the process reads the few new entries and
drops what they name. A process that fell far behind, or finds an entry lost, forgets
everything (always safe). While the shared cache is down nothing is kept, so a stale level is
never served, except while the database itself is unreachable: then the copy kept before the
last change answers instead of a 503."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable
from contextlib import contextmanager, nullcontext
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import InterfaceError, OperationalError, transaction
from django.utils.connection import ConnectionProxy

from puzzles.levels.cache_tags import ADDED, EVERYTHING, pool_tag

log = logging.getLogger(__name__)
# The shared cache under the name whose failures are raised, never answered from this
# process's memory (settings CACHES): down means keep nothing.
cache = ConnectionProxy(caches, "levels")
EPOCH_KEY = "queens:levels-epoch"
SEQ_KEY = "queens:levels-seq"
CHANGE_KEY = "queens:levels-change:{}"
CHANGE_TTL_S = 3600
MAX_CATCH_UP = 200  # changes read one by one; a process further behind forgets everything
GAP_PATIENCE_S = 1.0
MAX_ENTRIES = 20_000  # levels and candidate lists; forgotten all at once past this
_lock = threading.Lock()
# entries: key -> (tag, value); tagged: tag -> keys; dropped_at: tag -> the number of the
# change that last dropped it (a value loaded under an earlier number is not kept); stale:
# the last value of each key, for reads while the database is away.
_state: dict[str, Any] = {"epoch": None, "seq": None, "gap_since": None, "entries": {},
                          "tagged": defaultdict(set), "dropped_at": {}, "all_dropped_at": 0,
                          "stale": {}}
READ_VERSION = object()


def _keep_as_stale(keys: Iterable) -> None:
    """The last value seen for each key, for reads while the database is away (under the
    lock)."""
    entries, stale = _state["entries"], _state["stale"]
    keys = [key for key in keys if key in entries]
    if len(stale) + len(keys) > MAX_ENTRIES:
        stale.clear()
    for key in keys:
        stale[key] = entries[key][1]


def _drop_all(at: int) -> None:
    _keep_as_stale(list(_state["entries"]))
    _state["entries"], _state["tagged"], _state["dropped_at"] = {}, defaultdict(set), {}
    _state["all_dropped_at"] = at


def _add_to_lists(tag: tuple) -> None:
    """A new active level joins the candidate lists kept for its pool (its tier's and the
    any-tier one) in place: nothing is read again (under the lock)."""
    _, size, rule, tier, level_id, stars = tag
    entries, tagged = _state["entries"], _state["tagged"]
    for pool in {pool_tag(size, rule, tier, stars), pool_tag(size, rule, "", stars)}:
        for key in tagged.get(pool, ()):
            kept_tag, ids = entries[key]
            if level_id not in ids:  # published twice (now and on commit): added once
                entries[key] = (kept_tag, [*ids, level_id])  # a new list: readers hold the old


def _drop(tags: Iterable, at: int) -> None:
    """Forget what the tags name, as change number `at` asks."""
    entries, tagged, dropped_at = _state["entries"], _state["tagged"], _state["dropped_at"]
    tags = [tuple(tag) for tag in tags]
    if EVERYTHING in tags:
        _drop_all(at)
        return
    for tag in tags:
        if tag[0] == ADDED:
            _add_to_lists(tag)
            continue
        keys = tagged.pop(tag, ())
        _keep_as_stale(keys)
        for key in keys:
            entries.pop(key, None)
        dropped_at[tag] = at
    if len(dropped_at) > MAX_ENTRIES:  # bounded: refuse what was loaded before `at` instead
        dropped_at.clear()
        _state["all_dropped_at"] = at


def _catch_up(epoch: str, seq: int) -> None:
    """Apply the change log up to `seq` (under the lock). Another epoch is another log (the
    shared cache was emptied or restarted): forget everything. An entry not there yet (its
    publisher is between counting and writing it) stops the catch-up there for a moment;
    one still missing after GAP_PATIENCE_S is lost, and everything is forgotten."""
    seen_epoch, seen = _state["epoch"], _state["seq"]
    if seen_epoch == epoch and seen is not None and seq <= seen:
        return  # this thread read the log before another thread applied more of it
    if seen_epoch != epoch or seen is None or seq - seen > MAX_CATCH_UP:
        _drop_all(seq)
    else:
        changes = cache.get_many([CHANGE_KEY.format(n) for n in range(seen + 1, seq + 1)])
        for number in range(seen + 1, seq + 1):
            tags = changes.get(CHANGE_KEY.format(number))
            if tags is None:
                now = time.monotonic()
                _state["gap_since"] = _state["gap_since"] or now
                if now - _state["gap_since"] < GAP_PATIENCE_S:
                    _state["seq"] = number - 1  # applied so far; nothing is kept meanwhile
                    return
                _drop_all(seq)
                break
            _drop(tags, number)
    _state["gap_since"] = None
    _state["epoch"], _state["seq"] = epoch, seq


def current_version() -> tuple | None:
    """Where the change log stands now (its epoch and number), after forgetting what
    changed; None while the shared cache is down (keep nothing)."""
    try:
        found = cache.get_many([EPOCH_KEY, SEQ_KEY])
        epoch = found.get(EPOCH_KEY)
        if epoch is None:
            cache.add(EPOCH_KEY, uuid.uuid4().hex, timeout=None)
            epoch = cache.get(EPOCH_KEY)
        seq = found.get(SEQ_KEY, 0)
        with _lock:
            if (_state["epoch"], _state["seq"]) != (epoch, seq):
                _catch_up(epoch, seq)
        return epoch, seq
    except Exception:  # the shared cache is down: keep nothing
        log.debug("level cache bypassed: the shared cache is unreachable", exc_info=True)
        with _lock:
            _state["seq"] = None  # what was kept may have changed meanwhile
        return None


LOAD_WAIT_S = 2.0  # how long a thread waits for another thread's load of the same key


def remembered(key: tuple, load: Callable[[], Any], *, tag: tuple | None = None,
               version: Any = READ_VERSION) -> Any:
    """load()'s value for key, kept until a change names its tag (default: the key itself).
    A caller reading several values for one request passes the version it read once. Of
    the threads that miss the same key at once, one loads it and the others wait for it
    (a forgotten candidate list is read once per process, not once per thread)."""
    if version is READ_VERSION:
        version = current_version()
    if version is None:
        return load()
    tag = tag or key
    while True:
        with _lock:
            if len(_state["entries"]) > MAX_ENTRIES:
                _drop_all(version[1])
            found = _state["entries"].get(key)
            if found is not None:
                return found[1]
            loading = _loading.get(key)
            if loading is None:
                loading = _loading[key] = threading.Event()
                break  # this thread loads it
        if not loading.wait(LOAD_WAIT_S) or key not in _state["entries"]:
            return _load(key, load)  # the other load failed, or was not kept: load alone
    try:
        value = _load(key, load)
        _keep(key, tag, value, version)
        return value
    finally:
        with _lock:
            _loading.pop(key, None)
        loading.set()


_loading: dict[tuple, threading.Event] = {}
WARM_AT_MOST = 500  # keys read in one query by remember_many


def remember_many(keys: list[tuple], load_many: Callable[[list[tuple]], dict],
                  *, version: tuple | None) -> None:
    """Keep, in one load, those of `keys` not kept yet (each its own tag): a candidate list
    read anew brings its new levels in one query, not one query per pick. A key load_many
    does not return is left to be loaded on its own (it may not exist)."""
    if version is None:
        return
    with _lock:
        missing = [key for key in keys if key not in _state["entries"]][:WARM_AT_MOST]
    if not missing:
        return
    for key, value in load_many(missing).items():
        _keep(key, key, value, version)


def _load(key: tuple, load: Callable[[], Any]) -> Any:
    try:
        return load()
    except (OperationalError, InterfaceError):
        # The database is away: the copy kept before the last change, if any, is served
        # (levels barely change; a level's page beats a 503 while PostgreSQL restarts).
        stale = _state["stale"]
        if key in stale:
            return stale[key]
        raise


def _keep(key: tuple, tag: tuple, value: Any, version: tuple) -> None:
    epoch, read = version
    with _lock:
        # Kept unless a change to this tag came after the version was read: the load may
        # then have seen the rows from before it. Changes to other tags do not matter.
        if _state["epoch"] == epoch and _state["seq"] is not None \
                and read >= _state["all_dropped_at"] \
                and _state["dropped_at"].get(tag, -1) <= read:
            _state["entries"][key] = (tag, value)
            _state["tagged"][tag].add(key)


def _in_database(store) -> bool:
    return isinstance(store, DatabaseCache)


def _publish(tags: list) -> None:
    try:
        # A database cache writes in the current transaction: a savepoint keeps a failure
        # (no cache table yet, during the first migrate) from aborting it.
        with transaction.atomic() if _in_database(cache) else nullcontext():
            cache.add(SEQ_KEY, 0, timeout=None)
            seq = cache.incr(SEQ_KEY)
            cache.set(CHANGE_KEY.format(seq), tags, CHANGE_TTL_S)
    except Exception as error:  # down: nobody keeps anything while it is down anyway
        log.warning("could not publish a level change to the shared cache: %s", error)
        with _lock:
            _drop_all(0)
            _state["seq"] = None  # start afresh when it is back
        return
    with _lock:
        _drop(tags, seq)


def forget(tags: Iterable[tuple]) -> None:
    """Every process forgets what these tags name: now, and again once the current
    transaction commits (a process that reloaded in between would otherwise keep the old
    rows). One change for all of them: a batch forgets once. Inside batched(), the tags
    wait for the batch's next flush."""
    tags = set(map(tuple, tags))
    if not tags:
        return
    pending = getattr(_batch, "tags", None)
    if pending is not None:
        pending.update(tags)
        if time.monotonic() - _batch.flushed >= _batch.every_s:
            _flush_batch()
        return
    _publish_around_commit(sorted(tags, key=repr))


def _publish_around_commit(tags: list) -> None:
    _publish(tags)
    if transaction.get_connection().in_atomic_block:  # outside one, the change is committed
        transaction.on_commit(lambda: _publish(tags))


_batch = threading.local()


def _flush_batch() -> None:
    tags, _batch.tags, _batch.flushed = _batch.tags, set(), time.monotonic()
    if tags:
        _publish_around_commit(sorted(tags, key=repr))


@contextmanager
def batched(every_s: float = 1.0):
    """The changes this thread makes in the block are published together, at most every
    `every_s` seconds and once at its end: a generation run's saves make the web processes
    forget their pool's candidate list once a second, not once a level (a new level is in
    no other entry, so the list is all that waits, and only misses the newest levels)."""
    if getattr(_batch, "tags", None) is not None:
        yield  # already batching
        return
    _batch.tags, _batch.flushed, _batch.every_s = set(), time.monotonic(), every_s
    try:
        yield
    finally:
        tags, _batch.tags = _batch.tags, None
        if tags:
            _publish_around_commit(sorted(tags, key=repr))


def forget_all() -> None:
    """Every process forgets everything (a change too wide to name)."""
    forget([EVERYTHING])
