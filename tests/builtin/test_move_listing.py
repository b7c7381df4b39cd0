"""The generic move kind's coded listing (issue 19): by dict look-ups (``_coded_steps``, the pure
build's path) and by the cells' bits (``_bit_steps``, the compiled build's), the same actions in
the same order, in every position of random games."""

from __future__ import annotations

import random

import pytest

from distant_galaxy.builtin.board import kinds
from distant_galaxy.builtin.board.kinds import MoveKind, _bit_codes, _bit_steps, _coded_steps
from distant_galaxy.core.game import Game
from distant_galaxy.scenario.load import load_scenario

#: Breakthrough with chess pawns: straight onto an empty cell, diagonally only to capture
#: (every code of a step: 1 moves only, 2 captures only; breakthrough's own diagonals are 3).
PAWNS = """format: 1
id: pawns
title: Pawns
extends: breakthrough
actions:
  - id: move
    kind: move
    pieces:
      pawn:
        - {directions: [forward], only: move}
        - {directions: [forward-left, forward-right], only: capture}
    capture: remove
    ends_turn: true
"""


@pytest.mark.parametrize("sid", ["breakthrough", "pawns"])
def test_the_bit_listing_is_the_coded_listing(sid: str, tmp_path) -> None:
    if sid == "pawns":
        (tmp_path / "pawns.yaml").write_text(PAWNS)
        sid = str(tmp_path / "pawns.yaml")
    game0 = Game(load_scenario(sid), seed=1, record=False)
    kind = next(k for k in game0.kinds.values() if isinstance(k, MoveKind))
    rng, positions = random.Random(5), 0
    for _ in range(20):
        game = game0.clone()
        while not game.over:
            st, seat = game.state, game.pending.seat
            kind.legal(game, seat)  # builds the seat's tables
            codes = kind._coded[seat]
            by_bits = _bit_steps(st.pieces_of(seat), _bit_codes(codes, kind._stride),
                                 st.masks(kind._stride), seat, kind._mask_bytes)
            assert by_bits == _coded_steps(st.pieces_of(seat), st.board, codes)
            assert by_bits == kind.legal(game, seat)  # whichever path this build takes
            positions += 1
            game.apply(rng.choice(game.legal_actions()))
    assert positions > 500


def test_the_compiled_build_lists_by_bits() -> None:
    """``COMPILED`` says which build this is (the module's file is not its ``.py``)."""
    assert kinds.COMPILED == (not kinds.__file__.endswith(".py"))
