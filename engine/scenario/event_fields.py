"""The fields of an event type, read from the event catalogue, and the ``event.NAME`` reads of a
trigger checked against them at load (``event.too`` where ``place`` has ``to``).

The catalogue (:mod:`distant_galaxy.scenario.events`) says each type's fields in words: ``…;
fields: seat, token, unit, to ([x, y]), reason (…)``; :func:`event_fields` reads the names (the
first word of each comma-separated part, ``bag and slot`` both). An event type whose line names
no fields is not checked.
"""

from __future__ import annotations

import re
from typing import Any

from distant_galaxy.errors import RuleError, SourcePos
from distant_galaxy.rules.hints import suggest
from distant_galaxy.rules.syntax import parse, token_pos
from distant_galaxy.rules.tree import Token, Tree

#: The fields every event has (besides those its type lists).
COMMON = frozenset({"type", "rule", "kind"})


def event_fields(description: str) -> frozenset[str] | None:
    """The field names a catalogue line lists after ``fields:``, or None when it lists none."""
    _, found, rest = description.partition("fields:")
    if not found:
        return None
    rest = re.sub(r"\([^()]*\)", "", rest)  # explanations in brackets
    names = set()
    for part in rest.split(","):
        for piece in part.split(" and "):
            word = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", piece)
            if word:
                names.add(word.group(1))
    return frozenset(names) | COMMON


def unknown_reads(text: str, start: str, pos: SourcePos | None, on: str,
                  fields: frozenset[str]) -> list[RuleError]:
    """The ``event.NAME`` reads of a rule text (``start``: ``start_expr`` or ``start_effect``)
    whose NAME is not a field of the event type ``on``."""
    try:
        tree = parse(text, start, pos)
    except RuleError:
        return []  # (the compiler reports it)
    out = []
    for node in tree.iter_subtrees():
        if node.data != "getattr":
            continue
        base, attr = node.children
        if not (isinstance(base, Tree) and base.data == "name" and isinstance(attr, Token)
                and str(base.children[0]) == "event") or str(attr) in fields:
            continue
        out.append(RuleError(
            f"a '{on}' event has no field '{attr}'{suggest(str(attr), fields)}",
            pos=token_pos(attr, text, pos),
            hint=f"its fields: {', '.join(sorted(fields - COMMON))} (docs/rules.md, Events)"))
    return out


def check_trigger(item: dict[str, Any], catalogue: dict[str, str],
                  where: Any) -> list[RuleError]:
    """The unknown event fields a trigger's ``if`` and ``do`` read (``where(key)``: the position
    of the trigger's ``if`` or ``do``)."""
    description = catalogue.get(str(item.get("on")))
    fields = event_fields(description) if description is not None else None
    if fields is None:
        return []
    out: list[RuleError] = []
    for key, start in (("if", "start_expr"), ("do", "start_effect")):
        if isinstance(item.get(key), str):
            out += unknown_reads(item[key], start, where(key), str(item["on"]), fields)
    return out
