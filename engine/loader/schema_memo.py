"""Schema checks remembered: data that passed a schema once is not checked again (issue 35).

Checking a scenario against its JSON Schema (:func:`~distant_galaxy.loader.schema_check.
check_schema`) and importing ``jsonschema`` to do it were about a third of ``dg validate``'s
time, and every load of a scenario (``dg run``, ``dg simulate``) paid them again for the same
file. Whether data passes depends only on the data, the schema and the catalogues of names
(``@events``), so a check that found nothing is remembered in the user's cache folder
(:mod:`distant_galaxy.cache`) under the SHA-256 of the three, together with what made the answer:
the engine's version and the files of the modules that check (this one, ``schema_check``,
``references`` and ``jsonschema``'s own). :func:`check_schema_memo` answers ``[]`` for data seen
to pass before, without importing ``jsonschema``; anything else is checked as always, so every
error is found and reported exactly as before (errors are never remembered). Only data that its
JSON text tells apart from any other is remembered (dicts with string keys, lists, strings,
numbers, booleans, None: what the YAML loader gives); anything else is simply checked.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from distant_galaxy import loader
from distant_galaxy.cache import KeptEntries, cache_dir, content_key, maker, package_files
from distant_galaxy.loader.schemas import schema_text

if TYPE_CHECKING:
    from distant_galaxy.errors import ScenarioError
    from distant_galaxy.loader.schema_check import Positioned

NAME = "schema-passed.json"  # keys only: a tampered cache can only skip a check, run nothing
LIMIT = 2048

#: The cache of this process, read when first needed (None: not read yet).
_KEPT: KeptEntries | None = None


def check_schema_memo(doc: Positioned, schema: dict[str, Any],
                      catalogues: dict[str, list[str]] | None = None,
                      schema_key: str | None = None) -> list[ScenarioError]:
    """:func:`~distant_galaxy.loader.schema_check.check_schema`'s answer: ``[]`` at once for data
    that passed the same schema and catalogues before, else the check itself (remembered when
    it finds nothing). ``schema_key`` (:func:`combined_key`) stands for the schema when given:
    the scenario schema is large, its key is quicker made from the plugin sections."""
    key = _key(doc.data, schema if schema_key is None else schema_key, catalogues or {})
    kept = _kept() if key is not None else None
    if kept is not None and key is not None and kept.get(key) is not None:
        return []
    errors = loader.check_schema(doc, schema, catalogues)  # schema_check (and jsonschema) now
    if not errors and kept is not None and key is not None:
        kept.put(key, {})
        kept.save()
    return errors


def combined_key(extra_sections: dict[str, dict[str, Any]]) -> str | None:
    """A key standing for ``combined_schema(extra_sections)`` (which it is made of: the scenario
    schema's text and the sections), or None when the sections' JSON text does not read back as
    the same values."""
    try:
        text = json.dumps(extra_sections)
        same = json.loads(text) == extra_sections
    except (TypeError, ValueError, RecursionError):
        return None
    if not same:
        return None
    return "combined:" + content_key(f"{schema_text('scenario')}\0{text}".encode("utf-8",
                                                                                  "surrogatepass"))


def _key(data: Any, schema: dict[str, Any] | str, catalogues: dict[str, list[str]]
         ) -> str | None:
    """The SHA-256 of the data, the schema and the catalogues written as JSON, or None when the
    JSON text does not read back as the same values (keys that are not strings, tuples, values
    JSON cannot hold): only data the text tells apart from any other is remembered."""
    parts = [data, schema, catalogues]
    try:
        text = json.dumps(parts)
        same = json.loads(text) == parts
    except (TypeError, ValueError, RecursionError):
        return None
    return content_key(text.encode("ascii")) if same else None


def _kept() -> KeptEntries | None:
    """This process's cache of passed checks (None when there is no cache folder)."""
    global _KEPT
    if _KEPT is None or _KEPT.path is None or os.path.dirname(_KEPT.path) != str(cache_dir()):
        _KEPT = KeptEntries(NAME, _made_by(), limit=LIMIT)
    return _KEPT if _KEPT.path is not None else None


def _made_by() -> tuple[Any, ...]:
    """The engine's version and the files of the modules whose answer is remembered (ours, and
    those of ``jsonschema`` and of the library it resolves references with)."""
    here = os.path.dirname(os.path.abspath(__file__))
    ours = [os.path.join(here, f"{name}.py") for name in ("schema_memo", "schema_check",
                                                          "references")]
    libraries = (package_files("jsonschema", ("__init__", "validators", "_keywords",
                                              "_legacy_keywords", "_types", "_utils"))
                 + package_files("referencing", ("__init__", "_core", "jsonschema")))
    return (*maker(ours + libraries), "v1")


__all__ = ["check_schema_memo", "combined_key"]
