"""``ends_turn:`` as a rule on jump moves (issue 31, item 3 with item 2's chains): the rule is
evaluated once the whole move is made — after every capture of the chain and after a crowning —
with the landing cell as ``x``, ``y`` and the moved piece as ``unit``. The shipped draughts keeps
``ends_turn: true`` (its perft counts are in tests/classic/test_draughts.py)."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.core.game import Game
from distant_galaxy.harness.rule_tests import apply_test_setup
from distant_galaxy.scenario.load import load_scenario

#: Draughts where a man crowned on black's far row (y = 7) moves again at once.
CROWN_AGAIN = """\
format: 1
id: crown-again
title: Draughts where a crowning gives another move
extends: draughts
actions:
  - id: move
    ends_turn: 'not (unit.type == "king" and y == 7)'
"""


def _game(tmp_path: Path, tokens: list[dict[str, str]]) -> Game:
    path = tmp_path / "crown-again.yaml"
    path.write_text(CROWN_AGAIN, encoding="utf-8")
    game = Game(load_scenario(path), seed=1)
    apply_test_setup(game, {"clear": True, "tokens": tokens, "pending": "black"})
    return game


def _man(owner: str, at: str) -> dict[str, str]:
    return {"type": "man", "owner": owner, "at": at}


def test_a_chain_that_ends_in_a_crowning_keeps_the_turn(tmp_path: Path) -> None:
    game = _game(tmp_path, [_man("black", "0,3"), _man("white", "1,4"), _man("white", "3,6"),
                            _man("white", "7,6")])
    game.apply("move 0,3 2,5 4,7")  # two captures, crowned on 4,7: the rule sees a king there
    assert [e["type"] for e in game.events[-4:]] == ["capture", "capture", "move", "promote"]
    assert game.state.pending.seat == "black"
    game.apply("move 4,7 5,6")  # the king's next move ends the turn (y is 6)
    assert game.state.pending.seat == "white"


def test_a_chain_without_a_crowning_ends_the_turn(tmp_path: Path) -> None:
    game = _game(tmp_path, [_man("black", "0,1"), _man("white", "1,2"), _man("white", "7,6")])
    game.apply("move 0,1 2,3")
    assert game.state.pending.seat == "white"


def test_a_step_that_crowns_is_judged_after_the_crowning(tmp_path: Path) -> None:
    game = _game(tmp_path, [_man("black", "1,6"), _man("white", "7,2")])
    game.apply("move 1,6 0,7")
    assert game.events[-1]["type"] == "promote"
    assert game.state.pending.seat == "black"
