"""The state's assembled text (GameState.text, issue 35 item 5): the characters of
GameState.canonical, hence the same state hash in every log, from remembered parts."""

from __future__ import annotations

import json
import random

import pytest

from distant_galaxy.core import state as state_module
from distant_galaxy.core.game import Game
from distant_galaxy.core.state import GameState, Player, Token
from distant_galaxy.errors import ActionError
from distant_galaxy.scenario.catalog import catalog
from distant_galaxy.scenario.load import load_scenario


def same(st: GameState) -> None:
    assert st.text() == st.canonical()
    assert st.hash() == st.hash(fresh=True)


@pytest.mark.parametrize("scenario_id", sorted(e["id"] for e in catalog()))
def test_random_games_with_undo_refusals_and_clones(scenario_id: str) -> None:
    scenario = load_scenario(scenario_id)
    for seed in range(2):
        game, rng = Game(scenario, seed=seed), random.Random(seed)
        same(game.state)
        for _ in range(120):
            acts = game.legal_actions()
            if game.over or not acts:
                break
            try:
                game.apply("no such action 9,9")
            except ActionError:
                pass
            same(game.state)
            game.apply(rng.choice(acts))
            same(game.state)
            if rng.random() < 0.3 and game.can_undo():
                game.undo()
                same(game.state)
            if rng.random() < 0.1:
                copy = game.state.clone()
                same(copy)
                assert copy.text() == game.state.text()


def board_state() -> GameState:
    st = GameState(seats=["a", "b"], players={"a": Player("a", None), "b": Player("b", "f")})
    st.add_token("pawn", "a", (0, 0))
    st.add_token("pawn", "b", (1, 1))
    return st


def test_every_change_through_the_state_is_seen() -> None:
    st = board_state()
    same(st)
    tok = st.tokens["T1"]
    st.move_token(tok, (2, 0))
    same(st)
    st.set_owner(tok, "b")
    same(st)
    tok.attrs["hp"] = 3  # attrs are edited in place, without a word to the state
    same(st)
    tok.attrs.clear()
    same(st)
    st.remove_token(st.tokens["T2"])
    same(st)
    st.add_token("king", None, None, prefix="K")
    same(st)
    st.players["a"].counters["gold"] = 5
    st.attrs["x"] = [1, 2.5, None, True]
    st.secrets["s"] = {"value": "é", "seen_by": []}
    same(st)


def test_a_hand_edit_is_seen_after_forget_index() -> None:
    st = board_state()
    same(st)
    st.tokens["T1"].type = "queen"  # by hand: the contract is to say so
    st.forget_index()
    same(st)


def test_the_encoder_writes_what_json_dumps_writes() -> None:
    for value in [{}, {"b": 1, "a": [1.5, -0.0, 1e300, None, True]}, "ü\n\"", [{"z": {"y": 2}}],
                  {"nested": {"k": "v", "a": {"deep": [1, 2]}}}]:
        assert state_module._json(value) == json.dumps(value, sort_keys=True,
                                                      separators=(",", ":"))
    with pytest.raises(TypeError):
        state_module._json({"a": object()})


def test_unusual_token_fields_are_written_by_the_encoder() -> None:
    for tok in [Token("T1", "p", "o", (True, 1)), Token("T2", "p", "o", [1, 2]),  # type: ignore[arg-type]
                Token("Ü\"x", "p\n", None, None, "T1"), Token("T3", "p", "o", (10, -3))]:
        assert state_module._token_text(tok) == state_module._json(tok.to_json())
