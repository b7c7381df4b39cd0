"""Events told to people (distant_galaxy.play.narrate): one line per core event, quiet events
hidden, a plain fallback for other types, and plugins describing (or hiding) their own."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.play.narrate import QUIET, core_line, describe, narrate

STRIP = """\
seats: [{id: x}, {id: o}]
map: {topology: square4, width: 2, height: 1, fill: floor}
cell_types: {floor: {}}
"""


@pytest.mark.parametrize(("event", "line"), [
    ({"type": "turn_start", "seat": "x", "round": 2}, "--- x's turn (round 2) ---"),
    ({"type": "dice", "die": "d6", "purpose": "combat", "value": 4},
     "  die d6 for combat: 4"),
    ({"type": "dice", "die": "d6", "purpose": "combat", "value": 6, "forced": True,
      "rule": "R7.1"}, "  die d6 for combat: 6 (forced) [R7.1]"),
    ({"type": "counter", "seat": "x", "counter": "gold", "delta": 3, "value": 8,
      "reason": "mine"}, "  x gold +3 → 8 (mine)"),
    ({"type": "counter", "seat": "x", "counter": "gold", "delta": -2, "value": 1,
      "reason": "repair", "rule": "R2"}, "  x gold -2 → 1 (repair) [R2]"),
    ({"type": "pool", "seat": "o", "pool": "reserve", "unit": "ship", "delta": 0, "value": 2,
      "reason": "setup"}, "  o reserve: +0 ship → 2 (setup)"),
    ({"type": "place", "owner": "x", "unit": "mark", "token": "T1", "to": [1, 2]},
     "  x mark T1 placed at 1,2"),
    ({"type": "place", "unit": "rock", "token": "T9", "to": [0, 0]},
     "  neutral rock T9 placed at 0,0"),
    ({"type": "move", "token": "T1", "frm": [0, 0], "path": [[1, 0], [2, 0]], "cost": 2},
     "  T1 moves 0,0 → 1,0 → 2,0, cost 2"),
    ({"type": "move", "token": "T1", "path": [[1, 0]]}, "  T1 moves 1,0"),
    ({"type": "hand_over", "seat": "o", "decision": "defend", "reason": "x attacks"},
     "  o now decides: defend (x attacks)"),
    ({"type": "decision_skipped", "seat": "o", "decision": "bonus", "reason": "no legal action"},
     "  o: bonus skipped (no legal action)"),
    ({"type": "undo", "action": "step"}, "  (taken back: step)"),
    ({"type": "undo"}, "  (taken back: the last action)"),
    ({"type": "note", "message": "hello"}, "  note: hello"),
    ({"type": "game_over", "winner": "x", "reason": "a line", "round": 3},
     "*** x wins: a line (round 3) ***"),
    ({"type": "game_over", "winner": None, "reason": "full", "round": 5},
     "*** the game is drawn: full (round 5) ***"),
])
def test_core_events_in_words(event, line):
    assert core_line(event) == line


@pytest.mark.parametrize("type_", sorted(QUIET))
def test_quiet_events_are_hidden(type_):
    assert core_line({"type": type_, "seat": "x", "round": 1}) == ""


def test_a_type_unknown_to_the_engine_has_no_core_line():
    assert core_line({"type": "boom", "at": [1, 1]}) is None


def test_other_events_are_shown_field_by_field(make_scenario):
    game = Game(make_scenario(STRIP), seed=1)
    assert describe(game, {"type": "boom", "unit": "pawn", "at": [4, 4]}) == \
        "  boom: unit=pawn, at=4,4"


@pytest.mark.parametrize(("event", "line"), [
    ({"type": "move", "seat": "black", "token": "T9", "unit": "man", "from": [1, 2],
      "to": [2, 3]}, "  black man T9 moves 1,2 → 2,3"),
    ({"type": "move", "seat": "white", "token": "T15", "unit": "man", "from": [4, 5],
      "to": [0, 1], "via": [[2, 3]]}, "  white man T15 moves 4,5 → 2,3 → 0,1"),
    ({"type": "move", "seat": "x", "token": "T1", "unit": "ship", "from": [0, 0], "to": [3, 0],
      "reason": "trigger push"}, "  x ship T1 moves 0,0 → 3,0 (trigger push)"),
    ({"type": "capture", "seat": "white", "token": "T9", "unit": "man", "owner": "black",
      "at": [3, 4]}, "  white captures black man T9 at 3,4"),
    ({"type": "promote", "seat": "black", "token": "T3", "unit": "man", "to_unit": "king",
      "at": [4, 7]}, "  black man T3 at 4,7 becomes a king"),
    ({"type": "remove", "seat": "x", "token": "T2", "unit": "mark", "owner": "o", "at": [1, 1],
      "reason": "trigger sweep"}, "  o mark T2 removed from 1,1 (trigger sweep)"),
    ({"type": "owner", "seat": "black", "token": "T1", "unit": "disc", "owner": "black",
      "was": "white", "at": [3, 3], "reason": "trigger flip"},
     "  disc T1 at 3,3 turns from white to black (trigger flip)"),
    ({"type": "token_counter", "token": "T1", "unit": "pit", "counter": "seeds", "delta": -4,
      "value": 0, "reason": "action sow"}, "  pit T1 seeds -4 → 0 (action sow)"),
    ({"type": "token_counter", "token": "T1", "unit": "ship", "counter": "hull", "delta": -1,
      "value": 2, "reason": "shot", "rule": "D6.4"}, "  ship T1 hull -1 → 2 (shot) [D6.4]"),
    ({"type": "pass", "seat": "white", "decision": "play", "reason": "no legal action"},
     "  white has no legal action and passes (no legal action)"),
])
def test_the_board_games_events_in_words(event, line):
    """The audit of issue 31: Othello's, Kalah's and draughts' events were told as
    ``owner: seat=black, token=T1, …`` and ``move: …, via=[]``."""
    assert core_line(event) == line


def test_a_helper_counter_s_changes_are_not_told(make_scenario):
    """``status: false`` keeps a counter out of the status lines and of the narration."""
    game = Game(make_scenario(STRIP + "counters:\n  last: {status: false}\n  gold: {}\n"),
                seed=1)
    told = narrate(game, [{"type": "counter", "seat": "x", "counter": c, "delta": 1, "value": 1,
                           "reason": "r"} for c in ("last", "gold")])
    assert told == ["  x gold +1 → 1 (r)"]


def test_narrate_leaves_out_hidden_events_and_keeps_the_order():
    game = Game(load_scenario("tic-tac-toe"), seed=1)
    game.apply("place 1,1")
    assert [e["type"] for e in game.events] == ["setup", "turn_start", "place", "turn_end",
                                                "turn_start"]
    assert narrate(game, game.events) == ["--- x's turn (round 1) ---",
                                          "  x mark T1 placed at 1,1",
                                          "--- o's turn (round 1) ---"]


def test_a_plugin_describes_its_own_events_and_may_hide_one(make_scenario, probe_plugin):
    game = Game(make_scenario(STRIP, f"plugins: [{probe_plugin}]\n"), seed=1)
    events = [{"type": "ping", "seat": "o"}, {"type": "note", "message": "secret"},
              {"type": "note", "message": "open"}]
    assert describe(game, events[0]) == "  ping from o"
    assert narrate(game, events) == ["  ping from o", "  note: open"]


def test_plurals_and_articles():
    """Issue 11, item 18: `1 ships`, `a engineer` are not written."""
    from distant_galaxy import article, count_of

    assert [count_of(1, "ship"), count_of(2, "ship"), count_of(0, "point"), count_of(-1, "point")] \
        == ["1 ship", "2 ships", "0 points", "-1 point"]
    assert article("engineer") == "an engineer" and article("scout") == "a scout"


def test_a_plugin_move_with_a_path_names_the_piece_and_the_reason():
    """A move with ``path``, as docs/plugins.md recommends, was told "T1 moves 0,0 → 2,0": no
    seat, unit or reason, which the engine's own moves give (a new plugin developer's trial)."""
    ev = {"type": "move", "seat": "red", "unit": "runner", "token": "T1", "from": [0, 0],
          "to": [2, 0], "path": [[1, 0], [2, 0]], "reason": "sprint"}
    assert core_line(ev) == "  red runner T1 moves 0,0 → 1,0 → 2,0 (sprint)"


def test_a_side_wins_in_the_words_of_the_result_line():
    """"*** aborigines wins" beside the result's "the aborigines win" (a new player's trial)."""
    game = Game(load_scenario("tic-tac-toe"), seed=1)
    side = {"type": "game_over", "winner": "aborigines", "reason": "r", "round": 3}
    assert describe(game, side) == "*** the aborigines win: r (round 3) ***"
    assert describe(game, {**side, "winner": "x"}) == "*** x wins: r (round 3) ***"


def test_a_hand_over_told_to_another_seat_leaves_out_the_reason_that_speaks_to_the_decider():
    """A new player's trial: orange read "purple now decides: defence (you play the Aborigines
    defending orange's targets…)" — the reason speaks to purple."""
    game = Game(load_scenario("tic-tac-toe"), seed=1)
    ev = {"type": "hand_over", "seat": "o", "decision": "defend", "reason": "you defend"}
    assert narrate(game.view("x"), [ev]) == ["  o now decides: defend"]
    assert narrate(game.view("o"), [ev]) == ["  o now decides: defend (you defend)"]
    assert narrate(game, [ev]) == ["  o now decides: defend (you defend)"]
