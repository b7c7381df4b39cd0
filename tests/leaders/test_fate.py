"""RL.3, RL.4, RL.10: the d10 fate tables with forced dice (source 003: «киньте кубик: 1-5:
Убит … 6-8: Сбежал … 9 или 10: Пленен»; «1-5: Пленен, 6-9: Сбежал, 10: Убит»; «при 9-10
контроль над лидером переходит к игроку»)."""

from __future__ import annotations

import pytest

from distant_galaxy_episodes.aborigines.colonization import check_colonies
from distant_galaxy_episodes.aborigines.combat import aborigine_fires
from distant_galaxy_episodes.aborigines.model import ABORIGINES
from distant_galaxy_episodes.leaders import fate

SHIP_TABLE = [(1, "killed"), (5, "killed"), (6, "escaped"), (8, "escaped"), (9, "captured"),
              (10, "captured")]
PLANET_TABLE = [(1, "captured"), (5, "captured"), (6, "escaped"), (9, "escaped"),
                (10, "killed")]


@pytest.mark.parametrize("d10,expected", SHIP_TABLE)
def test_ship_destroyed_in_battle_fate_table_RL_3(board, d10, expected):
    ship = board.put("cruiser", (20, 2), owner="red")
    ship.attrs["fired"] = True                      # R5.32: a guard may shoot a cruiser that fired
    guard = board.put("guard", (19, 2))
    board.put_leader("red-admiral", ship=ship.id)
    board.game.dice.force([6, d10])                 # the guard's hit, then the leader's d10
    assert aborigine_fires(board.game, guard, ship)
    ev = board.events("leader_fate")[0]
    assert (ev["roll"], ev["fate"], ev["rule"]) == (d10, expected, "RL.3")
    recs = board.leaders()
    if expected == "killed":
        assert "red-admiral" not in recs
    elif expected == "escaped":
        assert recs["red-admiral"]["planet"] == "system-2"   # the home planet, unblockaded
    else:
        assert recs["red-admiral"]["holder"] == ABORIGINES
        assert recs["red-admiral"]["planet"] is recs["red-admiral"]["ship"] is None


def test_the_d10_is_a_logged_die_with_purpose_RL_3(board):
    ship = board.put("destroyer", (20, 2), owner="red")
    guard = board.put("guard", (19, 2))
    board.put_leader("red-general", ship=ship.id)
    board.game.dice.force([6, 7])
    aborigine_fires(board.game, guard, ship)
    dice = [e for e in board.game.events if e["type"] == "dice" and e.get("rule") == "RL.3"]
    assert dice and dice[0]["die"] == "d10" and "fate of red's General" in dice[0]["purpose"]


def test_destroyed_outside_battle_killed_RL_3(board):
    ship = board.put("destroyer", (20, 2), owner="red")
    board.put_leader("red-agent", ship=ship.id)
    fate.ship_lost(board.game, ship.id, "red", battle=False, by=None)
    assert "red-agent" not in board.leaders()
    assert board.events("leader_fate")[0]["fate"] == "killed"


def test_escape_with_no_unblockaded_planet_is_death_D_L_3(board):
    board.own("system-2", None)                     # red holds no planet
    ship = board.put("destroyer", (20, 2), owner="red")
    guard = board.put("guard", (19, 2))
    board.put_leader("red-general", ship=ship.id)
    board.game.dice.force([6, 7])
    aborigine_fires(board.game, guard, ship)
    assert board.events("leader_fate")[0]["fate"] == "killed"


def _take_planet_2(board, d10s):
    del board.leaders()["red-diplomat"]             # it would cancel the take-over (RL.6)
    board.own("planet-2", "red")
    for c in [(18, 2), (19, 2), (19, 3), (19, 4)]:
        board.put("invader", c)
    board.game.dice.force([4, *d10s])
    check_colonies(board.game)


@pytest.mark.parametrize("d10,expected", PLANET_TABLE)
def test_planet_taken_by_invasion_fate_table_RL_4(board, d10, expected):
    board.put_leader("red-scientist", planet="planet-2")
    _take_planet_2(board, [d10])
    assert board.state.sites["planet-2"].owner == ABORIGINES
    ev = board.events("leader_fate")[0]
    assert (ev["roll"], ev["fate"], ev["rule"]) == (d10, expected, "RL.4")
    if expected == "captured":
        assert board.leaders()["red-scientist"]["holder"] == ABORIGINES
    elif expected == "escaped":
        assert board.leaders()["red-scientist"]["planet"] == "system-2"


def test_planet_changes_hands_otherwise_leader_escapes_RL_4(board):
    board.own("planet-2", "red")
    board.put_leader("red-agent", planet="planet-2")
    board.own("planet-2", "blue")
    fate.planet_taken(board.game, "planet-2", "blue", invasion=False)
    assert board.leaders()["red-agent"]["planet"] == "system-2"


def _capture_planet_2(board, dice):
    board.own("planet-2", ABORIGINES)
    s = board.put("scout", (21, 2), owner="red")
    board.game.dice.force(dice)
    board.game.apply(f"capture {s.id} planet-2")
    return s


@pytest.mark.parametrize("d10,freed", [(8, False), (9, True), (10, True)])
def test_rescue_on_capture_of_an_aborigine_planet_RL_10(board, d10, freed):
    board.own("planet-7", ABORIGINES)               # not their last planet
    board.put_leader("blue-general", holder=ABORIGINES)
    _capture_planet_2(board, [4, d10])
    rec = board.leaders()["blue-general"]
    ev = board.events("leader_rescue")[0]
    assert (ev["roll"], ev["rule"]) == (d10, "RL.10")
    if freed:   # «контроль над лидером переходит к игроку»: to the player who took the planet
        assert (rec["holder"], rec["planet"]) == ("red", "planet-2")
    else:
        assert rec["holder"] == ABORIGINES


def test_the_aborigines_last_colony_is_no_defeat_RL_10(board):
    """Source 003: «Если была захвачена последняя планета расы, то захватчику переходят все
    захваченные побежденным лидеры» — the captives of a *defeated* race. The Aborigines keep
    their central area (R5.23): their last colony falling is an ordinary capture, and the d10
    decides (8: nobody is freed)."""
    board.put_leader("blue-general", holder=ABORIGINES)
    board.put_leader("red-agent", holder=ABORIGINES)
    _capture_planet_2(board, [4, 8])                # their last planet: still a d10
    recs = board.leaders()
    assert recs["blue-general"]["holder"] == recs["red-agent"]["holder"] == ABORIGINES
    ev = board.events("leader_rescue")[0]
    assert (ev["roll"], ev["freed"], ev["last_planet"]) == (8, [], False)


def test_a_defeated_holder_gives_up_all_its_captives_RL_10(board):
    """A holder not in ``rescue.not_defeated`` whose last planet is taken is defeated: every
    leader it captured goes to the captor, no die (RL.10)."""
    from distant_galaxy_episodes.leaders import fate
    for site in board.state.sites.values():
        if site.owner == "blue":
            site.owner = None
    board.own("planet-2", "red")
    board.put_leader("red-general", holder="blue")
    board.put_leader("red-agent", holder="blue")
    fate.rescue(board.game, "planet-2", "red", "blue")
    ev = board.events("leader_rescue")[0]
    assert ev["roll"] is None and ev["last_planet"] is True
    assert sorted(ev["freed"]) == ["red-agent", "red-general"]


def test_captives_kept_D_L_1_RL_10(board):
    """D-L.1: the Aborigines neither hand captives over nor execute them (RL.10 "may")."""
    board.put_leader("blue-general", holder=ABORIGINES)
    board.game.apply("end")
    assert board.leaders()["blue-general"]["holder"] == ABORIGINES


def test_fate_and_rescue_told_in_words_RL_3_RL_10(board):
    from distant_galaxy_episodes.leaders.plugin import dg_describe_event, dg_status_lines
    ship = board.put("cruiser", (20, 2), owner="red")
    ship.attrs["fired"] = True
    guard = board.put("guard", (19, 2))
    board.put_leader("red-admiral", ship=ship.id)
    board.game.dice.force([6, 9])
    aborigine_fires(board.game, guard, ship)
    line = dg_describe_event(board.game, board.events("leader_fate")[0])
    assert "red's Admiral (red-admiral)" in line and "d10 9 — 9-10 captured (RL.3)" in line
    assert "the Aborigines take it and keep it (D-L.1)" in line
    assert any(s.startswith("  captives of the Aborigines: red's Admiral (red-admiral)")
               for s in dg_status_lines(board.game))
