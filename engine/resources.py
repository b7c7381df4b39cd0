"""Package folders found as :func:`importlib.resources.files` finds them, cheaply.

The scenario folders of installed packages and the shipped JSON Schemas are package folders.
:mod:`importlib.resources` finds them, but importing it (``tempfile``, ``zipfile``, ``random`` …)
cost a few milliseconds of every ``dg list`` and ``dg validate`` (issue 35): :func:`package_folder`
gives the folder itself for a package that is one folder on disk, and asks
:mod:`importlib.resources` only for the others (a namespace package, one in a zip).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from pathlib import Path
from typing import Any

__all__ = ["installed_folder", "package_folder"]


def installed_folder(name: str) -> str | None:
    """The folder of the installed package ``name``, found from its spec without importing it
    (the first of its folders), or None when it is not installed or is a module."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return folders[0] if folders else None


def package_folder(name: str) -> Any:
    """``importlib.resources.files(name)``: the folder of the package ``name`` (imported), or a
    TypeError when it is a module, not a package. A package in one folder of its own on disk (its
    ``__init__`` file in it) is that folder as a :class:`~pathlib.Path`; any other is what
    :mod:`importlib.resources` says (a traversable)."""
    module = importlib.import_module(name)
    spec = module.__spec__
    folders = spec.submodule_search_locations if spec is not None else None
    if spec is None or folders is None:
        raise TypeError(f"{module!r} is not a package")
    if (len(folders) == 1 and spec.has_location and spec.origin is not None
            and os.path.dirname(spec.origin) == folders[0] and os.path.isdir(folders[0])):
        return Path(folders[0])
    from importlib import resources

    return resources.files(name)
