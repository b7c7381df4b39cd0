"""The board model (model.py): portals numbered by their labels, zones, planets, the stash."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.model import ABORIGINES, MODEL, model, model_of


def test_portals_are_numbered_by_label_clockwise(scenario):
    m = model(scenario)
    assert m.portal_pos == {1: (6, 3), 2: (18, 3), 3: (22, 8), 4: (18, 13), 5: (6, 13), 6: (2, 8)}
    assert m.portals[1] == "portal-1" and m.number_of["portal-4"] == 4
    assert m.step(6, 1) == 1 and m.step(1, -1) == 6
    assert m.clockwise(5) == [5, 6, 1, 2, 3, 4]


def test_zones_and_their_planets(scenario):
    m = model(scenario)
    assert m.zone_of[(8, 5)] == 1 and m.zone_of[(4, 1)] == 1      # zone_radius 2
    assert (9, 3) not in m.zone_of
    assert m.zone_planets[1] == ["planet-1", "planet-3"] and m.planet_zone["planet-8"] == 4
    assert m.ship_types == ("invader", "guard", "hunter")
    assert m.civ_types == ("cruiser", "destroyer", "scout")


def test_the_model_lives_in_the_scenarios_stash(scenario):
    assert scenario.stash[MODEL] is model(scenario)
    assert not any(k.startswith("_aborigines") for k in vars(scenario))


def test_numbers_come_from_the_section(scenario):
    m = model(scenario)
    assert m.die == 6 and m.param("civ", "capture") == 4 and m.param("victory", "held_zones") == 4


def test_captured_blocked_and_held_zones(board):
    m = model_of(board.game)
    board.own("planet-1", ABORIGINES)
    board.own("planet-2", "red")
    assert m.captured(board.state, 1) and m.blocked(board.state, 1) and not m.held(board.state, 1)
    assert m.held(board.state, 2)
    assert (m.closed_count(board.state), m.held_count(board.state)) == (1, 1)
