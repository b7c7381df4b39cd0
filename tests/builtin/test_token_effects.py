"""Rule effects reach tokens (issue 15, item 8): ``move_token``, ``place_token``,
``remove_token`` and ``set_counter`` from a trigger or a ``do:`` action, each change logged with
its reason; a change the board cannot take refuses the action and leaves the game as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.errors import IllegalAction, ScenarioErrors
from distant_galaxy.play.records import record_problem
from distant_galaxy.scenario.load import load_scenario

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"

TOKENS = """format: 1
id: tokens
title: Token effects
extends: tic-tac-toe
unit_types:
  mark: {glyph: "", title: Mark, hp: 2}
  ghost: {glyph: g, title: Ghost}
triggers:
  - id: haunt          # a mark in the centre summons a neutral ghost in the corner 2,2
    on: place
    if: "event.to == [1, 1]"
    do: 'place_token("ghost", none, 2, 2)'
  - id: push           # a mark in the corner 0,2 is pushed to 0,1
    on: place
    if: "event.to == [0, 2]"
    do: "move_token(unit_at(0, 2), 0, 1)"
  - id: exorcise       # a mark in 2,0 removes the ghost
    on: place
    if: "event.to == [2, 0] and unit_at(2, 2) != none"
    do: "remove_token(unit_at(2, 2))"
  - id: wound          # a mark in 1,0 wounds itself: its hp goes from the stat 2 to 1
    on: place
    if: "event.to == [1, 0]"
    do: 'set_counter(unit_at(1, 0), "hp", counter(unit_at(1, 0), "hp") - 1)'
"""


@pytest.fixture()
def game(tmp_path: Path) -> Game:
    path = tmp_path / "tokens.yaml"
    path.write_text(TOKENS, encoding="utf-8")
    return Game(load_scenario(path), seed=1)


def _of(events: list[dict], type_: str) -> list[dict]:
    return [e for e in events if e["type"] == type_]


def test_place_token_puts_a_new_token_and_logs_it_with_the_reason(game: Game) -> None:
    events = game.apply("place 1,1")
    ghost = game.state.token_at((2, 2))
    assert ghost is not None and ghost.type == "ghost" and ghost.owner is None
    placed = _of(events, "place")[-1]
    assert placed == {"type": "place", "seat": "x", "token": ghost.id, "unit": "ghost",
                      "owner": None, "to": [2, 2], "reason": "trigger haunt"}


def test_move_token_moves_and_logs_from_and_to(game: Game) -> None:
    events = game.apply("place 0,2")
    assert game.state.token_at((0, 2)) is None and game.state.token_at((0, 1)).type == "mark"
    move = _of(events, "move")[0]
    assert (move["from"], move["to"], move["seat"], move["reason"]) == (
        [0, 2], [0, 1], "x", "trigger push")


def test_remove_token_takes_it_off_and_logs_where_it_was(game: Game) -> None:
    game.apply("place 1,1")  # x: the ghost appears at 2,2
    events = game.apply("place 2,0")  # o: the ghost goes
    assert game.state.token_at((2, 2)) is None
    removed = _of(events, "remove")[0]
    assert (removed["unit"], removed["owner"], removed["at"], removed["seat"],
            removed["reason"]) == ("ghost", None, [2, 2], "o", "trigger exorcise")


def test_set_counter_sets_a_tokens_counter_read_by_counter(game: Game) -> None:
    events = game.apply("place 1,0")
    tok = game.state.token_at((1, 0))
    assert tok.attrs["hp"] == 1  # the stat said 2; the token's own counter is 1 now
    change = _of(events, "token_counter")[0]
    assert change == {"type": "token_counter", "token": tok.id, "unit": "mark", "counter": "hp",
                      "delta": -1, "value": 1, "reason": "trigger wound"}


def test_an_effect_the_board_cannot_take_refuses_the_action_and_changes_nothing(
        tmp_path: Path) -> None:
    path = tmp_path / "blocked.yaml"
    path.write_text(TOKENS.replace("move_token(unit_at(0, 2), 0, 1)",
                                   "move_token(unit_at(0, 2), 5, 1)"), encoding="utf-8")
    game = Game(load_scenario(path), seed=1)
    before = game.state.hash()
    with pytest.raises(IllegalAction, match=r"move_token\(\): cell 5,1 is off the board"):
        game.apply("place 0,2")
    assert game.state.hash() == before and game.state.token_at((0, 2)) is None


def test_an_effect_onto_an_occupied_cell_is_refused(game: Game) -> None:
    game.apply("place 0,1")  # x
    with pytest.raises(IllegalAction, match="occupied"):
        game.apply("place 0,2")  # o: the push onto 0,1 cannot happen
    assert game.state.token_at((0, 2)) is None


def test_effect_arguments_are_typed_at_load(tmp_path: Path) -> None:
    path = tmp_path / "typed.yaml"
    path.write_text(TOKENS.replace("move_token(unit_at(0, 2), 0, 1)",
                                   "move_token(unit_at(0, 2), 'zero', 1)"), encoding="utf-8")
    with pytest.raises(ScenarioErrors, match="move_token"):
        load_scenario(path)


# -- a dice race in YAML alone: a `do` action moves its piece by 1d6 --------------------------
def test_a_dice_race_moves_the_runner_by_one_die() -> None:
    game = Game(load_scenario(DATA / "dice-race.yaml"), seed=1)
    assert [str(a) for a in game.legal_actions()] == ["roll"]
    events = game.apply("roll")
    roll = _of(events, "dice")[0]
    move = _of(events, "move")[0]
    assert move["to"] == [roll["value"], 0] and move["reason"] == "action roll"
    assert game.state.pending.seat == "blue"


def test_a_dice_race_ends_when_a_runner_reaches_the_finish() -> None:
    game = Game(load_scenario(DATA / "dice-race.yaml"), seed=5)
    for _ in range(40):
        if game.over:
            break
        game.apply("roll")
    assert game.over and game.result["winner"] in {"red", "blue"}
    winner = game.result["winner"]
    assert any(t.owner == winner and t.pos[0] == 9 for t in game.state.tokens.values())


def test_a_do_action_is_refused_with_usage_when_given_arguments() -> None:
    game = Game(load_scenario(DATA / "dice-race.yaml"), seed=1)
    with pytest.raises(Exception, match="usage is 'roll'"):
        game.apply("roll 3")


def test_the_token_events_match_the_log_schema(game: Game) -> None:
    events = game.apply("place 1,1") + game.apply("place 1,0") + game.apply("place 2,0")
    kinds = {e["type"] for e in events}
    assert {"place", "token_counter", "remove"} <= kinds
    for ev in events:
        assert record_problem({**ev, "kind": "event"}) is None, ev
