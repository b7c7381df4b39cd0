"""RL.2: boarding and landing (``board LEADER SHIP``, ``land LEADER PLANET``; D-L.7): a leader
boards any own ship at a point of the ship's move this turn (where it started, stopped or ends,
within the leader's system), lands only on an own planet of its ship's system, never alone on a
free or enemy planet; once each per turn; errors leave the state as it was."""

from __future__ import annotations

import pytest

from distant_galaxy import Action, IllegalAction
from distant_galaxy_episodes.aborigines.combat import aborigine_fires
from distant_galaxy_episodes.leaders import moves
from distant_galaxy_episodes.leaders.model import on_ship

HOME = "system-2"   # red's home planet, 12,1


def _legal(board, verb):
    return sorted(str(a) for a in board.game.legal_actions() if a.verb == verb)


def test_board_and_land_parse_back_RL_2(board):
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    for a in board.game.legal_actions():
        if a.verb in ("board", "land"):
            assert Action.parse(str(a)) == a
    assert "board red-general R9" in _legal(board, "board")


def test_a_leader_boards_a_ship_in_its_system_RL_2(board):
    ship = board.put("destroyer", (13, 1), owner="red", tid="R9")
    ev = board.game.apply("board red-general R9")
    assert ev[0]["type"] == "leader_boarded" and ev[0]["rule"] == "RL.2"
    rec = board.leaders()["red-general"]
    assert (rec["ship"], rec["planet"]) == ("R9", None)
    board.game.apply("move R9 14,1")               # the leader moves with its ship
    assert moves.leader_cell(board.game, "red-general") == ship.pos == (14, 1)


def test_boarding_after_the_move_began_in_the_system_RL_2(board):
    """The ship started its move next to the leader's planet: the leader may still board it
    where the move ended (it boarded 'at a point of the move')."""
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    moves.start_turn(board.game, "red")
    board.touch()
    board.game.apply("move R9 15,1")
    assert moves.trail(board.game, board.state.tokens["R9"]) == [(13, 1), (15, 1)]
    board.game.apply("board red-general R9")
    assert board.leaders()["red-general"]["ship"] == "R9"


def test_no_boarding_of_a_ship_never_in_the_system_RL_2(board):
    board.put("destroyer", (15, 1), owner="red", tid="R9")
    moves.start_turn(board.game, "red")
    board.touch()
    assert "board red-general R9" not in _legal(board, "board")
    before = board.state.hash()
    with pytest.raises(IllegalAction, match="has not been in the system of red-general"):
        board.game.apply("board red-general R9")
    assert board.state.hash() == before


def test_boarding_from_ship_to_ship_RL_2(board):
    board.put("destroyer", (20, 5), owner="red", tid="R8")
    board.put("scout", (21, 5), owner="red", tid="R9")
    board.put_leader("red-admiral", ship="R8")
    board.game.apply("board red-admiral R9")       # "даже на истребитель": any ship
    assert board.leaders()["red-admiral"]["ship"] == "R9"


def test_land_only_on_an_own_planet_of_the_ships_system_RL_2(board):
    board.put("destroyer", (5, 1), owner="red", tid="R9")
    board.put_leader("red-agent", ship="R9")
    assert _legal(board, "land") == []              # planet-1 (4,1) is free
    with pytest.raises(IllegalAction, match="cannot land alone on a neutral or enemy planet"):
        board.game.apply("land red-agent planet-1")
    board.own("planet-1", "blue")
    with pytest.raises(IllegalAction, match="blue's planet"):
        board.game.apply("land red-agent planet-1")
    board.own("planet-3", "red")                    # 8,5: not next to the ship
    with pytest.raises(IllegalAction, match="system just activated"):
        board.game.apply("land red-agent planet-3")
    board.own("planet-1", "red")
    assert _legal(board, "land") == ["land red-agent planet-1"]
    ev = board.game.apply("land red-agent planet-1")
    assert ev[0]["type"] == "leader_landed" and ev[0]["rule"] == "RL.2"
    assert board.leaders()["red-agent"]["planet"] == "planet-1"


def test_once_per_turn_each_RL_2(board):
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.game.apply("board red-general R9")
    board.game.apply("land red-general system-2")
    assert not any(a.endswith("red-general R9") for a in _legal(board, "board"))
    with pytest.raises(IllegalAction, match="already boarded a ship this turn"):
        board.game.apply("board red-general R9")
    moves.start_turn(board.game, "red")             # the next turn of red
    board.touch()
    assert "board red-general R9" in _legal(board, "board")


def test_only_the_holder_moves_its_leaders_RL_2(board):
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.put("destroyer", (11, 1), owner="blue", tid="B9")
    with pytest.raises(IllegalAction, match="B9 is no ship of yours"):
        board.game.apply("board red-general B9")
    with pytest.raises(IllegalAction, match="not yours"):
        board.game.apply("board blue-general R9")
    with pytest.raises(IllegalAction, match="no leader 'red-pope'"):
        board.game.apply("board red-pope R9")
    board.put_leader("red-diplomat", holder="aborigines")
    with pytest.raises(IllegalAction, match="not yours"):
        board.game.apply("board red-diplomat R9")


def test_a_boarded_leader_shares_its_ships_fate_RL_2_RL_3(board):
    ship = board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.game.apply("board red-diplomat R9")
    hunter = board.put("guard", (14, 1))
    board.game.dice.force([6, 1])                   # the guard hits, the d10 says killed
    aborigine_fires(board.game, hunter, ship, why="test")
    assert "red-diplomat" not in board.leaders()
    assert board.events("leader_fate")[-1]["rule"] == "RL.3"


def test_undo_takes_a_boarding_back_RL_2(board):
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.game.apply("board red-general R9")
    board.game.undo()
    assert board.leaders()["red-general"]["planet"] == HOME


def test_the_invariant_holds_after_boarding_and_landing_RL_2(board):
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.game.apply("board red-general R9")
    board.game.apply("land red-general system-2")
    bad = [b for group in board.game.hook.dg_invariants(game=board.game) for b in group]
    assert bad == []


def test_leaders_aboard_are_listed_in_id_order_RL_3(board):
    """A save writes the records sorted: the d10s of RL.3 go to the leaders in id order, so a
    restored game rolls for the same leader as the game it was saved from."""
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    recs = board.leaders()
    for lid in ("red-scientist", "red-agent", "red-general"):
        board.put_leader(lid, ship="R9")
    board.state.attrs["leaders"] = dict(reversed(list(recs.items())))
    assert on_ship(board.game, "R9") == ["red-agent", "red-general", "red-scientist"]
