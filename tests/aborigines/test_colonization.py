"""Colonization (R5.40–R5.42), lots (R5.65), blocked and reopened portals (R5.12)."""

from __future__ import annotations

import pytest

from distant_galaxy_episodes.aborigines.colonization import check_colonies
from distant_galaxy_episodes.aborigines.model import ABORIGINES, model_of


def test_four_ships_colonize_and_block_R5_40(board):
    board.own("planet-3", "red")                         # only planet-1 is free in zone 1
    for c in [(6, 2), (7, 2), (7, 3), (5, 3)]:
        board.put("invader", c)
    check_colonies(board.game)
    assert board.state.sites["planet-1"].owner == ABORIGINES
    assert model_of(board.game).blocked(board.state, 1)
    assert board.events("portal_blocked")[0]["rule"] == "R5.12"


def test_three_ships_do_not_colonize_R5_40(board):
    for c in [(6, 2), (7, 2), (7, 3)]:
        board.put("invader", c)
    check_colonies(board.game)
    assert not model_of(board.game).captured(board.state, 1)


def test_guards_alone_never_colonize_R5_21(board):
    for c in [(6, 2), (7, 2), (7, 3), (5, 3)]:
        board.put("guard", c)
    check_colonies(board.game)
    assert not model_of(board.game).captured(board.state, 1)


def test_two_free_planets_chosen_by_lot_R5_65(board):
    for c in [(6, 2), (7, 2), (7, 3), (5, 3)]:
        board.put("invader", c)
    board.game.dice.force([2])
    check_colonies(board.game)
    lot = board.events("lot")[0]
    assert lot["rule"] == "R5.65" and lot["chosen"] == "planet-3"
    assert board.events("dice")[-1]["rule"] == "R5.65"


def test_take_civ_planet_on_4_R5_41(board):
    board.own("planet-2", "blue")                        # Chaos: no planet defence
    for c in [(18, 2), (19, 2), (19, 3), (19, 4)]:
        board.put("invader", c)
    board.put("destroyer", (20, 2), owner="blue")        # ships in orbit do not prevent it
    board.game.dice.force([4])
    check_colonies(board.game)
    assert board.state.sites["planet-2"].owner == ABORIGINES


def test_take_civ_planet_fails_on_3_R5_41(board):
    board.own("planet-2", "blue")
    for c in [(18, 2), (19, 2), (19, 3), (19, 4)]:
        board.put("invader", c)
    board.game.dice.force([3])
    check_colonies(board.game)
    assert board.state.sites["planet-2"].owner == "blue"


@pytest.mark.parametrize("owner", ["red", "green"])     # Federation, Republic
def test_federation_and_republic_planets_taken_on_4_R5_41(board4, owner):
    """Issue 11 item 8: "Число успеха от 4 до 6" — the base-building bonus (R5.3) needs a base,
    and bases are not part of D5.1, so Federation and Republic planets fall on 4 as well."""
    board4.own("planet-2", owner)
    for c in [(18, 2), (19, 2), (19, 3), (19, 4)]:
        board4.put("invader", c)
    board4.game.dice.force([4])
    check_colonies(board4.game)
    assert board4.state.sites["planet-2"].owner == ABORIGINES
    take = board4.events("takeover")[0]
    assert (take["need"], take["roll"], take["rule"]) == (4, 4, "R5.41")


def test_federation_planet_holds_on_3_R5_41(board):
    board.own("planet-2", "red")
    for c in [(18, 2), (19, 2), (19, 3), (19, 4)]:
        board.put("invader", c)
    board.game.dice.force([3])
    check_colonies(board.game)
    assert board.state.sites["planet-2"].owner == "red"


def test_capture_refused_in_orbit_then_reopens_R5_42_R5_12(board):
    board.own("planet-2", ABORIGINES)
    s = board.put("scout", (21, 2), owner="red")
    g = board.put("guard", (19, 1))
    acts = [str(a) for a in board.game.legal_actions()]
    assert f"capture {s.id} planet-2" not in acts
    board.state.remove_token(g)
    board.touch()
    board.game.dice.force([4])
    board.game.apply(f"capture {s.id} planet-2")
    assert board.state.sites["planet-2"].owner == "red"
    assert board.events("portal_reopened")[0]["portal"] == 2
