"""The priority tables row by row on constructed positions (R5.53, R5.20–R5.22, R5.60–R5.63)."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.model import ABORIGINES
from distant_galaxy_episodes.aborigines.priorities import decide


def last(board, type_="ai_decision"):
    return board.events(type_)[-1]


# -- invader ---------------------------------------------------------------------------------
def test_I0_adjacent_enemy_is_attacked_R5_20(board):
    ship = board.put("invader", (7, 2))
    board.put("destroyer", (8, 2), owner="red")
    board.game.dice.force([6])
    ev = decide(board.game, ship, 2)
    assert ev["row"] == "I0" and ev["stay"]
    assert board.events("combat")[-1]["outcome"] == "hit"


def test_I0_miss_moves_away_from_enemies_R5_20(board):
    ship = board.put("invader", (7, 2))
    board.put("destroyer", (8, 2), owner="red")
    board.game.dice.force([1])
    decide(board.game, ship, 2)
    assert ship.pos != (7, 2)
    assert board.game.scenario.grid.distance(ship.pos, (8, 2)) > 1
    assert board.events("ai_move")[-1]["rule"] == "R5.20"


def test_I0_not_fired_without_adjacent_enemy(board):
    ship = board.put("invader", (7, 2))
    board.put("destroyer", (9, 2), owner="red")
    ev = decide(board.game, ship, 2)
    assert ev["row"] != "I0"
    assert not board.events("combat")


def test_I1_goes_to_unguarded_captured_portal_next_to_planet(board):
    board.own("planet-2", ABORIGINES)
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I1" and ev["to"] == 2
    assert board.game.scenario.grid.distance(ship.pos, (20, 1)) == 1


def test_I1_not_fired_when_planet_is_guarded(board):
    board.own("planet-2", ABORIGINES)
    board.put("guard", (19, 1))
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] != "I1"


def test_I1_one_ship_goes(board):
    board.own("planet-2", ABORIGINES)
    a = board.put("invader", (7, 2))
    b = board.put("invader", (5, 2))
    assert decide(board.game, a, 1)["row"] == "I1"
    assert decide(board.game, b, 1)["row"] != "I1"


def test_I1_ties_go_clockwise_R5_62(board):
    board.own("planet-2", ABORIGINES)
    board.own("planet-4", ABORIGINES)
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["to"] == 2
    assert any(lost["portal"] == 6 and "clockwise" in lost["why"] for lost in ev["lost"])


def test_I1_stay_preferred_when_own_portal_satisfies_R5_53(board):
    board.own("planet-1", ABORIGINES)
    board.own("planet-2", ABORIGINES)
    ship = board.put("invader", (7, 3))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I1" and ev["to"] == 1 and ev["stay"]
    assert board.game.scenario.grid.distance(ship.pos, (4, 1)) == 1


def test_I2_joins_other_invaders_that_need_ships(board):
    board.put("invader", (18, 2))
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I2" and ev["to"] == 2
    assert board.state.board.get(ship.pos) == ship.id and ship.pos in board.game.scenario.grid.within((18, 3), 2)


def test_I2_not_fired_when_the_portal_has_enough_ships(board):
    for c in [(18, 2), (19, 2), (19, 3), (19, 4)]:
        board.put("invader", c)
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I3"
    assert 2 not in ev["rows"][2]["satisfied"]


def test_I2_stays_when_own_portal_has_invaders(board):
    board.put("invader", (18, 2))
    board.put("invader", (5, 2))
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I2" and ev["stay"] and ship.pos == (7, 2)


def test_I3_goes_to_fewest_enemies(board):
    ship = board.put("invader", (7, 2))
    board.put("destroyer", (7, 5), owner="red")
    board.put("destroyer", (2, 10), owner="red")
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I3" and ev["to"] == 2
    assert ev["ranks"] == {"1": -1, "2": 0, "6": -1}


def test_I3_stays_on_equal_priority_R5_53(board):
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I3" and ev["stay"]


def test_invader_avoids_cells_next_to_enemies_R5_20(board):
    board.put("invader", (18, 2))
    board.put("scout", (18, 1), owner="red")   # next to the die-1 cell 18,2's neighbours
    ship = board.put("invader", (7, 2))
    decide(board.game, ship, 2)  # die cell 19,2 is next to the scout
    grid = board.game.scenario.grid
    assert all(grid.distance(ship.pos, (18, 1)) > 1 for _ in [0])


# -- guard -----------------------------------------------------------------------------------
def test_G1_same_as_I1(board):
    board.own("planet-4", ABORIGINES)
    ship = board.put("guard", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "G1" and ev["to"] == 6


def test_G2_removes_defenders_where_invaders_are(board):
    board.put("invader", (18, 2))
    enemy = board.put("destroyer", (17, 1), owner="red")
    ship = board.put("guard", (7, 2))
    board.game.dice.force([6])
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "G2" and ev["to"] == 2
    assert board.game.scenario.grid.distance(ship.pos, (17, 1)) == 1
    assert board.events("combat")[-1]["defender"] == enemy.id


def test_G2_not_fired_without_invaders(board):
    board.put("destroyer", (17, 1), owner="red")
    ship = board.put("guard", (7, 2))
    board.game.dice.force([1])
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "G3"


def test_G3_most_enemies_within_2(board):
    board.put("destroyer", (17, 1), owner="red")
    board.put("destroyer", (2, 10), owner="red")
    board.put("scout", (3, 10), owner="red")
    ship = board.put("guard", (7, 2))
    board.game.dice.force([1])
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "G3" and ev["to"] == 6
    assert ev["ranks"]["6"] == 2


def test_G3_without_enemies_stays(board):
    ship = board.put("guard", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "G3" and ev["stay"] and ship.pos == (7, 2)


# -- hunter ----------------------------------------------------------------------------------
def test_H1_same_as_I1(board):
    board.own("planet-2", ABORIGINES)
    ship = board.put("hunter", (7, 2))
    assert decide(board.game, ship, 1)["row"] == "H1"


def test_H2_attacks_cruisers_or_scouts_first(board):
    board.put("destroyer", (18, 2), owner="red")
    scout = board.put("scout", (18, 4), owner="red")
    ship = board.put("hunter", (7, 2))
    board.game.dice.force([6])
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "H2" and ev["to"] == 2
    assert board.events("combat")[-1]["defender"] == scout.id


def test_H2_not_fired_for_destroyers_only(board):
    board.put("destroyer", (18, 2), owner="red")
    ship = board.put("hunter", (7, 2))
    board.game.dice.force([1])
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "H3" and ev["to"] == 2


def test_H3_stays_when_tied(board):
    ship = board.put("hunter", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "H3" and ev["stay"]


# -- explanation content ---------------------------------------------------------------------
def test_decision_lists_candidates_and_losers(board):
    ship = board.put("invader", (7, 2))
    board.put("destroyer", (7, 5), owner="red")
    ev = decide(board.game, ship, 1)
    assert ev["visible"] == [1, 2, 6]
    assert [r["row"] for r in ev["rows"]] == ["I0", "I1", "I2", "I3"]
    assert {lost["portal"] for lost in ev["lost"]} == {1, 6}
    assert ev["row_text"] and ev["row_at"].endswith(tuple("0123456789"))


# -- the unit in range (issue 11 item 13) ----------------------------------------------------
def test_decision_names_the_adjacent_enemy_it_fires_at_I0_R5_20(board):
    ship = board.put("invader", (7, 2))
    enemy = board.put("destroyer", (8, 2), owner="red")
    board.game.dice.force([1])
    ev = decide(board.game, ship, 2)
    assert ev["row"] == "I0"
    assert (ev["in_range"], ev["in_range_kind"], ev["in_range_owner"], ev["in_range_unit"],
            ev["in_range_at"]) == (enemy.id, "ship", "red", "destroyer", [8, 2])
    assert board.events("combat")[-1]["defender"] == ev["in_range"]


def test_decision_names_the_planet_it_guards_I1_R5_53(board):
    board.own("planet-2", ABORIGINES)
    ship = board.put("invader", (7, 2))
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I1"
    assert (ev["in_range"], ev["in_range_kind"], ev["in_range_owner"], ev["in_range_at"]) == \
        ("planet-2", "planet", ABORIGINES, [20, 1])
    assert "in_range_unit" not in ev


def test_decision_names_the_enemy_it_attacks_G2_H2_R5_64(board):
    board.put("invader", (18, 2))
    enemy = board.put("destroyer", (17, 1), owner="red")
    guard = board.put("guard", (7, 2))
    board.game.dice.force([1])
    ev = decide(board.game, guard, 1)
    assert ev["row"] == "G2" and ev["in_range"] == enemy.id
    assert board.events("combat")[-1]["defender"] == enemy.id
    scout = board.put("scout", (18, 4), owner="blue")
    hunter = board.put("hunter", (5, 2))
    board.game.dice.force([1])
    ev = decide(board.game, hunter, 1)
    assert ev["row"] == "H2" and ev["in_range"] == scout.id
    assert (ev["in_range_owner"], ev["in_range_unit"]) == ("blue", "scout")


def test_decision_without_a_unit_in_range_names_none_I3(board):
    ship = board.put("invader", (7, 2))
    board.put("destroyer", (7, 5), owner="red")
    ev = decide(board.game, ship, 1)
    assert ev["row"] == "I3" and "in_range" not in ev

