"""Loading scenario files: safe YAML with positions, ``extends:`` mods, variants, options, schema
checks.

Typical use::

    doc = load_yaml_file("mods/hard/mod.yaml")
    merged = resolve_extends(doc, find_by_id)
    errors = check_schema(merged, load_schema("scenario"))

The names below are imported on first use (PEP 562): reading a file does not import
``jsonschema``, which only :func:`check_schema` needs. :func:`load_yaml_file` keeps what it read
in the user's cache folder by the file's content (:mod:`~distant_galaxy.loader.doc_cache`): a
file read before is not parsed again, nor PyYAML imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy.lazy import lazy_exports

if TYPE_CHECKING:
    from distant_galaxy.loader.doc_cache import load_yaml_file
    from distant_galaxy.loader.document import MAX_BYTES, Document, JsonPath
    from distant_galaxy.loader.merge import MergedDocument, apply_variant, deep_merge, resolve_extends
    from distant_galaxy.loader.options import (
        apply_options,
        checked_option_sets,
        compatible_options,
        declared_options,
    )
    from distant_galaxy.loader.schema_check import check_schema, describe_path
    from distant_galaxy.loader.schemas import combined_schema, load_schema, schemas_dir
    from distant_galaxy.loader.yamlsafe import MAX_ALIASES, MAX_DEPTH, MAX_NODES, load_yaml

_SOURCES: dict[str, str] = {
    "MergedDocument": "distant_galaxy.loader.merge",
    "apply_variant": "distant_galaxy.loader.merge",
    "deep_merge": "distant_galaxy.loader.merge",
    "resolve_extends": "distant_galaxy.loader.merge",
    "apply_options": "distant_galaxy.loader.options",
    "checked_option_sets": "distant_galaxy.loader.options",
    "compatible_options": "distant_galaxy.loader.options",
    "declared_options": "distant_galaxy.loader.options",
    "check_schema": "distant_galaxy.loader.schema_check",
    "describe_path": "distant_galaxy.loader.schema_check",
    "combined_schema": "distant_galaxy.loader.schemas",
    "load_schema": "distant_galaxy.loader.schemas",
    "schemas_dir": "distant_galaxy.loader.schemas",
    "MAX_ALIASES": "distant_galaxy.loader.yamlsafe",
    "MAX_BYTES": "distant_galaxy.loader.document",
    "MAX_DEPTH": "distant_galaxy.loader.yamlsafe",
    "MAX_NODES": "distant_galaxy.loader.yamlsafe",
    "Document": "distant_galaxy.loader.document",
    "JsonPath": "distant_galaxy.loader.document",
    "load_yaml": "distant_galaxy.loader.yamlsafe",
    "load_yaml_file": "distant_galaxy.loader.doc_cache",
}

__all__ = [
    "MAX_ALIASES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "Document",
    "JsonPath",
    "MergedDocument",
    "apply_options",
    "apply_variant",
    "check_schema",
    "checked_option_sets",
    "combined_schema",
    "compatible_options",
    "declared_options",
    "deep_merge",
    "describe_path",
    "load_schema",
    "load_yaml",
    "load_yaml_file",
    "resolve_extends",
    "schemas_dir",
]


__getattr__, __dir__ = lazy_exports(globals(), _SOURCES, __all__)
