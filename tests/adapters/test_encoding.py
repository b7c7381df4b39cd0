"""The fixed encoding of actions and observations shared by the adapters (no extra needed)."""

from __future__ import annotations

import random

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.adapters.encoding import (
    EXPLORE_SEEDS,
    OVERFLOW,
    codec_for,
    declared_blocks,
    explore,
    rewards,
)
from distant_galaxy.core.actions import Action
from tests.adapters.conftest import SHIPPED

SCENARIOS = SHIPPED


def test_board_moves_are_cells_by_cells_and_mean_the_same_everywhere() -> None:
    sc = load_scenario("breakthrough")
    codec = codec_for(sc)
    assert codec.size == 64 * 64 + 1 + OVERFLOW  # move x,y x,y, end (declared), the overflow
    game = Game(sc, seed=1)
    for i, action in codec.legal_map(game.state, game.legal_actions()).items():
        assert codec.describe(i) == str(action)


def test_a_token_argument_is_the_cell_it_stands_on() -> None:
    sc = load_scenario("aborigine-clash")
    game = Game(sc, seed=1)
    codec = codec_for(sc)
    move = next(a for a in game.legal_actions() if a.verb == "move")
    tok = game.state.tokens.get(move.args[0])
    i = codec.encode(game.state, move)
    assert i is not None and i < codec.fixed
    if tok is not None:  # `move R1 x,y` reads as `move <R1's cell> x,y`
        assert codec.describe(i).split()[1] == f"{tok.pos[0]},{tok.pos[1]}"


@pytest.mark.parametrize("sid", SCENARIOS)
def test_every_legal_action_has_one_index_in_seeded_play(sid: str) -> None:
    sc = load_scenario(sid)
    codec = codec_for(sc)
    game = Game(sc, seed=11, record=False)
    rng = random.Random(11)
    for _ in range(150):
        if game.over:
            break
        legal = game.legal_actions()
        m = codec.legal_map(game.state, legal)
        assert len(m) == len(legal) and set(m.values()) == set(legal)
        assert all(0 <= i < codec.size for i in m)
        obs = codec.observe(game.state, game.pending.seat, sc.limits.get("rounds"))
        assert len(obs) == codec.obs_size
        game.apply(legal[rng.randrange(len(legal))])


def test_an_action_no_block_names_takes_an_overflow_index() -> None:
    sc = load_scenario("tic-tac-toe")
    codec = codec_for(sc)
    game = Game(sc, seed=1)
    odd = Action("place", ("wherever",))
    m = codec.legal_map(game.state, [odd, *game.legal_actions()])
    assert m[codec.fixed] is odd and codec.describe(codec.fixed) == "overflow #0"


def test_the_codec_is_learned_the_same_way_every_time() -> None:
    sc = load_scenario("breakthrough")
    a, b = explore(sc), explore(sc)
    assert {k: (v.offset, v.dims) for k, v in a.blocks.items()} == \
        {k: (v.offset, v.dims) for k, v in b.blocks.items()}


def test_rewards_from_the_result() -> None:
    assert rewards({"winner": "x"}, ["x", "o"]) == {"x": 1.0, "o": -1.0}
    assert rewards({"winner": None}, ["x", "o"]) == {"x": 0.0, "o": 0.0}
    assert rewards({"winner": "aborigines"}, ["red", "blue"]) == {"red": -1.0, "blue": -1.0}


@pytest.mark.parametrize(("sid", "declared"), [
    ("asteroid-belt", {("move", ("c", "c")), ("deploy", ("w", "c")), ("place", ("w", "w", "c")),
                       ("target", ("w",)), ("reinforce", ())}),
    ("connect-four", {("drop", ("w",)), ("end", ())}),
    ("draughts", {("move", ("c", "c")), ("move", ("c", "c", "c"))}),
])
def test_the_action_blocks_come_from_the_verbs_declared_arguments(sid: str, declared: set) -> None:
    """Issue 29: a typed verb's blocks follow from its arguments' types and domains (a unit is a
    cell slot, a unit type or a site a word slot of the scenario's list), with no play."""
    sc = load_scenario(sid)
    blocks = declared_blocks(sc)
    assert declared <= set(blocks)
    if sid == "asteroid-belt":
        assert blocks[("deploy", ("w", "c"))][0] == set(sc.data["asteroid_belt"]["unit_types"])
    if sid == "connect-four":
        assert blocks[("drop", ("w",))] == [{str(x) for x in range(sc.grid.width)}]


def test_the_declared_blocks_need_no_exploration(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no seeded game explored, a typed scenario's codec still names every legal action."""
    import distant_galaxy.adapters.encoding as encoding
    monkeypatch.setattr(encoding, "EXPLORE_SEEDS", ())
    sc = load_scenario("asteroid-belt")
    codec = explore(sc)
    game = Game(sc, seed=3, record=False)
    rng = random.Random(3)
    for _ in range(200):
        legal = game.legal_actions()
        assert all(codec.encode(game.state, a) is not None for a in legal), legal
        game.apply(legal[rng.randrange(len(legal))])
    assert EXPLORE_SEEDS  # (the module's own value is untouched)
