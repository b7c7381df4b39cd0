"""Whole battles with the bots (D6.9): every seeded game finishes with a result that names its
tier and each fleet's points; the same seed gives the same game; every event is declared, worded
for people and valid against the event schema. The 500-game batch is bench/episode_batch.py."""

from __future__ import annotations

import json
import os

import pytest
from jsonschema import Draft202012Validator

from distant_galaxy import Game, load_scenario
from distant_galaxy.loader import load_schema
from distant_galaxy.play.runner import make_controllers
from distant_galaxy.scenario.events import scenario_events
from distant_galaxy_episodes.fleet_battle import view

TIERS = {"crushing defeat", "brilliant victory", "minor success", "draw"}
GAMES = int(os.environ.get("FB_GAMES", "6"))
SETS = [(None, ()), (None, ("battle-orders",)), ("hot-seat", ()), ("hot-seat", ("battle-orders",)),
        (None, ("battle-orders", "secret-orders")), ("hot-seat", ("secret-orders",))]


def play(seed, players=None, variant=None, options=(), sink=None):
    scenario = load_scenario("fleet-battle", variant, list(options))
    seats = scenario.seat_ids(players)
    game = Game(scenario, seats=seats, seed=seed, sink=sink)
    bots = make_controllers(scenario, seats, {s: "fleet" for s in seats}, seed, {}, None)
    for _ in range(5000):
        if game.over:
            return game
        game.apply(bots[game.pending.seat].choose(game))
    raise AssertionError(f"seed {seed} did not finish")


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_seeded_bot_battle_finishes_with_a_tier(seed):
    variant, options = SETS[seed % len(SETS)]
    game = play(seed, None if variant else 1 + seed % 4, variant, options)
    res = game.result
    assert res["tier"] in TIERS and res["rule"] in ("RB.3", "RB.6")
    assert set(res["sides"]) == {"civilizations", "aborigines"}
    assert (res["winner"] is None) == (res["tier"] == "draw")
    assert game.state.round <= game.scenario.limits["rounds"]


def test_same_seed_same_battle():
    assert play(7, 2).state.hash() == play(7, 2).state.hash()


@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_is_declared_worded_and_valid(seed):
    validator = Draft202012Validator(load_schema("event"))
    records: list[dict] = []
    game = play(seed, 3, options=("battle-orders",), sink=records.append)
    declared = set(scenario_events(game.scenario))
    plugin = set(scenario_events(game.scenario, plugins_only=True))
    for rec in records:
        errors = list(validator.iter_errors(json.loads(json.dumps(rec))))
        assert not errors, (rec, errors[0].message)
    seen = {ev["type"] for ev in game.events}
    assert seen - declared == set()
    assert {"fire", "initiative", "vp_tally", "fleet_order", "phase_note"} <= seen
    for ev in game.events:
        if ev["type"] in plugin:
            assert view.describe_event(game, ev) is not None, ev


def test_the_board_s_letters_are_explained_and_the_aborigine_models_named_by_their_fleet():
    """The fleet battle's board had no legend (``AS``, ``Ab``, ``rb``…) and its set-up told of
    "neutral" models where every other line says the aborigines (a new player's trial)."""
    from distant_galaxy.play.narrate import narrate

    game = Game(load_scenario("fleet-battle"), seed=3)
    legend = view.legend(game)
    assert legend.startswith("legend: D Dreadnought, E Escort fighters, C Cruiser")
    assert "b Decoy buoy (the civilizations); AM Aborigine mothership" in legend
    assert "Ab Aborigine lure (the aborigines)" in legend
    lines = narrate(game, game.events)
    assert "  the aborigines' mothership M1 placed at 13,5" in lines
    assert not [line for line in lines if "neutral" in line]


def test_the_hull_lines_call_the_models_of_no_seat_so_not_neutral():
    """A new player's trial: the hull line of the models no seat moves said ``neutral:`` (they
    are the aborigines' fleet, which the engine moves)."""
    from distant_galaxy.play.render import render_unit_counters

    game = Game(load_scenario("fleet-battle"), seed=3)
    lines = render_unit_counters(game)
    assert any(line.startswith("  no seat: ") for line in lines)
    assert not [line for line in lines if "neutral" in line]
