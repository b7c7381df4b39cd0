"""The shapes of what episode 6 and its Battle Orders option keep in a game's state
(``dg_state_schema``): checked when a save is loaded, so an edited save whose values these
modules could not read is refused with the field's name (issue 33), never read."""

from __future__ import annotations

from typing import Any

from distant_galaxy_episodes.fleet_battle.model import (
    ABANDONED,
    DESTROYED,
    INAPPLICABLE,
    INITIATIVE,
    LOST,
    OK,
    ORDERS,
    PRIZE,
    SECRET_ORDERS,
    TALLY,
    TROPHY,
)

FLEET = {"type": "string", "x-refers-to": "fleet_battle.fleets"}
FLAG = {"type": "boolean"}
ORDER = {"type": "integer", "minimum": 1, "maximum": 1000}


def by_fleet(value: dict[str, Any]) -> dict[str, Any]:
    """A mapping of fleet names to ``value``."""
    return {"type": "object", "propertyNames": FLEET, "additionalProperties": value}


def state_schema() -> dict[str, dict[str, Any]]:
    """Holder → name → JSON Schema of every value the episode writes."""
    lost = {"type": "object", "required": ["type", "fleet", "main"], "additionalProperties": False,
            "properties": {"type": {"type": "string", "x-refers-to": "unit_types"},
                           "fleet": FLEET, "main": FLAG}}
    return {
        "state": {LOST: {"type": "object", "additionalProperties": lost,
                         "propertyNames": {"maxLength": 200}},
                  INITIATIVE: FLEET,
                  TALLY: by_fleet({"type": "integer", "minimum": -(2**31), "maximum": 2**31})},
        "token": {"fleet": FLEET, "main": FLAG, "moved": FLAG, "acted": FLAG,
                  "state": {"enum": [OK, ABANDONED, PRIZE, TROPHY, DESTROYED]},
                  "held_by": {"type": ["string", "null"], "x-refers-to": "fleet_battle.fleets"}},
    }


def orders_schema() -> dict[str, dict[str, Any]]:
    """What the Battle Orders option writes: each fleet's order, the secret holding a secret
    one, the orders D6.8 makes inapplicable."""
    return {"state": {ORDERS: by_fleet(ORDER),
                      SECRET_ORDERS: by_fleet({"type": "string", "x-refers-to": "@secrets"}),
                      INAPPLICABLE: by_fleet({"type": "array", "maxItems": 1000,
                                              "items": ORDER})}}
