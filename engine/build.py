"""Which build of the engine runs: the compiled one or the pure-Python one (issue 35, item 1).

A plain ``pip install .`` compiles the hot modules of the turn loop, the search bot and Asteroid
Belt's rules with Cython where a C compiler exists (setup.py's ``COMPILED`` list) and installs
the pure build otherwise; ``DG_PURE=1`` and editable installs are always pure. What runs is read
from the installed files, not from a note the build left: a module is compiled when an extension
module stands beside its ``.py`` (Python then imports the extension module). ``dg --version``
prints :func:`version_line`, and the ``--json`` outputs of ``dg`` carry :func:`header`
(``"engine"`` and ``"build"``).
"""

from __future__ import annotations

import importlib.machinery
import os
from functools import cache

from distant_galaxy.resources import installed_folder
from distant_galaxy.version import ENGINE_VERSION

#: The two builds, as ``--json`` outputs name them.
COMPILED, PURE = "compiled", "pure"
#: The package of the shipped episodes, installed with the engine (and compiled with it).
EPISODES = "distant_galaxy_episodes"


@cache
def compiled_modules() -> tuple[str, ...]:
    """The import names of the modules of the engine and of its shipped episodes that run
    compiled, sorted (empty: the pure build)."""
    found = extension_modules(os.path.dirname(os.path.abspath(__file__)))
    episodes = installed_folder(EPISODES)
    if episodes is not None:
        found += extension_modules(episodes, EPISODES)
    return tuple(sorted(found))


def extension_modules(root: str, package: str = "distant_galaxy") -> tuple[str, ...]:
    """The import names of the extension modules in the folder ``root`` of ``package`` and in
    its sub-folders, sorted."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        sub = os.path.relpath(folder, root).replace(os.sep, ".")
        prefix = package if sub == "." else f"{package}.{sub}"
        for name in files:
            suffix = next((s for s in suffixes if name.endswith(s)), None)
            if suffix is not None:
                found.append(f"{prefix}.{name[:-len(suffix)]}")
    return tuple(sorted(found))


def build_name() -> str:
    """``"compiled"`` when any module of the engine or its episodes runs compiled, else
    ``"pure"``."""
    return COMPILED if compiled_modules() else PURE


def version_line() -> str:
    """What ``dg --version`` prints: ``dg 0.1.0 (compiled build: 21 modules by Cython)`` or
    ``dg 0.1.0 (pure-Python build)``."""
    n = len(compiled_modules())
    if n:
        return f"dg {ENGINE_VERSION} (compiled build: {n} modules by Cython)"
    return f"dg {ENGINE_VERSION} (pure-Python build)"


def json_header() -> dict[str, str]:
    """The fields that open ``dg``'s JSON outputs: the engine's version and which build runs."""
    return {"engine": ENGINE_VERSION, "build": build_name()}
