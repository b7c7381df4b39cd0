"""The evaluation context of a rule: :class:`RuleContext`, built from a live game.

A rule's names (``units``, ``player``, ``round``…) are read from the game the first time a rule
uses them; what a rule may name and call is set at compile time by
:mod:`distant_galaxy.scenario.bindings`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Player, Site, Token
    from distant_galaxy.core.view import GameLike


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

    def __init__(self, game: GameLike, **names: Any):
        if names:  # (no super().__init__: half the cost of making a context)
            self.update(names)
        self["$game"] = game

    def __missing__(self, key: str) -> Any:
        make = _LAZY.get(key)
        if make is None:
            raise KeyError(key)
        value = self[key] = make(self, self["$game"])
        return value


def seat_context(game: Game, seat: str, player: Any) -> RuleContext:
    """``RuleContext(game, seat=seat, player=player)``, the same dict in the same key order,
    made without keyword arguments (calling a dict subclass with them costs twice as much):
    for the victory conditions evaluated once per player after every action."""
    ctx = _new_dict(RuleContext)
    ctx["seat"] = seat
    ctx["player"] = player
    ctx["$game"] = game
    return ctx


def game_context(game: Game) -> RuleContext:
    """``RuleContext(game)``, made the same cheaper way (the victory checks make one per
    action)."""
    ctx = _new_dict(RuleContext)
    ctx["$game"] = game
    return ctx


_new_dict = dict.__new__


def _seat(ctx: RuleContext, game: Game) -> str:
    st = game.state
    return st.pending.seat if st.pending else st.active_seat


def _roller(game: Game) -> Callable[[int, int, str], int]:
    def roll(n: int, sides: int, text: str) -> int:
        return sum(game.dice.roll(sides, purpose=f"rule {text}") for _ in range(n))
    return roll


def _roll(ctx: RuleContext, game: Game) -> Callable[[int, int, str], int]:
    return _roller(game)  # made when first needed (most rules roll no dice)


def _units(ctx: RuleContext, game: Game) -> list[Token]:
    return [t for t in game.state.tokens.values() if t.pos is not None]


def _sites(ctx: RuleContext, game: Game) -> list[Site]:
    return list(game.state.sites.values())


def _players(ctx: RuleContext, game: Game) -> list[Player]:
    st = game.state
    return [st.players[s] for s in st.seats]


def _round(ctx: RuleContext, game: Game) -> int:
    return game.state.round


def _turn(ctx: RuleContext, game: Game) -> int:
    return game.state.turn


def _params(ctx: RuleContext, game: Game) -> dict[str, Any]:
    return game.scenario.params


def _player(ctx: RuleContext, game: Game) -> Player:
    return game.state.players[ctx["seat"]]


#: The names a context computes from the game when a rule first uses them.
_LAZY: dict[str, Callable[[RuleContext, Game], Any]] = {
    "$roll": _roll, "units": _units, "sites": _sites, "players": _players, "round": _round,
    "turn": _turn, "params": _params, "seat": _seat, "player": _player,
}


__all__ = ["RuleContext", "game_context", "seat_context"]
