"""Action kinds (core/actions.py): a kind states its rule once, ``require`` narrows, ``pure``;
subclassing ``ActionKind`` directly is deprecated (a warning naming the class and the release
that removes it): the legacy kinds here are written so on purpose and expect the warning."""

from __future__ import annotations

import warnings
from collections.abc import Iterable

import pytest

from distant_galaxy import Action, ActionKind, EndAction, Game, IllegalAction, Verb, require
from distant_galaxy.builtin.board.kinds import MoveKind, PlaceKind
from distant_galaxy.core.actions import ACTIONKIND_REMOVED_IN, END


def legacy() -> pytest.WarningsChecker:
    """Expect the deprecation warning of a class statement that subclasses ``ActionKind``."""
    return pytest.warns(DeprecationWarning, match=r"subclasses ActionKind, which is deprecated")


with legacy():
    class Hop(ActionKind):
        """A kind written as candidates and one check: ``hop N`` for N in 1..3, only N odd."""

        verb = "hop"
        arity = (1, 1)

        def candidates(self, game: Game, seat: str) -> Iterable[Action]:
            return [Action.of("hop", n) for n in (1, 2, 3)]

        def check(self, game: Game, seat: str, action: Action) -> None:
            self.check_arity(action)
            n = action.int(0)
            require(n % 2 == 1, f"{action}: only odd hops")

    class Listed(ActionKind):
        verb = "listed"

        def legal(self, game: Game, seat: str) -> Iterable[Action]:
            return [Action("listed", ("a",))]


def test_subclassing_action_kind_directly_warns_naming_the_class_and_the_release():
    with pytest.warns(DeprecationWarning) as seen:
        class Old(ActionKind):
            verb = "old"
    (warning,) = seen
    text = str(warning.message)
    assert "test_actions" in text and "Old subclasses ActionKind" in text
    assert f"removed in distant_galaxy {ACTIONKIND_REMOVED_IN}" in text
    assert "distant_galaxy.Verb" in text and warning.filename == __file__  # the class statement
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a Verb, or a subclass of a legacy kind: no warning

        class New(Verb):
            verb = "new"

        class Older(Old):
            pass


def test_legal_is_the_candidates_that_pass_check():
    assert [str(a) for a in Hop().legal(None, "x")] == ["hop 1", "hop 3"]  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="hop 2: only odd hops"):
        Hop().check(None, "x", Action.of("hop", 2))  # type: ignore[arg-type]


def test_check_is_membership_in_legal():
    Listed().check(None, "x", Action("listed", ("a",)))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="listed b: not allowed now"):
        Listed().check(None, "x", Action("listed", ("b",)))  # type: ignore[arg-type]


def test_a_kind_must_state_its_rule():
    with legacy():
        class Nothing(ActionKind):
            verb = "nothing"

    with pytest.raises(NotImplementedError, match="neither legal"):
        Nothing().legal(None, "x")  # type: ignore[arg-type]

    with legacy():
        class OnlyCandidates(ActionKind):
            verb = "only"

            def candidates(self, game: Game, seat: str) -> Iterable[Action]:
                return [Action("only")]

    with pytest.raises(NotImplementedError, match="neither legal"):
        OnlyCandidates().legal(None, "x")  # type: ignore[arg-type]


def test_require_returns_the_value_it_tested():
    found: dict[str, int] = {"a": 1}
    value: int = require(found.get("a"), "missing")
    assert value == 1
    with pytest.raises(IllegalAction, match=r"^missing b$"):
        require(found.get("b"), "missing b")
    assert require(True, "never") is True


def test_end_is_one_predicate(race):
    game = Game(race, seed=5)
    seat = game.pending.seat
    assert list(EndAction().legal(game, seat)) == [END]
    race.phases[game.state.phase]["end"] = False  # this phase cannot be ended by `end`
    assert list(EndAction().legal(game, seat)) == []
    with pytest.raises(IllegalAction, match=r"^this decision cannot be ended by 'end': make a move$"):
        EndAction().check(game, seat, END)


def test_pure_is_declared_and_a_new_apply_drops_it():
    assert EndAction.pure and PlaceKind.pure and MoveKind.pure
    assert not ActionKind.pure

    class Quiet(EndAction):  # same apply: still pure
        pass

    class Loud(EndAction):
        def apply(self, game: Game, seat: str, action: Action) -> None:
            game.state.attrs["loud"] = True

    class LoudButSays(Loud):
        pure = True

    assert Quiet.pure and not Loud.pure and LoudButSays.pure


def test_actions_are_equal_and_hash_by_verb_and_arguments_alone():
    """``__eq__`` and ``__hash__`` are written out (the compiled build compiles them) with the
    values ``dataclass`` would give: the text form, made on first use, plays no part."""
    a, b = Action("move", ("1,2", "3,4")), Action.parse("move 1,2 3,4")
    str(a)  # a has its text, b not yet
    assert a == b and hash(a) == hash(b) == hash(("move", ("1,2", "3,4")))
    assert {a: 1}[b] == 1
    assert a != Action("move", ("1,2",)) and a != Action("place", a.args)
    assert a != "move 1,2 3,4" and (a == object()) is False

    class Other(Action):
        __slots__ = ()

    assert Other("move", a.args) != a  # another class is never equal, as dataclass compares
