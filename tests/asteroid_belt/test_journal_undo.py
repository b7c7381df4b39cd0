"""Asteroid Belt takes journal undo records (core/journal.py): after every action of seeded
games, a failure forced at the end of ``apply`` must restore the state exactly as a full copy
would have (the same values, the same dict orders), and ``undo`` must too."""

from __future__ import annotations

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.core.state import GameState
from distant_galaxy.errors import EngineError
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario

SEATS = {2: ["orange", "purple"], 3: ["orange", "purple", "green"]}


def _shape(st: GameState) -> tuple:
    """The state's value and the orders that a full copy keeps."""
    return (st.canonical(), list(st.board.items()), list(st.tokens), list(st.sites),
            [(t.id, list(t.attrs)) for t in st.tokens.values()],
            [(s.id, list(s.markers), list(s.attrs)) for s in st.sites.values()],
            [(p.seat, list(p.counters), list(p.pools), list(p.attrs))
             for p in st.players.values()], list(st.attrs))


def _fail_after(game: Game) -> None:
    """Make the next ``apply`` fail after everything it does (the turn loop included)."""
    real = type(game.loop).after_action

    def failing(*held: object) -> None:  # (the game, when the caller passes it)
        real(game.loop, *held)
        raise RuntimeError("forced")
    game.loop.after_action = failing  # type: ignore[method-assign]


@pytest.mark.parametrize(("variant", "seats", "seed"), [
    (None, 3, 1), (None, 2, 2), ("quick", 2, 5), ("hard", 3, 4), ("optional-strikes", 3, 6),
])
def test_a_failed_action_and_undo_restore_exactly(variant: str | None, seats: int,
                                                  seed: int) -> None:
    sc = scenario(variant)
    game = Game(sc, seats=SEATS[seats], seed=seed, record=False)
    assert game.journaled
    kinds = sc.bots()
    bots = {s: kinds["greedy" if i % 2 == 0 else "random"](s, seed)
            for i, s in enumerate(SEATS[seats])}
    undone = n = 0
    while not game.over and n < 400:
        n += 1
        action = bots[game.pending.seat].choose(game)  # type: ignore[union-attr]
        before, copy = _shape(game.state), game.state.clone()
        _fail_after(game)
        with pytest.raises(EngineError, match="forced"):
            game.apply(action)
        del game.loop.after_action
        assert _shape(game.state) == before and game.state == copy
        assert game.state.journal is None
        game.apply(action)
        if game.can_undo():
            game.undo()
            assert _shape(game.state) == before
            undone += 1
            game.apply(action)
    assert undone > 10
