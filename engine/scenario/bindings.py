"""What rules see of a game: the view types (player, unit, site, params), the names and the
engine's own rule functions, and the evaluation context built from a live game.

View attributes come from the scenario: a player's counters, a unit type's stats, a site kind's
stats — so an author who adds a stat can use it in rules at once, and a misspelt one is refused at
load time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.rules import Attr, Registry, RuleEnv, ViewType
from distant_galaxy.rules.builtins import default_registry

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Token
    from distant_galaxy.scenario.model import Scenario

Pos = tuple[int, int]


def _counter_attr(name: str) -> Attr:
    def get(p: Any) -> Any:
        return p.counters.get(name, 0)

    def set_(p: Any, value: Any, ctx: dict) -> None:
        game: Game = ctx["$game"]
        delta = int(value) - p.counters.get(name, 0)
        if delta:
            game.change_counter(p.seat, name, delta, ctx.get("$reason", "rule"),
                                allow_below_min=False)

    return Attr(get, set_, "int", f"the player's '{name}' counter")


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
                 "type": Attr.field("type", "str", "the unit type"),
                 "owner": Attr.field("owner", "str", "the owner's seat (none for neutral)"),
                 "pos": Attr.field("pos", "pos", "the cell (none while carried)"),
                 "x": Attr(lambda t: t.pos[0] if t.pos else None, None, "int", "column"),
                 "y": Attr(lambda t: t.pos[1] if t.pos else None, None, "int", "row"),
                 "attrs": Attr.field("attrs", "dict", "free attributes set by plugins")}
    unit = dict(base_unit)
    for key in _stat_keys(scenario.unit_types, set(base_unit)):
        unit[key] = _stat_attr(scenario.unit_types, key, "type", "unit type")
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
    params = {k: Attr(lambda d, k=k: d[k], None, "any", f"scenario parameter '{k}'")
              for k in scenario.params if k.isidentifier() and not k.startswith("_")}
    return {"player": ViewType("player", player, "a seat in the game; plus one attribute per "
                               "counter declared under `counters:` (settable in effects)"),
            "unit": ViewType("unit", unit, "a token on the board or carried; plus one attribute "
                             "per stat written under `unit_types:`"),
            "site": ViewType("site", site, "an asteroid, portal, planet... of the map; plus one "
                             "attribute per stat written under `site_kinds:`"),
            "params": ViewType("params", params, "the scenario's parameters, one attribute each")}


NAMES = {"player": "player", "seat": "str", "round": "int", "turn": "int",
         "units": "list[unit]", "sites": "list[site]", "players": "list[player]",
         "params": "params"}


def engine_registry(scenario: Scenario) -> Registry:
    """Built-in functions, the engine's game functions, then the plugins' ones."""
    from distant_galaxy.builtin.board.section import register_generic_functions

    reg = default_registry()
    register_game_functions(reg)
    register_generic_functions(reg)
    scenario.pm.hook.dg_rule_functions(registry=reg)
    return reg


def build_env(scenario: Scenario) -> RuleEnv:
    # a scenario's parameters never change during a game: rules fold them as constants
    return RuleEnv(engine_registry(scenario), dict(NAMES), build_views(scenario),
                   {"params": scenario.params})


class RuleContext(dict):
    """The evaluation context of a rule, passed as ``ctx`` to every rule function.

    A rule function is registered as ``fn(ctx, *args)`` (see
    :meth:`distant_galaxy.rules.Registry.function`). ``ctx`` is a dict of the names a rule can
    read, computed from the game the first time a rule uses them: ``units``, ``sites``,
    ``players``, ``round``, ``turn``, ``params``, ``seat`` (the pending seat, else the active
    one) and ``player`` (that seat's player), plus the names the caller passes (``event`` in a
    trigger, ``x``/``y`` in a ``where:``, a plugin's own). ``ctx["$game"]`` is the live
    :class:`~distant_galaxy.core.game.Game`; ``ctx.get("$reason")`` the reason that effects log.
    """

    def __init__(self, game: Game, **names: Any):
        if names:  # (no super().__init__: half the cost of making a context)
            self.update(names)
        self["$game"] = game

    def __missing__(self, key: str) -> Any:
        make = _LAZY.get(key)
        if make is None:
            raise KeyError(key)
        value = self[key] = make(self, self["$game"])
        return value


def _seat(ctx: RuleContext, game: Game) -> str:
    st = game.state
    return st.pending.seat if st.pending else st.active_seat


#: The names a context computes from the game when a rule first uses them.
_LAZY: dict[str, Any] = {
    "$roll": lambda ctx, game: _roller(game),  # made when first needed (most rules roll no dice)
    "units": lambda ctx, game: [t for t in game.state.tokens.values() if t.pos is not None],
    "sites": lambda ctx, game: list(game.state.sites.values()),
    "players": lambda ctx, game: [game.state.players[s] for s in game.state.seats],
    "round": lambda ctx, game: game.state.round,
    "turn": lambda ctx, game: game.state.turn,
    "params": lambda ctx, game: game.scenario.params,
    "seat": _seat,
    "player": lambda ctx, game: game.state.players[ctx["seat"]],
}


def _roller(game: Game) -> Any:
    def roll(n: int, sides: int, text: str) -> int:
        return sum(game.dice.roll(sides, purpose=f"rule {text}") for _ in range(n))
    return roll


def _pos_of(value: Any) -> Pos:
    if isinstance(value, tuple):
        return value
    if isinstance(value, list) and len(value) == 2:
        return (value[0], value[1])
    return value.pos


def register_game_functions(reg: Registry) -> None:
    """The engine's rule functions (any scenario may use them)."""

    @reg.function("distance", ["a", "b"], "Grid distance between two cells, units or sites.",
                  "distance(unit, site) <= 2", returns="int")
    def distance(ctx: dict, a: Any, b: Any) -> int:
        return ctx["$game"].scenario.grid.distance(_pos_of(a), _pos_of(b))

    @reg.function("cell_type", ["place"], "The cell type at a cell (or under a unit or site).",
                  'cell_type(unit) == "lane"', returns="str")
    def cell_type(ctx: dict, place: Any) -> str:
        return ctx["$game"].scenario.grid.cell_type(_pos_of(place))

    @reg.function("unit_at", ["x", "y"], "The unit on cell x,y, or none.",
                  "unit_at(0, 0) == none", returns="unit")
    def unit_at(ctx: dict, x: int, y: int) -> Token | None:
        return ctx["$game"].state.token_at((x, y))

    @reg.function("pool", ["player", "pool", "unit_type"],
                  "How many units of a type are in a player's pool.",
                  'pool(player, "reserve", "engineer") > 0', returns="int")
    def pool(ctx: dict, player: Any, pool: str, unit_type: str) -> int:
        return player.pools.get(pool, {}).get(unit_type, 0)

    @reg.function("marker", ["site", "name"], "The value of a marker on a site, or none.",
                  'marker(site, "flag") == player.seat')
    def marker(ctx: dict, site: Any, name: str) -> Any:
        return site.markers.get(name)

    @reg.function("legal_count", [], "How many legal actions the pending decision has.",
                  "legal_count() == 0", returns="int")
    def legal_count(ctx: dict) -> int:
        return len(ctx["$game"].legal_actions())

    @reg.effect("log", ["message"], "Write a note event into the game log.",
                'log("bonus granted")')
    def log(ctx: dict, message: Any) -> None:
        ctx["$game"].emit("note", message=str(message))

