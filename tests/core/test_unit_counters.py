"""Token counters (issue 13, item 1): ``unit_counters:`` gives every token named integer counters
that start at its unit type's stat, are read and set in rules as ``unit.NAME``, are changed from
Python with ``Game.change_token_counter`` (a ``token_counter`` event with the reason), survive a
save and are shown under the board."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, GameState, ScenarioErrors
from distant_galaxy.play.render import render_board

HULLS = """
seats: [{id: x}, {id: o}]
map: {topology: hex, width: 3, height: 1, fill: floor}
cell_types: {floor: {stop: ["*"]}}
unit_counters: {hull: {min: 0, doc: hull points left}}
unit_types:
  ship: {hull: 3, glyph: S}
  buoy: {glyph: b}
actions:
  - {id: place, kind: place, piece: ship, phases: [main]}
triggers:
  - id: scrape                     # a ship placed on the middle cell loses a hull point
    on: place
    if: "event.to == [1, 0] and unit_at(1, 0).hull > 0"
    do: "unit_at(1, 0).hull -= 1"
victory:
  - id: wreck
    if: "any(u in units where u.hull == 2)"
    reason: a ship is damaged
"""


def test_a_counter_starts_at_the_stat_and_an_effect_changes_it_with_its_reason(
        make_scenario) -> None:
    game = Game(make_scenario(HULLS), seed=1)
    events = game.apply("place 1,0")
    tok = game.state.token_at((1, 0))
    assert game.token_counter(tok, "hull") == 2
    change = next(e for e in events if e["type"] == "token_counter")
    assert change == {"type": "token_counter", "token": tok.id, "unit": "ship",
                      "counter": "hull", "delta": -1, "value": 2, "reason": "trigger scrape"}
    assert game.over and game.result["reason"] == "a ship is damaged"


def test_change_token_counter_keeps_the_minimum_and_logs_the_rule(make_scenario) -> None:
    game = Game(make_scenario(HULLS), seed=1)
    game.apply("place 0,0")
    tok = game.state.token_at((0, 0))
    assert game.token_counter(tok, "hull") == 3 and "hull" not in tok.attrs
    assert game.change_token_counter(tok, "hull", -5, "shot", rule="D6.4") == 0
    ev = game.events[-1]
    assert (ev["delta"], ev["value"], ev["reason"], ev["rule"]) == (-3, 0, "shot", "D6.4")


def test_a_counter_is_saved_with_the_token_and_shown_under_the_board(make_scenario) -> None:
    game = Game(make_scenario(HULLS), seed=1)
    game.apply("place 0,0")
    tok = game.state.token_at((0, 0))
    game.change_token_counter(tok, "hull", -1, "test")
    back = GameState.from_json(game.state.to_json())
    assert back.tokens[tok.id].attrs["hull"] == 2
    assert f"x: {tok.id} hull 2 (start 3)" in render_board(game)  # not 2/3: no maximum


def test_a_type_without_the_stat_starts_at_zero(make_scenario) -> None:
    scenario = make_scenario(HULLS)
    game = Game(scenario, seed=1)
    buoy = game.state.add_token("buoy", None, (2, 0))
    assert game.token_counter(buoy, "hull") == 0


def test_assigning_an_undeclared_stat_is_refused_at_load(make_scenario) -> None:
    with pytest.raises(ScenarioErrors, match=r"settable|cannot|assign"):
        make_scenario(HULLS.replace("unit_at(1, 0).hull -= 1", "unit_at(1, 0).speed -= 1")
                      .replace("ship: {hull: 3", "ship: {speed: 2, hull: 3"))
