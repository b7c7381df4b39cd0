"""A loaded YAML file as the rest of the engine sees it, and reading a file's bytes.

:class:`Document` (the data, the text's lines and the position of every value) and
:data:`JsonPath` live here, apart from the YAML parser (:mod:`distant_galaxy.loader.yamlsafe`),
so that a document kept in the user's cache (:mod:`distant_galaxy.loader.doc_cache`) is made
again without importing PyYAML. :func:`read_file` and :func:`decode` are the first steps of
:func:`~distant_galaxy.loader.yamlsafe.load_yaml_file`, with its refusals.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from distant_galaxy.errors import ScenarioError, SourcePos
from distant_galaxy.loader.strings import StringMap

__all__ = ["MAX_BYTES", "Document", "JsonPath", "decode", "read_file"]

JsonPath = tuple[str | int, ...]

MAX_BYTES = 2 * 1024 * 1024
"""Largest accepted file, in bytes (UTF-8)."""


@dataclass
class Document:
    """A loaded YAML file: its data, its text, and where each value sits in that text.

    ``data`` is plain JSON-compatible data. ``pos(path)`` gives the position of the value at a JSON
    path (a tuple of keys and list indexes); for a string it is the first character of the string's
    content (after the quote of a quoted scalar, on the first content line of a ``|``/``>`` block),
    so rule code may use ``pos(path).shifted(offset)`` for single-line strings, or
    ``string_pos(path, offset)`` for any string. ``key_pos(path)`` is the key's own position.
    Unknown paths fall back to the nearest known ancestor. The loader fills the three tables of
    places (:mod:`~distant_galaxy.loader.yamlsafe`), the document cache keeps and restores them
    (:mod:`~distant_galaxy.loader.doc_cache`); nothing else writes them.
    """

    data: Any
    file: str
    lines: list[str]
    value_places: dict[JsonPath, tuple[int, int]] = field(default_factory=dict, repr=False)
    """Where each value starts (1-based line and column), by path: what :meth:`pos` reads."""
    key_places: dict[JsonPath, tuple[int, int]] = field(default_factory=dict, repr=False)
    """Where each mapping key starts, by the path of its value: what :meth:`key_pos` reads."""
    string_ends: dict[JsonPath, tuple[int, str]] = field(default_factory=dict, repr=False)
    """Each string value's last line and the value: how a position inside it is found."""

    def source_pos(self, line: int, col: int) -> SourcePos:
        """A :class:`SourcePos` in this file (1-based line and column) with that line's text."""
        text = self.lines[line - 1] if 1 <= line <= len(self.lines) else None
        return SourcePos(self.file, line, col, text)

    def pos(self, path: JsonPath = ()) -> SourcePos:
        """Position of the value at ``path`` (nearest known ancestor if unknown); a string's
        carries its :class:`~distant_galaxy.loader.strings.StringMap` (``SourcePos.within``)."""
        path = tuple(path)
        for i in range(len(path), -1, -1):
            hit = self.value_places.get(path[:i])
            if hit is not None:
                pos = self.source_pos(*hit)
                info = self.string_ends.get(path[:i]) if i == len(path) else None
                if info is None:
                    return pos
                last_line, value = info
                return SourcePos(pos.file, pos.line, pos.col, pos.text,
                                 StringMap(self.file, self.lines, pos.line, pos.col, last_line,
                                           value))
        return self.source_pos(1, 1)

    def key_pos(self, path: JsonPath) -> SourcePos:
        """Position of the mapping key that ends ``path`` (the value's position for list items)."""
        hit = self.key_places.get(tuple(path))
        return self.source_pos(*hit) if hit is not None else self.pos(path)

    def has_pos(self, path: JsonPath) -> bool:
        """Whether ``path`` itself (not an ancestor) has a recorded position."""
        return tuple(path) in self.value_places

    def string_pos(self, path: JsonPath, offset: int) -> SourcePos:
        """Position of the character at ``offset`` in the string at ``path``, in any style
        (plain, quoted, ``|`` and ``>`` blocks; :class:`~distant_galaxy.loader.strings.StringMap`)."""
        start = self.pos(path)
        if start.locator is None:
            return start.shifted(max(offset, 0))
        found = start.locator.pos(offset)
        return SourcePos(found.file, found.line, found.col, found.text)


def read_file(path: str | os.PathLike[str]) -> tuple[str, bytes]:
    """The name of a file (``str(path)`` as given) and its bytes; a ScenarioError when it is
    larger than :data:`MAX_BYTES` or cannot be read."""
    name = str(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_BYTES:
            raise ScenarioError(
                f"file too large: {size} bytes, at most {MAX_BYTES // (1024 * 1024)} MiB",
                SourcePos(name, 1, 1),
            )
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read {name}: {exc.strerror or exc}") from None
    return name, raw


def decode(raw: bytes, name: str) -> str:
    """The text of a file's bytes (UTF-8, a byte-order mark dropped); a ScenarioError naming the
    line when they are not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ScenarioError("not UTF-8 text", SourcePos(name, line, 1)) from None
