"""Goals and limits (R5.1–R5.3)."""

from __future__ import annotations

from distant_galaxy import Game
from distant_galaxy_episodes.aborigines.model import ABORIGINES
from distant_galaxy_episodes.aborigines.plugin import dg_check_victory, dg_limit_result


def test_three_closed_portals_R5_1(board):
    for p in ("planet-1", "planet-2"):
        board.own(p, ABORIGINES)
    assert dg_check_victory(board.game) is None
    board.own("planet-4", ABORIGINES)
    res = dg_check_victory(board.game)
    assert res["winner"] == "aborigines" and res["rule"] == "R5.1"


def test_four_held_zones_R5_2(board):
    for p in ("planet-1", "planet-2", "planet-5"):
        board.own(p, "red")
    assert dg_check_victory(board.game) is None
    board.own("planet-7", "blue")
    res = dg_check_victory(board.game)
    assert res["winner"] == "civilizations" and res["rule"] == "R5.2"


def test_blocked_zone_is_not_held_R5_2(board):
    for p in ("planet-1", "planet-2", "planet-5", "planet-6"):
        board.own(p, "red")
    board.own("planet-8", ABORIGINES)                    # zone 4 has an Aborigine colony
    assert dg_check_victory(board.game) is None


def test_turn_limit_12_R5_3(scenario):
    assert scenario.limits["rounds"] == 12
    g = Game(scenario, seats=["red"], seed=1)
    res = dg_limit_result(g)
    assert res["winner"] == "civilizations" and "turn limit" in res["reason"]


def test_aborigine_turn_before_every_players_turn_R5_50(scenario):
    g = Game(scenario, seats=["red", "blue"], seed=3)
    g.apply("end")
    turns = [e for e in g.events if e["type"] == "aborigine_turn"]
    assert [t["before"] for t in turns] == ["red", "blue"]
