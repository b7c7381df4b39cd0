"""Steady victory conditions that are a function of some constant seats' cells
(``Expr.cell_seats``: only constants and calls of ``seat_cells`` rule functions on constant
seats, ``pieces_on_row("black", params.rows - 1) > 0``): in a pure game they are not evaluated
again while those seats' cells are the ones they were last found false with; and a comparison
of a call on constants with a constant (``Expr.compare_call``) calls the function directly —
the answers and the errors stay the rule's own."""

from __future__ import annotations

import operator
import random

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.errors import EngineError
from distant_galaxy.scenario import rules as scenario_rules
from tests.scenario.test_rules_own_cells import BOARD as OWN_CELLS_BOARD

#: the board of test_rules_own_cells.py, with the rows the conditions read
BOARD = OWN_CELLS_BOARD.replace("params: {line: 3}", "params: {rows: 4}")


def _victory(cond: str, winner: str = '"x"') -> str:
    return (f"victory:\n  - {{id: v, reason: a row, when: after_action, if: '{cond}', "
            f"winner: '{winner}'}}\n")


@pytest.mark.parametrize("cond, seats", [
    ('pieces_on_row("x", params.rows - 1) > 0', ("x",)),
    ('pieces_on_row("x", 0) + pieces_on_column("o", 1) >= 2', ("o", "x")),
    ('pieces_on_row("x", 0) > 0 and not pieces_on_row("o", 0) > 0', ("o", "x")),
    ('pieces_on_row("x", 0) > round', None),  # the round too
    ("pieces_on_row(next_seat(\"o\"), 0) > 0", None),  # the seat is not a constant
    ("no_legal_move()", None),  # no seat's cells
])
def test_which_conditions_are_a_function_of_constant_seats_cells(make_scenario, cond, seats):
    scenario = make_scenario(BOARD, _victory(cond))
    (v,) = scenario.rules.victories
    assert v.cell_seats == seats


def test_a_comparison_of_a_call_on_constants_is_called_directly(make_scenario):
    scenario = make_scenario(BOARD, _victory('pieces_on_row("x", params.rows - 1) > 0'))
    (v,) = scenario.rules.victories
    op, fn, values, const, left = v.cond.compare_call
    assert (op, values, const, left) == (operator.gt, ("x", 3), 0, True)
    assert fn.__name__ == "pieces_on_row"
    assert scenario_rules._direct(v.cond) is not v.cond


def test_only_a_condition_whose_seats_cells_changed_is_evaluated(make_scenario, monkeypatch):
    scenario = make_scenario(BOARD, _victory('pieces_on_row("x", params.rows - 1) > 0'))
    (v,) = scenario.rules.victories
    calls: list[int] = []
    plan = scenario.rules._plan("after_action")
    (entry,) = plan
    counted = entry[1]

    def counting(ctx):
        calls.append(1)
        return counted(ctx)
    monkeypatch.setitem(scenario.rules._plans, "after_action", ((v, counting, *entry[2:]),))
    game = Game(scenario, seed=1)
    assert game.pure
    game.apply("place 0,0")  # x's cells changed
    assert len(calls) == 1
    game.apply("place 1,1")  # o's: x's are as they were when found false
    assert len(calls) == 1
    game.apply("place 2,0")
    assert len(calls) == 2
    game.apply("place 2,2")
    game.apply("place 3,3")  # x reaches the last row
    assert len(calls) == 3 and game.result["winner"] == "x"


def test_a_row_given_by_hand_is_found(make_scenario):
    scenario = make_scenario(BOARD, _victory('pieces_on_row("o", 0) > 0', '"o"'))
    game = Game(scenario, seed=1)
    game.apply("place 0,3")
    assert scenario.rules.check_victory(game, "after_action") is None
    game.state.add_token("mark", "o", (1, 0))  # edited by hand
    game.state_changed()
    assert scenario.rules.check_victory(game, "after_action")["winner"] == "o"


def test_a_failing_call_still_says_what_went_wrong(make_scenario):
    """A number compared with a string known only when the rule runs (an item of a list of
    mixed items has no type at load; ``> "a"``, or a parameter that is a string, is refused at
    load)."""
    scenario = make_scenario(BOARD, _victory('pieces_on_row("x", 0) > [1, "a"][1]'))
    game = Game(scenario, seed=1)
    with pytest.raises(EngineError, match=r"rule 'pieces_on_row\(\"x\", 0\) > \[1, \"a\"\]\[1\]' "
                       "failed: cannot compare a whole number with a string"):
        game.apply("place 0,0")
    assert not game.history  # refused whole


def test_breakthrough_random_games_end_as_the_rows_say():
    """Against the cells themselves: a game ends with a winner exactly when a pawn stands on
    its last row, through clones, undo and many games sharing the memo."""
    scenario = load_scenario("breakthrough")
    rows = scenario.params["rows"]
    rng = random.Random(3)
    for _ in range(40):
        game = Game(scenario, seed=1, record=False)
        while not game.over:
            if rng.random() < 0.1:
                game = game.clone()
            seat = game.pending.seat
            game.apply(rng.choice(game.legal_actions()))
            goal = rows - 1 if seat == "black" else 0
            arrived = any(t.owner == seat and t.pos[1] == goal
                          for t in game.state.tokens.values())
            assert (game.over and game.result["winner"] == seat) is arrived or \
                (game.over and game.result.get("victory") == "no-move")
            if not game.over and game.can_undo():
                game.undo()
