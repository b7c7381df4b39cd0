"""Deep copies of plain data, the loader's own: faster than ``copy.deepcopy`` for what YAML
and JSON give (merging a mod onto its base copies every value it keeps, issue 35)."""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["copy_data"]

#: The values :func:`copy_data` keeps as they are (immutable)
_ATOMS = frozenset((str, int, float, bool, type(None)))


def copy_data(value: Any) -> Any:
    """A deep copy of plain data (what the YAML loader gives: dicts, lists, strings, numbers,
    booleans, None), several times faster than ``copy.deepcopy``; any other value inside is
    copied by ``copy.deepcopy``. The loader builds trees (an alias is built again where it is
    used), so no sharing is lost; data built in Python that shares a dict or list in two places
    gets two copies."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else copy_data(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else copy_data(v) for v in value]
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)
