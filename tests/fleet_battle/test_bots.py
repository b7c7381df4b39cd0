"""The planner of the fleet bot and the Aborigine AI plays to its fleet's battle order (D6.9,
RB.1): the order's weights pick the enemy model it goes for."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, ScenarioErrors, load_scenario
from distant_galaxy.harness.rule_tests import apply_test_setup
from distant_galaxy_episodes.fleet_battle import bots
from distant_galaxy_episodes.fleet_battle.model import active_models
from distant_galaxy_episodes.fleet_battle.phases import ai_activation
from tests.fleet_battle.conftest import ABO, CIV, battle, of

CIV_FLEET = [
    {"id": "D1", "type": "dreadnought", "at": "1,5", "fleet": CIV, "main": True},
    {"id": "C1", "type": "cruiser", "at": "1,3", "fleet": CIV, "main": True},
    {"id": "T1", "type": "transport", "at": "0,8", "fleet": CIV},
    {"id": "K1", "type": "destroyer", "at": "1,7", "fleet": CIV},
    {"id": "F1", "type": "frigate", "at": "2,9", "fleet": CIV},
    {"id": "E1", "type": "fighters", "at": "2,4", "fleet": CIV},
]


@pytest.mark.parametrize(("order", "wanted"), [(2, {"D1", "C1"}), (4, {"D1", "C1"}),
                                                (5, {"F1"}), (6, {"T1"}), (3, {"K1", "T1"})])
def test_the_ai_goes_for_what_its_order_names(order, wanted):
    game = battle([*CIV_FLEET, {"id": "W1", "type": "warship", "at": "13,5", "fleet": ABO}],
                  attrs={"fb_orders": {ABO: order}})
    w = bots.weights(game, ABO)
    best = max(active_models(game, CIV), key=lambda t: bots.score(game, t, w))
    assert best.id in wanted


def test_escorts_and_tokens_are_worth_nothing_to_the_planner():
    game = battle([{"id": "E1", "type": "fighters", "at": "5,5", "fleet": CIV},
                   {"id": "W1", "type": "warship", "at": "6,5", "fleet": ABO}])
    assert bots.score(game, game.state.tokens["E1"], bots.weights(game, ABO)) == 0


def test_the_ai_boards_first_then_moves_and_fires_and_logs_each_row():
    game = battle([
        {"id": "D1", "type": "dreadnought", "at": "8,5", "fleet": CIV, "hull": 1},
        {"id": "W1", "type": "warship", "at": "9,5", "fleet": ABO},
        {"id": "R1", "type": "raider", "at": "13,9", "fleet": ABO},
    ], attrs={"fb_initiative": ABO})
    game.dice.force([6])                       # models go by id: R1 approaches, W1 boards D1
    ai_activation(game, first=True)
    rows = [(e["token"], e["row"]) for e in of(game, "ai_plan")]
    assert rows == [("R1", "approach"), ("W1", "board")]
    assert game.state.tokens["D1"].attrs["state"] == "prize" and not game.dice.forced
    assert all(e["rule"] == "D6.9" for e in of(game, "ai_plan"))


AI_MOD = """extends: fleet-battle
id: fb-cautious
title: A cautious Aborigine fleet
fleet_battle:
  ai:
    - {id: board, do: board}
    - {id: approach, do: approach, if: "ship.hull > 1", text: a crippled model keeps away}
    - {id: fire, do: fire}
"""


def test_the_priority_table_is_data_a_mod_may_add_conditions(tmp_path):
    """D6.9: the rows of ``fleet_battle.ai`` with an ``if:`` on the model (``ship``)."""
    mod = tmp_path / "mod.yaml"
    mod.write_text(AI_MOD, encoding="utf-8")
    scenario = load_scenario(mod)
    game = Game(scenario, seats=["red"], seed=1)
    apply_test_setup(game, {"clear": True, "tokens": [
        {"id": "D1", "type": "dreadnought", "owner": "red", "at": "1,5",
         "attrs": {"fleet": CIV, "state": "ok"}},
        {"id": "R1", "type": "raider", "at": "13,5", "attrs": {"fleet": ABO, "state": "ok",
                                                               "hull": 1}},
        {"id": "R2", "type": "raider", "at": "13,8", "attrs": {"fleet": ABO, "state": "ok"}}]})
    assert bots.next_step(game, game.state.tokens["R1"]) is None        # keeps away
    assert bots.next_step(game, game.state.tokens["R2"])[:2] == ("approach", "move")


def test_a_wrong_condition_is_refused_at_load_with_its_place(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text(AI_MOD.replace("ship.hull > 1", "ship.hul > 1"), encoding="utf-8")
    with pytest.raises(ScenarioErrors, match=r"mod.yaml:7:46: unknown attribute .hul. of unit"):
        load_scenario(mod)
