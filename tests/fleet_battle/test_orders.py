"""Battle Orders (RB.1–RB.4): rolled right after deployment or the default taken without a roll,
a fleet winning the moment it fulfils its order, orders public; D6.8."""

from __future__ import annotations

from distant_galaxy import Game, load_scenario
from distant_galaxy_episodes.fleet_battle import orders, view
from tests.fleet_battle.conftest import ABO, CIV, battle, of


def _opening(game: Game) -> list[str]:
    return [e["type"] for e in game.events]


def test_rb1_each_fleet_rolls_a_d6_right_after_deployment_with_its_purpose():
    """RB.1: «Сразу же после развёртывания каждый игрок должен бросить 1D6»."""
    game = Game(load_scenario("fleet-battle", options=["battle-orders"]), seats=["red"], seed=3)
    types = _opening(game)
    last_place = max(i for i, t in enumerate(types) if t == "place")
    rolls = [e for e in game.events if e["type"] == "dice" and "battle order" in e["purpose"]]
    assert [r["purpose"] for r in rolls] == ["battle order of the civilizations",
                                             "battle order of the aborigines"]
    assert all(r["rule"] == "RB.1" and r["die"] == "d6" for r in rolls)
    assert game.events.index(rolls[0]) > last_place   # after the deployment
    chosen = {e["fleet"]: e["order"] for e in game.events if e["type"] == "fleet_order"}
    assert chosen == game.state.attrs["fb_orders"]


def test_rb2_the_default_order_without_rolling_and_without_the_option(tmp_path):
    """RB.2: order 1 may always be chosen without rolling; it also applies without the option."""
    plain = Game(load_scenario("fleet-battle"), seats=["red"], seed=3)
    assert not any(e["type"] == "fleet_order" for e in plain.events)
    assert {f: orders.fulfilled(plain, f) for f in (CIV, ABO)} == {CIV: None, ABO: None}
    assert "order 1" in view.order_text(plain, CIV) and "order 1" in view.order_text(plain, ABO)
    mod = tmp_path / "mod.yaml"
    mod.write_text("extends: fleet-battle\nid: fb-default\ntitle: t\n"
                   "options:\n  battle-orders:\n    overlay:\n      battle_orders:\n"
                   "        fleets: {civilizations: default, aborigines: roll}\n")
    game = Game(load_scenario(mod, options=["battle-orders"]), seats=["red"], seed=3)
    rolls = [e["purpose"] for e in game.events if e["type"] == "dice" and "order" in e["purpose"]]
    assert rolls == ["battle order of the aborigines"]
    civ = next(e for e in game.events if e["type"] == "fleet_order" and e["fleet"] == CIV)
    assert (civ["order"], civ["rolled"], civ["rule"]) == (1, False, "RB.2")


def test_rb3_a_fleet_wins_the_moment_it_fulfils_its_order():
    """RB.3: the action that fulfils the order ends the game — a crushing defeat."""
    game = battle([
        {"id": "D1", "type": "dreadnought", "at": "5,5", "fleet": CIV},
        {"id": "W1", "type": "warship", "at": "7,5", "fleet": ABO, "hull": 1},
        {"id": "R1", "type": "raider", "at": "12,9", "fleet": ABO},
    ], attrs={"fb_orders": {CIV: 2},
              "fb_lost": {"M1": {"type": "mothership", "fleet": ABO, "main": True}}})
    game.dice.force([4, 1, 1, 1, 1])   # a Large model is hit on 4+ (D6.4)
    game.apply("fire D1 W1")
    assert game.over and game.result["rule"] == "RB.3" and game.result["winner"] == CIV
    assert game.result["tier"] == "crushing defeat" and set(game.result["sides"]) == {CIV, ABO}
    assert of(game, "game_over")[0]["tier"] == "crushing defeat"


def test_rb3_an_unfulfilled_order_does_not_end_the_game():
    """RB.3 / RB.1 order 1: 60% of the enemy limit is not 70%."""
    game = battle([
        {"id": "D1", "type": "dreadnought", "at": "5,5", "fleet": CIV},
        {"id": "R2", "type": "raider", "at": "7,5", "fleet": ABO, "hull": 1},
    ], attrs={"fb_lost": {"M1": {"type": "mothership", "fleet": ABO},
                          "R1": {"type": "raider", "fleet": ABO}}})
    game.dice.force([4, 1, 1, 1, 1])
    game.apply("fire D1 R2")
    assert orders.taken_value(game, CIV) == 300 and not game.over


def test_rb3_order_2_counts_destroyed_models_only():
    """RB.1.2 «Уничтожить»: a captured Large model does not count for order 2."""
    game = battle([
        {"id": "D1", "type": "dreadnought", "at": "5,5", "fleet": CIV},
        {"id": "W1", "type": "warship", "at": "6,5", "fleet": ABO, "state": "prize",
         "held_by": CIV},
    ], attrs={"fb_orders": {CIV: 2}, "fb_lost": {"M1": {"type": "mothership", "fleet": ABO}}})
    assert orders.fulfilled(game, CIV) is None


def test_rb4_orders_are_public_on_the_board_and_in_the_prompt():
    """RB.4: «Обычно боевые приказы друг друга известны противникам»."""
    game = Game(load_scenario("fleet-battle", options=["battle-orders"]), seats=["red"], seed=5)
    lines = "\n".join(view.status_lines(game))
    for fleet in (CIV, ABO):
        n = game.state.attrs["fb_orders"][fleet]
        assert f"the {fleet}: order {n} ({orders.title(game, n)})" in lines
    assert "order" in game.loop.reason_now()
    reveal = [e for e in game.events if e["type"] == "phase_note" and e["phase"] == "reveal"]
    assert len(reveal) == 2 and all("play order" in e["text"] for e in reveal)


def test_d6_8_an_order_the_enemy_cannot_give_becomes_the_default():
    """D6.8: order 2 against a fleet without Huge or Large models is order 1."""
    game = battle([
        {"id": "D1", "type": "dreadnought", "at": "5,5", "fleet": CIV},
        {"id": "S1", "type": "stinger", "at": "9,9", "fleet": ABO},
    ])
    assert not orders.applicable(game, CIV, 2) and orders.applicable(game, CIV, 5)
    assert orders.applicable(game, ABO, 2)
