"""Lazy public names (PEP 562): a package lists where each name is defined and imports it on
first use, so importing the package costs almost nothing (``dg --help`` loads no machinery);
and lazy modules (:func:`lazy_module`): a module imported when first used."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from typing import Any


def lazy_exports(namespace: dict[str, Any], sources: dict[str, str], public: list[str]
                 ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose ``namespace`` (its ``globals()``)
    imports each name of ``sources`` (name → defining module) when first used, then keeps it."""

    def getattr_(name: str) -> Any:
        module = sources.get(name)
        if module is None:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *public})

    return getattr_, dir_


def lazy_module(name: str) -> Any:
    """The module ``name``, imported when one of its names is first read (the standard
    :class:`importlib.util.LazyLoader`): a module-level name that costs nothing until used,
    written at the top of the module that uses it like any import."""
    known = sys.modules.get(name)
    if known is not None:
        return known
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:  # as an import binds it: ``package.module`` reaches it
        setattr(sys.modules[parent], child, module)
    return module
