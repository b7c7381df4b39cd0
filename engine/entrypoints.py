"""Entry points of the installed packages, read without importing :mod:`importlib.metadata`.

``dg`` finds its command plugins, game plugins and scenario folders through entry points at
every start. :func:`importlib.metadata.entry_points` gives them, but importing
:mod:`importlib.metadata` (``email``, ``zipfile``, ``csv``, ``pathlib`` …) cost about half of
``dg --help``'s CPU time (issue 35, item 2). This module reads the same metadata the same way,
with :func:`os.listdir` and plain text: every ``*.dist-info`` and ``*.egg-info`` folder of each
folder on :data:`sys.path`, in ``sys.path`` order and listing order, the first distribution of a
name winning (names compared as :mod:`importlib.metadata` normalizes them), each one's
``entry_points.txt`` parsed as :mod:`importlib.metadata` parses it (``[group]`` headers, ``name =
value`` lines, blank lines and ``#`` comments skipped).

Where that would not be the whole picture — an entry of ``sys.path`` that is a file (a zip) or an
``.egg``, or a finder on :data:`sys.meta_path` other than the standard path finder that finds
distributions of its own — :func:`entry_points` asks :mod:`importlib.metadata` itself, so the
answer is always the one :mod:`importlib.metadata` gives. A folder's listing and an
``entry_points.txt`` are read again only when their modification time or size changed (``dg``
asks for three groups at each start: the files are read once): a package installed while the
process runs is seen at the next call (the callers cache what they need).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from importlib.machinery import PathFinder
from typing import Any

_NAME = re.compile(r"[-_.]+")
_REFERENCE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
_METADATA_FILES = ("METADATA", "PKG-INFO")


class Distribution:
    """The installed distribution an entry point comes from: its ``name`` as its metadata says it
    (read when first asked), from its ``.dist-info`` / ``.egg-info`` folder."""

    __slots__ = ("_name", "path")

    def __init__(self, path: str | None, name: str | None = None):
        self.path = path
        self._name = name

    @property
    def name(self) -> str:
        """The distribution's name (``Name:`` of its metadata; else from its folder's name)."""
        if self._name is None:
            self._name = _metadata_name(self.path or "") or \
                os.path.basename(self.path or "").rpartition(".")[0].partition("-")[0]
        return self._name


class EntryPoint:
    """One entry point: ``name = value`` in ``group``, of the distribution ``dist``; ``load()``
    imports what ``value`` names (``package.module`` or ``package.module:attr``)."""

    __slots__ = ("dist", "group", "name", "value")

    def __init__(self, name: str, value: str, group: str, dist: Distribution | None = None):
        self.name, self.value, self.group, self.dist = name, value, group, dist

    def load(self) -> Any:
        """The object the entry point names, imported (as ``importlib.metadata`` loads it)."""
        match = _REFERENCE.match(self.value)
        if match is None:
            raise ValueError(f"entry point {self.name!r}: {self.value!r} is not a module or "
                             "module:attribute reference")
        obj: Any = importlib.import_module(match.group("module"))
        for attr in filter(None, (match.group("attr") or "").split(".")):
            obj = getattr(obj, attr)
        return obj

    def __repr__(self) -> str:
        return f"EntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def entry_points(group: str) -> list[EntryPoint]:
    """The entry points of ``group`` of every installed distribution, as
    ``importlib.metadata.entry_points(group=group)`` gives them (same order, same winners)."""
    folders = _plain_path()
    if folders is None:
        return _from_importlib(group)
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for folder in folders:
        for info in _infos(folder):
            key = _normalized(os.path.basename(info).rpartition(".")[0].partition("-")[0])
            if key in seen:
                continue
            seen.add(key)
            found += _read(info, group)
    return found


def _plain_path() -> list[str] | None:
    """The folders of ``sys.path`` (``""``: the current one), or None where only
    :mod:`importlib.metadata` knows the whole answer."""
    for finder in sys.meta_path:
        if finder is not PathFinder and hasattr(finder, "find_distributions"):
            return None
    folders = []
    for entry in sys.path:
        folder = entry or "."
        if folder.lower().endswith(".egg") or os.path.isfile(folder):
            return None
        folders.append(folder)
    return folders


#: What was read, by path, with the stamp (modification time, size) it was read at: a folder's
#: metadata folders, an ``entry_points.txt``'s entries by group. Read again when the stamp changes.
_FOLDERS: dict[str, tuple[tuple[int, int], list[str]]] = {}
_FILES: dict[str, tuple[tuple[int, int], dict[str, list[tuple[str, str, bool]]]]] = {}


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def _infos(folder: str) -> list[str]:
    """The metadata folders in ``folder``: its ``*.dist-info`` and ``*.egg-info`` entries, in
    listing order, those of a name first seen earlier kept in its group (as importlib's lookup
    groups them by name); listed again only when the folder changed (a package installed or
    removed)."""
    stamp = _stamp(folder)
    known = _FOLDERS.get(folder)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    groups: dict[str, list[str]] = {}
    for child in names:
        low = child.lower()
        if low.endswith((".dist-info", ".egg-info")):
            key = _normalized(low.rpartition(".")[0].partition("-")[0])
            groups.setdefault(key, []).append(os.path.join(folder, child))
    found = [path for paths in groups.values() for path in paths]
    if stamp is not None:
        _FOLDERS[folder] = (stamp, found)
    return found


def _normalized(name: str) -> str:
    return _NAME.sub("-", name).lower().replace("-", "_")


def _read(info: str, group: str) -> list[EntryPoint]:
    """The entry points of ``group`` in the folder ``info``'s ``entry_points.txt``."""
    dist = Distribution(info)
    out: list[EntryPoint] = []
    for name, value, well_formed in _sections(info).get(group, ()):
        if not well_formed:
            raise ValueError(f"{info}/entry_points.txt: {name!r} is not 'name = value'")
        out.append(EntryPoint(name, value, group, dist))
    return out


def _sections(info: str) -> dict[str, list[tuple[str, str, bool]]]:
    """The entries of each group of ``info``'s ``entry_points.txt`` — ``(name, value, True)``,
    or ``(line, "", False)`` for a line that is not ``name = value`` — read again only when the
    file changed."""
    path = os.path.join(info, "entry_points.txt")
    stamp = _stamp(path)
    if stamp is None:  # none (or not a folder: an egg-info file has no entry points here)
        return {}
    known = _FILES.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return {}
    sections: dict[str, list[tuple[str, str, bool]]] = {}
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section is not None:
            name, eq, value = line.partition("=")
            sections.setdefault(section, []).append(
                (name.strip(), value.strip(), True) if eq else (line, "", False))
    _FILES[path] = (stamp, sections)
    return sections


def _metadata_name(info: str) -> str | None:
    """``Name:`` of the metadata file in ``info`` (the headers end at the first blank line)."""
    for file in _METADATA_FILES:
        try:
            with open(os.path.join(info, file), encoding="utf-8") as f:
                for line in f:
                    if not line.strip():
                        break
                    if line.lower().startswith("name:"):
                        return line.partition(":")[2].strip()
        except OSError:
            continue
    return None


def _from_importlib(group: str) -> list[EntryPoint]:
    """:func:`importlib.metadata.entry_points`'s answer, as this module's entry points."""
    from importlib import metadata

    out = []
    for ep in metadata.entry_points(group=group):
        dist = getattr(ep, "dist", None)
        out.append(EntryPoint(ep.name, ep.value, ep.group,
                              Distribution(None, dist.name) if dist is not None else None))
    return out
