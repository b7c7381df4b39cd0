"""YAML files read before, kept by their content: a file read again costs no parsing (issue 35).

Reading a scenario with the safe, position-keeping loader (:mod:`distant_galaxy.loader.
yamlsafe`), and importing PyYAML to do it, was about a seventh of ``dg validate``'s time, and
every command that loads a scenario paid it again for the same file. What the loader makes of a
file — its data, its lines and the position of every value and key — depends on the file's bytes
alone, so :func:`load_yaml_file` keeps it in the user's cache folder (:mod:`distant_galaxy.
cache`) under the SHA-256 of the bytes, in :mod:`marshal` form (plain data only: lists, dicts,
tuples, strings, numbers), and makes the same :class:`~distant_galaxy.loader.document.Document`
from it the next time, without importing PyYAML. The cache file names what made it: the Python
and engine versions and the files of the loader's modules and of PyYAML; a file of another
maker, or one that does not read, is not used. A file the loader refuses is never kept, so every
error is found and reported by the loader itself, as before; so is a file larger than
:data:`KEPT_BYTES`. New documents are written back when the process ends (at most
:data:`LIMIT`: those of this process first).
"""

from __future__ import annotations

import marshal
import os
from importlib.util import MAGIC_NUMBER
from typing import Any

from distant_galaxy import loader
from distant_galaxy.cache import KeptBytes, content_key, kept_bytes, maker, package_files
from distant_galaxy.loader.document import Document, decode, read_file

NAME = "documents.marshal"
LIMIT = 256
KEPT_BYTES = 512 * 1024
"""Files larger than this are read by the loader every time (their documents are not kept)."""


def load_yaml_file(path: str | os.PathLike[str]) -> Document:
    """:func:`~distant_galaxy.loader.yamlsafe.load_yaml_file`'s document of a file, from the
    user's cache folder when the same bytes were read before; ``Document.file`` is ``str(path)``
    as given."""
    name, raw = read_file(path)
    if len(raw) > KEPT_BYTES:
        return _load(raw, name)
    kept = _kept()
    key = content_key(raw)
    data = kept.get(key)
    doc = _document(data, name) if data is not None else None
    if doc is not None:
        return doc
    doc = _load(raw, name)
    try:
        kept.put(key, marshal.dumps((doc.data, doc.lines, doc.value_places, doc.key_places,
                                     doc.string_ends)))
    except ValueError:  # pragma: no cover - the loader makes plain data only
        pass
    return doc


def _load(raw: bytes, name: str) -> Document:
    return loader.load_yaml(decode(raw, name), name)  # yamlsafe (and PyYAML) imported now


def _document(data: bytes, name: str) -> Document | None:
    """The document kept as ``data`` (named ``name``), or None when it does not read as one."""
    try:
        parts = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    if type(parts) is not tuple or len(parts) != 5:
        return None
    values, lines, positions, keys, strings = parts
    if not (type(lines) is list and type(positions) is dict and type(keys) is dict
            and type(strings) is dict):
        return None
    return Document(values, name, lines, positions, keys, strings)


def _made_by() -> tuple[Any, ...]:
    here = os.path.dirname(os.path.abspath(__file__))
    ours = [os.path.join(here, f"{name}.py") for name in ("doc_cache", "document", "yamlsafe")]
    library = package_files("yaml", ("__init__", "reader", "scanner", "parser", "composer",
                                     "resolver", "cyaml"))
    return (MAGIC_NUMBER, *maker(ours + library), 1)


def _kept() -> KeptBytes:
    return kept_bytes(NAME, _made_by, LIMIT)


__all__ = ["KEPT_BYTES", "LIMIT", "NAME", "load_yaml_file"]
