"""Checking log records against the event schema (``schemas/event.schema.json``) before use.

``dg replay`` reads records a person may have edited: every record is checked against the schema
first, so a malformed one (an action without ``action``, a seed that is not a number, seats given
as a string…) is a :class:`~distant_galaxy.errors.LogError` naming the line and the field, never a
traceback from deep inside a replay.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from distant_galaxy.errors import LogError
from distant_galaxy.loader import load_schema

__all__ = ["check_records", "record_problem", "schema_problem"]


KINDS = ("header", "action", "undo", "result", "event")


@functools.cache
def _validator(kind: str | None) -> Draft202012Validator:
    """The whole schema, or (for a known ``kind``) the part for that kind, for clear messages."""
    schema = load_schema("event")
    if kind is None:
        return Draft202012Validator(schema)
    return Draft202012Validator({"$ref": f"#/$defs/{kind}", "$defs": schema["$defs"]})


@functools.cache
def _file_validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(load_schema(name))


def record_problem(record: Any) -> str | None:
    """Why ``record`` breaks the event schema (one short sentence), or None when it is valid."""
    kind = record.get("kind") if isinstance(record, dict) else None
    return _problem(_validator(kind if kind in KINDS else None), record)


def schema_problem(name: str, data: Any) -> str | None:
    """Why ``data`` breaks ``schemas/<name>.schema.json`` (one short sentence: the field's path
    and what is wrong), or None when it is valid. Saves and campaign saves are checked so."""
    return _problem(_file_validator(name), data)


def _problem(validator: Draft202012Validator, data: Any) -> str | None:
    error = best_match(validator.iter_errors(data))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    what = error.message if len(error.message) <= 160 else error.message[:157] + "..."
    return f"{where}: {what}" if where else what


def check_records(records: list[tuple[int, dict[str, Any]]], path: str | Path) -> None:
    """Raise a LogError at the first record (``(line, record)`` pairs) that breaks the schema."""
    for line, record in records:
        problem = record_problem(record)
        if problem is not None:
            kind = record.get("kind")
            label = f"{kind} record" if isinstance(kind, str) else "record"
            raise LogError(f"{path}:{line}: malformed {label} ({problem})")
