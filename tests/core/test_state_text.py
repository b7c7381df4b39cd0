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


def test_a_crowned_piece_and_a_token_put_in_by_hand_are_seen() -> None:
    st = board_state()
    same(st)
    st.set_type(st.tokens["T1"], "king")  # a draughts man crowned
    same(st)
    tok = Token("Z9", "pawn", "a")  # as fleet_battle's deployment and the rule tests put one in
    st.tokens["Z9"] = tok
    st.move_token(tok, (3, 3))
    same(st)


def test_random_changes_through_the_state_keep_the_text_exact() -> None:
    """The remembered texts follow every mutating method, in any order (additions at the end
    and elsewhere in the canonical order, removals of one and of several tokens between two
    texts, attrs edited in place, copies), checked after random groups of changes."""
    rng = random.Random(35)
    for _ in range(40):
        st = board_state()
        for _ in range(60):
            for _ in range(rng.randint(0, 3)):
                _random_change(st, rng)
            same(st)
            if rng.random() < 0.1:
                st = st.clone()
                same(st)


def _random_change(st: GameState, rng: random.Random) -> None:
    free = [(x, y) for x in range(4) for y in range(4) if (x, y) not in st.board]
    toks = list(st.tokens.values())
    what = rng.randrange(7)
    if what == 0 and free:
        st.add_token(rng.choice(["pawn", "king"]), rng.choice(["a", "b", None]), rng.choice(free),
                     prefix=rng.choice(["T", "T", "K"]))
    elif not toks:
        return
    elif what == 1 and free:
        st.move_token(rng.choice(toks), rng.choice(free))
    elif what == 2:
        st.remove_token(rng.choice(toks))
    elif what == 3:
        st.set_owner(rng.choice(toks), rng.choice(["a", "b", None]))
    elif what == 4:
        st.set_type(rng.choice(toks), rng.choice(["pawn", "king"]))
    elif what == 5:
        tok = rng.choice(toks)
        if tok.attrs and rng.random() < 0.5:
            tok.attrs.clear()
        else:
            tok.attrs["hp"] = rng.randrange(3)
    else:
        st.next_id += rng.randrange(2)
