"""JSON Schema of the ``aborigines:`` section of a scenario."""

from __future__ import annotations

_INT = {"type": "integer", "minimum": 0}
_ROW = {
    "type": "object",
    "description": "One row of a priority table: `if` (per candidate portal), optional `rank` "
                   "(higher wins), `intent` (an effect run at the chosen portal).",
    "properties": {
        "id": {"type": "string"}, "rule": {"type": "string"}, "text": {"type": "string"},
        "if": {"type": "string"}, "rank": {"type": "string"}, "intent": {"type": "string"},
        "doc": {"type": "string"},
    },
    "required": ["id", "intent"],
    "additionalProperties": False,
}

SECTION = {
    "type": "object",
    "description": "Episode 5: the Aborigines' numbers, centre, priority tables and set-up.",
    "properties": {
        "portal_site": {"type": "string"},
        "planet_site": {"type": "string"},
        "zone_radius": _INT,
        "move_radius": _INT,
        "preferred_radius": _INT,
        "neighbour_portals": _INT,
        "extended_vision": _INT,
        "hunter_bonus_radius": _INT,
        "tie_break": {"enum": ["clockwise", "counterclockwise"]},
        "order": {"type": "array", "items": {"type": "string"}},
        "avoiders": {"type": "array", "items": {"type": "string"}},
        "reinforcement_table": {"type": "string"},
        "centre": {"type": "object", "additionalProperties": _INT},
        "attack": {"type": "object", "properties": {"base": _INT, "with_hunter": _INT},
                   "additionalProperties": False},
        "civ": {"type": "object", "properties": {"attack": _INT, "capture": _INT, "hack": _INT,
                                                 "hack_range": _INT},
                "additionalProperties": False},
        "colonize": {"type": "object",
                     "properties": {"ships": _INT, "take_planet": _INT,
                                    "colonists": {"type": "array", "items": {"type": "string"}}},
                     "additionalProperties": False},
        "victory": {"type": "object", "properties": {"closed_portals": _INT, "held_zones": _INT},
                    "additionalProperties": False},
        "homes": {"type": "object", "additionalProperties": {"type": "string"}},
        "start": {"type": "array", "items": {"type": "object", "properties": {
            "type": {"type": "string"}, "at": {"type": "string"}},
            "required": ["type", "at"], "additionalProperties": False}},
        "priorities": {"type": "object", "additionalProperties": {"type": "array", "items": _ROW}},
        "doc": {"type": "string"},
    },
    "required": ["priorities"],
    "additionalProperties": False,
}
