"""Combat numbers and targets (R5.10, R5.11, R5.30–R5.32, R5.64, R5.4, R5.23)."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.combat import aborigine_need, adjacent_targets, civ_fires, may_target
from distant_galaxy_episodes.aborigines.model import CENTRE


def test_aborigine_attack_needs_5_R5_30(board):
    g = board.put("guard", (7, 2))
    e = board.put("destroyer", (8, 2), owner="red")
    assert aborigine_need(board.game, g, e)[0] == 5


def test_hunter_near_the_zone_gives_4_R5_31(board):
    g = board.put("guard", (7, 2))
    e = board.put("destroyer", (8, 2), owner="red")
    board.put("hunter", (9, 6))                     # 3 cells from portal 1: next to the zone
    assert aborigine_need(board.game, g, e)[0] == 4


def test_hunter_far_gives_no_bonus_R5_31(board):
    g = board.put("guard", (7, 2))
    e = board.put("destroyer", (8, 2), owner="red")
    board.put("hunter", (18, 2))
    assert aborigine_need(board.game, g, e)[0] == 5


def test_cruiser_only_after_it_fired_R5_32(board):
    g = board.put("guard", (7, 2))
    c = board.put("cruiser", (8, 2), owner="red")
    h = board.put("hunter", (7, 4))
    assert not may_target(board.game, g, c)
    assert may_target(board.game, h, c)              # the Hunter is a cruiser itself
    c.attrs["fired"] = True
    assert may_target(board.game, g, c)


def test_civ_attack_5_6_R5_10(board):
    a = board.put("destroyer", (8, 2), owner="red")
    t = board.put("invader", (7, 2))
    board.game.dice.force([4])
    assert not civ_fires(board.game, a, t)
    board.game.dice.force([5])
    assert civ_fires(board.game, a, t)
    assert board.state.attrs[CENTRE]["invader"] >= 1   # back to the centre (R5.23)
    assert board.events("ship_lost")[-1]["rule"] == "R5.23"


def test_hunter_fires_first_at_non_cruiser_R5_11(board):
    a = board.put("destroyer", (8, 2), owner="red")
    h = board.put("hunter", (7, 2))
    board.game.dice.force([2, 6])                   # hunter misses, destroyer hits
    assert civ_fires(board.game, a, h)
    assert [c["rule"] for c in board.events("combat")] == ["R5.11", "R5.10"]


def test_cruiser_attacks_hunter_without_first_shot_R5_11(board):
    a = board.put("cruiser", (8, 2), owner="red")
    h = board.put("hunter", (7, 2))
    board.game.dice.force([6])
    assert civ_fires(board.game, a, h)
    assert [c["rule"] for c in board.events("combat")] == ["R5.10"]
    assert a.attrs["fired"]


def test_target_radius_1_before_2_R5_64(board):
    ship = board.put("guard", (7, 4))
    far = board.put("destroyer", (8, 5), owner="red")   # diagonal, radius 2 of portal 1
    near = board.put("destroyer", (7, 3), owner="red")  # orthogonal, radius 1
    assert adjacent_targets(board.game, ship, ship.pos, 1) == [near, far]


def test_target_orthogonal_before_diagonal_R5_64(board):
    ship = board.put("guard", (5, 4))
    diag = board.put("destroyer", (6, 5), owner="red")   # radius 2, diagonal
    orth = board.put("destroyer", (5, 5), owner="red")   # radius 2, orthogonal
    assert adjacent_targets(board.game, ship, ship.pos, 1)[0] is orth
    assert diag in adjacent_targets(board.game, ship, ship.pos, 1)


def test_target_clockwise_R5_64(board):
    ship = board.put("guard", (6, 1))
    west = board.put("destroyer", (5, 1), owner="red")   # radius 2, orthogonal
    east = board.put("destroyer", (7, 1), owner="red")   # radius 2, orthogonal
    assert adjacent_targets(board.game, ship, ship.pos, 1) == [east, west]


def test_chaos_attack_bonus_and_avenge_R5_4(board):
    a = board.put("destroyer", (8, 2), owner="blue")    # blue plays Chaos
    t = board.put("invader", (7, 2))
    board.game.dice.force([4])
    assert civ_fires(board.game, a, t)                   # +1 attack: 4-6
    from distant_galaxy_episodes.aborigines.combat import aborigine_fires

    g = board.put("guard", (7, 3))
    v = board.put("scout", (8, 3), owner="blue")
    board.game.dice.force([6])
    assert aborigine_fires(board.game, g, v)
    assert g.id not in board.state.tokens                # the attacker dies too


def test_chaos_avenge_not_for_the_hunter_R5_4(board):
    from distant_galaxy_episodes.aborigines.combat import aborigine_fires

    h = board.put("hunter", (7, 3))
    v = board.put("scout", (8, 3), owner="blue")
    board.game.dice.force([6])
    assert aborigine_fires(board.game, h, v)
    assert h.id in board.state.tokens


def test_monarchy_guidance_failure_R5_4(board4):
    g = board4.put("guard", (7, 2))
    e = board4.put("destroyer", (8, 2), owner="yellow")
    assert aborigine_need(board4.game, g, e)[0] == 6


def test_a_second_hunter_gets_the_bonus_R5_31(board):
    """Issue 11 item 7: the Hunter "даёт бонус атаки остальным своим кораблям" — a second Hunter
    near the portal is one of those other ships: it hits on 4."""
    from distant_galaxy_episodes.aborigines.combat import aborigine_fires

    h1 = board.put("hunter", (7, 2))
    board.put("hunter", (5, 4))
    e = board.put("destroyer", (8, 2), owner="red")
    need, why = aborigine_need(board.game, h1, e)
    assert need == 4 and any("(R5.31)" in w for w in why)
    board.game.dice.force([4])
    assert aborigine_fires(board.game, h1, e)
    combat = board.events("combat")[-1]
    assert (combat["roll"], combat["need"], combat["rule"]) == (4, 4, "R5.31")


def test_a_lone_hunter_gives_itself_no_bonus_R5_31(board):
    from distant_galaxy_episodes.aborigines.combat import aborigine_fires

    h = board.put("hunter", (7, 2))
    e = board.put("destroyer", (8, 2), owner="red")
    assert aborigine_need(board.game, h, e)[0] == 5
    board.game.dice.force([4])
    assert not aborigine_fires(board.game, h, e)
    assert board.events("combat")[-1]["rule"] == "R5.30"
