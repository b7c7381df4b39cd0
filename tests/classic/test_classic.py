"""The classic games written in YAML alone (issue 7): tic-tac-toe and breakthrough; Connect Four
(issue 19, item 4).

They load and validate, play random games to the end with the right winner, refuse illegal
actions with clear messages (leaving the state exactly as it was), and their set-up follows the
``rows``/``columns`` parameters.
"""

from __future__ import annotations

import random

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError, IllegalAction, MalformedAction, ScenarioErrors
from distant_galaxy.plugins import BUILTIN_PLUGINS
from distant_galaxy.scenario.find import scenarios_dir
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.validate import validate_one

CLASSIC = scenarios_dir() / "classic"
TTT = str(CLASSIC / "tic-tac-toe.yaml")
BT = str(CLASSIC / "breakthrough.yaml")
C4 = str(CLASSIC / "connect-four.yaml")


def play_random(game: Game, rng: random.Random) -> Game:
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def lines(board: dict, size: int, n: int) -> set[str]:
    """Owners of every line of n (independent of the engine's line_of)."""
    found = set()
    for (x, y), owner in board.items():
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all(board.get((x + dx * k, y + dy * k)) == owner for k in range(n)):
                found.add(owner)
    return found


@pytest.mark.parametrize("path", [TTT, BT, C4])
def test_classic_scenarios_validate_without_plugins(path):
    assert validate_one(path) == []
    scenario = load_scenario(path)
    assert scenario.data.get("plugins", []) == []
    assert [name for name, _ in scenario.pm.list_name_plugin()] == list(BUILTIN_PLUGINS)
    assert Game(scenario, seed=1, record=False).pure  # the engine's fast paths apply


def test_tic_tac_toe_random_games_end_with_the_right_result():
    scenario = load_scenario(TTT)
    rng = random.Random(7)
    outcomes = set()
    for seed in range(200):
        g = play_random(Game(scenario, seed=seed, record=False), rng)
        board = {pos: g.state.tokens[tid].owner for pos, tid in g.state.board.items()}
        winners = lines(board, 3, 3)
        if g.result["winner"] is None:
            assert not winners and len(board) == 9, g.result
            assert "full" in g.result["reason"]
        else:
            assert winners == {g.result["winner"]}, (board, g.result)
        outcomes.add(g.result["winner"])
    assert outcomes == {"x", "o", None}


def test_connect_four_random_games_end_with_the_right_result():
    """Four in a row (checked here without the engine's line_of) or a full 7×6 grid; every disc
    rests on the bottom row or on another disc."""
    scenario = load_scenario(C4)
    rng = random.Random(11)
    outcomes = set()
    for seed in range(60):
        g = play_random(Game(scenario, seed=seed, record=False), rng)
        board = {pos: g.state.tokens[tid].owner for pos, tid in g.state.board.items()}
        assert all(y == 5 or (x, y + 1) in board for x, y in board)
        winners = lines(board, 7, 4)
        if g.result["winner"] is None:
            assert not winners and len(board) == 42, g.result
        else:
            assert winners == {g.result["winner"]}, (board, g.result)
        outcomes.add(g.result["winner"])
    assert {"red", "yellow"} <= outcomes


def test_connect_four_lists_the_columns_that_are_not_full():
    g = Game(load_scenario(C4), seed=1)
    assert [str(a) for a in g.legal_actions()] == [f"drop {c}" for c in range(7)]
    for _ in range(6):
        g.apply("drop 4")
    assert [str(a) for a in g.legal_actions()] == [f"drop {c}" for c in (0, 1, 2, 3, 5, 6)]
    before = g.state.hash()
    with pytest.raises(IllegalAction, match="column 4 is full"):
        g.apply("drop 4")
    assert g.state.hash() == before


def test_breakthrough_random_games_end_with_the_right_winner():
    scenario = load_scenario(BT)
    rng = random.Random(3)
    for seed in range(30):
        g = play_random(Game(scenario, seed=seed, record=False), rng)
        w = g.result["winner"]
        goal = 7 if w == "black" else 0
        owners_on_goal = {g.state.tokens[tid].owner for (x, y), tid in g.state.board.items()
                          if y == goal}
        assert w in owners_on_goal or "no legal move" in g.result["reason"], g.result
        assert g.result["reason"] == f"a {w} pawn reached the last row" or \
            "no legal move" in g.result["reason"]


def test_breakthrough_setup_follows_the_params():
    for variant, rows, cols in ((None, 8, 8), ("small", 6, 6)):
        g = Game(load_scenario(BT, variant), seed=1)
        black = [t.pos for t in g.state.tokens.values() if t.owner == "black"]
        white = [t.pos for t in g.state.tokens.values() if t.owner == "white"]
        assert len(black) == len(white) == 2 * cols
        assert {y for _, y in black} == {0, 1}
        assert {y for _, y in white} == {rows - 2, rows - 1}
        assert g.scenario.grid.width == cols and g.scenario.grid.height == rows
        assert len(g.legal_actions()) == 3 * cols - 2


def test_tic_tac_toe_first_move_and_event():
    g = Game(load_scenario(TTT), seed=1)
    assert [str(a) for a in g.legal_actions()][:3] == ["place 0,0", "place 1,0", "place 2,0"]
    events = g.apply("place 1,1")
    assert {"type": "place", "seat": "x", "unit": "mark", "to": [1, 1]}.items() <= \
        events[0].items()
    assert g.pending.seat == "o"
    assert "end" not in {a.verb for a in g.legal_actions()}  # end: false — a move is required


@pytest.mark.parametrize("text, message", [
    ("place 1,1", "occupied"),
    ("place 5,5", "off the board"),
    ("place 1", "not a cell"),
    ("end", "cannot be ended"),
])
def test_tic_tac_toe_illegal_actions_are_refused_clearly(text, message):
    g = Game(load_scenario(TTT), seed=1)
    g.apply("place 1,1")
    before = g.state.hash()
    with pytest.raises((IllegalAction, MalformedAction), match=message):
        g.apply(text)
    assert g.state.hash() == before


@pytest.mark.parametrize("text, message", [
    ("move 3,3 3,4", "no piece on 3,3"),
    ("move 3,6 3,5", "belongs to white, not black"),
    ("move 3,1 3,3", "cannot reach 3,3"),
    ("move 3,0 3,1", "occupied by your own pawn"),
    ("move 3,1 2,0", "cannot reach 2,0 from 3,1 \\(it moves: forward \\(move only\\)"),
    ("move 3,1 4,1", "cannot reach"),
    ("move 9,1 9,2", "off the board"),
    ("move 3,1", "usage is 'move x,y x,y'"),
])
def test_breakthrough_illegal_moves_are_refused_clearly(text, message):
    g = Game(load_scenario(BT), seed=1)
    before = g.state.hash()
    with pytest.raises((IllegalAction, MalformedAction), match=message):
        g.apply(text)
    assert g.state.hash() == before
    assert len(g.legal_actions()) == 22


def test_breakthrough_capture_rules():
    g = Game(load_scenario(BT), seed=1)
    for a in ["move 3,1 3,2", "move 3,6 3,5", "move 3,2 3,3", "move 3,5 3,4"]:
        g.apply(a)
    with pytest.raises(IllegalAction, match="empty cells only"):
        g.apply("move 3,3 3,4")  # straight ahead: never a capture
    g.apply("move 0,1 0,2")
    events = g.apply("move 3,4 2,3")  # white's diagonal step onto an empty cell
    assert events[0]["type"] == "move"
    g.apply("move 1,1 1,2")
    events = g.apply("move 2,3 1,2")  # diagonal capture
    assert [e["type"] for e in events][:2] == ["capture", "move"]
    assert events[0]["owner"] == "black"
    assert sum(1 for t in g.state.tokens.values() if t.owner == "black") == 15


def test_breakthrough_reaching_the_last_row_wins():
    g = Game(load_scenario(BT, "small"), seed=1)  # 6×6: black rows 0-1, white rows 4-5
    for a in ["move 0,1 0,2", "move 5,4 5,3", "move 0,2 0,3", "move 5,3 5,2",
              "move 0,3 1,4", "move 4,4 4,3"]:  # black captures on 1,4
        g.apply(a)
    events = g.apply("move 1,4 0,5")  # and captures again on the last row
    assert g.over
    assert g.result["winner"] == "black"
    assert g.result["reason"] == "a black pawn reached the last row"
    assert events[-1]["type"] == "game_over"


def test_a_player_without_a_legal_move_loses():
    """No pawn left (or all blocked): the `no-move` victory, `no_legal_move()`."""
    g = Game(load_scenario(BT, "small"), seed=1)
    for tok in [t for t in g.state.tokens.values() if t.owner == "white"]:
        g.state.remove_token(tok)
    g._version += 1  # the state was edited by hand
    g.apply("move 5,1 5,2")  # black moves; white has nothing to move -> white loses
    assert g.result["winner"] == "black"
    assert "no legal move" in g.result["reason"]


def test_an_error_after_the_action_restores_the_state_exactly(monkeypatch):
    """The cheap undo record of generic actions restores everything on any error."""
    g = Game(load_scenario(BT), seed=1, record=True)
    for a in ["move 3,1 3,2", "move 4,6 4,5", "move 3,2 3,3", "move 4,5 4,4"]:
        g.apply(a)
    before, legal = g.state.hash(), [str(a) for a in g.legal_actions()]
    n_events, history = len(g.events), list(g.history)

    def boom(*_game):
        raise RuntimeError("bug after the action")

    monkeypatch.setattr(g.loop, "after_action", boom)
    with pytest.raises(EngineError, match=r"RuntimeError: bug after the action \(at "
                       r"classic/test_classic.py:\d+ in boom\), while applying it \(action kind "
                       r"MoveKind of .*\); the action was taken back"):
        g.apply("move 3,3 4,4")  # a capture: removes a token, moves another
    assert g.state.hash() == before
    assert [str(a) for a in g.legal_actions()] == legal
    assert len(g.events) == n_events and g.history == history
    monkeypatch.undo()
    g.apply("move 3,3 4,4")
    assert sum(1 for t in g.state.tokens.values() if t.owner == "white") == 15


def test_undo_within_a_decision_with_generic_actions(tmp_path):
    """Without ends_turn the seat keeps the decision, and undo takes a placement back."""
    text = (CLASSIC / "tic-tac-toe.yaml").read_text()
    text = text.replace("    ends_turn: true\n", "    ends_turn: false\n")
    text = text.replace("end: false, ", "")
    path = tmp_path / "ttt-free.yaml"
    path.write_text(text)
    g = Game(load_scenario(path), seed=1)
    before = g.state.hash()
    g.apply("place 0,0")
    g.apply("place 1,1")
    assert g.can_undo()
    g.undo()
    g.undo()
    assert g.state.hash() == before
    assert len(g.legal_actions()) == 10  # nine cells and end


def test_clone_is_independent():
    g = Game(load_scenario(BT), seed=1)
    c = g.clone()
    c.apply("move 0,1 0,2")
    assert g.state.token_at((0, 2)) is None and c.state.token_at((0, 2)) is not None
    assert len(g.legal_actions()) == 22


@pytest.mark.parametrize("snippet, message", [
    ("  - {id: jump, kind: leap, piece: mark}\n", "kind"),
    ("  - {id: drop, kind: place, piece: ghost}\n", "unknown unit type 'ghost'"),
    ("  - {id: drop, kind: place, piece: mark, from: bag}\n", "unknown pool 'bag'"),
    ("  - {id: go, kind: move, pieces: {mark: [{directions: [forward]}]}}\n",
     "no forward is given for x, o"),
    ("  - {id: go, kind: move, forward: {x: up}, pieces: {mark: [{directions: [forward]}]}}\n",
     "forward"),
    ("  - {id: drop, kind: place, piece: mark, where: 'x +'}\n", ""),
])
def test_bad_generic_actions_are_reported_with_positions(tmp_path, snippet, message):
    text = (CLASSIC / "tic-tac-toe.yaml").read_text()
    text = text.replace("actions:\n", "actions:\n" + snippet, 1)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(path)
    formatted = "\n".join(e.format() for e in info.value.errors)
    assert message in formatted
    assert "bad.yaml:" in formatted


def test_bad_fill_rule_is_reported(tmp_path):
    text = (CLASSIC / "breakthrough.yaml").read_text().replace('where: "y < 2"', 'where: "z < 2"')
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioErrors, match="unknown name 'z'"):
        load_scenario(path)


@pytest.mark.parametrize("name", ["draughts", "othello", "kalah", "pig"])
def test_the_games_of_issue_31_load_with_no_plugin(name):
    """Draughts, Othello, Kalah and Pig are YAML alone: no ``plugins:``, and the scenario's
    plugin manager holds the built-in plugins only."""
    path = str(CLASSIC / f"{name}.yaml")
    assert validate_one(path) == []
    scenario = load_scenario(path)
    assert scenario.data.get("plugins", []) == []
    assert [name for name, _ in scenario.pm.list_name_plugin()] == list(BUILTIN_PLUGINS)
