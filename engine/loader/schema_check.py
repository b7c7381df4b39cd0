"""JSON Schema validation that reports every error, in plain words, at ``file:line:col``.

This module owns turning ``jsonschema`` errors into :class:`~distant_galaxy.errors.ScenarioError`: unknown
keys point at the key and suggest the nearest known one, type errors say what was expected and
what was found, ``oneOf``/``anyOf`` noise is collapsed to the most relevant branch. The schemas
themselves are found and combined by :mod:`distant_galaxy.loader.schemas`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from typing import Any, Protocol

from jsonschema.exceptions import ValidationError, best_match, relevance

from distant_galaxy.errors import ScenarioError, SourcePos
from distant_galaxy.loader.document import JsonPath
from distant_galaxy.loader.references import (
    REFERS_TO,
    UNIQUE,
    ReferenceMiss,
    path_references,
    reference_validator,
)
from distant_galaxy.text import close_matches

__all__ = [
    "Positioned",
    "check_schema",
    "describe_path",
]


class Positioned(Protocol):
    """What :func:`check_schema` needs: a Document or a MergedDocument."""

    data: Any
    file: str

    def pos(self, path: JsonPath = ()) -> SourcePos: ...

    def key_pos(self, path: JsonPath) -> SourcePos: ...


_TYPE_WORDS = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "null",
}


def describe_path(path: Iterable[str | int]) -> str:
    """``unit_types.scout.tags[0]``-style text for a JSON path (``top level`` for the root)."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text or "top level"


def _describe_value(value: Any) -> str:
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"a string {shown!r}"
    if isinstance(value, int):
        return f"an integer {value}"
    if isinstance(value, float):
        return f"a number {value}"
    if value is None:
        return "nothing (null)"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


def _expected(types: Any) -> str:
    names = types if isinstance(types, list) else [types]
    words = [_TYPE_WORDS.get(t, str(t)) for t in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _suggest(word: str, options: Iterable[Any]) -> str:
    names = [str(o) for o in options]
    close = close_matches(word, names)
    return f"; did you mean '{close[0]}'?" if close else ""


def _unknown_keys(error: ValidationError) -> list[str]:
    instance = error.instance if isinstance(error.instance, dict) else {}
    schema = error.schema if isinstance(error.schema, dict) else {}
    known = schema.get("properties", {})
    patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
    return [k for k in instance if k not in known and not any(p.search(k) for p in patterns)]


def _collapse(error: ValidationError) -> list[ValidationError]:
    """For oneOf/anyOf, the errors of the branch most worth showing (else the error itself).

    A branch whose type matched the value is preferred (``"2x6"`` against integer-or-pattern
    reports the pattern); when every branch fails on type alone the error stays whole, to be
    reported as "expected X or Y".
    """
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.schema_path[0] if sub.schema_path else 0, []).append(sub)
    typed = [
        errs
        for errs in branches.values()
        if not any(e.validator == "type" and not e.relative_path for e in errs)
    ]
    if not typed:
        return [error]
    chosen = min(typed, key=len)
    best = best_match(chosen, key=relevance)
    ordered = [best, *(e for e in chosen if e is not best)] if best is not None else chosen
    return [c for e in ordered for c in _collapse(e)]


def _convert(error: ValidationError, doc: Positioned) -> list[ScenarioError]:
    """One or more ScenarioErrors for one jsonschema error."""
    collapsed = _collapse(error)
    if collapsed != [error]:
        return [item for sub in collapsed for item in _convert_one(sub, doc)]
    return _convert_one(error, doc)


def _convert_one(error: ValidationError, doc: Positioned) -> list[ScenarioError]:
    """ScenarioErrors for one (already collapsed) jsonschema error."""
    # (the stubs type both as "maybe unset": an error that reached here has them)
    expected: Any = error.validator_value
    schema: Any = error.schema
    path: JsonPath = tuple(error.absolute_path)
    where = describe_path(path)
    kind, value = error.validator, error.instance
    if kind == REFERS_TO:
        hint = error.hint if isinstance(error, ReferenceMiss) else None
        return [ScenarioError(f"{where}: {error.message}", doc.pos(path), hint=hint)]
    if kind == UNIQUE:
        return [ScenarioError(f"{where}: {error.message}", doc.pos(path),
                              hint="ids must differ within a list")]
    if kind in ("additionalProperties", "unevaluatedProperties") and isinstance(value, dict):
        known = sorted((schema or {}).get("properties", {}))
        out = []
        for key in _unknown_keys(error):
            hint = "known keys: " + ", ".join(known) if known else None
            place = f"in {where}" if path else "at the top level"
            message = f"unknown key '{key}' {place}{_suggest(key, known)}"
            out.append(ScenarioError(message, doc.key_pos((*path, key)), hint=hint))
        if out:
            return out
    if kind == "required" and isinstance(value, dict):
        missing = [k for k in expected if k not in value]
        suffix = "" if not path else f" in {where}"
        return [ScenarioError(f"missing key '{k}'{suffix}", doc.pos(path)) for k in missing]
    if kind == "dependentRequired" and isinstance(value, dict):
        out = []
        for key, needs in expected.items():
            for need in needs if key in value else []:
                if need not in value:
                    message = f"missing key '{need}' in {where} (needed with '{key}')"
                    out.append(ScenarioError(message, doc.pos(path)))
        if out:
            return out
    if kind == "type":
        message = f"expected {_expected(expected)}, got {_describe_value(value)}"
    elif kind in ("oneOf", "anyOf"):
        types = [e.validator_value for e in error.context or [] if e.validator == "type"]
        flat = [t for ts in types for t in (ts if isinstance(ts, list) else [ts])]
        message = f"expected {_expected(list(dict.fromkeys(flat)))}, got {_describe_value(value)}"
    elif kind == "enum":
        choices = ", ".join(json.dumps(c) for c in expected)
        suggestion = _suggest(value, expected) if isinstance(value, str) else ""
        message = f"must be one of {choices}; got {_describe_value(value)}{suggestion}"
    elif kind == "const":
        message = f"must be {json.dumps(expected)}, got {_describe_value(value)}"
    elif kind == "pattern":
        message = f"{_describe_value(value)} does not match the pattern {expected}"
    elif kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        words = {
            "minimum": "at least",
            "exclusiveMinimum": "more than",
            "maximum": "at most",
            "exclusiveMaximum": "less than",
        }
        message = f"must be {words[kind]} {expected}, got {value}"
    elif kind == "minItems":
        message = f"needs at least {expected} item(s)"
    elif kind == "propertyNames":
        message = f"bad key name: {error.message}"
    else:
        message = error.message
    at = doc.pos(path)
    return [ScenarioError(f"{where}: {message}", at, hint=_hint(error))]


def _hint(error: ValidationError) -> str | None:
    schema = error.schema if isinstance(error.schema, dict) else {}
    text = schema.get("description")
    if isinstance(text, str) and len(text) <= 200:
        return text
    return None


def check_schema(doc: Positioned, schema: dict[str, Any],
                 catalogues: dict[str, list[str]] | None = None) -> list[ScenarioError]:
    """Every schema violation of ``doc.data``, as ScenarioErrors sorted by file, line, column;
    with the references and unique ids the schema declares (:mod:`~distant_galaxy.loader.
    references`; ``catalogues``: the names of ``@NAME`` targets, e.g. ``events``)."""
    validator = reference_validator(doc.data, catalogues or {})(schema)
    found: dict[tuple[str, int, int, str], ScenarioError] = {}
    try:
        errors = list(validator.iter_errors(doc.data))
    except RecursionError:  # pragma: no cover - the loader bounds nesting
        return [ScenarioError("data nested too deeply to check", doc.pos(()))]
    converted = [item for error in errors for item in _convert(error, doc)]
    converted += near_miss_keys(doc, schema)
    converted += [ScenarioError(f"{describe_path(path)}: {message}", doc.pos(path), hint=hint)
                  for path, _v, message, hint in path_references(doc.data, schema,
                                                                 catalogues or {})]
    for item in converted:
        pos = item.pos or SourcePos(doc.file, 0, 0)
        found.setdefault((pos.file, pos.line, pos.col, item.message), item)
    main = doc.file

    def order(key: tuple[str, int, int, str]) -> tuple[int, str, int, int, str]:
        file, line, col, message = key
        return (0 if file == main else 1, file, line, col, message)

    return [found[k] for k in sorted(found, key=order)]


NEAR_MISS = 0.66


def near_miss_keys(doc: Positioned, schema: dict[str, Any]) -> list[ScenarioError]:
    """Keys of free-form sections (unit stats, site stats, faction modifiers) that look like a
    typo of a key the schema knows (``glyf`` for ``glyph``): free keys are allowed, typos not."""
    errors: list[ScenarioError] = []
    data = doc.data if isinstance(doc.data, dict) else {}
    for section, spec in schema.get("properties", {}).items():
        entry = spec.get("additionalProperties") if isinstance(spec, dict) else None
        if not isinstance(entry, dict) or entry.get("additionalProperties") is False:
            continue
        known = tuple(entry.get("properties", {}))
        items = data.get(section)
        if not known or not isinstance(items, dict):
            continue
        for name, fields in items.items():
            if not isinstance(fields, dict):
                continue
            for key in fields:
                if key in known:
                    continue
                near = _near_keys(key, known)
                if near:
                    errors.append(ScenarioError(
                        f"unknown key '{key}' in {section}.{name}; did you mean '{near[0]}'?",
                        doc.key_pos((section, name, key)),
                        hint="free-form stats are allowed here, but this one looks like a typo"))
    return errors


@functools.lru_cache(maxsize=4096)
def _near_keys(key: str, known: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of ``known`` that ``key`` looks like a typo of, closest first (the same free
    keys come back in every variant and option of a scenario: asked once)."""
    return tuple(k for k in close_matches(key, known, n=3, cutoff=NEAR_MISS)
                 if k[0] == key[0])  # typos keep the first letter; 'shuttle' ≠ 'title'
