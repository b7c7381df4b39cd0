"""A seat without a legal action (issue 31, item 3): the scenario's ``no_legal_action:`` says
what happens — ``skip`` (the default: the decision is skipped), ``pass`` (the turn ends) or
``lose`` — both when a decision opens empty and when an action leaves the decision open and
empty in the middle of a turn, which used to crash the random bot (``IndexError: Cannot choose
from an empty sequence``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.play.runner import new_session, play
from distant_galaxy.scenario.load import load_scenario

#: x places every mark of the game in one turn: the decision stays open (no `ends_turn`, no
#: `end`) until the board is full, and then has no legal action.
GREEDY = """format: 1
id: greedy-marks
title: Tic-tac-toe where x never stops
extends: tic-tac-toe
actions:
  - id: place
    ends_turn: false
victory:
  - {id: line, remove: true}
  - {id: full-board, remove: true}
limits: {rounds: 2}
"""


def _game(tmp_path: Path, extra: str = "", seed: int = 1) -> Game:
    path = tmp_path / "greedy.yaml"
    path.write_text(GREEDY + extra, encoding="utf-8")
    return Game(load_scenario(path), seed=seed)


def _fill(game: Game) -> None:
    for y in range(3):
        for x in range(3):
            if game.over:
                return
            game.apply(f"place {x},{y}")


def test_the_random_bot_plays_a_decision_that_empties_in_the_middle_of_a_turn(
        tmp_path: Path) -> None:
    path = tmp_path / "greedy.yaml"
    path.write_text(GREEDY, encoding="utf-8")
    session = new_session(load_scenario(path), 3, None, {})  # random bots on every seat
    assert play(session)
    game = session.game
    assert game.over and "round limit 2" in game.result["reason"]
    assert [e["seat"] for e in game.events if e["type"] == "decision_skipped"] == ["x", "o", "x", "o"]


def test_by_default_an_empty_decision_is_skipped(tmp_path: Path) -> None:
    game = _game(tmp_path)
    _fill(game)
    skipped = [e for e in game.events if e["type"] == "decision_skipped"]
    assert skipped[0] == {"type": "decision_skipped", "seat": "x", "decision": "play",
                          "reason": "no legal action"}
    assert game.over and "round limit 2" in game.result["reason"]


def test_pass_ends_the_turn_and_lose_ends_the_game(tmp_path: Path) -> None:
    game = _game(tmp_path, "no_legal_action: lose\n")
    _fill(game)
    assert game.result["winner"] == "o"
    assert "x has no legal action" in game.result["reason"]
    game = _game(tmp_path, "no_legal_action: pass\n")
    _fill(game)
    passes = [e for e in game.events if e["type"] == "pass"]
    assert passes[:2] == [{"type": "pass", "seat": "x", "decision": "play",
                           "reason": "no legal action"},
                          {"type": "pass", "seat": "o", "decision": "play",
                           "reason": "no legal action"}]
    assert game.over and "round limit 2" in game.result["reason"]


def test_a_setting_outside_the_three_is_refused(tmp_path: Path) -> None:
    from distant_galaxy.errors import ScenarioErrors
    with pytest.raises(ScenarioErrors, match="no_legal_action"):
        _game(tmp_path, "no_legal_action: sulk\n")
