"""Vision limits (R5.60–R5.62)."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.model import model_of
from distant_galaxy_episodes.aborigines.priorities import decide
from distant_galaxy_episodes.aborigines.vision import visible_enemies, visible_portals


def test_neighbours_only_R5_62(board):
    m = model_of(board.game)
    assert visible_portals(m, board.state, 1) == [1, 2, 6]
    assert visible_portals(m, board.state, 4) == [4, 5, 3]


def test_extension_through_a_neighbour_holding_a_ship_R5_62(board):
    m = model_of(board.game)
    board.put("guard", (18, 2))            # portal 2 holds an Aborigine ship
    assert visible_portals(m, board.state, 1) == [1, 2, 3, 6]
    board.put("guard", (2, 7))             # and portal 6
    assert visible_portals(m, board.state, 1) == [1, 2, 3, 5, 6]


def test_no_further_than_one_extra_portal_R5_62(board):
    m = model_of(board.game)
    board.put("guard", (18, 2))
    board.put("guard", (22, 7))            # a ship at portal 3 does not extend to portal 4
    assert 4 not in visible_portals(m, board.state, 1)


def test_unseen_portal_is_not_a_candidate(board):
    board.put("invader", (22, 7))          # portal 3 has invaders, but portal 1 cannot see it
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert 3 not in ev["visible"] and ev["row"] == "I3"


def test_radius_2_for_invaders_and_3_for_the_hunter_R5_60_R5_61(board):
    m = model_of(board.game)
    sc = board.game.scenario
    far = board.put("destroyer", (9, 3), owner="red")   # 3 cells from portal 1
    inv = board.put("invader", (7, 2))
    hun = board.put("hunter", (5, 4))
    assert far not in visible_enemies(m, sc, board.state, inv, 1)
    assert far in visible_enemies(m, sc, board.state, hun, 1)


def test_guard_sees_an_enemy_at_3_next_to_a_guard_R5_61(board):
    m = model_of(board.game)
    sc = board.game.scenario
    far = board.put("destroyer", (9, 3), owner="red")
    g = board.put("guard", (7, 4))
    assert far not in visible_enemies(m, sc, board.state, g, 1)
    board.state.move_token(g, (8, 4))   # now next to the enemy
    assert far in visible_enemies(m, sc, board.state, g, 1)


def test_hunter_does_not_move_beyond_2_R5_61(board):
    board.put("scout", (9, 3), owner="red")        # seen at 3 cells
    ship = board.put("hunter", (5, 2))
    board.game.dice.force([6])
    decide(board.game, ship, 1)
    assert board.game.scenario.grid.distance(ship.pos, (6, 3)) <= 2
    assert board.events("combat")                  # it attacks from 8,x at distance 2


def test_unlimited_speed_R5_63(board):
    board.put("invader", (2, 7))                   # portal 6, far away
    ship = board.put("invader", (7, 2))
    decide(board.game, ship, 1)
    assert model_of(board.game).portal_of(ship) == 6
