"""The JSON Schema of the ``fleet_battle:`` section (every number and table of episode 6) and of
the ``battle_orders:`` section of the Battle Orders option."""

from __future__ import annotations

from typing import Any

_INT = {"type": "integer", "minimum": 0}
_POS_INT = {"type": "integer", "minimum": 1}
_SIZES = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}

_MODEL = {
    "type": "object", "additionalProperties": False, "required": ["id", "type", "at"],
    "properties": {"id": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9]*$"},
                   "type": {"type": "string"}, "at": {"type": "string"},
                   "squadron": _POS_INT, "main": {"type": "boolean"}}}

_FLEET = {
    "type": "object", "additionalProperties": False, "required": ["title", "limit", "models"],
    "properties": {
        "title": {"type": "string"},
        "seats": {"type": "array", "items": {"type": "string"}},
        "auto": {"type": "boolean"},
        "limit": _POS_INT,
        "models": {"type": "array", "items": _MODEL, "minItems": 1}}}

_ORDER = {
    "type": "object", "additionalProperties": False, "required": ["title", "rule"],
    "properties": {
        "title": {"type": "string"}, "rule": {"type": "string"},
        "share": {"type": "integer", "minimum": 1, "maximum": 100},
        "destroy_all": _SIZES, "take_all": _SIZES,
        "main_force": {"type": "boolean"}, "capture_transport": {"type": "boolean"}}}

_WEIGHTS = {"type": "object", "additionalProperties": {"type": "number"}}

SECTION: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["die", "sizes", "fleets", "to_hit", "crippled_at", "abandon", "board",
                 "trophy_distance", "vp", "tiers", "orders", "default_order", "ai", "bots"],
    "x-events": {
        "fleet_order": "a fleet's battle order (RB.1, RB.2); fields: fleet, order, text, "
                       "rolled, secret, rule",
        "initiative": "who activates first this turn (D6.3); fields: fleet, rolls, rule",
        "fire": "a model fired (D6.4); fields: seat, fleet, token, target, dice, hits, need, "
                "rule",
        "model_destroyed": "a model's hull reached 0 (D6.4); fields: token, unit, fleet, by, "
                           "rule",
        "model_state": "a model was abandoned, captured, recaptured or declared a Trophy "
                       "(D6.5–D6.7); fields: token, unit, fleet, state, by, rule",
        "board": "a boarding attempt (D6.6); fields: token, target, need, roll, success, rule",
        "vp_tally": "the end-phase victory points (RB.5); fields: round, fleet, vp, terms, rule",
        "ai_plan": "what the Aborigine AI chose for a model and why (D6.9); fields: token, "
                   "row, target, action",
        "phase_note": "what a phase did (RB.7); fields: phase, text, rule"},
    "properties": {
        "die": {"type": "integer", "minimum": 2},
        "sizes": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "fleets": {"type": "object", "additionalProperties": _FLEET, "minProperties": 2,
                   "maxProperties": 2},
        "to_hit": {"type": "object", "additionalProperties": _POS_INT},
        "crippled_at": _INT,
        "abandon": {"type": "object", "additionalProperties": False,
                    "required": ["at_most"], "properties": {"at_most": _INT}},
        "board": {"type": "object", "additionalProperties": False,
                  "required": ["crippled", "abandoned", "recapture"],
                  "properties": {"crippled": _POS_INT, "abandoned": _POS_INT,
                                 "recapture": _POS_INT}},
        "trophy_distance": _POS_INT,
        "vp": {"type": "object", "additionalProperties": False,
               "required": ["trophy", "lost", "damaged"],
               "properties": {"trophy": {"type": "number"}, "lost": {"type": "number"},
                              "damaged": {"type": "number"}}},
        "tiers": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["more", "tier"],
            "properties": {"more": _INT, "tier": {"type": "string"}}}},
        "draw": {"type": "string"},
        "orders": {"type": "object", "additionalProperties": _ORDER, "minProperties": 1},
        "default_order": {"type": "integer"},
        "ai": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "do"],
            "properties": {"id": {"type": "string"}, "text": {"type": "string"},
                           "do": {"enum": ["board", "approach", "fire"]},
                           "if": {"type": "string"}}}},
        "bots": {"type": "object", "additionalProperties": False,
                 "required": ["sizes", "finish", "orders"],
                 "properties": {"sizes": _WEIGHTS,
                                "finish": {"type": "number"},
                                "orders": {"type": "object", "additionalProperties": {
                                    "type": "object", "additionalProperties": False,
                                    "properties": {"sizes": _WEIGHTS,
                                                   "main": {"type": "number"},
                                                   "transport": {"type": "number"}}}}}},
    },
}

ORDERS_SECTION: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["fleets"],
    "properties": {
        "fleets": {"type": "object", "additionalProperties": {"enum": ["roll", "default"]}},
        "secret": {"type": "boolean"}}}
