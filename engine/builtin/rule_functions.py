"""The engine's own rule functions, any scenario may use them — a built-in plugin.

``distance``, ``cell_type``, ``unit_at``, ``cells``, ``pool``, ``marker``, ``legal_count`` and the ``log``
effect, and the effects on tokens (:mod:`distant_galaxy.builtin.token_effects`): registered
through ``dg_rule_functions`` like a plugin's, by the manager every scenario gets
(:data:`distant_galaxy.plugins.BUILTIN_PLUGINS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.builtin.token_effects import register_token_effects
from distant_galaxy.errors import EngineError
from distant_galaxy.hookspecs import hookimpl

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Token
    from distant_galaxy.rules import Registry

Pos = tuple[int, int]


_LISTING: set[int] = set()  # the games whose legal actions a rule function is listing now


def legal_actions_for_rule(game: Game, name: str) -> list[Any]:
    """The pending decision's legal actions, for the rule function ``name`` (``no_legal_move``,
    ``legal_count``). Listing them evaluates the actions' ``where:`` rules; one of those that
    asks ``name()`` again would list them again without end, so that is refused with an
    EngineError (placed at the call by the rule's error handling)."""
    if id(game) in _LISTING:
        raise EngineError(f"{name}() lists the legal actions, which are being listed here: an "
                          f"action's where: may not ask it")
    _LISTING.add(id(game))
    try:
        return game.legal_actions()
    finally:
        _LISTING.discard(id(game))


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

    @reg.function("cell_type", ["place"], "The cell type at a cell (`[x, y]`), or under a "
                  "unit or site.", 'cell_type([x, y]) == "lane"', returns="str")
    def cell_type(ctx: dict, place: Any) -> str:
        return ctx["$game"].scenario.grid.cell_type(_pos_of(place))

    @reg.function("unit_at", ["x", "y"], "The unit on cell x,y, or none.",
                  "unit_at(0, 0) == none", returns="unit")
    def unit_at(ctx: dict, x: int, y: int) -> Token | None:
        return ctx["$game"].state.token_at((x, y))

    @reg.function("cells", [], "Every cell of the board as [x, y], row by row (to loop over: "
                  "`for c in cells() where unit_at(c[0], c[1]) == none: ...`).",
                  "count(c in cells() where unit_at(c[0], c[1]) == none) == 0",
                  returns="list")
    def cells(ctx: dict) -> list[list[int]]:
        return [[x, y] for x, y in ctx["$game"].scenario.grid.all_cells()]

    @reg.function("player_of", ["seat"], "The player of a seat (its counters and pools), or "
                  "none for a seat not in this game: what a function taking a player wants where "
                  "a rule has the seat's name.", 'pool(player_of(next_seat(seat)), "bag", "stone")'
                  ' == 0', returns="player")
    def player_of(ctx: dict, seat: str) -> Any:
        return ctx["$game"].state.players.get(seat)

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
        return len(legal_actions_for_rule(ctx["$game"], "legal_count"))

    @reg.effect("log", ["message"], "Write a note event into the game log.",
                'log("bonus granted")')
    def log(ctx: dict, message: Any) -> None:
        ctx["$game"].emit("note", message=str(message))


@hookimpl(tryfirst=True)
def dg_rule_functions(registry: Registry) -> None:
    """The engine's game functions, registered before any plugin's."""
    register_game_functions(registry)
    register_token_effects(registry)
