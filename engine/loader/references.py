"""References and unique ids declared in the schemas, checked with the schema (issue 15, 1–2).

Three schema keywords, used by the core schema and by plugins' section schemas alike (a plugin
declares the references of its section; it writes no check of its own):

``"x-unique": "id"`` on an array
    the items' ``id`` (or the named key) must differ: a second ``red`` seat is refused at its id.
``"x-refers-to": TARGET`` on a string value
    the value must name something of the scenario. ``TARGET`` is a top-level section (``unit_types``:
    its keys; ``seats``: its items' ids), a dotted path into one (``asteroid_belt.attack_patterns``),
    ``@NAME`` for a catalogue the loader is given (``@events``: the event types), or a list of
    these (any of them). ``{"in": TARGET, "default": [...]}`` names what an absent section means
    (``phases`` absent: the one phase ``main``).
``"x-references": {PATH: TARGET}`` at the top of a plugin's section schema
    values the plugin reads inside free-form core sections, written as a dotted path where ``*``
    is any key or item: ``{"factions.*.elite_creates.unit": "unit_types"}``.

Every miss is a :class:`~distant_galaxy.errors.ScenarioError` at the value with a suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError

from distant_galaxy.text import close_matches

__all__ = ["REFERENCES", "REFERS_TO", "UNIQUE", "ReferenceMiss", "path_references",
           "reference_message", "reference_validator", "targets"]

REFERS_TO = "x-refers-to"
UNIQUE = "x-unique"
REFERENCES = "x-references"

#: How each kind of section is named in a message ("unknown unit type 'lancr'").
_WORDS = {"unit_types": "unit type", "seats": "seat", "factions": "faction", "phases": "phase",
          "counters": "counter", "pools": "pool", "tables": "table", "site_kinds": "site kind",
          "cell_types": "cell type", "actions": "action", "@events": "event type",
          "victory": "victory condition", "triggers": "trigger", "options": "option",
          "@sites": "site", "@tokens": "token", "@seats": "seat", "@secrets": "secret",
          "abilities": "ability", "kinds": "kind", "fleets": "fleet", "bag": "marker"}


def _names(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [str(k) for k in value]
    if isinstance(value, list):
        return [str(v.get("id")) if isinstance(v, dict) else str(v) for v in value]
    return []


def _one_target(root: Any, spec: str, catalogues: Mapping[str, list[str]]) -> list[str] | None:
    if spec.startswith("@"):
        found = catalogues.get(spec[1:])
        return None if found is None else list(found)
    node: Any = root
    for part in spec.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return _names(node)


def targets(root: Any, spec: Any, catalogues: Mapping[str, list[str]]) -> list[str] | None:
    """The names a value declared ``"x-refers-to": spec`` may take in the document ``root``
    (None: not known here, a catalogue the caller did not give; nothing is checked)."""
    if isinstance(spec, list):
        found = [targets(root, s, catalogues) for s in spec]
        return None if None in found else [n for names in found for n in names or []]
    if isinstance(spec, dict):
        inner = targets(root, spec.get("in", ""), catalogues)
        section = str(spec.get("in", "")).split(".")[0]
        absent = not isinstance(root, dict) or section not in root
        return inner or (list(spec.get("default", [])) if absent else inner)
    return _one_target(root, str(spec), catalogues)


def _word(spec: Any) -> str:
    first = spec[0] if isinstance(spec, list) and spec else spec
    if isinstance(first, dict):
        first = first.get("in", "")
    text = str(first)
    return _WORDS.get(text, _WORDS.get(text.split(".")[-1], text.split(".")[-1]))


def _miss(value: str, spec: Any, names: list[str]) -> tuple[str, str, str | None]:
    message, hint = reference_message(value, spec, names)
    return message, value, hint


def reference_message(value: str, spec: Any, names: list[str]) -> tuple[str, str | None]:
    """The message and hint for ``value`` that names none of ``names``."""
    message = f"unknown {_word(spec)} '{value}'"
    close = close_matches(value, names)
    if close:
        message += f"; did you mean '{close[0]}'?"
    shown = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
    hint = f"known: {shown}" if names else f"none is declared ({_word(spec)})"
    return message, hint


class ReferenceMiss(ValidationError):
    """A value that names nothing of the scenario; ``hint`` lists what it may name."""

    def __init__(self, message: str, instance: str, hint: str | None):
        super().__init__(message, instance=instance)
        self.hint = hint


def reference_validator(root: Any, catalogues: Mapping[str, list[str]]) -> type:
    """A Draft 2020-12 validator class that also checks ``x-refers-to`` and ``x-unique`` in
    the document ``root``."""
    cache: dict[str, list[str] | None] = {}

    def refers_to(_v: Any, spec: Any, instance: Any, _schema: Any) -> Iterator[ValidationError]:
        if not isinstance(instance, str):
            return
        key = repr(spec)
        if key not in cache:
            cache[key] = targets(root, spec, catalogues)
        names = cache[key]
        if names is not None and instance not in names:
            yield ReferenceMiss(*_miss(instance, spec, names))

    def unique(_v: Any, key: Any, instance: Any, _schema: Any) -> Iterator[ValidationError]:
        if not isinstance(instance, list):
            return
        seen: dict[Any, int] = {}
        for i, item in enumerate(instance):
            value = item.get(key) if isinstance(item, dict) else None
            if not isinstance(value, str | int):
                continue
            if value in seen:
                yield ValidationError(
                    f"duplicate {key} '{value}' (item {seen[value] + 1} has it already)",
                    path=[i, key], instance=value)
            else:
                seen[value] = i

    return validators.extend(Draft202012Validator, {REFERS_TO: refers_to, UNIQUE: unique})


def _walk(node: Any, parts: list[str], path: tuple[str | int, ...]
          ) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    if not parts:
        yield path, node
        return
    head, rest = parts[0], parts[1:]
    if isinstance(node, dict):
        keys = list(node) if head == "*" else [head] if head in node else []
        for k in keys:
            yield from _walk(node[k], rest, (*path, k))
    elif isinstance(node, list) and head == "*":
        for i, item in enumerate(node):
            yield from _walk(item, rest, (*path, i))


def path_references(root: Any, schema: dict[str, Any], catalogues: Mapping[str, list[str]]
                    ) -> Iterator[tuple[tuple[str | int, ...], str, str, str | None]]:
    """``(path, value, message, hint)`` for each value named by a section's ``x-references``
    (of the sections present in ``root``) that names nothing."""
    sections = schema.get("properties", {})
    for name, section in sections.items():
        declared = section.get(REFERENCES) if isinstance(section, dict) else None
        if not isinstance(declared, dict) or not isinstance(root, dict) or name not in root:
            continue
        for pattern, spec in declared.items():
            names = targets(root, spec, catalogues)
            if names is None:
                continue
            for path, value in _walk(root, pattern.split("."), ()):
                if isinstance(value, str) and value not in names:
                    message, hint = reference_message(value, spec, names)
                    yield path, value, message, hint
