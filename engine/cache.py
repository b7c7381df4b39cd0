"""The engine's per-user cache folder: things slow to build and safe to lose.

It holds the rule parser's LALR tables (Lark's ``cache=``), so that a process compiling rules
loads them in a few milliseconds instead of building them (about 45 ms); ``dg list``'s catalogue
entries (:mod:`distant_galaxy.scenario.catalog_cache`); the schema checks a scenario passed
(:mod:`distant_galaxy.loader.schema_memo`); and the rules' generated code
(:mod:`distant_galaxy.rules.code_cache`). The folder is ``$DG_CACHE_DIR`` if set (an empty value
turns the cache off), else ``$XDG_CACHE_HOME/distant-galaxy``, else ``~/.cache/distant-galaxy``.
A folder that cannot be made, or that someone else could write to, is not used; nothing breaks
without a cache.

Every cache file is written atomically (:func:`write_atomically`) and says what made it (the
engine's version and the files of the modules whose work it keeps, :func:`maker`): a file of
another maker, or one that does not read, is simply not used. :class:`KeptEntries` is such a
file of JSON entries by key (data only: a tampered cache runs nothing); :class:`KeptBytes` one of
:mod:`marshal` forms by key (the generated code of rules, documents read), which
:func:`kept_bytes` gives once per process and writes back when the process ends.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import marshal
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

from distant_galaxy.resources import installed_folder
from distant_galaxy.version import ENGINE_VERSION

try:  # CPython's own SHA-256 (3.11: _sha256, 3.12: _sha2) imports no OpenSSL: hashlib costs
    from _sha256 import sha256  # type: ignore[import-not-found,unused-ignore]  # 3 ms a start
except ImportError:  # pragma: no cover - other Pythons
    try:
        from _sha2 import sha256  # type: ignore[import-not-found,no-redef,unused-ignore]
    except ImportError:
        from hashlib import sha256  # type: ignore[assignment,unused-ignore]

APP = "distant-galaxy"
V = TypeVar("V")


def cache_dir() -> Path | None:
    """The cache folder, made if needed (private to the user), or None when there is none."""
    explicit = os.environ.get("DG_CACHE_DIR")
    if explicit is not None:
        folder = Path(explicit) if explicit else None
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = Path(base) / APP
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    return folder if _private(info) else None


def _private(info: os.stat_result) -> bool:
    """Whether only the user can write to a folder (always true where there are no uids)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return info.st_uid == getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def cache_file(name: str) -> str | None:
    """The path of the cache file ``name``, or None when there is no cache folder."""
    folder = cache_dir()
    return str(folder / name) if folder is not None else None


def content_key(data: bytes) -> str:
    """The key of a content in a cache: the SHA-256 of its bytes, in hex."""
    return sha256(data).hexdigest()


def maker(modules: Iterable[str]) -> tuple[Any, ...]:
    """What a cache's entries are made by: the engine's version, each module file's size and
    modification time (a changed module drops every entry)."""
    out: list[Any] = [ENGINE_VERSION]
    for path in modules:
        try:
            info = os.stat(path)
            out.append((path, info.st_size, info.st_mtime_ns))
        except OSError:
            out.append((path, None, None))
    return tuple(out)


def package_files(package: str, modules: Iterable[str]) -> list[str]:
    """The files of some modules of an installed package (for :func:`maker`), found without
    importing it; the package's name alone when it is not installed."""
    folder = installed_folder(package)
    if folder is None:
        return [package]
    return [os.path.join(folder, f"{name}.py") for name in modules]


def read_bytes(path: str | None) -> bytes | None:
    """The bytes of a cache file, or None when there is none or it cannot be read."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def write_atomically(path: str, data: bytes) -> bool:
    """Write ``data`` to ``path`` through a new file renamed over it (a reader sees the old file
    or the new one, never a part); whether it was written."""
    part = f"{path}.{os.getpid()}.part"
    try:
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:  # a cache that cannot be written is not kept
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(part, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(part)
        return False
    return True


class _Kept(Generic[V]):
    """A cache file of values by key, read once; :meth:`save` writes it back (atomically) when
    anything was added: this run's values, then older ones, at most ``limit``. The file names
    its maker (``made_by``, e.g. :func:`maker`): one of another maker, or one that does not
    read, is not used. Subclasses say how the file is written (:meth:`_encode`) and read
    (:meth:`_decode`)."""

    def __init__(self, name: str, made_by: tuple[Any, ...], path: str | None = None,
                 limit: int = 512):
        self.made_by = made_by
        self.limit = limit
        self.path = cache_file(name) if path is None else path
        data = read_bytes(self.path)
        self.old: dict[str, V] = self._decode(data) if data else {}
        self.used: dict[str, V] = {}
        self.added = False

    def _decode(self, data: bytes) -> dict[str, V]:
        """The values a cache file's bytes hold ({} when they do not read as this cache's)."""
        raise NotImplementedError  # pragma: no cover - each subclass says how it reads

    def _encode(self, values: dict[str, V]) -> bytes | None:
        """The bytes of a cache file holding ``values`` (None: nothing to write)."""
        raise NotImplementedError  # pragma: no cover - each subclass says how it writes

    def _value(self, key: str) -> V | None:
        """The value of ``key``: put in this run, or read from the file (then used)."""
        value = self.used.get(key)
        if value is None:
            value = self.old.get(key)
            if value is not None:
                self.used[key] = value
        return value

    def save(self) -> None:
        """Write the values back if any was added: this run's, then older ones, at most
        ``limit``."""
        if not self.added or self.path is None:
            return
        values = dict(self.used)
        for key, value in self.old.items():
            if len(values) >= self.limit:
                break
            values.setdefault(key, value)
        data = self._encode(values)
        if data is not None and write_atomically(self.path, data):
            self.old, self.added = values, False


class KeptEntries(_Kept[dict[str, Any]]):
    """A cache file of JSON entries by key (a dict each: data only, a tampered cache runs
    nothing)."""

    def _decode(self, data: bytes) -> dict[str, dict[str, Any]]:
        try:
            saved = json.loads(data)
        except (ValueError, RecursionError):  # not JSON (nor UTF-8), or absurdly nested: not used
            return {}
        made_by = json.loads(json.dumps(self.made_by))  # tuples as JSON gives them back
        if not isinstance(saved, dict) or saved.get("made_by") != made_by:
            return {}
        entries = saved.get("entries")
        if not isinstance(entries, dict):
            return {}
        return {k: v for k, v in entries.items() if isinstance(v, dict)}

    def _encode(self, values: dict[str, dict[str, Any]]) -> bytes | None:
        try:
            return json.dumps({"made_by": self.made_by, "entries": values}).encode("utf-8")
        except (TypeError, ValueError):  # an entry JSON cannot hold: not kept
            return None

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry kept for ``key`` (a copy; one put in this run too), or None."""
        entry = self._value(key)
        return None if entry is None else dict(entry)

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Keep ``entry`` (a copy) for ``key``."""
        self.used[key] = dict(entry)
        self.added = True


class KeptBytes(_Kept[bytes]):
    """A cache file of byte strings by key, each one the :mod:`marshal` form of something
    (``made_by`` must be marshal-able too)."""

    def _decode(self, data: bytes) -> dict[str, bytes]:
        try:
            saved = marshal.loads(data)
        except (EOFError, ValueError, TypeError):  # not this Python's marshal form: not used
            return {}
        if type(saved) is not tuple or len(saved) != 2 or saved[0] != self.made_by \
                or type(saved[1]) is not dict:
            return {}
        return {k: v for k, v in saved[1].items() if type(k) is str and type(v) is bytes}

    def _encode(self, values: dict[str, bytes]) -> bytes | None:
        return marshal.dumps((self.made_by, values))

    def get(self, key: str) -> bytes | None:
        """The bytes kept for ``key`` (put in this run too), or None."""
        return self._value(key)

    def put(self, key: str, data: bytes) -> None:
        """Keep ``data`` for ``key``."""
        self.used[key] = data
        self.added = True


#: The :class:`KeptBytes` of this process by file name, with the settings that chose the folder.
_KEPT: dict[str, tuple[tuple[str | None, ...], KeptBytes]] = {}
_PID = os.getpid()


def kept_bytes(name: str, made_by: Callable[[], tuple[Any, ...]], limit: int) -> KeptBytes:
    """This process's :class:`KeptBytes` of the cache file ``name`` (``made_by`` is asked when
    it is first read), read again when the cache folder's settings change (tests set
    ``DG_CACHE_DIR``); what was added is written when the process ends."""
    where = tuple(os.environ.get(v) for v in ("DG_CACHE_DIR", "XDG_CACHE_HOME", "HOME"))
    known = _KEPT.get(name)
    if known is not None and known[0] == where:
        return known[1]
    if known is not None:
        known[1].save()
    elif not _KEPT:
        atexit.register(save_kept)
    kept = KeptBytes(name, made_by(), limit=limit)
    _KEPT[name] = (where, kept)
    return kept


def save_kept() -> None:
    """Write what this process added to its :class:`KeptBytes` files now (also done at exit;
    a forked child leaves it to its parent)."""
    if os.getpid() != _PID:
        return
    for _, kept in _KEPT.values():
        kept.save()
