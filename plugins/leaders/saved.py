"""The shapes of what the Leaders option keeps in a game's state (``dg_state_schema``): checked
when a save is loaded, so an edited save whose records these modules could not read is refused
with the field's name (issue 33), never read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.leaders.model import KEY, leader_ids
from distant_galaxy_episodes.leaders.moves import TURN
from distant_galaxy_episodes.leaders.rescue import CHOICE

if TYPE_CHECKING:
    from distant_galaxy import Scenario

NAME = {"type": "string", "minLength": 1, "maxLength": 200}
SEAT = {"type": "string", "x-refers-to": "@seats"}
NAMES = {"type": "array", "maxItems": 1000, "items": NAME}
CELL = {"type": "array", "minItems": 2, "maxItems": 2,
        "items": {"type": "integer", "minimum": -(2**31), "maximum": 2**31}}

RECORD = {"type": "object", "required": ["kind", "seat", "holder", "ship", "planet"],
          "additionalProperties": False,
          "properties": {"kind": {"type": "string", "x-refers-to": "leaders.kinds"},
                         "seat": SEAT, "holder": NAME,
                         "ship": {"type": ["string", "null"], "x-refers-to": "@tokens"},
                         "planet": {"type": ["string", "null"], "x-refers-to": "@sites"},
                         # a leader's effect used so many times in that round (effects.py:
                         # ``per_round``, the diplomat's): the schema lacked it, so a save made
                         # after such a use could not be opened again
                         "used": {"type": "object", "required": ["round", "n"],
                                  "additionalProperties": False,
                                  "properties": {"round": {"type": "integer", "minimum": 0,
                                                           "maximum": 2**31},
                                                 "n": {"type": "integer", "minimum": 0,
                                                       "maximum": 2**31}}}}}
TURN_RECORD = {"type": "object", "required": ["seat", "boarded", "landed", "trail"],
               "additionalProperties": False,
               "properties": {"seat": SEAT, "boarded": NAMES, "landed": NAMES,
                              "trail": {"type": "object", "propertyNames": NAME,
                                        "additionalProperties": {"type": "array",
                                                                 "maxItems": 10000,
                                                                 "items": CELL}}}}


def state_schema(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """Holder → name → JSON Schema of every value the option writes (leader ids: ``SEAT-KIND``
    of the scenario's seats and kinds)."""
    lid = {"enum": leader_ids(scenario)}
    choice = {"type": "object", "required": ["rescuer", "planet", "holder", "captives", "asked"],
              "additionalProperties": False,
              "properties": {"rescuer": SEAT, "planet": {"type": "string", "x-refers-to": "@sites"},
                             "holder": NAME, "asked": {"type": "boolean"},
                             "captives": {"type": "array", "minItems": 1, "maxItems": 1000,
                                          "items": lid}}}
    return {"state": {KEY: {"type": "object", "propertyNames": lid, "additionalProperties": RECORD},
                      TURN: TURN_RECORD, CHOICE: choice}}
