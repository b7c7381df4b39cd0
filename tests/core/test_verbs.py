"""Issue 29 item 1: typed verbs — declared arguments, the rule stated once (candidates +
refusal), legal/check/apply derived, typed arguments for a user interface, legacy kinds kept."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from distant_galaxy import (
    Action,
    ActionKind,
    CellArg,
    Game,
    IllegalAction,
    MalformedAction,
    NameArg,
    NumberArg,
    Token,
    TypedAction,
    UnitArg,
    Verb,
    load_scenario,
    typed,
)

DATA = Path(__file__).resolve().parents[1] / "data"


class Hop(Verb):
    """``hop UNIT x,y``: one of your pawns to an empty cell next to it (a test verb)."""

    verb = "hop"
    args = (UnitArg(), CellArg())

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        grid = game.scenario.grid
        return [(t, c) for t in game.state.tokens.values() if t.owner == seat and t.pos
                for c in grid.neighbours(t.pos)]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        tok, to = move.args
        if tok.owner != seat:
            return f"{tok.id} is not yours"
        return f"{to[0]},{to[1]} is occupied" if to in game.state.board else None

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, to = move.args
        game.state.move_token(tok, to)


@pytest.fixture
def game() -> Game:
    return Game(load_scenario("breakthrough"), seed=1)


def test_usage_and_arity_follow_from_the_declared_arguments() -> None:
    assert Hop.usage == "hop UNIT x,y" and Hop.arity == (2, 2)


def test_check_parses_once_then_refuses_with_the_reason(game: Game) -> None:
    hop, seat = Hop(), game.pending.seat
    with pytest.raises(MalformedAction, match="usage is 'hop UNIT x,y'"):
        hop.check(game, seat, Action.parse("hop T1"))
    with pytest.raises(IllegalAction, match="there is no unit 'Z9'"):
        hop.check(game, seat, Action.parse("hop Z9 1,1"))
    with pytest.raises(MalformedAction, match="is not a cell"):
        hop.check(game, seat, Action.parse("hop T1 up"))
    with pytest.raises(IllegalAction, match="0,1 is occupied"):
        hop.check(game, seat, Action.parse("hop T1 0,1"))
    white = next(t for t in game.state.tokens.values() if t.owner != seat)
    with pytest.raises(IllegalAction, match=f"{white.id} is not yours"):
        hop.check(game, seat, Action.parse(f"hop {white.id} 0,3"))


def test_legal_is_the_candidates_the_refusal_accepts(game: Game) -> None:
    hop, seat = Hop(), game.pending.seat
    legal = list(hop.legal(game, seat))
    assert legal == hop.derived_legal(game, seat) and legal
    for action in legal:
        hop.check(game, seat, action)  # each listed action passes check
    assert all(str(a).startswith("hop T") for a in legal)


def test_apply_gives_perform_the_typed_arguments(game: Game) -> None:
    seen: list[tuple[Any, ...]] = []

    class Spy(Hop):
        def perform(self, game: Game, seat: str, move: TypedAction) -> None:
            seen.append(move.args)

    Spy().apply(game, game.pending.seat, Action.parse("hop T9 1,2"))
    ((tok, cell),) = seen
    assert isinstance(tok, Token) and tok.id == "T9" and cell == (1, 2)


def test_a_typed_action_lists_its_arguments_with_their_kinds(game: Game) -> None:
    game.kinds["hop"] = Hop()  # (this game only)
    move = typed(game, "hop T9 1,2")
    assert move.verb == "hop" and str(move) == "hop T9 1,2"
    assert [(p.kind, p.name) for p in move.params] == [("unit", "UNIT"), ("cell", "x,y")]
    ((_, tok), (_, cell)) = move.arguments()
    assert tok is game.state.tokens["T9"] and cell == (1, 2)


def test_a_legacy_kind_keeps_working_and_types_its_arguments_as_words(game: Game) -> None:
    class Shout(ActionKind):
        verb = "shout"

        def legal(self, game: Game, seat: str) -> Iterable[Action]:
            return [Action("shout", ("loud",))]

        def apply(self, game: Game, seat: str, action: Action) -> None:
            game.emit("shout", word=action.arg(0))

    game.kinds["shout"] = Shout()
    move = typed(game, "shout loud")
    assert move.args == ("loud",) and [p.kind for p in move.params] == ["word"]
    Shout().check(game, game.pending.seat, Action.parse("shout loud"))
    with pytest.raises(IllegalAction, match="not allowed now"):
        Shout().check(game, game.pending.seat, Action.parse("shout soft"))


def test_number_and_name_arguments(game: Game) -> None:
    number = NumberArg("N", lo=1, hi=3)
    assert number.parse(game, "black", "2") == 2 and number.domain(game.scenario) == ["1", "2", "3"]
    with pytest.raises(MalformedAction, match="N must be a number"):
        number.parse(game, "black", "two")
    name = NameArg("TYPE", choices=lambda sc: sorted(sc.unit_types), what="unit type")
    assert name.parse(game, "black", "pawn") == "pawn"
    with pytest.raises(IllegalAction, match="unknown unit type 'queen'"):
        name.parse(game, "black", "queen")


def test_end_is_a_verb() -> None:
    game = Game(load_scenario("asteroid-belt"), seed=3)
    end = game.kinds["end"]
    assert isinstance(end, Verb) and end.usage == "end" and end.arity == (0, 0)


def test_the_harness_finds_a_fast_legal_that_differs_from_the_rule(game: Game) -> None:
    from distant_galaxy.harness.conformance import fast_legal_differs

    class Hasty(Hop):
        def legal(self, game: Game, seat: str) -> Iterable[Action]:
            return self.derived_legal(game, seat)[1:]  # forgets one

    game.kinds["hop"] = Hasty()
    game._kinds_at.clear()
    (problem,) = fast_legal_differs(game)
    assert problem.startswith("'hop': its legal() lists [] that its rule refuses, and not ['hop T")
    game.kinds["hop"] = Hop()
    game._kinds_at.clear()
    assert fast_legal_differs(game) == []
