"""The Aborigine turn: dice, fallbacks, entry cells, order (R5.50–R5.53, R5.23)."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.model import CENTRE, model_of
from distant_galaxy_episodes.aborigines.moves import entry_cells
from distant_galaxy_episodes.aborigines.turn import aborigine_turn


def test_active_portal_die_and_reinforcement_table_R5_50_R5_51(board):
    board.game.dice.force([2, 5])   # portal 2; 1 guard and 1 invader
    aborigine_turn(board.game)
    arr = board.events("ai_arrive")
    assert [a["unit"] for a in arr] == ["guard", "invader"]
    assert all(a["portal"] == 2 for a in arr)
    assert board.events("active_portal")[0]["portal"] == 2


def test_portal_die_is_told_before_the_reinforcement_die_R5_50_R5_51(board):
    """Issue 11 item 18: the log (and so the prompt) tells the R5.50 portal roll first."""
    board.game.dice.force([2, 5])
    aborigine_turn(board.game)
    order = [(e["type"], e.get("rule")) for e in board.game.events
             if e["type"] in ("dice", "active_portal")]
    assert order[:3] == [("dice", "R5.50"), ("active_portal", "R5.50"), ("dice", "R5.51")]


def test_entry_cell_is_the_die_cell_R5_52(board):
    board.game.dice.force([1, 6])   # portal 1; hunter; die 6 = south-west neighbour
    aborigine_turn(board.game)
    assert board.events("ai_arrive")[0]["to"] == [5, 4]


def test_entry_cell_clockwise_fallback_R5_52(board):
    board.put("destroyer", (6, 2), owner="red")     # die 2 -> NE 7,2 is free; block it
    board.put("destroyer", (7, 2), owner="red")
    board.game.dice.force([1, 2])
    aborigine_turn(board.game)
    arrive = board.events("ai_arrive")[0]
    assert arrive["to"] == [7, 3] and "clockwise" in arrive["why"]


def test_entry_cells_wrap_and_then_radius_2_R5_60(board):
    cells = entry_cells(board.game, "invader", 1, 6)
    assert cells[:4] == [(5, 4), (5, 3), (5, 2), (6, 2)]
    assert len([c for c in cells if max(abs(c[0] - 6), abs(c[1] - 3)) == 1]) == 8
    assert cells[8] == (4, 5)                      # radius 2 starts in the die's direction


def test_active_portal_fallback_clockwise_R5_51(board):
    board.put("invader", (6, 12))                   # portal 5
    board.put("invader", (2, 7))                    # portal 6
    board.game.dice.force([3, 1])                   # portal 3, nothing arrives, nobody there
    aborigine_turn(board.game)
    evs = board.events("active_portal")
    assert evs[-1]["portal"] == 5 and evs[-1]["rule"] == "R5.51"
    assert board.events("ai_decision")[0]["from"] == 5


def test_no_fallback_when_a_reinforcement_is_missing_R5_51(board):
    """Issue 11 item 10: the footnote (*) is written against roll 1 ("ничего *") only; a roll
    whose ship is missing from the central area leaves the activity at the rolled portal."""
    board.put("invader", (6, 12))                   # portal 5
    board.state.attrs[CENTRE] = {"invader": 0, "guard": 0, "hunter": 0}
    board.game.dice.force([3, 2])                   # portal 3, an invader that is not there
    aborigine_turn(board.game)
    assert [e["rule"] for e in board.events("active_portal")] == ["R5.50"]
    assert board.events("active_portal")[-1]["portal"] == 3
    assert board.events("reinforcement_missing")[0]["rule"] == "R5.23"
    assert not board.events("ai_decision")          # nobody at portal 3 moves


def test_fallback_only_on_the_rows_marked_in_the_table_R5_51(scenario):
    rows = scenario.tables["reinforcements"]["rows"]
    assert [r["roll"] for r in rows if r.get("fallback")] == [1]


def test_no_fallback_when_ships_arrive(board):
    board.put("invader", (6, 12))
    board.game.dice.force([3, 2])
    aborigine_turn(board.game)
    assert board.events("active_portal")[-1]["portal"] == 3


def test_no_ship_anywhere_nothing_moves(board):
    board.game.dice.force([3, 1])
    aborigine_turn(board.game)
    assert board.events("active_portal")[-1]["portal"] is None
    assert not board.events("ai_decision")


def test_order_invaders_guards_hunters_R5_53(board):
    board.put("hunter", (7, 4))
    board.put("guard", (5, 4))
    board.put("invader", (5, 2))
    board.game.dice.force([1, 1])
    aborigine_turn(board.game)
    assert [d["unit"] for d in board.events("ai_decision")] == ["invader", "guard", "hunter"]


def test_only_ships_of_the_active_portal_move(board):
    board.put("invader", (18, 2))
    board.put("invader", (6, 2))
    board.game.dice.force([1, 1])
    aborigine_turn(board.game)
    assert [d["from"] for d in board.events("ai_decision")] == [1]


def test_reinforcements_come_from_the_centre_R5_23(board):
    board.state.attrs[CENTRE] = {"invader": 1, "guard": 0, "hunter": 0}
    board.game.dice.force([1, 3])                   # two invaders wanted, one left
    aborigine_turn(board.game)
    assert len(board.events("ai_arrive")) == 1
    assert board.events("reinforcement_missing")[0]["unit"] == "invader"
    assert board.state.attrs[CENTRE]["invader"] == 0


def test_every_aborigine_ship_stays_in_a_zone(board):
    m = model_of(board.game)
    for seed_dice in ([1, 5], [2, 3], [4, 6]):
        board.game.dice.force(seed_dice)
        aborigine_turn(board.game)
    assert all(m.portal_of(t) for t in board.state.tokens.values() if t.owner is None)
