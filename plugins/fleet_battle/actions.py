"""The players' verbs in an activation (RB.7, D6.2–D6.6): ``move M x,y``, ``fire M T``,
``board M T``, then ``end``. Each crewed model of the seat's squadron moves once and fires or
boards once per activation; ``check`` says why an action is refused."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from distant_galaxy import Action, ActionKind, IllegalAction, parse_pos, require
from distant_galaxy_episodes.fleet_battle import combat
from distant_galaxy_episodes.fleet_battle.model import OK, fleet_of_seat, stat

if TYPE_CHECKING:
    from distant_galaxy import Game, Token

PHASES = frozenset({"activation", "lead", "reply", "trail"})


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


def _target(game: Game, tid: str) -> Token:
    tok = game.state.tokens.get(tid)
    return require(tok if tok is not None and tok.attrs.get("fleet") else None,
                   f"there is no model '{tid}' on the board")


class _Kind(ActionKind):
    phases = PHASES
    arity = (2, 2)

    def _squad(self, game: Game, seat: str) -> Iterable[Token]:
        return squadron(game, seat) if fleet_of_seat(game.scenario, seat) else []

    def _ready_model_and_target(self, game: Game, seat: str,
                                action: Action) -> tuple[Token, Token]:
        """``MODEL TARGET`` of a fire or board: the seat's crewed model that has not fired or
        boarded this turn, and a model on the board (else the reason why not)."""
        require(len(action.args) == 2, f"usage: {self.usage}")
        tok = own_model(game, seat, action.arg(0))
        target = _target(game, action.arg(1))
        require(not tok.attrs.get("acted"), f"{tok.id} has already fired or boarded this turn")
        return tok, target


class Move(_Kind):
    verb = "move"
    usage = "move MODEL X,Y"
    doc = "Move one of your models up to its speed in hexes through empty hexes (once per turn)."

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        return [Action.of("move", tok.id, cell) for tok in self._squad(game, seat)
                for cell in combat.moves(game, tok)]

    def check(self, game: Game, seat: str, action: Action) -> None:
        require(len(action.args) == 2, f"usage: {self.usage}")
        tok = own_model(game, seat, action.arg(0))
        to = parse_pos(action.arg(1))
        require(not tok.attrs.get("moved"), f"{tok.id} has already moved this turn")
        require(game.scenario.grid.in_bounds(to), f"{action.arg(1)} is off the map")
        require(to not in game.state.board, f"{action.arg(1)} is not empty")
        require(to in combat.moves(game, tok),
                f"{tok.id} cannot reach {action.arg(1)}: speed "
                f"{stat(game.scenario, tok.type, 'speed')} through empty hexes")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = own_model(game, seat, action.arg(0))
        to = parse_pos(action.arg(1))
        combat.move(game, seat, tok, to, combat.moves(game, tok)[to])


class Fire(_Kind):
    verb = "fire"
    usage = "fire MODEL TARGET"
    doc = "Fire one of your models' guns at an enemy model in range (once per turn)."

    def candidates(self, game: Game, seat: str) -> Iterable[Action]:
        for tok in self._squad(game, seat):
            for t in combat.targets(game, tok):
                yield Action.of("fire", tok.id, t.id)

    def check(self, game: Game, seat: str, action: Action) -> None:
        tok, target = self._ready_model_and_target(game, seat, action)
        require(target.attrs.get("fleet") != tok.attrs.get("fleet"),
                f"{target.id} is in your own fleet")
        require(target in combat.targets(game, tok),
                f"{target.id} is not a crewed enemy model within {tok.id}'s range "
                f"({stat(game.scenario, tok.type, 'range')} hexes)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        combat.fire(game, seat, own_model(game, seat, action.arg(0)),
                    _target(game, action.arg(1)))


class Board(_Kind):
    verb = "board"
    usage = "board MODEL TARGET"
    doc = ("Board a crippled or abandoned enemy model next to yours, or recapture a prize of "
           "your fleet (instead of firing).")

    def candidates(self, game: Game, seat: str) -> Iterable[Action]:
        for tok in self._squad(game, seat):
            for t in combat.boardable(game, tok):
                yield Action.of("board", tok.id, t.id)

    def check(self, game: Game, seat: str, action: Action) -> None:
        tok, target = self._ready_model_and_target(game, seat, action)
        require(combat.board_need(game, tok, target) is not None,
                f"{target.id} cannot be boarded from {tok.id}: it must be next to it and be a "
                "crippled or abandoned enemy, or a prize of your fleet")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        combat.board(game, seat, own_model(game, seat, action.arg(0)),
                     _target(game, action.arg(1)))


def action_kinds() -> list[ActionKind]:
    """The verbs of an activation."""
    return [Move(), Fire(), Board()]
