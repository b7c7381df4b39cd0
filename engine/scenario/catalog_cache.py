"""The catalogue's entries remembered by their file's content (``dg list``'s start-up, issue 35).

Reading a scenario file with the safe, position-keeping loader is most of ``dg list``'s time (two
thirds of it for the shipped files, docs/performance.md, "Issue 35"). What the catalogue takes
from a file (its id, title, variants, options, option sets, plugins, players) depends on the
file's text alone, so it is kept in the user's cache folder (:mod:`distant_galaxy.cache`) under
the SHA-256 of the file's bytes, together with what the entries are made by: the engine's version
and the size and modification time of the modules that make them (a changed module drops every
entry). A file that changes gets a new key; one that does not load is never kept; a cache that is
missing, unreadable or of another maker is simply not used, and nothing breaks without it. At
most :data:`LIMIT` entries are kept (those of this run first).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from typing import Any

from distant_galaxy.cache import cache_file
from distant_galaxy.version import ENGINE_VERSION

NAME = "catalog-entries.json"  # data, never pickled code: a tampered cache runs nothing
LIMIT = 512


def maker(modules: Iterable[str]) -> tuple[Any, ...]:
    """What the cached entries are made by: the engine's version, each module file's size and
    modification time."""
    out: list[Any] = [ENGINE_VERSION]
    for path in modules:
        try:
            info = os.stat(path)
            out.append((path, info.st_size, info.st_mtime_ns))
        except OSError:
            out.append((path, None, None))
    return tuple(out)


def content_key(data: bytes) -> str:
    """The key of a file's entry: the SHA-256 of its bytes."""
    return hashlib.sha256(data).hexdigest()


class EntryCache:
    """Catalogue entries by content key, read once and written back if anything was added."""

    def __init__(self, made_by: tuple[Any, ...], path: str | None = None):
        self.made_by = made_by
        self.path = cache_file(NAME) if path is None else path
        self.old: dict[str, dict[str, Any]] = {}
        self.used: dict[str, dict[str, Any]] = {}
        self.added = False
        if self.path is not None:
            self.old = self._read(self.path)

    def _read(self, path: str) -> dict[str, dict[str, Any]]:
        try:
            with open(path, encoding="utf-8") as f:
                saved = json.load(f)
        except (OSError, ValueError):  # missing, unreadable, not JSON: not used
            return {}
        made_by = json.loads(json.dumps(self.made_by))  # tuples as JSON gives them back
        if not isinstance(saved, dict) or saved.get("made_by") != made_by:
            return {}
        entries = saved.get("entries")
        if not isinstance(entries, dict):
            return {}
        return {k: v for k, v in entries.items() if isinstance(v, dict)}

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry kept for ``key`` (a copy), or None."""
        entry = self.old.get(key)
        if entry is None:
            return None
        self.used[key] = entry
        return dict(entry)

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Keep ``entry`` (a copy) for ``key``."""
        self.used[key] = dict(entry)
        self.added = True

    def save(self) -> None:
        """Write the entries back (atomically) if any was added: this run's, then older ones, at
        most :data:`LIMIT`."""
        if not self.added or self.path is None:
            return
        entries = dict(self.used)
        for key, entry in self.old.items():
            if len(entries) >= LIMIT:
                break
            entries.setdefault(key, entry)
        folder = os.path.dirname(self.path) or "."
        try:
            fd, part = tempfile.mkstemp(prefix=NAME, suffix=".part", dir=folder)
        except OSError:  # a cache that cannot be written is not kept
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"made_by": self.made_by, "entries": entries}, f)
            os.replace(part, self.path)
        except (OSError, TypeError, ValueError):  # an entry JSON cannot hold: not kept
            with contextlib.suppress(OSError):
                os.remove(part)
