"""The journal undo record (core/journal.py): what an action edits is saved before it is edited,
and ``restore`` puts the state back as a full copy would (values and dict orders)."""

from __future__ import annotations

import pytest

from distant_galaxy import load_scenario
from distant_galaxy.core.actions import ActionKind
from distant_galaxy.core.game import Game
from distant_galaxy.core.journal import Journal, save
from distant_galaxy.core.state import GameState, Pending, Player, Site
from distant_galaxy.core.verbs import EndAction


def _state() -> GameState:
    st = GameState(seats=["a", "b"], players={"a": Player("a", None, {"gold": 3}),
                                              "b": Player("b", None)})
    st.sites["s1"] = Site("s1", "rock", (0, 0), markers={"flag": "a"})
    st.add_token("scout", "a", (1, 1), attrs={"hp": 2})
    st.add_token("scout", "b", (2, 2))
    st.attrs["log"] = {"x": 1}
    st.pending = Pending("a", "main")
    return st


def _shape(st: GameState) -> tuple:
    return (st.canonical(), list(st.board.items()), list(st.tokens),
            [(t.id, list(t.attrs)) for t in st.tokens.values()], list(st.attrs))


def test_restore_takes_back_moves_new_and_removed_tokens_and_saved_edits():
    st = _state()
    before, copy = _shape(st), st.clone()
    j = st.journal = Journal(st)
    t1, t2 = st.tokens["T1"], st.tokens["T2"]
    st.move_token(t1, (3, 3))                      # saved by the mutator itself
    st.remove_token(t2)
    st.add_token("miner", "a", (2, 2))
    save(st, t1)
    t1.attrs["hp"] = 1
    save(st, st.sites["s1"])
    st.sites["s1"].markers = {"mine": "a"}
    save(st, st.players["a"])
    st.players["a"].counters["gold"] = 9
    st.attrs["log"]["x"] = 2                       # one level deep: copied with the attrs
    st.round, st.pending, st.rolls = 4, None, 7
    st.journal = None
    assert j.restore() is st
    assert _shape(st) == before and st == copy
    assert st.tokens["T1"] is t1 and st.tokens["T2"] is t2  # the same objects, put back


def test_save_outside_an_action_does_nothing():
    st = _state()
    save(st, st.tokens["T1"])  # no journal: no error, nothing kept
    assert st.journal is None


def test_a_new_apply_drops_the_journaled_promise_unless_declared_again():
    with pytest.warns(DeprecationWarning, match="subclasses ActionKind"):  # (a legacy kind)
        class Edits(ActionKind):
            journaled = True

            def apply(self, game, seat, action):  # pragma: no cover - never applied
                pass

    class Careless(Edits):
        def apply(self, game, seat, action):  # pragma: no cover - never applied
            pass

    assert Edits.journaled and not Careless.journaled and EndAction.journaled
    assert not ActionKind.journaled


def test_only_games_whose_kinds_and_play_hooks_all_say_so_take_journals():
    # generic kinds make no promise; the aborigines' play hooks neither; Asteroid Belt does
    assert not Game(load_scenario("tic-tac-toe"), seed=1).journaled
    assert not Game(load_scenario("aborigine-clash"), seed=1).journaled
    assert Game(load_scenario("asteroid-belt"), seed=1).journaled
