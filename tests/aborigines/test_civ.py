"""The civilizations' actions (D5.1, R5.10–R5.12, R5.2, R5.4 hack)."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import IllegalAction
from distant_galaxy_episodes.aborigines.model import ABORIGINES, HACKED


def test_move_within_speed(board):
    s = board.put("scout", (12, 3), owner="red")
    board.game.apply(f"move {s.id} 12,7".replace("12,7", "9,3"))
    assert s.pos == (9, 3)
    with pytest.raises(IllegalAction):
        board.game.apply(f"move {s.id} 9,4")           # once per turn


def test_cannot_enter_the_centre(board):
    s = board.put("scout", (12, 4), owner="red")
    with pytest.raises(IllegalAction):
        board.game.apply(f"move {s.id} 12,7")


def test_jump_between_open_portals_D5_1(board):
    s = board.put("scout", (5, 2), owner="red")
    board.game.apply(f"jump {s.id} 19,3")
    assert s.pos == (19, 3)


def test_jump_blocked_portal_R5_12(board):
    board.own("planet-2", ABORIGINES)
    s = board.put("scout", (5, 2), owner="red")
    with pytest.raises(IllegalAction, match="blocked"):
        board.game.apply(f"jump {s.id} 19,3")
    board.own("planet-2", None)
    board.own("planet-1", ABORIGINES)
    with pytest.raises(IllegalAction, match="blocked"):
        board.game.apply(f"jump {s.id} 19,3")


def test_colonize_needs_a_whole_turn_in_orbit_R5_2(board):
    s = board.put("scout", (5, 1), owner="red")
    board.game.apply(f"colonize {s.id} planet-1")
    assert board.state.sites["planet-1"].owner == "red"
    t = board.put("scout", (9, 7), owner="red")
    board.game.apply(f"move {t.id} 9,6")
    with pytest.raises(IllegalAction, match="whole turn"):
        board.game.apply(f"colonize {t.id} planet-3")


def test_attack_adjacent_only_R5_10(board):
    s = board.put("scout", (9, 2), owner="red")
    a = board.put("invader", (7, 2))
    with pytest.raises(IllegalAction, match="not adjacent"):
        board.game.apply(f"attack {s.id} {a.id}")


def test_monarchy_hack_once_R5_4(board4):
    game = board4.game
    y = board4.put("scout", (9, 2), owner="yellow")
    a = board4.put("guard", (7, 2))
    b = board4.put("invader", (5, 2))
    board4.state.pending = type(board4.state.pending)("yellow", "main")
    board4.touch()
    game.dice.force([5])
    game.apply(f"hack {a.id} {b.id}")
    assert a.id not in board4.state.tokens and b.id not in board4.state.tokens
    assert board4.state.attrs[HACKED] == ["yellow"]
    assert not [x for x in game.legal_actions() if x.verb == "hack"]
    assert y.id in board4.state.tokens


def test_hunter_cannot_be_hacked_R5_4(board4):
    board4.put("scout", (9, 2), owner="yellow")
    h = board4.put("hunter", (7, 2))
    board4.put("invader", (5, 2))
    board4.state.pending = type(board4.state.pending)("yellow", "main")
    board4.touch()
    assert not [x for x in board4.game.legal_actions() if x.verb == "hack" and x.args[0] == h.id]


def test_others_cannot_hack(board):
    board.put("scout", (9, 2), owner="red")
    board.put("guard", (7, 2))
    board.put("invader", (5, 2))
    assert not [x for x in board.game.legal_actions() if x.verb == "hack"]


def test_chaos_and_monarchy_get_a_level_3_planet_R5_4(scenario):
    from distant_galaxy import Game

    g = Game(scenario, seats=["red", "blue", "green", "yellow"], seed=1)
    owned = {s.owner: s for s in g.state.sites.values()
             if s.kind == "system" and s.attrs.get("level") == 3}
    assert set(owned) == {"blue", "yellow"}


def test_hunter_cannot_be_rammed_by_a_hacked_ship_R5_4(board4):
    """Issue 11 item 9: "(кроме охотника)" exempts the Hunter from the hack, as the rammed
    target too: with only a Hunter beside the hacked ship there is no hack at all."""
    board4.put("destroyer", (8, 2), owner="yellow")
    a = board4.put("invader", (7, 2))
    h = board4.put("hunter", (5, 4))
    board4.state.pending = type(board4.state.pending)("yellow", "main")
    board4.touch()
    acts = [str(x) for x in board4.game.legal_actions() if x.verb == "hack"]
    assert acts == []
    with pytest.raises(IllegalAction, match="not the Hunter"):
        board4.game.check(f"hack {a.id} {h.id}")
    g = board4.put("guard", (5, 2))
    acts = [str(x) for x in board4.game.legal_actions() if x.verb == "hack"]
    assert f"hack {a.id} {g.id}" in acts and not [x for x in acts if h.id in x.split()]
