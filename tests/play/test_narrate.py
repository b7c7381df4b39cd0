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
    assert core_line({"type": "capture", "at": [1, 1]}) is None


def test_other_events_are_shown_field_by_field(make_scenario):
    game = Game(make_scenario(STRIP), seed=1)
    assert describe(game, {"type": "capture", "unit": "pawn", "at": [4, 4]}) == \
        "  capture: unit=pawn, at=4,4"


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
