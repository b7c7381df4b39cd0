"""The plugin's YAML section schema and the semantic checks ``dg validate`` runs (D7.8, R7.2).

Checks: the number of asteroids of each class on the map equals the class's declared ``count``;
the start bases exist, are class-5 asteroids and lie in corners; every asteroid can be reached —
an ordinary unit leaving any start base can stop within the target range of it along the cells its
type may use.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import ScenarioError, SourceError, SourcePos

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario

Pos = tuple[int, int]

SECTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Asteroid Belt (episode 7)",
    "description": "Data of the asteroid_belt plugin.",
    "additionalProperties": False,
    "properties": {
        "start_bases": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "seat → map label of its start base (R7.2)"},
        "unit_types": {"type": "array", "items": {"type": "string"},
                       "description": "civilization unit types a player may own"},
        "aborigine_types": {"type": "array", "items": {"type": "string"}},
        "shuttle_type": {"type": "string"},
        "cargo_shuttle": {"type": "boolean", "description": "R7.44 (false: hard, R7.63)"},
        "capture_resources_delta": {"type": "integer", "description": "R7.63"},
        "limit_rank": {"type": "array", "items": {"type": "string"}},
        "limit_reason": {"type": "string"},
        "abilities": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["effect"],
            "properties": {"effect": {"enum": ["reroll", "shield", "speed"]},
                           "value": {"type": "integer"}, "title": {"type": "string"},
                           "doc": {"type": "string"}},
            "additionalProperties": False}},
    },
    "required": ["start_bases", "unit_types"],
}


def _cell_pos(scenario: Scenario, pos: Pos) -> SourcePos:
    origin = scenario.pos("map", "rows")
    rows = str(scenario.data.get("map", {}).get("rows", "")).splitlines()
    line = rows[pos[1]] if pos[1] < len(rows) else ""
    text = " " * max(origin.col - 1, 0) + line
    return SourcePos(origin.file, origin.line + pos[1], origin.col + pos[0], text)


def validate(scenario: Scenario) -> list[SourceError]:
    errors: list[SourceError] = []
    sec = scenario.data.get("asteroid_belt", {})
    kinds = scenario.site_kinds
    ast_sites = [s for s in scenario.map_sites if kinds.get(s["kind"], {}).get("asteroid")]
    # class counts
    for name, spec in kinds.items():
        if not spec.get("asteroid") or "on_field" not in spec:
            continue
        n = sum(1 for s in ast_sites if s["kind"] == name)
        if n != int(spec["on_field"]):
            errors.append(scenario.error(
                f"site kind {name}: the map has {n} asteroids of this class, the kind declares "
                f"on_field: {spec['on_field']} (D7.8)", "site_kinds", name, "on_field"))
    # unit types named by the section exist
    for i, unit in enumerate(sec.get("unit_types", [])):
        if unit not in scenario.unit_types:
            errors.append(scenario.error(f"unknown unit type '{unit}'", "asteroid_belt",
                                         "unit_types", i))
    for name, spec in kinds.items():
        for i, unit in enumerate(spec.get("defenders", []) or []):
            if unit not in scenario.unit_types:
                errors.append(scenario.error(f"unknown defender unit type '{unit}'",
                                             "site_kinds", name, "defenders", i))
    # start bases
    labels = {s["attrs"].get("label"): s for s in scenario.map_sites if s["attrs"].get("label")}
    seat_ids = {s["id"] for s in scenario.seats}
    grid = scenario.grid
    corners = [(0, 0), (grid.width - 1, 0), (0, grid.height - 1), (grid.width - 1, grid.height - 1)]
    bases: list[Pos] = []
    for seat, label in (sec.get("start_bases") or {}).items():
        where = ("asteroid_belt", "start_bases", seat)
        if seat not in seat_ids:
            errors.append(scenario.error(f"start base for unknown seat '{seat}'", *where))
        site = labels.get(label)
        if site is None:
            errors.append(scenario.error(f"no map cell has the label '{label}'", *where,
                                         hint="give a legend entry label: " + label))
            continue
        spec = kinds.get(site["kind"], {})
        if not spec.get("income"):
            errors.append(ScenarioError(f"start base '{label}' must be a class-5 asteroid "
                                        f"(a site kind with income), not {site['kind']} (R7.2)",
                                        _cell_pos(scenario, site["pos"])))
        if min(grid.distance(site["pos"], c) for c in corners) > 2:
            errors.append(ScenarioError(f"start base '{label}' is not in a corner (R7.2)",
                                        _cell_pos(scenario, site["pos"])))
        bases.append(site["pos"])
    for seat in seat_ids - set(sec.get("start_bases") or {}):
        errors.append(scenario.error(f"seat '{seat}' has no start base (R7.2)",
                                     "asteroid_belt", "start_bases"))
    # reachability of every asteroid by an ordinary unit (the first civilization type)
    units = [u for u in sec.get("unit_types", []) if u in scenario.unit_types]
    if bases and units:
        tags = scenario.unit_tags[units[0]]
        perms = scenario.permissions
        reach = _reach(scenario, bases, tags)
        r = int(scenario.params.get("target_range", 2))
        for s in ast_sites:
            if s["pos"] in bases:
                continue
            ok = any(c in reach and perms.may_stop(grid.cell_type(c), tags)
                     for c in grid.within(s["pos"], r))
            if not ok:
                errors.append(ScenarioError(
                    f"asteroid {s['id']} ({s['kind']}) cannot be reached: no cell within {r} of "
                    f"it where a {units[0]} may stop is connected to the start bases (D7.8)",
                    _cell_pos(scenario, s["pos"])))
    return errors


def _reach(scenario: Scenario, starts: list[Pos], tags: frozenset[str]) -> set[Pos]:
    grid, perms = scenario.grid, scenario.permissions
    seen: set[Pos] = set()
    todo: deque[Pos] = deque()
    for b in starts:
        for c in grid.neighbours(b):
            if perms.may_enter(grid.cell_type(c), tags) and c not in seen:
                seen.add(c)
                todo.append(c)
    while todo:
        p = todo.popleft()
        for c in grid.neighbours(p):
            if c not in seen and perms.may_enter(grid.cell_type(c), tags):
                seen.add(c)
                todo.append(c)
    return seen
