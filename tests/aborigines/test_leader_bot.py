"""The ``civ`` bot with the Leaders option (issue 12 item 5; weights in the option's overlay,
``aborigines.bots.civ.leaders``): constructed positions, one per behaviour. Red's home planet is
system-2 at 12,1; zone planets: planet-2 at 20,1 (portal 2 at 18,3)."""

from __future__ import annotations

import pytest

from distant_galaxy import load_scenario
from distant_galaxy_episodes.aborigines import leader_bot
from distant_galaxy_episodes.aborigines.bots import CivBot
from distant_galaxy_episodes.aborigines.model import ABORIGINES
from tests.leaders.conftest import LeaderBoard


@pytest.fixture(scope="module")
def scenario():
    return load_scenario("aborigine-clash", options=["leaders"])


@pytest.fixture
def board(scenario):
    b = LeaderBoard(scenario)
    for lid, rec in b.leaders().items():      # every leader at home (the cruisers were removed)
        b.put_leader(lid, planet="system-2" if rec["seat"] == "red" else "system-3")
    return b


def choose(board):
    return str(CivBot("red", seed=1).choose(board.game))


def weights(board):
    return leader_bot.LeaderWeights.of(board.game.scenario)


def test_no_weights_without_the_option():
    assert leader_bot.LeaderWeights.of(load_scenario("aborigine-clash")) is None


def test_weights_come_from_the_option_overlay(scenario):
    cfg = scenario.data["aborigines"]["bots"]["civ"]["leaders"]
    w = leader_bot.LeaderWeights.of(scenario)
    assert w.risk == cfg["risk"] and w.evacuate == cfg["evacuate"]


def test_puts_a_leader_ashore_before_going_into_danger(board):
    """R9 by the home planet carries the Diplomat; its goal (planet-2) lies in danger: the
    Diplomat lands first."""
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.put_leader("red-diplomat", ship="R9")
    assert leader_bot.in_danger(board.game, weights(board), (14, 1)) is False
    assert leader_bot.in_danger(board.game, weights(board), (16, 2)) is True
    assert choose(board) == "land red-diplomat system-2"


def test_does_not_carry_a_leader_into_danger(board):
    """No own planet to land on: R9 with the Diplomat does not move next to the zone (every
    move towards planet-2 ends within 3 cells of portal 2)."""
    ship = board.put("destroyer", (14, 2), owner="red", tid="R9")      # not in orbit of home
    board.put_leader("red-diplomat", ship="R9")
    for lid, rec in board.leaders().items():
        if rec["seat"] == "red" and lid != "red-diplomat":
            board.put_leader(lid, planet="system-2")
    picked = CivBot("red", seed=1).choose(board.game)
    plain = CivBot("red", seed=1)
    board.put_leader("red-diplomat", planet="system-2")   # the same position without the leader
    unburdened = plain.choose(board.game)
    assert unburdened.verb == "move" and leader_bot.in_danger(
        board.game, weights(board), unburdened.pos(1), ship)
    assert picked.verb == "end" or not leader_bot.in_danger(
        board.game, weights(board), picked.pos(1), ship)


def test_moves_a_leader_off_a_threatened_planet(board):
    board.own("planet-2", "red")
    board.put_leader("red-agent", planet="planet-2")
    board.put("invader", (17, 4))
    board.put("guard", (18, 5))                      # two Aborigine ships in zone 2
    board.put("destroyer", (21, 1), owner="red", tid="R9")
    w = weights(board)
    assert leader_bot.threatened(board.game, w, board.state.sites["planet-2"])
    assert choose(board) == "board red-agent R9"
    board.game.apply("board red-agent R9")
    flee = CivBot("red", seed=1).choose(board.game)
    assert flee.verb == "move" and not leader_bot.in_danger(board.game, w, flee.pos(1))


def test_the_admiral_boards_the_ship_that_attacks(board):
    board.put("destroyer", (20, 6), owner="red", tid="R8")
    board.put("destroyer", (21, 6), owner="red", tid="R9")
    board.put("invader", (22, 6))                     # next to R9 only
    board.put_leader("red-admiral", ship="R8")
    assert choose(board) == "board red-admiral R9"
    board.game.apply("board red-admiral R9")
    assert choose(board).startswith("attack R9 ")                     # with two dice (RL.7)


def test_the_ship_with_the_admiral_attacks_first(board):
    board.put("destroyer", (14, 6), owner="red", tid="R8")
    board.put("destroyer", (21, 6), owner="red", tid="R9")
    board.put("invader", (15, 6))
    board.put("invader", (22, 6))
    board.put_leader("red-admiral", ship="R9")
    assert choose(board).startswith("attack R9 ")


def test_the_general_boards_the_capturing_ship(board):
    board.own("planet-2", ABORIGINES)
    board.put("destroyer", (21, 1), owner="red", tid="R9")     # next to planet-2, unguarded
    board.put("destroyer", (22, 1), owner="red", tid="R8")
    board.put_leader("red-general", ship="R8")
    assert choose(board) == "board red-general R9"
    board.game.apply("board red-general R9")
    assert choose(board) == "capture R9 planet-2"


def test_the_general_lands_on_a_planet_likely_to_be_taken(board):
    board.own("planet-2", "red")
    board.put("invader", (17, 4))
    board.put("guard", (18, 5))
    board.put("destroyer", (21, 1), owner="red", tid="R9")
    board.put_leader("red-general", ship="R9")
    assert choose(board) == "land red-general planet-2"


def test_the_general_rides_from_its_planet_when_it_has_work(board):
    ship = board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.put_leader("red-admiral", ship="R9")      # the Admiral rides already
    w = weights(board)
    assert leader_bot.board_score(board.game, w, "red-general", ship) == 0   # nothing to do
    assert choose(board).startswith("move R9")
    board.own("planet-7", ABORIGINES)                # an Aborigine planet to capture
    assert leader_bot.board_score(board.game, w, "red-general", ship) == w.ride["general"]
    assert leader_bot.board_score(board.game, w, "red-diplomat", ship) == 0
    assert choose(board) == "board red-general R9"


def test_the_rescuer_frees_the_captive_it_would_least_like_to_lose_RL_10(board):
    """Issue 34 item 8 (audit): with several captives the rescuer chooses (item 6); the civ bot
    frees the one whose kind it holds dearest (its ``risk`` weights: the Agent 20 over the
    General 0.4), not the first by id."""
    from tests.leaders.test_rescue_choice import _two_captives_rescued

    _two_captives_rescued(board)
    game = board.game
    assert (game.pending.seat, game.pending.kind) == ("red", "rescue")
    assert choose(board) == "free red-agent"
    w = weights(board)
    assert w.risk["agent"] > w.risk["general"]
