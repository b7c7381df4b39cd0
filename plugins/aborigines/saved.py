"""The shapes of what episode 5 keeps in a game's state (``dg_state_schema``): checked when a
save is loaded, so an edited save whose values these modules could not read is refused with the
field's name (issue 33), never read."""

from __future__ import annotations

from typing import Any

from distant_galaxy_episodes.aborigines.model import ABORIGINES, CENTRE, HACKED

FLAG = {"type": "boolean"}
SEATS = {"type": "array", "maxItems": 100, "items": {"type": "string", "x-refers-to": "@seats"}}


def state_schema() -> dict[str, dict[str, Any]]:
    """Holder → name → JSON Schema of every value the episode writes (the turn flags ``moved``,
    ``acted`` are also set by the Space Domain markers' ``set_flag``)."""
    return {
        "state": {CENTRE: {"type": "object", "propertyNames": {"x-refers-to": "unit_types"},
                           "additionalProperties": {"type": "integer", "minimum": 0,
                                                    "maximum": 2**31}},
                  HACKED: SEATS,
                  "ab_report": {"type": "array", "maxItems": 1000,
                                "items": {"type": "string", "maxLength": 10000}}},
        "token": {name: FLAG for name in ("moved", "jumped", "acted", "fired")},
        "site": {"level": {"type": "integer", "minimum": 0, "maximum": 1000}},
        "markers": {"colony": {"const": ABORIGINES}},
    }
