"""A phase's ``end:`` as a rule (issue 31, item 3: "the end of a decision accepts a rule
expression"): the seat may play ``end`` only while the rule holds, evaluated with the pending
``seat`` and its ``player``; ``true``/``false`` keep their meaning, and a mistake in the rule is
reported at load with the file, line and column of ``end:``."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.core.actions import END
from distant_galaxy.core.game import Game
from distant_galaxy.errors import IllegalAction, ScenarioErrors
from distant_galaxy.scenario.load import load_scenario

#: Pig where ``end`` banks the turn's total, allowed once the seat has something to bank.
BANKED = """\
format: 1
id: banked-pig
title: Pig banked by end
players: {min: 2, max: 2}
seats: [{id: red, title: Red}, {id: blue, title: Blue}]
map: {topology: square4, width: 1, height: 1, fill: table}
cell_types: {table: {stop: [], glyph: "."}}
counters:
  score: {initial: 0}
  total: {initial: 0}
  die: {initial: 0}
phases:
  - {id: turn, seat: active, end: "player.total > 0"}
actions:
  - id: roll
    kind: do
    do: "player.die = 1d6; if player.die == 1: player.total = 0; if player.die > 1: player.total += player.die"
    ends_turn: "player.die == 1"
triggers:
  - {id: bank, on: turn_end, do: "player.score += player.total; player.total = 0"}
"""


def _game(tmp_path: Path, text: str = BANKED) -> Game:
    path = tmp_path / "banked.yaml"
    path.write_text(text, encoding="utf-8")
    return Game(load_scenario(path), seed=1)


def test_end_is_legal_only_while_the_phase_end_rule_holds(tmp_path: Path) -> None:
    game = _game(tmp_path)
    assert [str(a) for a in game.legal_actions()] == ["roll"]
    with pytest.raises(IllegalAction, match=r"'end' is not allowed now: .*player\.total > 0"):
        game.apply("end")
    game.dice.force([4])
    game.apply("roll")
    assert game.state.pending.seat == "red"  # a 4: red rolls again or ends
    assert END in game.legal_actions()
    game.apply("end")
    assert game.state.pending.seat == "blue"
    assert game.state.players["red"].counters["score"] == 4
    assert [str(a) for a in game.legal_actions()] == ["roll"]  # blue has nothing to bank


def test_true_and_false_keep_their_meaning(tmp_path: Path) -> None:
    for end, legal in (("true", True), ("false", False)):
        game = _game(tmp_path, BANKED.replace('end: "player.total > 0"', f"end: {end}"))
        assert (END in game.legal_actions()) is legal


def test_a_mistake_in_the_end_rule_is_reported_where_it_is_written(tmp_path: Path) -> None:
    with pytest.raises(ScenarioErrors) as info:
        _game(tmp_path, BANKED.replace("player.total > 0", "player.totl > 0"))
    assert "banked.yaml:13:43: unknown attribute 'totl'" in str(info.value)
