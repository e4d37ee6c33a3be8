"""What the service worker keeps for play without a network: the site's version (a new one
replaces every kept file on the next visit), the shell's files and the levels kept per size.
The worker itself is templates/sw.js; the pages embed their levels, so a kept page plays."""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.urls import reverse

from puzzles.core import vocabulary as domain
from puzzles.core.vocabulary import Rule
from puzzles.levels.selectors import levels as level_selectors

# The kinds of file the shell keeps: everything a page draws with.
SHELL_SUFFIXES = (".js", ".css", ".svg", ".png", ".woff2")
LEVELS_PER_SIZE = 2


def own_static_files() -> list[str]:
    """The site's own static files (not the admin's or the API docs'), by their names."""
    names = []
    for folder in settings.STATICFILES_DIRS:
        root = Path(folder)
        names += sorted(str(p.relative_to(root)).replace("\\", "/") for p in root.rglob("*")
                        if p.is_file() and p.suffix in SHELL_SUFFIXES)
    return names


def shell_urls() -> list[str]:
    """The shell's files as the pages ask for them: hashed names in production."""
    return [staticfiles_storage.url(name) for name in own_static_files()]


def site_version() -> str:
    """A digest of what a deployment serves to the worker: the static files (the manifest's
    own hash where collectstatic made one, else their sizes and times) and the compiled
    catalogues. Any change makes a new worker, which drops every file the old one kept."""
    digest = hashlib.sha256()
    manifest_hash = getattr(staticfiles_storage, "manifest_hash", "")
    if manifest_hash:
        digest.update(manifest_hash.encode())
    else:
        for folder in settings.STATICFILES_DIRS:
            _add_stats(digest, Path(folder), SHELL_SUFFIXES)
    for folder in settings.LOCALE_PATHS:
        _add_stats(digest, Path(folder), (".mo",))
    return digest.hexdigest()[:16]


def _add_stats(digest, root: Path, suffixes: tuple[str, ...]) -> None:
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in suffixes:
            stat = path.stat()
            digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns};"
                          .encode())


def kept_levels(per_size: int = LEVELS_PER_SIZE) -> list[dict]:
    """A few levels of every size for a player to open without a network: [{size, url}].
    Picks from the levels kept in memory, so a call costs no query while nothing changed."""
    kept = []
    for size in domain.SERVED_SIZES:
        picked: list[int] = []
        for _ in range(per_size):
            level = level_selectors.random_playable_level(size, Rule.TOUCH,
                                                          exclude_ids=tuple(picked))
            if level is None:
                break
            picked.append(level.id)
            kept.append({"size": size, "url": reverse("level", args=[level.id])})
    return kept
