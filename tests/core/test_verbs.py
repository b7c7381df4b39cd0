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
    ActorVerb,
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
    verb_rule,
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
    with pytest.warns(DeprecationWarning, match="Shout subclasses ActionKind, which is deprecated"):
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
    # the bounds refuse too, not only give the domain (a plugin's verb that trusted them let a
    # person's 'sprint -5' carry a piece off the board)
    for text in ("0", "4", "-5"):
        with pytest.raises(IllegalAction, match=f"N must be from 1 to 3, got {text}"):
            number.parse(game, "black", text)
    with pytest.raises(IllegalAction, match="N must be at least 1, got 0"):
        NumberArg("N", lo=1).parse(game, "black", "0")
    assert NumberArg("N", hi=3).parse(game, "black", "-7") == -7
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


# -- ActorVerb: an actor that may act and the targets it may take ------------------------------
class Push(ActorVerb):
    """``push UNIT x,y``: a pawn of the seat (one not tired) to an empty cell next to it; its
    targets come from a memo (the same tuple again while the board is the same)."""

    verb = "push"
    args = (UnitArg(find=lambda game, seat, tid: game.state.tokens.get(tid)), CellArg())

    def __init__(self) -> None:
        self.prepared = 0
        self.memo: dict[Any, tuple[tuple[int, int], ...]] = {}

    def prepare(self, game: Game, seat: str) -> None:
        self.prepared += 1

    def actors(self, game: Game, seat: str) -> list[Token]:
        return [t for t in game.state.tokens.values() if t.owner == seat]

    def actor_refusal(self, game: Game, seat: str, tok: Token | str) -> str | None:
        if isinstance(tok, str):
            return f"there is no pawn '{tok}'"
        return f"{tok.id} is not yours" if tok.owner != seat else (
            f"{tok.id} is tired" if tok.attrs.get("tired") else None)

    def targets(self, game: Game, seat: str, tok: Token) -> tuple[tuple[int, int], ...]:
        key = (tok.pos, frozenset(game.state.board))
        if key not in self.memo:
            self.memo[key] = tuple(c for c in game.scenario.grid.neighbours(tok.pos)
                                   if c not in game.state.board)
        return self.memo[key]

    def target_refusal(self, game: Game, seat: str, tok: Token, to: tuple[int, int]) -> str:
        return f"{to[0]},{to[1]} is not an empty cell next to {tok.id}"


def test_an_actor_verb_derives_candidates_refusal_and_a_fast_legal(game: Game) -> None:
    push, seat = Push(), game.pending.seat
    legal = push.legal(game, seat)
    assert push.prepared == 1                     # once in a listing, before the first targets
    assert legal and legal == push.derived_legal(game, seat)          # the same list, in order
    mine = next(t for t in game.state.tokens.values() if t.owner == seat
                and push.targets(game, seat, t))     # a pawn of the front row
    theirs = next(t for t in game.state.tokens.values() if t.owner != seat)
    to = push.targets(game, seat, mine)[0]
    assert push.refusal(game, seat, TypedAction(push, (mine, to))) is None
    assert push.refusal(game, seat, TypedAction(push, (theirs, to))) == f"{theirs.id} is not yours"
    with pytest.raises(IllegalAction, match=f"0,0 is not an empty cell next to {mine.id}"):
        push.check(game, seat, Action("push", (mine.id, "0,0")))
    with pytest.raises(IllegalAction, match="there is no pawn 'Z9'"):  # found nothing: its text
        push.check(game, seat, Action("push", ("Z9", "0,0")))
    mine.attrs["tired"] = True
    assert all(a.args[0] != mine.id for a in push.legal(game, seat))


def test_forget_made_empties_the_tables_and_the_listings_are_equal_again(game: Game) -> None:
    """Between the games of a batch (``Scenario.forget_made_actions``) a verb lets go of its
    made actions and an ``ActorVerb`` of its listings: memory of one game, the same actions."""
    push, seat = Push(), game.pending.seat
    first = push.legal(game, seat)
    assert push._made == len(first) and push._listed
    push.forget_made()
    assert push._rows is None and push._made == 0 and push._listed is None
    again = push.legal(game, seat)
    assert again == first and all(a is not b for a, b in zip(first, again, strict=True))


def test_an_actor_verb_without_its_parts_names_what_it_lacks(game: Game) -> None:
    """``actors`` and (for a verb of an actor and a target) ``targets`` are the parts an
    ``ActorVerb`` must give: a verb without them fails naming the class and the part."""

    class Idle(ActorVerb):
        verb = "idle"
        args = (UnitArg(find=lambda game, seat, tid: game.state.tokens.get(tid)), CellArg())

    class Aimless(Push):
        targets = ActorVerb.targets

    seat = game.pending.seat
    with pytest.raises(NotImplementedError, match="Idle defines no actors"):
        Idle().legal(game, seat)
    with pytest.raises(NotImplementedError, match="Aimless defines no targets"):
        Aimless().legal(game, seat)


def test_an_actor_verb_hands_out_actions_made_once(game: Game) -> None:
    push, seat = Push(), game.pending.seat
    first = push.legal(game, seat)
    again = push.legal(game.clone(), seat)         # a clone: other tokens, the same text
    assert again == first and all(a is b for a, b in zip(first, again, strict=True))
    tid, cell = first[0].args
    x, y = cell.split(",")
    assert push.action_of((game.state.tokens[tid], (int(x), int(y)))) is first[0]


def test_targets_first_asks_the_actors_refusal_only_with_targets(game: Game) -> None:
    asked: list[str] = []

    class Lazy(Push):
        targets_first = True

        def actor_refusal(self, game: Game, seat: str, tok: Token | str) -> str | None:
            asked.append(str(getattr(tok, "id", tok)))
            return super().actor_refusal(game, seat, tok)

    lazy, seat = Lazy(), game.pending.seat
    assert lazy.legal(game, seat) == Push().legal(game, seat)
    with_targets = [t.id for t in lazy.actors(game, seat) if lazy.targets(game, seat, t)]
    assert asked == with_targets and len(asked) < len(lazy.actors(game, seat))


def test_verb_rule_gives_a_rule_function_as_a_method(game: Game) -> None:
    def tired(game: Game, seat: str, tok: Token) -> str | None:
        return f"{tok.id} rests" if tok.owner == seat else "not yours"

    class Resting(Push):
        actor_refusal = verb_rule(tired)

    assert Resting().legal(game, game.pending.seat) == []
    mine = next(t for t in game.state.tokens.values() if t.owner == game.pending.seat)
    assert Resting().refusal(game, game.pending.seat, TypedAction(Resting(), (mine, (0, 0)))) \
        == f"{mine.id} rests"


def test_the_table_of_made_actions_starts_again_past_its_limit(game: Game, monkeypatch) -> None:
    import distant_galaxy.core.verbs as verbs

    monkeypatch.setattr(verbs, "MADE_LIMIT", 3)
    hop = Hop()
    made = [hop.action_of((game.state.tokens[t], (0, 0))) for t in ("T1", "T2", "T3")]
    assert hop.action_of((game.state.tokens["T2"], (0, 0))) is made[1] and hop._made == 3
    hop.action_of((game.state.tokens["T4"], (0, 0)))  # the fourth: past the limit
    again = hop.action_of((game.state.tokens["T1"], (0, 0)))  # a new table: made again
    assert again == made[0] and again is not made[0] and hop._made == 1
