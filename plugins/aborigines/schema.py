"""JSON Schema of the ``aborigines:`` section of a scenario.

Every number the plugin uses is required here (the plugin has no defaults in Python), so a mod
that ``extends:`` the shipped scenario inherits them and changes what it wants.
"""

from __future__ import annotations

from typing import Any

_INT = {"type": "integer", "minimum": 0}
_UNIT = {"type": "string", "x-refers-to": "unit_types"}  # names a unit type (checked at load)
_WEIGHT = {"type": "number"}
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


def _numbers(description: str, *names: str, least: int = 0, **more: Any) -> dict[str, Any]:
    """An object of the required integers ``names``, each at least ``least`` (and the optional
    properties ``more``)."""
    number = {"type": "integer", "minimum": least}
    return {"type": "object", "description": description,
            "properties": {**{n: number for n in names}, **more},
            "required": list(names), "additionalProperties": False}


CIV_LEADERS = {
    "type": "object",
    "description": "The `civ` bot's weights for the leaders of the Leaders option "
                   "(plugins/aborigines/leader_bot.py; written by the option's overlay).",
    "properties": {
        "risk": {"type": "object", "additionalProperties": _WEIGHT,
                 "description": "by leader kind: the value of keeping it out of danger"},
        "ride": {"type": "object", "additionalProperties": _WEIGHT,
                 "description": "by leader kind: boarding a ship in its planet's system"},
        "threat_radius": {**_INT, "description": "a cell within this of a portal is in danger"},
        "ashore_min_risk": {**_WEIGHT, "description": "a leader without a duty aboard and "
                                                      "with at least this risk lands on a safe "
                                                      "own planet"},
        "evacuate": {**_WEIGHT, "description": "boarding a leader off a threatened planet"},
        "threatened_planet": {**_INT, "description": "Aborigine ships in a zone planet's zone "
                                                     "that threaten a take-over"},
        "admiral_board": {**_WEIGHT, "description": "the Admiral boards a ship that can attack"},
        "admiral_attack": {**_WEIGHT, "description": "an attack by the ship with the Admiral"},
        "general_capture": {**_WEIGHT, "description": "the General boards a ship that can "
                                                      "capture"},
        "general_defend": {**_WEIGHT, "description": "the General lands on a threatened own "
                                                     "planet"},
    },
    "required": ["risk", "ride", "threat_radius", "ashore_min_risk", "evacuate", "threatened_planet",
                 "admiral_board", "admiral_attack", "general_capture", "general_defend"],
    "additionalProperties": False,
}

CIV_BOT = {
    "type": "object",
    "description": "The `civ` bot's weights: it plays the legal action of the highest positive "
                   "score (docs/aborigine-clash.md, \"The civ bot\").",
    "properties": {
        "capture": _WEIGHT, "colonize": _WEIGHT, "hack": _WEIGHT,
        "attack": {**_WEIGHT, "description": "attacking, plus the target's value"},
        "targets": {"type": "object", "additionalProperties": _WEIGHT,
                    "description": "the value of an Aborigine target, by unit type"},
        "other_target": {**_WEIGHT, "description": "the value of a type not in `targets`"},
        "hunter_penalty": {**_WEIGHT, "description": "taken off when a ship that is no "
                                                     "cruiser attacks the Hunter (it fires first)"},
        "jump": {**_WEIGHT, "description": "added to a jump's gain over a move of the same gain"},
        "jitter": {**_WEIGHT, "description": "random noise (at most this) breaking ties of moves"},
        "leaders": CIV_LEADERS,
    },
    "required": ["capture", "colonize", "hack", "attack", "targets", "other_target",
                 "hunter_penalty", "jump", "jitter"],
    "additionalProperties": False,
}

NUMBERS = ("die", "zone_radius", "move_radius", "preferred_radius", "neighbour_portals",
           "extended_vision", "hunter_bonus_radius")

#: The event types the plugin emits, with what each means and its fields (the event catalogue:
#: a trigger's ``on:`` may name them; docs/rules.md lists them; the describe hook words each).
EVENTS: dict[str, str] = {
    "aborigine_turn": "the Aborigine turn starts (R5.50); fields: before (the seat it precedes), "
                      "round",
    "active_portal": "the active portal (R5.50, R5.51); fields: rolled, portal, why",
    "ai_arrive": "a reinforcement arrived (R5.52); fields: ship, unit, portal, to, die, why",
    "reinforcement_missing": "a reinforcement could not arrive (R5.23, R5.52); fields: unit, "
                             "portal, reason",
    "ai_decision": "an Aborigine ship chose its row of the priority table (R5.53, R5.62); fields: "
                   "ship, unit, from, visible, rows, row, row_rule, row_text, row_at, to, stay, how, lost, "
                   "intent",
    "ai_move": "an Aborigine ship moved or stayed; fields: ship, unit, from, to, portal, stay, "
               "why",
    "move": "a civilization ship moved; fields: token, frm ([x, y]), path",
    "jump": "a ship jumped through a portal (R5.12); fields: token, from, to",
    "combat": "a shot (R5.10, R5.11, R5.30, R5.31); fields: attacker, attacker_type or "
              "attacker_owner, defender, defender_owner or defender_type, roll, need, modifiers, "
              "outcome, why",
    "ship_lost": "a ship was destroyed; fields: token, unit, side, owner (civilization), reason",
    "capture": "a ship tried to capture an Aborigine planet (R5.12); fields: planet, ship, roll, "
               "need, outcome",
    "portal_reopened": "a captured planet reopened its portal (R5.12); fields: portal, by",
    "hack": "a hacker rammed or failed (R5.4); fields: seat, ship, target, roll, need, outcome",
    "colonized": "a planet was colonized (R5.2, or by the Aborigines); fields: planet, owner "
                 "or previous_owner, ship or ships, portal",
    "portal_blocked": "a colonized planet blocks its portal (R5.12); fields: portal",
    "takeover": "the Aborigines tried to take a planet over (R5.41); fields: planet, owner, roll, "
                "need, outcome, note",
    "lot": "a choice drawn by lot (R5.65); fields: question, options, roll, chosen",
    "planet": "a seat received a planet at set-up (R5.4); fields: planet, owner, level, reason",
}

SECTION = {
    "type": "object",
    "description": "Episode 5: the Aborigines' numbers, centre, priority tables and set-up.",
    "x-events": EVENTS,
    "properties": {
        "portal_site": {"type": "string"},
        "planet_site": {"type": "string"},
        "die": {"type": "integer", "minimum": 2,
                "description": "sides of the die of every shot, capture, hack and take-over"},
        "zone_radius": _INT,
        "move_radius": _INT,
        "preferred_radius": _INT,
        "neighbour_portals": _INT,
        "extended_vision": _INT,
        "hunter_bonus_radius": _INT,
        "tie_break": {"enum": ["clockwise", "counterclockwise"]},
        "order": {"type": "array", "items": _UNIT},
        "avoiders": {"type": "array", "items": _UNIT},
        "reinforcement_table": {"type": "string", "x-refers-to": "tables"},
        "centre": {"type": "object", "additionalProperties": _INT},
        "attack": _numbers("Aborigine shots: the lowest face that hits (R5.30, R5.31).",
                           "base", "with_hunter", least=1),
        "civ": _numbers("Civilization rolls: attack (R5.10), capture, hack (R5.4) and the hack's "
                        "range in cells.", "attack", "capture", "hack", "hack_range"),
        "colonize": _numbers("Aborigine colonies: ships needed (R5.40), the take-over face "
                             "(R5.41).", "ships", "take_planet", least=1,
                             colonists={"type": "array", "items": _UNIT}),
        "victory": _numbers("Closed portals for the Aborigines (R5.1), held zones for the "
                            "civilizations (R5.2).", "closed_portals", "held_zones", least=1),
        "bots": {"type": "object", "description": "The weights of the episode's bots.",
                 "properties": {"civ": CIV_BOT}, "required": ["civ"],
                 "additionalProperties": False},
        "homes": {"type": "object", "additionalProperties": {"type": "string"}},
        "start": {"type": "array", "items": {"type": "object", "properties": {
            "type": _UNIT, "at": {"type": "string"}},
            "required": ["type", "at"], "additionalProperties": False}},
        "priorities": {"type": "object", "additionalProperties": {"type": "array", "items": _ROW}},
        "doc": {"type": "string"},
    },
    "required": ["priorities", *NUMBERS, "attack", "civ", "colonize", "victory", "bots"],
    "additionalProperties": False,
}
