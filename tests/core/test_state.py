"""GameState: JSON round trip, stable hash, cheap independent clones, one token per cell."""

from __future__ import annotations

import json

import pytest

from distant_galaxy import Game, IllegalAction
from distant_galaxy.core.state import GameState


def test_json_round_trip_is_exact(race):
    game = Game(race, seed=5, seats=["red", "blue"])
    game.apply("step")
    data = game.state.to_json()
    back = GameState.from_json(json.loads(json.dumps(data)))
    assert back.to_json() == data
    assert back.hash() == game.state.hash()
    assert back.board == game.state.board


def test_hash_changes_with_state_and_is_stable(race):
    a = Game(race, seed=5, seats=["red", "blue"])
    b = Game(race, seed=5, seats=["red", "blue"])
    assert a.state.hash() == b.state.hash()
    a.apply("step")
    assert a.state.hash() != b.state.hash()


def test_clone_is_independent(race):
    game = Game(race, seed=5, seats=["red", "blue"])
    copy = game.state.clone()
    game.apply("step")
    assert copy.hash() != game.state.hash()
    assert copy.token_at((0, 0)) is not None and game.state.token_at((0, 0)) is None


def test_one_token_per_cell(race):
    st = Game(race, seed=5, seats=["red", "blue"]).state
    with pytest.raises(IllegalAction, match="occupied"):
        st.add_token("runner", "red", (0, 1))
    tok = st.token_at((0, 0))
    with pytest.raises(IllegalAction, match="occupied"):
        st.move_token(tok, (0, 1))


def test_from_json_refuses_two_tokens_on_a_cell(race):
    data = Game(race, seed=5, seats=["red", "blue"]).state.to_json()
    data["tokens"][1]["pos"] = data["tokens"][0]["pos"]
    with pytest.raises(ValueError, match="two tokens"):
        GameState.from_json(data)
