"""Lazy public names (PEP 562): a package lists where each name is defined and imports it on
first use, so importing the package costs almost nothing (``dg --help`` loads no machinery)."""

from __future__ import annotations

import importlib
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
