"""GameState: JSON round trip, stable hash, cheap independent clones, one token per cell."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from distant_galaxy import EngineError, Game, IllegalAction, cell_of
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


def _bits_by_hand(st: GameState, owner: str | None, stride: int) -> int:
    return sum(1 << (y * stride + x) for (x, y), tid in st.board.items()
               if st.tokens[tid].owner == owner)


def test_bits_of_follows_adds_moves_removes_and_clones():
    from distant_galaxy.core.state import Player

    st = GameState(seats=["a", "b"], players={s: Player(s, None) for s in ("a", "b")})
    assert st.bits_of("a", 4) == 0 and st.occupied_bits(4) == 0
    t1 = st.add_token("pawn", "a", (0, 0))
    t2 = st.add_token("pawn", "b", (2, 1))
    assert st.bits_of("a", 4) == 1 and st.bits_of("b", 4) == 1 << 6
    st.move_token(t1, (1, 2))
    assert st.bits_of("a", 4) == 1 << 9 == _bits_by_hand(st, "a", 4)
    copy = st.clone()
    st.remove_token(t2)
    assert st.bits_of("b", 4) == 0 and copy.bits_of("b", 4) == 1 << 6
    assert st.occupied_bits(4) == 1 << 9
    assert st.bits_of("a", 5) == 1 << 11  # another stride: rebuilt
    st.move_token(t1, None, carrier="X")  # carried: off the board
    assert st.bits_of("a", 5) == 0


def test_cell_of_gives_a_token_on_the_board_its_cell_and_names_one_that_is_not():
    from distant_galaxy.core.state import Player

    st = GameState(seats=["a"], players={"a": Player("a", None)})
    ship = st.add_token("ship", "a", (3, 1))
    crew = st.add_token("pawn", "a", (0, 0))
    assert cell_of(ship) == (3, 1) and cell_of(crew) == (0, 0)
    st.move_token(crew, None, carrier=ship.id)
    with pytest.raises(EngineError, match=rf"{crew.id} is not on the board \(aboard {ship.id}\)"):
        cell_of(crew)
    reserve = st.add_token("pawn", "a", None)
    with pytest.raises(EngineError, match=rf"^{reserve.id} is not on the board$"):
        cell_of(reserve)


def test_bits_of_is_none_for_a_cell_outside_the_layout():
    from distant_galaxy.core.state import Player

    st = GameState(seats=["a"], players={"a": Player("a", None)})
    st.add_token("pawn", "a", (3, 0))
    assert st.bits_of("a", 4) is None  # x = 3 is the padding column of stride 4
    assert st.occupied_bits(4) is None
    assert st.bits_of("a", 5) == 1 << 3
    st.board[(0, 1)] = st.add_token("pawn", "a", None).id  # a hand edit: index rebuilt
    st.tokens[st.board[(0, 1)]].pos = (0, 1)
    assert st.bits_of("a", 5) == (1 << 3) | (1 << 5)


def test_clone_sets_every_field(race):
    game = Game(race, seed=5, seats=["red", "blue"])
    game.apply("step")
    st = game.state
    st.pieces_of("red")
    st.bits_of("red", 64)
    st.attrs["note"] = {"a": 1}
    for original in (st, *st.players.values()):
        copy = original.clone()
        for name in (f.name for f in fields(type(original))):
            assert hasattr(copy, name), name
            assert getattr(copy, name) == getattr(original, name), name
    copy = st.clone()
    assert copy._index is not st._index and copy._bits is not st._bits
    assert copy.attrs["note"] is not st.attrs["note"]


def test_add_token_sets_every_field_of_the_token():
    """add_token fills a bare Token by hand (cheaper than the dataclass call): every field."""
    st = GameState(seats=["a"], players={})
    tok = st.add_token("pawn", "a", (1, 2), prefix="P", attrs={"hp": 3})
    for name in (f.name for f in fields(type(tok))):
        assert hasattr(tok, name), name
    assert (tok.id, tok.type, tok.owner, tok.pos, tok.carrier, tok.attrs) == \
        ("P1", "pawn", "a", (1, 2), None, {"hp": 3})
