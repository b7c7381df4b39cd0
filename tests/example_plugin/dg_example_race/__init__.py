"""A tiny example plugin: a dice race (docs/plugins.md walks through it).

Each seat has one runner. On its turn a seat may ``step`` its runner one cell right (free, undoable)
or ``roll`` a die and move that many cells right (ends the turn). The first runner on the last
column wins (a victory condition written in the scenario's YAML, not here).
"""

from __future__ import annotations

from distant_galaxy import Game, Token, TypedAction, Verb, hookimpl


def _runner(game: Game, seat: str) -> Token:
    return next(t for t in game.state.tokens.values() if t.owner == seat)


class Step(Verb):
    verb = "step"
    doc = "Move your runner one cell to the right (once per turn)."

    def candidates(self, game: Game, seat: str) -> list[tuple[()]]:
        return [()]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        x, y = _runner(game, seat).pos or (0, 0)
        if game.state.attrs.get("stepped"):
            return "you already stepped this turn"
        if not game.scenario.grid.in_bounds((x + 1, y)) or (x + 1, y) in game.state.board:
            return "your runner cannot step: it is at the end, or the cell ahead is taken"
        return None

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok = _runner(game, seat)
        x, y = tok.pos or (0, 0)
        game.state.move_token(tok, (x + 1, y))
        game.state.attrs["stepped"] = True
        game.emit("move", seat=seat, token=tok.id, unit=tok.type, to=[x + 1, y],
                  path=[[x + 1, y]], **{"from": [x, y]})


class Roll(Verb):
    verb = "roll"
    doc = "Roll a die and run that many cells right; your turn ends."

    def candidates(self, game: Game, seat: str) -> list[tuple[()]]:
        return [()]

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok = _runner(game, seat)
        n = game.dice.roll(game.scenario.data["race"]["die"], purpose="run")
        x, y = tok.pos or (0, 0)
        to = (min(x + n, game.scenario.grid.width - 1), y)
        game.state.move_token(tok, to)
        game.emit("move", seat=seat, token=tok.id, unit=tok.type, to=list(to),
                  path=[list(to)], **{"from": [x, y]})
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


@hookimpl
def dg_state_schema(scenario):
    """What the plugin keeps in a game's state (checked when a save loads): ``stepped``."""
    return {"state": {"stepped": {"type": "boolean"}}}
