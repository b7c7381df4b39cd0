"""The JSON Schema of the ``space_domain:`` section: the empty systems, the bag, each marker."""

from __future__ import annotations

from typing import Any

_CELL = {"type": "string", "pattern": r"^-?[0-9]+,-?[0-9]+$"}
_MARKER = {
    "type": "object", "additionalProperties": False,
    "required": ["id", "title", "count", "text", "do"],
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        "title": {"type": "string", "minLength": 1},
        "count": {"type": "integer", "minimum": 0,
                  "description": "how many of this marker the bag holds"},
        "kind": {"enum": ["good", "bad", "neutral"]},
        "text": {"type": "string", "minLength": 1,
                 "description": "what the marker does, in words (the prompt tells it)"},
        "roll": {"type": "integer", "minimum": 2,
                 "description": "a die of this many sides rolled first; `roll` in if/do"},
        "if": {"type": "string",
               "description": "a condition (names: ship, seat, system, roll)"},
        "do": {"type": "string",
               "description": "the effect (rule language; names: ship, seat, system, roll)"},
        "else": {"type": "string"},
        "value": {"type": "number",
                  "description": "what a bot thinks the marker is worth (bot weight)"},
        "rule": {"type": "string"},
    }}

SECTION: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["bag_name", "systems", "system_cells", "away_from", "bag"],
    "properties": {
        "bag_name": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        "systems": {"oneOf": [
                        {"const": "every"},
                        {"type": "array", "items": _CELL, "minItems": 1, "uniqueItems": True}],
                    "description": "RS.1: the empty systems, one marker face down in each: "
                                   "'every' (each cell of system_cells outside away_from) or "
                                   "a list of cells"},
        "system_cells": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                         "description": "the cell types an empty system may be"},
        "away_from": {"type": "object", "additionalProperties": {"type": "integer",
                                                                 "minimum": 0},
                      "description": "site kind -> distance an empty system must exceed "
                                     "(portal zones, a planet's own system)"},
        "resolved_by": {"enum": ["seats", "all"],
                        "description": "whose ships resolve a marker (D-S.3)"},
        "bag": {"type": "array", "items": _MARKER, "minItems": 1},
        "bots": {"type": "object", "additionalProperties": False,
                 "properties": {"explore": {"type": "number"}}},
    },
    "x-events": {
        "marker_placed": "RS.1: a Space Domain marker was laid face down; fields: at, secret, "
                         "bag, slot",
        "marker_resolved": "RS.2: a marker was revealed and resolved; fields: at, marker, "
                           "title, kind, text, ship, seat, roll, outcome",
        "marker_chart": "a star chart showed a seat a face-down marker (only that seat sees "
                        "it); fields: seat, at, marker, visible_to",
        "token_flag": "a marker's effect set a free attribute of a unit (set_flag: the turn's "
                      "flags moved, acted…); fields: token, unit, name, value, reason",
    },
}
