"""The leaders for people (words.py): every fate roll (RL.3, RL.4), every rescue (RL.10) told in
words with the table row the d10 hit, boarding and landing (RL.2), and the status lines that show
a seat its own leaders first."""

from __future__ import annotations

import pytest

from distant_galaxy.play.narrate import narrate
from distant_galaxy_episodes.aborigines.combat import aborigine_fires
from distant_galaxy_episodes.aborigines.model import ABORIGINES
from distant_galaxy_episodes.leaders import words
from tests.leaders.test_fate import _capture_planet_2, _take_planet_2


def _shoot_ship_with(board, lid, d10):
    ship = board.put("destroyer", (20, 2), owner="red")
    guard = board.put("guard", (19, 2))
    board.put_leader(lid, ship=ship.id)
    board.game.dice.force([6, d10])
    aborigine_fires(board.game, guard, ship)
    return board.events("leader_fate")[-1]


@pytest.mark.parametrize("d10,text", [
    (3, "d10 3 — 1-5 killed (RL.3): killed, out of the game"),
    (7, "d10 7 — 6-8 escaped (RL.3): escapes to system-2"),
    (10, "d10 10 — 9-10 captured (RL.3): captured: the Aborigines take it and keep it (D-L.1)"),
])
def test_ship_fate_in_words_RL_3(board, d10, text):
    ev = _shoot_ship_with(board, "red-general", d10)
    line = words.describe(board.game, ev)
    assert line.startswith("  !! red's General (red-general): ship ")
    assert text in line
    assert line in narrate(board.game, board.game.events)     # what the prompt tells


def test_escape_with_nowhere_to_go_in_words_D_L_3(board):
    board.own("system-2", None)
    ev = _shoot_ship_with(board, "red-general", 7)
    assert "6-8 escaped (RL.3): but red has no friendly unblockaded planet to escape to: " \
           "killed (D-L.3)" in words.describe(board.game, ev)


@pytest.mark.parametrize("d10,text", [(2, "1-5 captured"), (6, "6-9 escaped"), (10, "10 killed")])
def test_planet_fate_in_words_RL_4(board, d10, text):
    board.put_leader("red-scientist", planet="planet-2")
    _take_planet_2(board, [d10])
    line = words.describe(board.game, board.events("leader_fate")[0])
    assert "red's Scientist (red-scientist): planet planet-2 taken" in line
    assert f"d10 {d10} — {text} (RL.4)" in line


@pytest.mark.parametrize("d10,text", [
    (8, "d10 8, needs 9-10 (RL.10): nobody is freed, they keep their captives (D-L.1)"),
    (9, "d10 9 — 9-10 frees one (RL.10, D-L.4): blue-general joins red on planet-2"),
])
def test_rescue_in_words_RL_10(board, d10, text):
    board.own("planet-7", ABORIGINES)
    board.put_leader("blue-general", holder=ABORIGINES)
    _capture_planet_2(board, [4, d10])
    line = words.describe(board.game, board.events("leader_rescue")[0])
    assert line.startswith("  !! red takes planet-2 from the Aborigines, who hold captives: ")
    assert text in line


def test_last_planet_rescue_in_words_RL_10(board):
    from distant_galaxy_episodes.leaders import fate
    for site in board.state.sites.values():
        if site.owner == "blue":
            site.owner = None
    board.own("planet-2", "red")
    board.put_leader("red-general", holder="blue")
    fate.rescue(board.game, "planet-2", "red", "blue")
    line = words.describe(board.game, board.events("leader_rescue")[0])
    assert ("their last planet, their race defeated — every captive is freed (RL.10): "
            "red-general joins red") in line


def test_boarding_and_landing_in_words_RL_2(board):
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.game.apply("board red-general R9")
    board.game.apply("land red-general system-2")
    told = narrate(board.game, board.game.events)
    assert "  red's General (red-general) boards R9 from system-2 (RL.2)" in told
    assert "  red's General (red-general) lands on system-2 from R9 (RL.2)" in told


def test_status_lines_show_the_deciding_seat_its_leaders_first_RL_2(board):
    board.put("destroyer", (13, 1), owner="red", tid="R9")
    board.game.apply("board red-general R9")
    lines = words.status_lines(board.game)
    assert lines[1].startswith("  red (deciding now): ")
    assert "aboard R9 (destroyer at 13,1): General" in lines[1]
    assert "on system-2 (12,1): Admiral, Agent, Diplomat, Scientist" in lines[1]
    assert lines[2].startswith("  blue: on system-3 (24,1): ")
    board.game.apply("end")                                   # blue decides now
    assert words.status_lines(board.game)[1].startswith("  blue (deciding now): ")


def test_every_leader_event_is_declared_and_told_in_words(scenario):
    """The plugin declares its events (``x-events``: a trigger's ``on:`` may name them) and
    words each one a game emits."""
    from distant_galaxy import Game
    from distant_galaxy_episodes.aborigines.bots import CivBot
    from distant_galaxy_episodes.leaders.schema import EVENTS
    seen = set()
    for seed in (1, 2, 5):
        game = Game(scenario, seats=["red", "blue", "green"], seed=seed)
        bots = {s: CivBot(s, seed=seed) for s in game.state.seats}
        while game.state.result is None:
            game.apply(bots[game.state.pending.seat].choose(game))
        for ev in game.events:
            if ev["type"].startswith("leader_"):
                seen.add(ev["type"])
                assert ev["type"] in EVENTS
                assert words.describe(game, ev)
    assert {"leader_placed", "leader_boarded", "leader_fate"} <= seen
