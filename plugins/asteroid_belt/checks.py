"""The plugin's YAML section schema and the semantic checks ``dg validate`` runs (D7.8, R7.2).

Checks: every number the plugin reads is written (``params``, the shuttle type's ``capacity`` and
``speed_die``, the factions' elite creation); the number of asteroids of each class on the map
equals the class's declared ``on_field``; the start bases exist, are class-5 asteroids and lie in
corners; every asteroid can be reached — an ordinary unit leaving any start base can stop within
the target range of it along the cells its type may use; a faction's ``bot:`` overrides name
weights of ``asteroid_belt.bot`` and are numbers.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from distant_galaxy import ScenarioError, SourceError, SourcePos
from distant_galaxy_episodes.asteroid_belt.model import COUNTED_POOLS

if TYPE_CHECKING:
    from distant_galaxy import Scenario

Pos = tuple[int, int]

#: The ``params:`` the plugin reads, with the rule each one is for.
PARAMS = {
    "track_length": "D7.1", "target_range": "R7.10", "mine_range": "R7.14",
    "defender_range": "R7.52", "defender_extra_rings": "R7.52", "shuttle_range": "R7.41",
    "activation_cost": "R7.41", "max_shuttles": "D7.9", "dock_reach_bonus": "R7.42",
    "shuttle_majority_bonus": "R7.43", "reinforcement_resources": "R7.61",
    "base_corner_range": "R7.2",
}

#: The greedy bot's weights (``asteroid_belt.bot``), each with what it weighs (bots.py).
BOT_WEIGHTS = {
    "value_points": "an asteroid's value: this much per point of its class…",
    "value_resources_per": "… plus one per this many of its resources",
    "max_open_targets": "Targets the bot keeps open at once",
    "elite_create_min_resources": "resources kept before the elite creates units",
    "create_min_resources": "resources needed to create a unit next to the base",
    "max_units_on_board": "no creation next to the base with this many units on the board",
    "attack_min_score": "an attack is made when its score (odds of winning less risk) is above",
    "attack_gain_aborigine": "weight of winning against an Aborigine defender",
    "attack_gain_unit": "weight of winning against another seat's unit",
    "attack_risk_elite": "weight of losing the elite in an attack",
    "attack_risk_unit": "weight of losing another unit in an attack",
    "raid_passengers": "passengers a shuttle takes before it raids the cargo shuttle",
    "transport_min_gain": "cells a shuttle ride must save a unit on its way to its goal",
    "goal_flag": "a Flag (stealable) is worth this many times an unmarked asteroid",
    "goal_foreign_target": "another seat's Target is worth this fraction",
    "goal_defender_offset": "an asteroid's value is divided by its defenders plus this…",
    "goal_distance_offset": "… and by its distance plus this",
    "move_reserve_resources": "resources a paid move leaves at least",
    "move_min_gain": "a move is made when it brings the unit at least this closer",
    "move_on_goal": "the score of standing on the goal itself (lower is better)",
    "move_near_defender": "score bonus of a cell next to a defender",
    "strike_reach": "cells beyond its speed a unit looks for defenders to attack",
    "strike_min_value": "a defender is worth approaching when the odds are above",
    "defend_min_score": "a defender strikes when its score is above",
    "defend_weak_target": "a defender prefers weak targets by this much per point of defence…",
    "defend_weak_pivot": "… below this defence bonus",
}
BOT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": list(BOT_WEIGHTS),
    "description": "The greedy bot's weights (docs/asteroid-belt.md).",
    "properties": {k: {"type": "number", "description": v} for k, v in BOT_WEIGHTS.items()},
}

#: The event types the plugin emits, with what each means and its fields (the event catalogue:
#: a trigger's ``on:`` may name them; docs/rules.md lists them; the describe hook words each).
EVENTS: dict[str, str] = {
    "move": "a unit or shuttle moved (R7.30, R7.40b); fields: token, unit, seat, frm ([x, y]), "
            "to, path (the cells passed), cost, aboard (a shuttle's passengers)",
    "place": "a unit was placed: from a start base (R7.34), bought or repaired (source, cost), or "
             "an Aborigine defender (site, played_by; R7.52); fields: token, unit, owner, to, "
             "reason",
    "combat": "a fight (R7.50); fields: kind, attacker, attacker_unit, attacker_owner, defender, "
              "defender_unit, defender_owner, attack_roll, attack_bonus, attack_total, "
              "defence_roll, defence_bonus, defence_total, rerolls, outcome, attacker_at, at, "
              "loser, fate",
    "safe_attack": "a scout lost an attack without risk (R7.20); fields: token, unit, note",
    "defence_strike": "a defender strikes first (R7.12); fields: defender, target, played_by",
    "destroyed": "an Aborigine unit was destroyed; fields: token, unit, at, site, reason",
    "to_repair": "a unit went to its owner's repair pool; fields: token, unit, seat, at, carrier, "
                 "reason",
    "marker": "a site's marker changed (R7.13, R7.14); fields: site, marker, seat, old, old_seat, "
              "reason",
    "elite_created": "engineers were made elite (R7.72); fields: seat, unit, count, asked, ready",
    "ability_used": "a card ability was used (R7.22); fields: seat, ability, effect, token_to",
    "ability_spent": "an ability was spent without effect (D7.4); fields: seat, ability, reason",
    "shuttle_activated": "a shuttle was activated (R7.41); fields: token, seat, at, site, cost",
    "board": "a unit boarded a shuttle (R7.42); fields: token, unit, shuttle, frm, path, cost, "
             "aboard",
    "unload": "a unit left a shuttle (R7.42); fields: token, unit, shuttle, frm, to, path, cost",
    "shuttle_leaves": "an empty shuttle left the board (R7.42); fields: token, seat, at, reason",
    "shuttle_destroyed": "a shuttle was destroyed (R7.44); fields: token, seat, at, reason",
    "raid": "a shuttle raided the cargo shuttle (R7.44); fields: shuttle, seat, roll, aboard, "
            "outcome, portal",
    "cargo_moves": "the cargo shuttle moved to another portal (R7.45); fields: frm, to, at",
}

SECTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Asteroid Belt (episode 7)",
    "description": "Data of the asteroid_belt plugin.",
    "x-events": EVENTS,
    "additionalProperties": False,
    "properties": {
        "start_bases": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "seat → map label of its start base (R7.2)"},
        "unit_types": {"type": "array", "items": {"type": "string", "x-refers-to": "unit_types"},
                       "description": "civilization unit types a player may own"},
        "aborigine_types": {"type": "array",
                            "items": {"type": "string", "x-refers-to": "unit_types"}},
        "shuttle_type": {"type": "string", "x-refers-to": "unit_types"},
        "cargo_shuttle": {"type": "boolean", "description": "R7.44 (false: hard, R7.63)"},
        "capture_resources_delta": {"type": "integer", "description": "R7.63"},
        "limit_rank": {"type": "array", "items": {"type": "string", "x-refers-to": "counters"}},
        "limit_reason": {"type": "string"},
        "combat_die": {"type": "integer", "minimum": 2,
                       "description": "sides of the die each side of a combat rolls (R7.50)"},
        "attack_patterns": {"type": "object", "additionalProperties": {"type": "object"},
                            "description": "name → a pattern in the movement-pattern syntax of "
                                           "the generic move action (R7.20, R7.21)"},
        "defenders_strike": {"enum": ["must", "may"],
                             "description": "R7.12 (issue 11 item 4): 'must' (default) — every "
                                            "placed defender with an invader in its attack "
                                            "pattern strikes before the defence ends; 'may' — "
                                            "striking is optional (variant optional-strikes)"},
        "bot": BOT_SCHEMA,
        "abilities": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["effect"],
            "properties": {"effect": {"enum": ["reroll", "shield", "speed"]},
                           "value": {"type": "integer"}, "title": {"type": "string"},
                           "doc": {"type": "string"}},
            "additionalProperties": False}},
    },
    "required": ["start_bases", "unit_types", "combat_die", "attack_patterns", "bot"],
    # what the plugin reads in free-form core sections names a unit type (checked at load)
    "x-references": {"factions.*.elite_creates.unit": "unit_types",
                     "site_kinds.*.defenders.*": "unit_types"},
}


def _cell_pos(scenario: Scenario, pos: Pos) -> SourcePos:
    origin = scenario.pos("map", "rows")
    rows = str(scenario.data.get("map", {}).get("rows", "")).splitlines()
    line = rows[pos[1]] if pos[1] < len(rows) else ""
    text = " " * max(origin.col - 1, 0) + line
    return SourcePos(origin.file, origin.line + pos[1], origin.col + pos[0], text)


def numbers_written(scenario: Scenario) -> list[SourceError]:
    """Every number the plugin reads outside its own section is written in the scenario."""
    errors: list[SourceError] = []
    for name, rule in PARAMS.items():
        if not isinstance(scenario.params.get(name), int):
            errors.append(scenario.error(f"params.{name} must be a whole number ({rule})",
                                         "params"))
    shuttle = scenario.data.get("asteroid_belt", {}).get("shuttle_type")
    for stat in ("capacity", "speed_die"):
        if shuttle in scenario.unit_types and stat not in scenario.unit_types[shuttle]:
            errors.append(scenario.error(f"the shuttle type needs '{stat}' (R7.40b)",
                                         "unit_types", shuttle))
    for name, fac in scenario.factions.items():
        spec = (fac or {}).get("elite_creates")
        if not spec:
            continue
        need = ["count"] + (["bonus_at_least", "bonus_count"] if "bonus_die" in spec else [])
        for key in need:
            if key not in spec:
                errors.append(scenario.error(f"elite_creates needs '{key}' (R7.23)",
                                             "factions", name, "elite_creates"))
    return errors


def faction_bots(scenario: Scenario) -> list[SourceError]:
    """``factions.<id>.bot``: a faction's overrides of the greedy bot's weights — a mapping of
    keys of ``asteroid_belt.bot`` (``BOT_WEIGHTS``) to numbers (issue 11 item 19)."""
    errors: list[SourceError] = []
    for name, fac in scenario.factions.items():
        spec = (fac or {}).get("bot")
        if spec is None:
            continue
        if not isinstance(spec, dict):
            errors.append(scenario.error("a faction's bot: must be a mapping of the greedy bot's "
                                         "weights (asteroid_belt.bot)", "factions", name, "bot"))
            continue
        for key, value in spec.items():
            if key not in BOT_WEIGHTS:
                errors.append(scenario.error(
                    f"unknown bot weight '{key}'", "factions", name, "bot", key,
                    hint="one of: " + ", ".join(BOT_WEIGHTS)))
            elif isinstance(value, bool) or not isinstance(value, (int, float)):
                errors.append(scenario.error(f"bot weight '{key}' must be a number",
                                             "factions", name, "bot", key))
    return errors


#: The stats of a civilization's unit type (``asteroid_belt.unit_types``) the plugin reads as
#: whole numbers, with what each is and its least value (R7 units table, D7.5, D7.7).
CIV_STATS = {"speed": ("cells a move", 1), "move_cost": ("resources a move, D7.5", 0),
             "cost": ("resources to create one", 0), "attack_bonus": ("R7.51", 0),
             "defence_bonus": ("R7.51", 0)}

#: The stats of an Aborigine defender's unit type (``site_kinds.*.defenders``).
DEFENDER_STATS = {"speed": ("cells a move", 0), "attack_bonus": ("R7.51", 0),
                  "defence_bonus": ("R7.51", 0)}


def unit_stats(scenario: Scenario) -> list[SourceError]:
    """The numbers of each unit type the plugin moves and fights with, where a mod may write a
    text, a negative number or null (the episode modder's trial: ``speed: "fast"`` validated,
    then the greedy bot failed on it)."""
    sec = scenario.data.get("asteroid_belt", {})
    civ = [u for u in sec.get("unit_types", []) if u in scenario.unit_types]
    defenders = {u for spec in scenario.site_kinds.values()
                 for u in (spec.get("defenders") or []) if u in scenario.unit_types}
    errors: list[SourceError] = [
        e for units, stats in ((civ, CIV_STATS), (sorted(defenders), DEFENDER_STATS))
        for unit in units for stat, (what, least) in stats.items()
        if (e := scenario.stat_error(unit, stat, what, least)) is not None]
    for unit in civ:
        if "limit" in scenario.unit_types[unit]:
            error = scenario.stat_error(unit, "limit", "units of the type a player may have, D7.7")
            errors += [error] if error is not None else []
    return errors


#: The numbers of an asteroid's site kind (``site_kinds``) the plugin reads, with what each is
#: and its least value: where a mod's ``resources: -5`` or ``points: lots`` validated, then bent
#: or stopped the game at the first capture.
SITE_STATS = {"points": ("Victory Points of its mine, R7.14", 0),
              "resources": ("resources of its capture, R7.14", 0),
              "on_field": ("asteroids of the class on the map, D7.8", 0),
              "income": ("resources a turn from its mine, D7.2", 0)}


def site_numbers(scenario: Scenario) -> list[SourceError]:
    """Each asteroid kind's numbers are whole numbers in range (the episode modder's trial)."""
    errors: list[SourceError] = []
    for name, spec in scenario.site_kinds.items():
        if not spec.get("asteroid"):
            continue
        for stat, (what, least) in SITE_STATS.items():
            value = spec.get(stat)
            if stat not in spec or (isinstance(value, int) and not isinstance(value, bool)
                                    and value >= least):
                continue
            errors.append(scenario.error(
                f"site kind '{name}': {stat} must be a whole number of at least {least} "
                f"({what}), not {value!r}", "site_kinds", name, stat))
    return errors


def starting_units(scenario: Scenario) -> list[SourceError]:
    """No seat starts with more units of a type than its limit (D7.7: "Pool limits per
    player"): the set-up's pools for every seat and for the seat, its faction's bonus, its
    ``setup.grants`` of units and its set-up tokens, counted as ``owned_count`` counts them —
    the episode modder's grant of 8 engineers against a limit of 6 validated."""
    errors: list[SourceError] = []
    pools = scenario.setup.get("pools") or {}
    for seat in scenario.seats:
        sid = str(seat["id"])
        faction = (scenario.factions.get(str(seat.get("faction", sid))) or {})
        sources: list[tuple[tuple[Any, ...], Any]] = [
            (("setup", "pools", "*"), pools.get("*")), (("setup", "pools", sid), pools.get(sid)),
            (("factions", str(seat.get("faction", sid)), "pools"), faction.get("pools"))]
        owned: dict[str, tuple[int, tuple[Any, ...]]] = {}
        for path, named in sources:
            for pool, units in (named or {}).items():
                for unit, n in (units or {}).items() if pool in COUNTED_POOLS else ():
                    total, _ = owned.get(unit, (0, path))
                    owned[unit] = (total + _whole(n), (*path, pool, unit))
        for i, grant in enumerate(scenario.setup.get("grants") or []):
            if str(grant.get("seat")) == sid and grant.get("pool") in COUNTED_POOLS:
                unit = str(grant.get("unit"))
                owned[unit] = (owned.get(unit, (0, ()))[0] + _whole(grant.get("n")),
                               ("setup", "grants", i, "n"))
        for tok in scenario.setup.get("tokens") or []:
            if tok.get("owner") == sid and tok.get("type") in owned:
                total, path = owned[tok["type"]]
                owned[tok["type"]] = (total + 1, path)
        for unit, (total, path) in owned.items():
            limit = (scenario.unit_types.get(unit) or {}).get("limit")
            if isinstance(limit, int) and not isinstance(limit, bool) and total > limit:
                errors.append(scenario.error(
                    f"seat '{sid}' starts with {total} {unit} units, more than the limit of "
                    f"{limit} a player may have (unit_types.{unit}.limit, D7.7)", *path))
    return errors


def _whole(n: Any) -> int:
    return n if isinstance(n, int) and not isinstance(n, bool) else 0


def validate(scenario: Scenario) -> list[SourceError]:
    errors: list[SourceError] = (numbers_written(scenario) + faction_bots(scenario)
                                 + unit_stats(scenario) + site_numbers(scenario)
                                 + starting_units(scenario))
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
        near = scenario.params.get("base_corner_range")
        if isinstance(near, int) and min(grid.distance(site["pos"], c) for c in corners) > near:
            errors.append(ScenarioError(
                f"start base '{label}' is not in a corner: more than {near} cells from each "
                f"(params.base_corner_range, R7.2)", _cell_pos(scenario, site["pos"])))
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
        r = scenario.params.get("target_range")
        if not isinstance(r, int):
            return errors
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
