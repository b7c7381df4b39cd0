"""The shape of what the Space Domain option keeps in a game's state (``dg_state_schema``):
checked when a save is loaded, so an edited save whose markers these modules could not read is
refused with the field's name (issue 33), never read."""

from __future__ import annotations

from typing import Any

from distant_galaxy_episodes.space_domain.model import ATTR

#: ``"x,y"``: a cell, as model.cell reads it.
CELL_KEY = {"type": "string", "pattern": "^-?[0-9]{1,9},-?[0-9]{1,9}$"}
#: A face-down marker (the id of its secret) or one laid in the open (``{"face": marker}``).
MARKER = {"anyOf": [{"type": "string", "x-refers-to": "@secrets"},
                    {"type": "object", "required": ["face"], "additionalProperties": False,
                     "properties": {"face": {"type": "string",
                                             "x-refers-to": "space_domain.bag"}}}]}


def state_schema() -> dict[str, dict[str, Any]]:
    """Holder → name → JSON Schema of every value the option writes."""
    return {"state": {ATTR: {"type": "object", "propertyNames": CELL_KEY,
                             "additionalProperties": MARKER}}}
