"""Loading scenario files: safe YAML with positions, ``extends:`` mods, variants, schema checks.

Typical use::

    doc = load_yaml_file("mods/hard/mod.yaml")
    merged = resolve_extends(doc, find_by_id)
    errors = check_schema(merged, load_schema("scenario"))
"""

from __future__ import annotations

from distant_galaxy.loader.merge import MergedDocument, apply_variant, deep_merge, resolve_extends
from distant_galaxy.loader.schema_check import (
    check_schema,
    combined_schema,
    describe_path,
    load_schema,
    schemas_dir,
)
from distant_galaxy.loader.yamlsafe import (
    MAX_ALIASES,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NODES,
    Document,
    JsonPath,
    load_yaml,
    load_yaml_file,
)

__all__ = [
    "MAX_ALIASES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "Document",
    "JsonPath",
    "MergedDocument",
    "apply_variant",
    "check_schema",
    "combined_schema",
    "deep_merge",
    "describe_path",
    "load_schema",
    "load_yaml",
    "load_yaml_file",
    "resolve_extends",
    "schemas_dir",
]
