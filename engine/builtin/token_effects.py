"""Rule effects on tokens — move, place and remove a token, give it to another seat, set a
token's counter — and the rule functions that find them (``unit_of``, ``counter``): registered
by the built-in rule functions plugin, so every scenario's triggers and ``do:`` actions may use
them.

Every change is logged as an event with its reason (the trigger or action that made it), like a
player counter's: ``move``, ``place``, ``remove``, ``owner`` and ``token_counter``. A change the
board cannot take (a cell off the board or occupied, a token that is gone) refuses the action that
caused it, with the rule and the reason, and the game stays as it was.

A token's counters live in the token's free attributes (``unit.attrs``) under their name;
``counter(unit, name)`` reads one, falling back to the unit type's stat of that name, then 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import IllegalAction

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Token
    from distant_galaxy.rules import Registry

__all__ = ["register_token_effects"]


def _reason(ctx: dict) -> str:
    return str(ctx.get("$reason", "rule"))


def _seat(ctx: dict) -> str | None:
    seat = ctx.get("seat")
    if seat is None:
        try:
            seat = ctx["seat"]  # a RuleContext computes it from the game
        except KeyError:
            return None
    return seat if isinstance(seat, str) else None


def _live(game: Game, unit: Any, effect: str) -> Token:
    """The game's token behind ``unit`` (a unit view or a token id), or a refusal."""
    tid = unit if isinstance(unit, str) else getattr(unit, "id", None)
    tok = game.state.tokens.get(tid) if isinstance(tid, str) else None
    if tok is None:
        if unit is None:
            raise IllegalAction(f"{effect}: the token given is none (no token there)")
        raise IllegalAction(f"{effect}: there is no token {unit!r} (none, or already removed)")
    return tok


def _cell(game: Game, x: int, y: int, effect: str) -> tuple[int, int]:
    pos = (x, y)
    grid = game.scenario.grid
    if not grid.in_bounds(pos):
        raise IllegalAction(f"{effect}: cell {x},{y} is off the board "
                            f"({grid.width}x{grid.height})")
    return pos


def _fields(ctx: dict, tok: Token) -> dict[str, Any]:
    out: dict[str, Any] = {}
    seat = _seat(ctx)
    if seat is not None:
        out["seat"] = seat
    out.update(token=tok.id, unit=tok.type)
    return out


def register_token_effects(reg: Registry) -> None:
    """The effects on tokens and the functions that find tokens (any scenario may use them)."""

    @reg.function("unit_of", ["seat", "unit_type"], "The first token (by id) of a unit type "
                  "that a seat owns on the board, or none.",
                  'unit_of(player.seat, "runner").x', returns="unit")
    def unit_of(ctx: dict, seat: str, unit_type: str) -> Token | None:
        found = [t for t in ctx["$game"].state.tokens.values()
                 if t.owner == seat and t.type == unit_type and t.pos is not None]
        return min(found, key=lambda t: (len(t.id), t.id)) if found else None

    @reg.function("counter", ["unit", "name"], "A token's counter (set by `set_counter`), else "
                  "its unit type's stat of that name, else 0.",
                  'counter(unit, "hp") > 0', returns="number")
    def counter(ctx: dict, unit: Any, name: str) -> Any:
        tok = _live(ctx["$game"], unit, "counter()")
        if name in tok.attrs:
            return tok.attrs[name]
        stat = ctx["$game"].scenario.unit_types.get(tok.type, {}).get(name)
        return stat if isinstance(stat, int | float) and not isinstance(stat, bool) else 0

    @reg.effect("move_token", ["unit", "x", "y"], "Move a token to the empty cell x,y "
                "(logged as a `move` event with the reason).",
                "move_token(unit, unit.x + 1d6, unit.y)")
    def move_token(ctx: dict, unit: Any, x: int, y: int) -> None:
        game: Game = ctx["$game"]
        tok = _live(game, unit, "move_token()")
        pos = _cell(game, x, y, "move_token()")
        if tok.pos == pos:
            return
        before = tok.pos
        game.state.move_token(tok, pos)
        game.emit("move", **_fields(ctx, tok), **{"from": list(before) if before else None},
                  to=list(pos), reason=_reason(ctx))

    @reg.effect("place_token", ["unit_type", "owner", "x", "y"], "Put a new token of a unit "
                "type (owned by a seat, or none) on the empty cell x,y (a `place` event).",
                'place_token("runner", player.seat, 0, 0)')
    def place_token(ctx: dict, unit_type: str, owner: Any, x: int, y: int) -> None:
        game: Game = ctx["$game"]
        if unit_type not in game.scenario.unit_types:
            raise IllegalAction(f"place_token(): unknown unit type {unit_type!r}")
        if owner is not None and owner not in game.state.players:
            raise IllegalAction(f"place_token(): {owner!r} is not a seat of this game")
        pos = _cell(game, x, y, "place_token()")
        tok = game.state.add_token(unit_type, owner, pos)
        game.emit("place", **_fields(ctx, tok), owner=owner, to=list(pos), reason=_reason(ctx))

    @reg.effect("remove_token", ["unit"], "Take a token off the game (a `remove` event).",
                "remove_token(unit)")
    def remove_token(ctx: dict, unit: Any) -> None:
        game: Game = ctx["$game"]
        tok = _live(game, unit, "remove_token()")
        at = list(tok.pos) if tok.pos is not None else None
        game.state.remove_token(tok)
        game.emit("remove", **_fields(ctx, tok), owner=tok.owner, at=at, reason=_reason(ctx))

    @reg.effect("set_owner", ["unit", "seat"], "Give a token to another seat (or to none: "
                "neutral) where it stands, as Othello flips a disc (an `owner` event).",
                "set_owner(unit_at(x, y), seat)")
    def set_owner(ctx: dict, unit: Any, seat: Any) -> None:
        game: Game = ctx["$game"]
        tok = _live(game, unit, "set_owner()")
        if seat is not None and seat not in game.state.players:
            raise IllegalAction(f"set_owner(): {seat!r} is not a seat of this game")
        was = tok.owner
        if was == seat:
            return
        game.state.set_owner(tok, seat)
        game.emit("owner", **_fields(ctx, tok), owner=seat, was=was,
                  at=list(tok.pos) if tok.pos is not None else None, reason=_reason(ctx))

    @reg.effect("set_counter", ["unit", "name", "value"], "Set a token's counter (read with "
                "`counter(unit, name)`; a `token_counter` event).",
                'set_counter(unit, "hp", counter(unit, "hp") - 1)')
    def set_counter(ctx: dict, unit: Any, name: str, value: int) -> None:
        game: Game = ctx["$game"]
        tok = _live(game, unit, "set_counter()")
        if not name.isidentifier():
            raise IllegalAction(f"set_counter(): {name!r} is not a counter name")
        old = counter(ctx, tok, name)
        tok.attrs[name] = value
        game.emit("token_counter", token=tok.id, unit=tok.type, counter=name,
                  delta=value - old, value=value, reason=_reason(ctx))
