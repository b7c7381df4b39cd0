"""The shapes of the free-form data a game keeps in its state, checked when a save is loaded.

The engine and its plugins keep their own data in open mappings of the state: the ``attrs`` of
the state itself, of each player, token and site, and each site's ``markers``. A save's hashes
are plain sha256 that anyone can recompute, so before a saved state is used its values are
checked against what their owners declare (issue 33): the engine declares its own (the
hand-over stack, the ``unit_counters:`` of tokens, the map legend's site ``label``), each plugin
its own through the ``dg_state_schema`` hook, a mapping of holder (one of :data:`HOLDERS`) to
the JSON Schema of each name it keeps there::

    @hookimpl
    def dg_state_schema(scenario):
        return {"state": {"cargo": {"anyOf": [{"type": "string", "x-refers-to": "@sites"},
                                                {"type": "null"}]}},
                "player": {"boost": {"type": "integer", "minimum": 0, "maximum": 100}}}

A schema may use ``x-refers-to`` (as a section schema does, docs/plugins.md) with a scenario
section (``unit_types``, ``fleet_battle.fleets``) or one of the game's catalogues: ``@sites``,
``@tokens``, ``@seats`` and ``@secrets`` (the ids the saved state holds). A value that breaks
its schema is refused with the holder and the name (``state/attrs/cargo: [[0, 0]] is not of type
'string'``). A name nobody declares is let through (nothing reads it);
:func:`undeclared` lists them, and the conformance suite requires none in the shipped games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from jsonschema.exceptions import best_match

from distant_galaxy.errors import PluginError
from distant_galaxy.loader.references import reference_validator
from distant_galaxy.stash import StashKey
from distant_galaxy.text import shorten

if TYPE_CHECKING:
    from distant_galaxy.core.state import GameState
    from distant_galaxy.scenario.model import Scenario

__all__ = ["HOLDERS", "attrs_problems", "declared", "engine_state_schema", "merge", "undeclared"]

#: Where free-form data lives: the state's, a player's, a token's and a site's ``attrs``, and a
#: site's ``markers``.
HOLDERS = ("state", "player", "token", "site", "markers")

Declared = dict[str, dict[str, list[dict[str, Any]]]]
_DECLARED = StashKey[Declared]()

#: Bounds of the engine's integers (the save schema's ``int``).
INT64 = {"type": "integer", "minimum": -(2**63), "maximum": 2**63 - 1}


def engine_state_schema(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """What the engine itself keeps in the open mappings of a game of ``scenario``."""
    pending = {"type": "object", "required": ["seat", "kind"], "additionalProperties": False,
               "properties": {"seat": {"type": "string", "x-refers-to": "@seats"},
                              "kind": {"type": "string", "minLength": 1, "maxLength": 200},
                              "reason": {"type": "string", "maxLength": 10000}}}
    counters = {}
    for name, spec in scenario.unit_counters.items():
        bounds = {k: v for k in ("minimum", "maximum")
                  if (v := (spec or {}).get(k[:3])) is not None}
        counters[name] = {**INT64, **bounds}
    return {"state": {"handovers": {"type": "array", "items": pending, "maxItems": 1000}},
            "token": counters,
            "site": {"label": {"type": "string", "maxLength": 200}}}


def declared(scenario: Scenario) -> Declared:
    """Every schema declared for ``scenario``'s games: holder → name → the schemas (the engine's
    and each plugin's; a value must match them all). Kept in the scenario's stash."""
    found = scenario.stash.get(_DECLARED, None)
    if found is None:
        parts = [engine_state_schema(scenario)]
        pm = getattr(scenario, "pm", None)
        if pm is not None and hasattr(pm.hook, "dg_state_schema"):
            parts += list(reversed(pm.hook.dg_state_schema(scenario=scenario)))
        found = scenario.stash[_DECLARED] = merge(parts)
    return found


def merge(parts: list[dict[str, dict[str, dict[str, Any]]]]) -> Declared:
    """Holder → name → the schemas ``parts`` (the results of ``dg_state_schema``) declare; a
    PluginError names a holder that is none of :data:`HOLDERS`."""
    out: Declared = {holder: {} for holder in HOLDERS}
    for part in parts:
        for holder, names in part.items():
            if holder not in out:
                raise PluginError(f"dg_state_schema: unknown holder {holder!r} (one of "
                                  f"{', '.join(HOLDERS)})")
            for name, schema in names.items():
                out[holder].setdefault(name, []).append(schema)
    return out


def _places(state: GameState) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """``(holder, where, mapping)`` for every open mapping of ``state``; ``where`` names it in
    a message."""
    yield "state", "state/attrs", state.attrs
    for seat, player in state.players.items():
        yield "player", f"player {seat}: attrs", player.attrs
    for tid, tok in state.tokens.items():
        yield "token", f"token {tid}: attrs", tok.attrs
    for sid, site in state.sites.items():
        yield "site", f"site {sid}: attrs", site.attrs
        yield "markers", f"site {sid}: markers", site.markers


def attrs_problems(state: GameState, scenario: Scenario, limit: int = 3) -> list[str]:
    """What breaks a declared schema in ``state``'s open mappings (at most ``limit`` problems),
    each naming the holder and the field: ``state/attrs/cargo: [[0, 0]] is not valid …``."""
    schemas = declared(scenario)
    catalogues = {"sites": list(state.sites), "tokens": list(state.tokens),
                  "seats": list(state.seats), "secrets": list(state.secrets or {})}
    validator_class = reference_validator(scenario.data, catalogues)
    out: list[str] = []
    for holder, where, mapping in _places(state):
        if not isinstance(mapping, dict):
            out.append(f"{where}: not a mapping")
            continue
        for name, value in mapping.items():
            for schema in schemas[holder].get(name, ()):
                error = best_match(validator_class(schema).iter_errors(value))
                if error is not None:
                    inner = "".join(f"/{p}" for p in error.absolute_path)
                    out.append(f"{where}/{name}{inner}: {shorten(error.message, 160)}")
                    break
            if len(out) >= limit:
                return out
    return out


def undeclared(state: GameState, scenario: Scenario) -> list[str]:
    """The names in ``state``'s open mappings that nobody declares (``token T3: attrs/x``)."""
    schemas = declared(scenario)
    return [f"{where}/{name}" for holder, where, mapping in _places(state)
            for name in mapping if name not in schemas[holder]]
