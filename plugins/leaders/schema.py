"""The JSON Schema of the ``leaders:`` section (every number and table of the option)."""

from __future__ import annotations

from typing import Any

_FACES = {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2,
          "maxItems": 2}
_TABLE = {"type": "array", "minItems": 1, "items": {
    "type": "object", "additionalProperties": False, "required": ["faces", "fate"],
    "properties": {"faces": _FACES, "fate": {"enum": ["killed", "escaped", "captured"]}}}}
_EFFECT = {
    "type": "object", "additionalProperties": False, "required": ["roll", "at", "rule"],
    "properties": {
        "roll": {"type": "string"}, "at": {"enum": ["ship", "planet", "owner"]},
        "rule": {"type": "string"}, "text": {"type": "string"},
        "extra_dice": {"type": "integer", "minimum": 0}, "need": {"type": "integer"},
        "rerolls": {"type": "integer", "minimum": 0}, "cancel": {"type": "boolean"},
        "per_round": {"type": "integer", "minimum": 1}}}
_KIND = {
    "type": "object", "additionalProperties": False, "required": ["title", "start"],
    "properties": {
        "title": {"type": "string"}, "start": {"type": "string"},
        "effects": {"type": "array", "items": _EFFECT},
        "not_applied": {"type": "array", "items": {"type": "string"}}}}

_MOVES = {
    "type": "object", "additionalProperties": False,
    "required": ["phases", "reach", "per_turn"],
    "description": "Boarding and landing (RL.2, D-L.7): the phases of the verbs, the distance "
                   "of a leader's system, how often a leader boards and lands per turn.",
    "properties": {
        "phases": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "reach": {"type": "integer", "minimum": 0},
        "per_turn": {"type": "object", "additionalProperties": False,
                     "required": ["boarded", "landed"],
                     "properties": {"boarded": {"type": "integer", "minimum": 0},
                                    "landed": {"type": "integer", "minimum": 0}}}}}

#: The event types the plugin emits (the event catalogue: a trigger's ``on:`` may name them).
EVENTS: dict[str, str] = {
    "leader_placed": "a leader starts in its home system (RL.2); fields: leader, leader_kind, "
                     "owner, ship or planet",
    "leader_boarded": "a leader boarded a ship (RL.2); fields: leader, leader_kind, owner, ship, "
                      "from (the planet or ship it left), at ([x, y])",
    "leader_landed": "a leader landed on its holder's planet (RL.2); fields: leader, leader_kind, "
                     "owner, planet, ship",
    "leader_fate": "the fate of a leader whose ship was destroyed or planet taken (RL.3, RL.4); "
                   "fields: leader, leader_kind, owner, cause, roll, fate, to, captor",
    "leader_rescue": "a capture of a holder's planet may free its captives (RL.10); fields: "
                     "planet, rescuer, holder, roll, freed, last_planet, choose (the captives "
                     "the rescuer chooses among)",
    "leader_freed": "the rescuer's choice among several captives (RL.10): fields: leader, "
                    "rescuer, planet, holder, captives, chosen (false: ended without choosing, "
                    "the first by id)",
}

SECTION: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "x-events": EVENTS,
    "required": ["die", "homes", "kinds", "ship_destroyed", "ship_lost_outside_battle",
                 "planet_taken", "planet_changed_hands", "rescue", "captives", "moves"],
    "properties": {
        "die": {"type": "integer", "minimum": 2},
        "homes": {"type": "object", "additionalProperties": {"type": "string"}},
        "kinds": {"type": "object", "additionalProperties": _KIND, "minProperties": 1},
        "ship_destroyed": _TABLE, "planet_taken": _TABLE,
        "ship_lost_outside_battle": {"enum": ["killed", "escaped", "captured"]},
        "planet_changed_hands": {"enum": ["killed", "escaped", "captured"]},
        "rescue": {"type": "object", "additionalProperties": False, "required": ["faces"],
                   "properties": {"faces": _FACES,
                                  "last_planet_frees_all": {"type": "boolean"},
                                  "not_defeated": {
                                      "type": "array", "items": {"type": "string"},
                                      "description": "holders whose race is not defeated "
                                      "when their last planet falls (a home no capture "
                                      "takes): the d10 decides instead (RL.10)"}}},
        "captives": {"enum": ["keep"]},
        "moves": _MOVES,
    },
}
