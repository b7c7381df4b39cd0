"""Semantic checks of an episode-5 scenario (``dg_validate_scenario``), beyond its JSON Schema:
portals labelled ``P1``..``Pn``, the reinforcement table, and the numbers the plugin reads from
other sections (each civilization ship's ``speed``, each Aborigine ship's ``vision``, the level
of a faction's extra planet), so that no number has a default in Python."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import close_matches
from distant_galaxy_episodes.aborigines.model import model

if TYPE_CHECKING:
    from distant_galaxy import Scenario, SourceError


def validate(scenario: Scenario) -> list[SourceError]:
    """Every problem found, each with the YAML position it is about."""
    return [*portal_errors(scenario), *table_errors(scenario), *unit_errors(scenario),
            *faction_errors(scenario), *face_errors(scenario)]


#: The faces of the section's die a roll must reach (``aborigines.<group>.<name>``).
FACES = (("attack", "base"), ("attack", "with_hunter"), ("civ", "attack"), ("civ", "capture"),
         ("civ", "hack"), ("colonize", "take_planet"))


def face_errors(scenario: Scenario) -> list[SourceError]:
    """A roll's lowest succeeding face beyond the die (``attack: {base: 7}`` with a d6: the
    shot could never hit, and the help read "needs 7+, base 7-6")."""
    sec = scenario.data.get("aborigines", {})
    die = sec.get("die")
    if not isinstance(die, int):
        return []
    return [scenario.error(f"aborigines.{group}.{name}: face {value} is beyond the die (d{die}): "
                           "no roll would ever succeed", "aborigines", group, name,
                           hint=f"a face from 1 to {die}")
            for group, name in FACES
            if isinstance(value := (sec.get(group) or {}).get(name), int) and value > die]


def portal_errors(scenario: Scenario) -> list[SourceError]:
    m = model(scenario)
    if sorted(m.portals) != list(range(1, len(m.portals) + 1)) or not m.portals:
        return [scenario.error("portals must be labelled P1..Pn (1 top-left, clockwise); "
                               f"found {sorted(m.portals)}", "map", "legend")]
    return []


def table_errors(scenario: Scenario) -> list[SourceError]:
    """The reinforcement table exists, and each ship its rows bring is an Aborigine ship type
    (a misspelt ``arrives: [hunterr]`` validated and stopped the game when rolled)."""
    table = scenario.data.get("aborigines", {}).get("reinforcement_table", "reinforcements")
    if table not in scenario.tables:
        return [scenario.error(f"no dice table '{table}'", "aborigines")]
    ships = model(scenario).ship_types
    out: list[SourceError] = []
    for i, row in enumerate(scenario.tables[table].get("rows") or []):
        for j, unit in enumerate((row or {}).get("arrives") or []):
            if unit not in ships:
                near = close_matches(str(unit), ships)
                out.append(scenario.error(
                    f"tables.{table}: row {i + 1} brings '{unit}', not an Aborigine ship type "
                    f"({', '.join(ships)})", "tables", table, "rows", i, "arrives", j,
                    hint=f"did you mean '{near[0]}'?" if near else None))
    return out


def unit_errors(scenario: Scenario) -> list[SourceError]:
    """Civilization ships move by their ``speed``; Aborigine ships see by their ``vision``."""
    m = model(scenario)
    out: list[SourceError] = []
    for type_ in m.civ_types:
        error = scenario.stat_error(type_, "speed", "cells per move", minimum=1)
        if error is not None:
            out.append(error)
    for type_ in m.ship_types:
        if type_ not in scenario.unit_types:
            out.append(scenario.error(f"aborigines.order names unknown unit type '{type_}'",
                                      "aborigines", "order"))
            continue
        for stat in ("vision", "contact_vision"):
            if stat == "vision" or stat in scenario.unit_types[type_]:
                error = scenario.stat_error(type_, stat, "cells it sees, R5.60")
                if error is not None:
                    out.append(error)
    return out


def faction_errors(scenario: Scenario) -> list[SourceError]:
    """A faction with an ``extra_planet`` says its level (R5.4)."""
    return [scenario.error(f"faction '{name}' has an extra_planet but no extra_planet_level",
                           "factions", name)
            for name, fac in scenario.factions.items()
            if isinstance(fac, dict) and fac.get("extra_planet") and "extra_planet_level" not in fac]
