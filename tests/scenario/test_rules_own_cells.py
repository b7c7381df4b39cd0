"""Per-player victory conditions that are a function of the player's cells
(``Victory.own``: a call alone of a ``seat_cells`` rule function on ``player.seat`` or
``seat``, its other arguments constants): in a pure game they are not evaluated again for a seat
whose cells are ones it was found false with — and the answers stay exact."""

from __future__ import annotations

import random

import pytest

from distant_galaxy import ActionError, Game, load_scenario

BOARD = """\
seats: [{id: x}, {id: o}]
players: {min: 2, max: 2}
params: {line: 3}
map: {topology: square8, width: 4, height: 4, fill: floor}
cell_types: {floor: {stop: ["*"]}}
unit_types: {mark: {}}
actions:
  - {id: place, kind: place, piece: mark, ends_turn: true}
"""


def _victory(cond: str) -> str:
    return f"victory:\n  - {{id: v, reason: a line, when: after_action, if: '{cond}'}}\n"


@pytest.mark.parametrize("cond, own", [
    ("line_of(params.line, player.seat)", True),
    ("line_of(3, player.seat)", True),
    ("pieces(player.seat)", True),
    ("pieces_on_row(player.seat, 0)", True),
    ("pieces_on_column(player.seat, params.line - 1)", True),
    ("pieces_on_row(player.seat, 0) > 2", False),  # not a call alone
    ("line_of(player.score + 3, player.seat)", False),  # another argument not a constant
    ('line_of(3, next_seat(player.seat))', False),  # another seat's cells
    ("line_of(3, player.seat) and player.score == 0", False),
])
def test_which_conditions_are_a_function_of_the_players_cells(make_scenario, cond, own):
    scenario = make_scenario(BOARD, "counters: {score: {initial: 0}}\n", _victory(cond))
    (v,) = scenario.rules.victories
    assert (v.own is not None) is own


def _counting(v, calls):
    own = v.own

    def counted(ctx, seat):
        calls.append(seat)
        return own(ctx, seat)
    return counted


def test_only_a_seat_whose_cells_changed_is_evaluated(make_scenario, monkeypatch):
    scenario = make_scenario(BOARD, _victory("line_of(params.line, player.seat)"))
    (v,) = scenario.rules.victories
    calls: list[str] = []
    monkeypatch.setattr(v, "own", _counting(v, calls))
    game = Game(scenario, seed=1)
    assert game.pure
    game.apply("place 0,0")  # x's cells changed; o's were never seen
    assert sorted(calls) == ["o", "x"]
    for text, mover in (("place 1,1", "o"), ("place 1,0", "x"), ("place 3,3", "o")):
        calls.clear()
        game.apply(text)
        assert calls == [mover]
    calls.clear()
    game.apply("place 2,0")  # x: 0,0 1,0 2,0
    assert calls == ["x"] and game.result["winner"] == "x"


def test_a_line_given_by_hand_is_found(make_scenario):
    scenario = make_scenario(BOARD, _victory("line_of(params.line, player.seat)"))
    game = Game(scenario, seed=1)
    game.apply("place 0,0")
    game.apply("place 0,3")
    assert scenario.rules.check_victory(game, "after_action") is None  # both seen false
    st = game.state
    for pos in ((1, 3), (2, 3)):  # o's line, edited by hand
        st.add_token("mark", "o", pos)
    game.state_changed()
    assert scenario.rules.check_victory(game, "after_action")["winner"] == "o"


def _has_line(cells: set[tuple[int, int]], n: int) -> bool:
    for x, y in cells:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all((x + dx * k, y + dy * k) in cells for k in range(n)):
                return True
    return False


@pytest.mark.parametrize("name", ["connect-four", "tic-tac-toe"])
def test_random_games_with_clones_undo_and_refused_actions_end_as_the_cells_say(name):
    """Against the cells themselves: the game ends with a winner exactly when the mover has a
    line, through clones (a copy starts where the original was), refused actions and undo."""
    scenario = load_scenario(name)
    n = scenario.params["line"]
    rng = random.Random(5)
    for _ in range(60):
        game = Game(scenario, seed=1, record=False)
        while not game.over:
            if rng.random() < 0.2:
                game = game.clone()
            before, pending, legal = game.state.hash(), game.pending, game.legal_actions()
            with pytest.raises(ActionError, match="off the board"):
                game.apply("drop 99" if name == "connect-four" else "place 9,9")
            assert (game.state.hash(), game.pending, game.legal_actions()) == (before, pending, legal)
            seat = game.pending.seat
            game.apply(rng.choice(game.legal_actions()))
            mine = {t.pos for t in game.state.tokens.values() if t.owner == seat}
            line = _has_line(mine, n)
            assert (game.over and game.result["winner"] == seat) is line
            if not game.over and game.can_undo():
                game.undo()
