"""The shapes of what episode 7 keeps in a game's state (``dg_state_schema``): checked when a
save is loaded, so an edited save whose values these modules could not read is refused with the
field's name (issue 33), never read."""

from __future__ import annotations

from typing import Any

SITE = {"type": "string", "x-refers-to": "@sites"}
SEAT = {"type": "string", "x-refers-to": "@seats"}
#: A turn's stamp (model.stamp: round × seats + turn).
STAMP = {"type": "integer", "minimum": 0, "maximum": 2**53}
AMOUNT = {"type": "integer", "minimum": -(2**31), "maximum": 2**31}
ABILITIES = {"type": "array", "maxItems": 100,
             "items": {"type": "string", "x-refers-to": "asteroid_belt.abilities"}}
FLAG = {"type": "boolean"}


def state_schema() -> dict[str, dict[str, Any]]:
    """Holder → name → JSON Schema of every value the episode writes."""
    return {
        "state": {"bases": {"type": "object", "propertyNames": SEAT, "additionalProperties": SITE},
                  "cargo": {"type": ["string", "null"], "x-refers-to": "@sites"},
                  "defence_by": SEAT},
        "player": {"abilities": ABILITIES, "used_abilities": ABILITIES, "armed": ABILITIES,
                   "boost": AMOUNT, "boost_turn": STAMP, "elite_made": STAMP,
                   "fresh": {"type": "object", "propertyNames": SITE,
                             "additionalProperties": AMOUNT},
                   "fresh_turn": STAMP, "reinforced": FLAG},
        "token": {"site": SITE, "speed": {"type": "integer", "minimum": 0, "maximum": 1000},
                  "this_turn": {"type": "object", "additionalProperties": STAMP,
                                "propertyNames": {"maxLength": 40}}},
        "site": {"base": SEAT,
                 "reserve_defenders": {"type": "array", "maxItems": 1000,
                                       "items": {"type": "string", "x-refers-to": "unit_types"}}},
        "markers": {name: SEAT for name in ("flag", "mine", "target")},
    }
