"""A tiny example plugin: a dice race (docs/plugins.md walks through it).

Each seat has one runner. On its turn a seat may ``step`` its runner one cell right (free, undoable)
or ``roll`` a die and move that many cells right (ends the turn). The first runner on the last
column wins (a victory condition written in the scenario's YAML, not here).
"""

from __future__ import annotations

from collections.abc import Iterable

from distant_galaxy import Action, ActionKind, Game, hookimpl, require


def _runner(game: Game, seat: str):
    return next(t for t in game.state.tokens.values() if t.owner == seat)


class Step(ActionKind):
    verb = "step"
    usage = "step"
    doc = "Move your runner one cell to the right (once per turn)."

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        tok = _runner(game, seat)
        x, y = tok.pos
        if not game.state.attrs.get("stepped") and game.scenario.grid.in_bounds((x + 1, y)) \
                and (x + 1, y) not in game.state.board:
            yield Action("step")

    def check(self, game: Game, seat: str, action: Action) -> None:
        require(not action.args, "step takes no argument")
        require(not game.state.attrs.get("stepped"), "you already stepped this turn")
        tok = _runner(game, seat)
        x, y = tok.pos
        require(game.scenario.grid.in_bounds((x + 1, y)), "your runner is at the end")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = _runner(game, seat)
        x, y = tok.pos
        game.state.move_token(tok, (x + 1, y))
        game.state.attrs["stepped"] = True
        game.emit("move", token=tok.id, path=[[x + 1, y]], cost=0)


class Roll(ActionKind):
    verb = "roll"
    usage = "roll"
    doc = "Roll a die and run that many cells right; your turn ends."

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        yield Action("roll")

    def check(self, game: Game, seat: str, action: Action) -> None:
        require(not action.args, "roll takes no argument")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = _runner(game, seat)
        n = game.dice.roll(game.scenario.data["race"]["die"], purpose="run")
        x, y = tok.pos
        to = (min(x + n, game.scenario.grid.width - 1), y)
        game.state.move_token(tok, to)
        game.emit("move", token=tok.id, path=[list(to)], cost=0)
        game.end_decision()


@hookimpl
def dg_action_kinds(scenario):
    """The race adds two verbs."""
    return [Step(), Roll()]


@hookimpl
def dg_turn_start(game, seat):
    """A new turn: the runner may step again."""
    game.state.attrs.pop("stepped", None)


@hookimpl
def dg_schema_sections():
    """The plugin's own section: ``race: {die: 6}``."""
    return {"race": {"type": "object", "additionalProperties": False,
                     "properties": {"die": {"type": "integer", "minimum": 2}},
                     "required": ["die"]}}
