"""The shipped JSON Schemas: finding them and adding plugin sections to the scenario schema.

This module reads schema files only; validating data against them is
:mod:`distant_galaxy.loader.schema_check` (which needs ``jsonschema``, so ``dg list`` and ``dg
schema`` do not import it).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from distant_galaxy.errors import PluginError
from distant_galaxy.loader.copying import copy_data
from distant_galaxy.resources import package_folder

__all__ = ["combined_schema", "load_schema", "schema_text", "schemas_dir"]


def schemas_dir() -> Any:
    """The JSON Schemas shipped as ``distant_galaxy.bundled.schemas`` (the package's folder, as
    importlib.resources finds it: the repository's ``schemas/`` folder in an editable
    install)."""
    return package_folder("distant_galaxy.bundled.schemas")


@functools.cache
def schema_text(name: str) -> str:
    """The text of ``schemas/<name>.schema.json`` (read once)."""
    return (schemas_dir() / f"{name}.schema.json").read_text(encoding="utf-8")


def load_schema(name: str) -> dict[str, Any]:
    """A fresh copy of ``schemas/<name>.schema.json`` as a dict."""
    return json.loads(schema_text(name))


def combined_schema(extra_sections: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The scenario schema with plugin sections (top-level keys named after plugins) allowed.

    A section whose schema says ``"x-required": true`` must be present (in a scenario that
    names its plugin: only those plugins' sections are given). Raises :class:`PluginError` if a
    plugin section would replace a core key.
    """
    schema = load_schema("scenario")
    props = schema.setdefault("properties", {})
    for name, section in extra_sections.items():
        if name in props:
            raise PluginError(
                f"plugin section '{name}' clashes with the core scenario key '{name}'"
            )
        props[name] = copy_data(section)
        if isinstance(section, dict) and section.get("x-required") is True:
            # a section the plugin cannot do without: a scenario naming the plugin must hold it
            schema.setdefault("required", []).append(name)
    return schema
