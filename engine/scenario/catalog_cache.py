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

from typing import Any

from distant_galaxy.cache import KeptEntries, content_key, maker

NAME = "catalog-entries.json"  # data, never pickled code: a tampered cache runs nothing
LIMIT = 512


class EntryCache(KeptEntries):
    """Catalogue entries by content key (:func:`content_key` of the file's bytes), read once and
    written back if anything was added."""

    def __init__(self, made_by: tuple[Any, ...], path: str | None = None):
        super().__init__(NAME, made_by, path, LIMIT)


__all__ = ["LIMIT", "NAME", "EntryCache", "content_key", "maker"]
