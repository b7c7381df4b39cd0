"""What a human player is told: one readable line per event (the dg_describe_event hook), the
board's owner letters and per-seat status lines, and the errors of mistyped actions."""

from __future__ import annotations

import io
import re

import pytest

from distant_galaxy import Game
from distant_galaxy.errors import ActionError
from distant_galaxy.play.controllers import HumanController
from distant_galaxy.play.narrate import describe, narrate
from distant_galaxy.scenario.events import ENGINE_EVENTS, scenario_events
from distant_galaxy_episodes.aborigines import describe as ds
from distant_galaxy_episodes.aborigines.bots import CivBot
from distant_galaxy_episodes.aborigines.colonization import by_lot, check_colonies
from distant_galaxy_episodes.aborigines.combat import aborigine_fires, civ_fires
from distant_galaxy_episodes.aborigines.model import ABORIGINES, CENTRE
from distant_galaxy_episodes.aborigines.priorities import decide
from distant_galaxy_episodes.aborigines.turn import aborigine_turn


def test_every_declared_event_type_has_a_describer(scenario):
    types = set(scenario_events(scenario, plugins_only=True))  # the plugin's x-events
    assert {"ai_decision", "combat", "ship_lost", "colonized", "jump", "hack"} <= types
    missing = types - set(ds.DESCRIBERS) - {"note", "move"}   # core types the engine words well
    assert not missing, f"event types without a description: {sorted(missing)}"
    assert ds.PLUGIN_EVENTS <= types


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_every_event_of_bot_games_reads_as_a_sentence(scenario, seed):
    seats = ["red", "blue", "green", "yellow"]
    game = Game(scenario, seats=seats, seed=seed)
    bots = {s: CivBot(s, seed) for s in seats}
    steps = 0
    while game.result is None and steps < 400:
        game.apply(bots[game.pending.seat].choose(game))
        steps += 1
    seen = set()
    for ev in game.events:
        t = ev["type"]
        line = describe(game, ev)
        if t in ds.PLUGIN_EVENTS:
            seen.add(t)
            assert ds.describe_event(game, ev) is not None, ev
            assert not line.startswith(f"  {t}:"), line          # not the engine's field dump
            assert "{" not in line and "[" not in line.replace("[R", ""), line
    assert {"aborigine_turn", "active_portal", "ai_decision", "combat"} <= seen
    unknown = {ev["type"] for ev in game.events} - set(scenario_events(scenario))
    assert not unknown, f"events the catalogue does not declare: {sorted(unknown)}"
    assert set(ENGINE_EVENTS) <= set(scenario_events(scenario))


# -- sample wording -------------------------------------------------------------------------
def lines(board) -> list[str]:
    return narrate(board.game, board.game.events)


def test_a_destroyed_human_ship_is_told(board):
    a = board.put("invader", (7, 2), tid="A15")
    r = board.put("scout", (8, 2), owner="red", tid="R4")
    board.game.dice.force([6])
    assert aborigine_fires(board.game, a, r)
    out = lines(board)
    assert "    A15 (invader) attacks red's R4: rolled 6, needs 5+ → hit (R5.30)" in out
    assert "  !! red's R4 (scout) is destroyed: shot by A15 (R5.30)" in out
    assert not any(line.startswith("  die ") for line in out)     # the roll is in the line


def test_civ_attack_wording(board):
    b6 = board.put("destroyer", (8, 2), owner="blue", tid="B6")
    a9 = board.put("invader", (7, 2), tid="A9")
    board.game.dice.force([4])
    assert civ_fires(board.game, b6, a9)
    out = lines(board)
    assert ("    blue's B6 attacks A9 (invader): rolled 4, needs 4+ → hit "
            "(R5.10; blue attack +1 (R5.4))") in out
    assert any("Aborigine A9 (invader) is destroyed: shot by B6" in line for line in out)


def test_aborigine_turn_wording(board):
    board.put("invader", (6, 2), tid="A1")   # acts before the arrival (ids in number order)
    board.put("scout", (7, 2), owner="red", tid="R4")
    board.game.dice.force([1, 2, 6])   # portal 1; die 2: one invader on cell 2 (NE); its shot
    aborigine_turn(board.game)
    out = lines(board)
    text = "\n".join(out)
    assert out[0].startswith("=== Aborigine turn before red's turn (round 1)")
    assert "  Aborigines: portal 1 is active (die 1, R5.50)" in out
    assert "  Aborigines: reinforcement die 2 → invader from the central area (R5.51)" in out
    assert re.search(r"  A\d+ \(invader\) arrives at portal 1, cell \d+,\d+", text)
    assert re.search(r'A1 \(invader\) at portal 1 stays for red\'s R4 \(scout\): row I0 '
                     r'fired: "an enemy is next to the invader[^"]*"', text)  # issue 11 item 13
    assert all(len(line) <= ds.WIDTH for line in out), out
    assert "red's R4 (scout) is destroyed" in text


def test_the_portal_die_is_read_before_the_reinforcement_die_R5_50_R5_51(board):
    """Issue 11 item 18: a person reads the active portal (R5.50) before the reinforcement
    die (R5.51)."""
    board.game.dice.force([4, 4])                        # portal 4; a guard
    aborigine_turn(board.game)
    out = lines(board)
    portal = next(i for i, line in enumerate(out) if "portal 4 is active (die 4, R5.50)" in line)
    die = next(i for i, line in enumerate(out) if "reinforcement die 4 → guard" in line)
    assert portal < die, out


def test_active_portal_fallback_and_missing_reinforcement(board):
    board.put("invader", (18, 2), tid="A9")              # only portal 2 has a ship
    board.state.attrs[CENTRE] = {"invader": 0, "guard": 0, "hunter": 0}
    board.game.dice.force([1, 2])                        # portal 1, an invader that is not there
    aborigine_turn(board.game)
    text = "\n".join(lines(board))
    assert "no invader arrives: none left in the central area (R5.23)" in text
    assert "nearest portal clockwise" not in text        # issue 11 item 10: no fallback
    board.game.events.clear()
    board.game.dice.force([1, 1])                        # portal 1, roll 1: nothing (*)
    aborigine_turn(board.game)
    text = "\n".join(lines(board))
    assert ("active portal: 2 — roll 1: portal 1 has no Aborigine ship: nearest "
            "portal clockwise with one (R5.51)") in text


def test_colonization_blocked_portal_and_lot(board):
    for i, cell in enumerate([(5, 2), (6, 2), (7, 2), (7, 4)]):
        board.put("invader", cell, tid=f"A{20 + i}")
    board.game.dice.force([2])                           # the lot picks the second planet
    check_colonies(board.game)
    text = "\n".join(lines(board))
    assert "by lot (R5.65): which free planet of portal 1 the Aborigines colonize: rolled 2" in text
    assert re.search(r"!! the Aborigines colonize the free planet planet-\d at \d+,\d+ \(portal 1;"
                     r" ships A20, A21, A22, A23\) \(R5.40\)", text)
    # "now": a new player's trial read two portals closed at once as "closed 2/3" twice
    assert "!! portal 1 is BLOCKED: nobody may jump from or to it (R5.12; closed now: 1/3)" \
        in text
    assert by_lot(board.game, ["only"], "q") == "only"


def test_takeover_capture_and_reopen(board):
    board.own("planet-2", "red")
    for i, cell in enumerate([(17, 2), (18, 2), (19, 2), (19, 4)]):
        board.put("invader", cell, tid=f"A{30 + i}")
    board.game.dice.force([6])
    check_colonies(board.game)
    text = "\n".join(lines(board))
    # issue 11 item 8: 4-6 for a Federation planet too (no base bonus without bases)
    assert ("the Aborigines try to take red's planet planet-2 at 20,1: rolled 6, needs 4+ → "
            "taken (R5.41)") in text
    assert "colonize red's planet planet-2 at 20,1" in text
    for t in list(board.state.tokens.values()):
        board.state.remove_token(t)
    board.put("scout", (21, 1), owner="red", tid="R4")
    board.game.events.clear()
    board.game.dice.force([4])
    board.game.apply("capture R4 planet-2")
    text = "\n".join(lines(board))
    assert ("R4 tries to capture the Aborigine planet planet-2 at 20,1: rolled 4, needs 4+ → "
            "captured (R5.12)") in text
    assert "portal 2 is open again, freed by red (R5.12)" in text


def test_civ_colonize_jump_and_hack(board4):
    b = board4
    b.put("scout", (5, 2), owner="red", tid="R4")
    b.game.apply("jump R4 19,3")
    b.put("destroyer", (9, 5), owner="red", tid="R2")
    b.game.apply("colonize R2 planet-3")
    text = "\n".join(lines(b))
    assert "  R4 jumps 5,2 (portal 1) → 19,3 (portal 2) (R5.12)" in text
    assert "  red's R2 colonizes planet-3 at 8,5 (zone of portal 1, R5.2)" in text
    while b.game.pending.seat != "yellow":
        b.game.apply("end")
    b.put("scout", (16, 12), owner="yellow", tid="Y4")
    b.put("guard", (17, 12), tid="A40")
    b.put("invader", (18, 12), tid="A41")
    b.game.events.clear()
    b.game.dice.force([5])
    b.game.apply("hack A40 A41")
    assert "  yellow hacks A40 to ram A41: rolled 5, needs 5+ → rammed (R5.4)" in lines(b)


def test_setup_lines_name_planets_and_waiting_aborigines(scenario):
    game = Game(scenario, seats=["red", "blue"], seed=2)
    text = "\n".join(narrate(game, game.events))
    assert "system-2 at 12,1 belongs to red: home system" in text
    assert "waits at portal" not in text      # D5.10 (issue 11 item 11): nobody waits at start


def test_human_prompt_tells_what_happened_to_its_ships(scenario):
    """The trial's case: a ship vanished between turns with only the summary on screen."""
    game = Game(scenario, seats=["red", "blue"], seed=2)
    out = io.StringIO()
    human = HumanController("red", 2, inp=io.StringIO("end\n"), out=out)
    human.choose(game)
    bot = CivBot("blue", 2)
    game.apply("end")
    while game.pending.seat != "red":
        game.apply(bot.choose(game))
    out.truncate(0)
    human.tell_news(game)
    news = out.getvalue()
    assert "=== Aborigine turn before red's turn (round 2)" in news
    assert "row " in news and "fired" in news


# -- board and errors -----------------------------------------------------------------------
def test_home_systems_show_their_owner_and_status_lines(scenario):
    from distant_galaxy.play.render import render_board

    game = Game(scenario, seats=["red", "blue"], seed=2)
    board = render_board(game)
    row1 = board.splitlines()[2]
    assert row1.split()[0] == "1" and " R " in row1 + " " and row1.rstrip().endswith("B")
    # D5.11 (issue 11 item 11): a cruiser and a destroyer per seat
    words = " ".join(board.split())  # (a status line wider than 80 columns is wrapped)
    assert "red [R]: 2 ships: R1 cruiser 11,1, R2 destroyer 13,1 | planets held: system-2 12,1" \
        in words
    assert "blue [B]: 2 ships:" in board and "system-6 24,16" in board
    game.state.remove_token(game.state.tokens["R2"])  # one ship: "1 ship", not "1 ships" (the campaign trial)
    assert "red [R]: 1 ship: R1 cruiser 11,1 |" in " ".join(render_board(game).split())
    game.state.sites["planet-1"].owner = ABORIGINES
    from distant_galaxy_episodes.aborigines.plugin import dg_cell_glyph

    assert dg_cell_glyph(game, (4, 1)) == "@"
    assert dg_cell_glyph(game, (6, 3)) == "X"


@pytest.mark.parametrize("text, message", [
    ("attack", "usage is 'attack SHIP TARGET'"),
    ("colonize R1", "usage is 'colonize SHIP PLANET'"),
    ("move", "usage is 'move SHIP x,y'"),
    ("jump R1", "usage is 'jump SHIP x,y'"),
    ("capture", "usage is 'capture SHIP PLANET'"),
    ("move X 1,1", ("there is no ship 'X'; your ships: R1 at 11,1 (cruiser), R2 at 13,1 "
                    "(destroyer)")),     # D5.11 (issue 11 item 11): the set-up fleet
    ("move r1 1,1", "(ids are case-sensitive: R1?)"),
    ("move B3 1,1", "B3 is blue's ship, not yours; your ships: R1 at 11,1"),
    ("attack R1 A99", "A99 is not an Aborigine ship; no Aborigine ships next to R1 at 11,1"),
    ("colonize R1 nowhere", "nowhere is not a planet of a portal zone; no zone planet next to R1"),
])
def test_errors_help_to_type_the_action(scenario, text, message):
    game = Game(scenario, seats=["red", "blue"], seed=2)
    with pytest.raises(ActionError) as err:
        game.check(text)
    assert message in str(err.value)


def test_wrong_target_lists_the_adjacent_aborigines(board):
    board.put("destroyer", (8, 2), owner="red", tid="R2")
    board.put("invader", (7, 2), tid="A9")
    with pytest.raises(ActionError, match=r"A99 is not an Aborigine ship; Aborigine ships next "
                                          r"to R2: A9 at 7,2 \(invader\)"):
        board.game.check("attack R2 A99")


def test_a_decision_line_names_the_planet_it_guards(board):
    """Issue 11 item 13: the prompt names the unit in range (here the planet of row I1)."""
    board.own("planet-2", ABORIGINES)
    decide(board.game, board.put("invader", (7, 2), tid="A3"), 1)
    assert any(line.startswith("  A3 (invader) at portal 1 goes to portal 2 for planet-2 "
                               f"({ABORIGINES}): row I1 fired") for line in lines(board)), \
        lines(board)
