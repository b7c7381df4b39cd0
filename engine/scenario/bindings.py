"""What rules see of a game: the view types (player, unit, site, params), the names, and the
registry of functions (the rule language's built-ins, then every plugin's ``dg_rule_functions`` —
the engine's own game and board functions are built-in plugins).

View attributes come from the scenario: a player's counters, a unit type's stats, a site kind's
stats — so an author who adds a stat can use it in rules at once, and a misspelt one is refused at
load time. The evaluation context built from a live game is
:class:`~distant_galaxy.scenario.context.RuleContext`.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import IllegalAction
from distant_galaxy.rules import Attr, Registry, RuleEnv, ViewType
from distant_galaxy.rules.builtins import default_registry
from distant_galaxy.rules.defines import read_defines

if TYPE_CHECKING:
    from collections.abc import Callable

    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.model import Scenario


def _whole(name: str, value: Any) -> int:
    """``value`` as a counter's whole number; a fraction is a ValueError (the rule that set it
    is named) rather than cut silently (a new author's ``player.h = 7 / 2`` kept 3)."""
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"the counter '{name}' holds whole numbers, not {value}: round it "
                         "with round(x), or divide with //")
    return int(value)


def _counter_attr(name: str) -> Attr:
    def get(p: Any) -> Any:
        return p.counters.get(name, 0)

    def set_(p: Any, value: Any, ctx: dict) -> None:
        game: Game = ctx["$game"]
        delta = _whole(name, value) - p.counters.get(name, 0)
        if delta:
            game.change_counter(p.seat, name, delta, ctx.get("$reason", "rule"),
                                allow_below_min=False)

    return Attr(get, set_, "int", f"the player's '{name}' counter")


def _unit_counter_attr(name: str, types: dict[str, dict[str, Any]]) -> Attr:
    def get(t: Any) -> Any:
        if name in t.attrs:
            return t.attrs[name]
        stat = types.get(t.type, {}).get(name, 0)
        return stat if isinstance(stat, int) and not isinstance(stat, bool) else 0

    def set_(t: Any, value: Any, ctx: dict) -> None:
        game: Game = ctx["$game"]
        tok = game.state.tokens.get(getattr(t, "id", ""))
        if tok is None:
            raise IllegalAction(f"{name}: there is no token {getattr(t, 'id', t)!r} any more")
        delta = _whole(name, value) - game.token_counter(tok, name)
        if delta:
            game.change_token_counter(tok, name, delta, ctx.get("$reason", "rule"))

    return Attr(get, set_, "int", f"the token's '{name}' counter (`unit_counters:`; starts at "
                "its unit type's stat)")


def _stat_attr(table: dict[str, dict[str, Any]], key: str, field: str, what: str) -> Attr:
    def get(obj: Any) -> Any:
        return table.get(getattr(obj, field), {}).get(key)

    return Attr(get, None, "any", f"the {what}'s '{key}' stat (from the scenario)")


def _stat_keys(table: dict[str, dict[str, Any]], skip: set[str]) -> list[str]:
    keys: set[str] = set()
    for spec in table.values():
        if isinstance(spec, dict):
            keys.update(k for k in spec if k.isidentifier() and not k.startswith("_"))
    return sorted(keys - skip)


def build_views(scenario: Scenario) -> dict[str, ViewType]:
    """The view types of this scenario's rules."""
    player = {"seat": Attr.field("seat", "str", "the seat id"),
              "faction": Attr.field("faction", "str", "the faction id")}
    for counter in scenario.counters:
        player[counter] = _counter_attr(counter)
    base_unit = {"id": Attr.field("id", "str", "the token id"),
                 "type": Attr.field("type", "str", "the unit type", names="unit type"),
                 "owner": Attr.field("owner", "str", "the owner's seat (none for neutral)"),
                 "pos": Attr.field("pos", "pos", "the cell (none while carried)"),
                 "x": Attr(lambda t: t.pos[0] if t.pos else None, None, "int", "column"),
                 "y": Attr(lambda t: t.pos[1] if t.pos else None, None, "int", "row"),
                 "attrs": Attr.field("attrs", "dict", "free attributes set by plugins")}
    unit = dict(base_unit)
    for key in _stat_keys(scenario.unit_types, set(base_unit)):
        unit[key] = _stat_attr(scenario.unit_types, key, "type", "unit type")
    for key in scenario.unit_counters:
        unit[key] = _unit_counter_attr(key, scenario.unit_types)
    site = {"id": Attr.field("id", "str", "the site id"),
            "kind": Attr.field("kind", "str", "the site kind"),
            "owner": Attr.field("owner", "str", "the owner's seat"),
            "pos": Attr.field("pos", "pos", "the cell"),
            "x": Attr(lambda s: s.pos[0], None, "int", "column"),
            "y": Attr(lambda s: s.pos[1], None, "int", "row"),
            "markers": Attr.field("markers", "dict", "markers on the site, by name"),
            "attrs": Attr.field("attrs", "dict", "free attributes set by plugins")}
    for key in _stat_keys(scenario.site_kinds, set(site)):
        site[key] = _stat_attr(scenario.site_kinds, key, "kind", "site kind")
    params = {k: Attr(operator.itemgetter(k), None, "any", f"scenario parameter '{k}'")
              for k in scenario.params if k.isidentifier() and not k.startswith("_")}
    return {"player": ViewType("player", player, "a seat in the game; plus one attribute per "
                               "counter declared under `counters:` (settable in effects)"),
            "unit": ViewType("unit", unit, "a token on the board or carried; plus one attribute "
                             "per stat written under `unit_types:`, and one settable attribute "
                             "per counter declared under `unit_counters:`"),
            "site": ViewType("site", site, "an asteroid, portal, planet... of the map; plus one "
                             "attribute per stat written under `site_kinds:`"),
            "params": ViewType("params", params, "the scenario's parameters, one attribute each")}


NAMES = {"player": "player", "seat": "str", "round": "int", "turn": "int",
         "units": "list[unit]", "sites": "list[site]", "players": "list[player]",
         "params": "params"}


def engine_registry(scenario: Scenario) -> Registry:
    """The rule language's built-ins, then every plugin's functions (the engine's game and board
    functions come from its built-in plugins, registered into every scenario's manager)."""
    reg = default_registry()
    scenario.pm.hook.dg_rule_functions(registry=reg)
    return reg


def build_env(scenario: Scenario, errors: list[Any] | None = None,
              elsewhere: Callable[[str], str | None] | None = None) -> RuleEnv:
    """The rules' environment of ``scenario``, with its ``define:`` section; the mistakes found
    in that section are appended to ``errors`` (a list of RuleError) when given;
    ``elsewhere``: :attr:`RuleEnv.elsewhere` (the plugin an unknown function comes with)."""
    registry = engine_registry(scenario)

    def taken(name: str) -> str | None:
        if name in registry:
            return "the name of a rule function"
        if name in NAMES or name in ("true", "false", "none", "True", "False", "None"):
            return "a name of the rules"
        return None

    defines, found = read_defines(scenario.data.get("define"),
                                  lambda key: scenario.pos("define", key), taken)
    if errors is not None:
        errors.extend(found)
    # a scenario's parameters never change during a game: rules fold them as constants
    known = {"seat": frozenset(str(s["id"]) for s in scenario.seats),
             "unit type": frozenset(map(str, scenario.unit_types)),
             "pool": frozenset(map(str, scenario.pools))}
    return RuleEnv(registry, dict(NAMES), build_views(scenario), {"params": scenario.params},
                   defines, known, elsewhere)


