"""The players' verbs in an activation (RB.7, D6.2–D6.6): ``move M x,y``, ``fire M T``,
``board M T``, then ``end``. Each crewed model of the seat's squadron moves once and fires or
boards once per activation. Each is an :class:`~distant_galaxy.ActorVerb`: a model of the
seat's squadron (the actor) that may act, and the cells or models it may take."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import ActorVerb, CellArg, IllegalAction, TypedAction, UnitArg, Verb, require
from distant_galaxy_episodes.fleet_battle import combat
from distant_galaxy_episodes.fleet_battle.model import OK, fleet_of_seat, stat

if TYPE_CHECKING:
    from distant_galaxy import Game, Token

PHASES = frozenset({"activation", "lead", "reply", "trail"})
Pos = tuple[int, int]


def squadron(game: Game, seat: str) -> list[Token]:
    """The seat's crewed models on the board, by id."""
    found = [t for t in game.state.tokens.values()
             if t.owner == seat and t.attrs.get("fleet") and t.attrs.get("state", OK) == OK]
    return sorted(found, key=lambda t: (len(t.id), t.id))


def _listing(game: Game, seat: str) -> str:
    mine = squadron(game, seat)
    if not mine:
        return "your squadron has no crewed model left"
    return "your models: " + ", ".join(f"{t.id} at {t.pos[0]},{t.pos[1]}" for t in mine
                                       if t.pos is not None)


def own_model(game: Game, seat: str, tid: str) -> Token:
    """The seat's crewed model ``tid``, or the reason why not."""
    tok = game.state.tokens.get(tid)
    if tok is None or not tok.attrs.get("fleet"):
        raise IllegalAction(f"there is no model '{tid}'; {_listing(game, seat)}")
    require(tok.owner == seat, f"{tid} is not in your squadron; {_listing(game, seat)}")
    require(tok.attrs.get("state", OK) == OK,
            f"{tid} has no crew that obeys you ({tok.attrs.get('state')})")
    return tok


def _target(game: Game, seat: str, tid: str) -> Token:
    tok = game.state.tokens.get(tid)
    return require(tok if tok is not None and tok.attrs.get("fleet") else None,
                   f"there is no model '{tid}' on the board")


MODEL, TARGET = UnitArg("MODEL", find=own_model), UnitArg("TARGET", find=_target)


class _Kind(ActorVerb):
    """A verb of one crewed model of the seat's squadron (the actor) and its target."""

    phases = PHASES

    def actors(self, game: Game, seat: str) -> list[Token]:
        return squadron(game, seat) if fleet_of_seat(game.scenario, seat) else []


class _Deed(_Kind):
    """``fire`` or ``board``: the model's one deed of the turn."""

    def actor_refusal(self, game: Game, seat: str, tok: Token) -> str | None:
        return f"{tok.id} has already fired or boarded this turn" if tok.attrs.get("acted") \
            else None


class Move(_Kind):
    verb = "move"
    args = (MODEL, CellArg("X,Y"))
    doc = "Move one of your models up to its speed in hexes through empty hexes (once per turn)."

    def actor_refusal(self, game: Game, seat: str, tok: Token) -> str | None:
        return f"{tok.id} has already moved this turn" if tok.attrs.get("moved") else None

    def targets(self, game: Game, seat: str, tok: Token) -> dict[Pos, tuple[Pos, ...]]:
        return combat.moves(game, tok)

    def target_refusal(self, game: Game, seat: str, tok: Token, to: Pos) -> str:
        where = f"{to[0]},{to[1]}"
        return (f"{where} is off the map" if not game.scenario.grid.in_bounds(to) else
                f"{where} is not empty" if to in game.state.board else
                f"{tok.id} cannot reach {where}: speed "
                f"{stat(game.scenario, tok.type, 'speed')} through empty hexes")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, to = move.args
        combat.move(game, seat, tok, to, combat.moves(game, tok)[to])


class Fire(_Deed):
    verb = "fire"
    args = (MODEL, TARGET)
    doc = "Fire one of your models' guns at an enemy model in range (once per turn)."

    def targets(self, game: Game, seat: str, tok: Token) -> list[Token]:
        return combat.targets(game, tok)

    def target_refusal(self, game: Game, seat: str, tok: Token, target: Token) -> str:
        return (f"{target.id} is in your own fleet"
                if target.attrs.get("fleet") == tok.attrs.get("fleet") else
                f"{target.id} is not a crewed enemy model within {tok.id}'s range "
                f"({stat(game.scenario, tok.type, 'range')} hexes)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        combat.fire(game, seat, *move.args)


class Board(_Deed):
    doc = ("Board a crippled or abandoned enemy model next to yours, or recapture a prize of "
           "your fleet (instead of firing).")
    verb, args = "board", (MODEL, TARGET)

    def targets(self, game: Game, seat: str, tok: Token) -> list[Token]:
        return combat.boardable(game, tok)

    def target_refusal(self, game: Game, seat: str, tok: Token, target: Token) -> str:
        return (f"{target.id} cannot be boarded from {tok.id}: it must be next to it and be a "
                "crippled or abandoned enemy, or a prize of your fleet")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        combat.board(game, seat, *move.args)


def action_kinds() -> list[Verb]:
    """The verbs of an activation."""
    return [Move(), Fire(), Board()]
