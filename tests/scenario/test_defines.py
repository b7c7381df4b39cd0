"""A scenario's ``define:`` section and ``set_owner`` (issue 31, item 1): defines are used in
``where:``, effects, victory and triggers; one that calls itself is refused at load with its
file, line and column; ``set_owner`` gives a token to another seat, logged with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.errors import ScenarioErrors
from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy.scenario.load import load_scenario

FLIP = """format: 1
id: flip
title: Tic-tac-toe where a mark turns its left neighbour
extends: tic-tac-toe
define:
  owner_at(x, y): 'unit_at(x, y).owner if unit_at(x, y) != none else none'
  left_is_theirs(x, y): 'owner_at(x - 1, y) not in [seat, none]'
  marks(s): 'count(u in units where u.owner == s)'
actions:
  - id: place
    where: "y < 2 or marks(seat) > 0"
triggers:
  - id: turn
    on: place
    if: "left_is_theirs(event.to[0], event.to[1])"
    do: 'x = event.to[0] - 1; set_owner(unit_at(x, event.to[1]), seat)'
victory:
  - id: five
    if: "marks(player.seat) >= 5"
    reason: five marks
tests:
  - name: a mark right of the opponent's turns it
    actions: ["place 0,0", "place 1,0"]
    expect:
      events: [{type: owner, token: T1, owner: o, was: x, at: [0, 0], reason: trigger turn}]
      facts: ["marks(\\"o\\") == 2", "owner_at(0, 0) == \\"o\\""]
"""


def _load(tmp_path: Path, text: str) -> Game:
    path = tmp_path / "flip.yaml"
    path.write_text(text, encoding="utf-8")
    return Game(load_scenario(path), seed=1)


def test_defines_in_where_triggers_victory_and_facts(tmp_path: Path) -> None:
    game = _load(tmp_path, FLIP)
    with pytest.raises(Exception, match="does not satisfy"):
        game.apply("place 0,2")  # marks(seat) == 0 and y == 2
    game.apply("place 0,0")
    events = game.apply("place 1,0")
    assert [e for e in events if e["type"] == "owner"] == [
        {"type": "owner", "seat": "o", "token": "T1", "unit": "mark", "owner": "o", "was": "x",
         "at": [0, 0], "reason": "trigger turn"}]
    assert game.state.token_at((0, 0)).owner == "o"
    assert game.state.pieces_of("o") == {(0, 0): "mark", (1, 0): "mark"}  # the index follows


def test_an_owner_change_in_a_copy_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    game = _load(tmp_path, FLIP)
    game.apply("place 0,0")
    before = game.state.hash()
    copy = game.clone()
    copy.apply("place 1,0")
    assert copy.state.token_at((0, 0)).owner == "o"
    assert game.state.hash() == before and game.state.token_at((0, 0)).owner == "x"
    assert game.state.pieces_of("x") == {(0, 0): "mark"}


def test_a_refused_action_takes_its_owner_changes_back(tmp_path: Path) -> None:
    text = FLIP.replace("set_owner(unit_at(x, event.to[1]), seat)'",
                        "set_owner(unit_at(x, event.to[1]), seat); move_token(unit_at(0, 0), 9, 9)'")
    game = _load(tmp_path, text)
    game.apply("place 0,0")
    before = game.state.hash()
    with pytest.raises(Exception, match="off the board"):
        game.apply("place 1,0")
    assert game.state.hash() == before and game.state.token_at((0, 0)).owner == "x"
    assert game.state.pieces_of("x") == {(0, 0): "mark"}


def test_the_rule_tests_of_the_file_pass(tmp_path: Path) -> None:
    path = tmp_path / "flip.yaml"
    path.write_text(FLIP, encoding="utf-8")
    results = run_file(path)
    assert results and all(r.ok for r in results), results


def test_a_define_that_calls_itself_is_refused_at_its_call(tmp_path: Path) -> None:
    text = FLIP.replace("  marks(s): 'count(u in units where u.owner == s)'",
                        "  marks(s): 'count(u in units where u.owner == s) + deeper(s)'\n"
                        "  deeper(s): 'marks(s) - 1'")
    with pytest.raises(ScenarioErrors) as info:
        _load(tmp_path, text)
    shown = str(info.value)
    assert "flip.yaml:9:15: define 'deeper' calls 'marks', which leads back to it " \
           "(marks → deeper → marks)" in shown, shown


def test_a_define_may_not_take_a_function_s_name(tmp_path: Path) -> None:
    text = FLIP.replace("  marks(s):", "  pieces(s):")
    with pytest.raises(ScenarioErrors, match="define 'pieces' is the name of a rule function"):
        _load(tmp_path, text)
