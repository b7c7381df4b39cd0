"""The generic actions' authoring options (issue 15, item 8): a ``where:`` with a ``message:``
shown when an action is refused, and a ``place`` given by column alone (Connect Four's ``drop
3``) where the row follows from ``row:``."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.errors import ActionError, IllegalAction, ScenarioErrors
from distant_galaxy.scenario.load import load_scenario

CONNECT = """format: 1
id: connect
title: Connect Four
extends: tic-tac-toe
params: {size: 4, line: 4}
unit_types:
  disc: {glyph: "", title: Disc}
actions:
  - id: place
    kind: place
    piece: disc
    column_only: true          # "drop 3": the disc falls to the lowest free cell of column 3
    row: lowest_empty
    ends_turn: true
"""

MESSAGE = """format: 1
id: edges
title: Edges only
extends: tic-tac-toe
actions:
  - id: place
    where:
      if: "x != 1 or y != 1"
      message: the centre stays empty
"""


def _game(tmp_path: Path, text: str, seed: int = 1) -> Game:
    path = tmp_path / "mod.yaml"
    path.write_text(text, encoding="utf-8")
    return Game(load_scenario(path), seed=seed)


def test_a_where_message_is_shown_instead_of_the_rule(tmp_path: Path) -> None:
    game = _game(tmp_path, MESSAGE)
    with pytest.raises(IllegalAction) as info:
        game.apply("place 1,1")
    assert str(info.value) == "place 1,1: the centre stays empty"
    assert "place 1,1" not in [str(a) for a in game.legal_actions()]
    game.apply("place 0,0")  # the rule still allows the other cells


def test_without_a_message_the_rule_text_is_shown(tmp_path: Path) -> None:
    game = _game(tmp_path, MESSAGE.replace("      message: the centre stays empty\n", ""))
    with pytest.raises(IllegalAction, match="does not satisfy 'x != 1 or y != 1'"):
        game.apply("place 1,1")


def test_a_column_only_place_lands_on_the_lowest_free_cell(tmp_path: Path) -> None:
    game = _game(tmp_path, CONNECT)
    assert [str(a) for a in game.legal_actions()] == ["place 0", "place 1", "place 2", "place 3"]
    events = game.apply("place 2")
    assert [e["to"] for e in events if e["type"] == "place"] == [[2, 3]]
    game.apply("place 2")
    assert game.state.token_at((2, 2)).owner == "o"


def test_a_full_column_and_a_column_off_the_board_are_refused(tmp_path: Path) -> None:
    game = _game(tmp_path, CONNECT)
    for _ in range(4):
        game.apply("place 0")
    assert "place 0" not in [str(a) for a in game.legal_actions()]
    with pytest.raises(IllegalAction, match="column 0 is full"):
        game.apply("place 0")
    with pytest.raises(IllegalAction, match=r"column 7 is off the board \(0..3\)"):
        game.apply("place 7")
    with pytest.raises(ActionError, match="must be a number"):
        game.apply("place 1,1")


def test_highest_empty_fills_a_column_from_the_top(tmp_path: Path) -> None:
    game = _game(tmp_path, CONNECT.replace("lowest_empty", "highest_empty"))
    game.apply("place 1")
    assert game.state.token_at((1, 0)) is not None


def test_four_dropped_discs_in_a_row_win(tmp_path: Path) -> None:
    game = _game(tmp_path, CONNECT)
    for col in ["0", "0", "1", "1", "2", "2", "3"]:
        game.apply(f"place {col}")
    assert game.over and game.result["winner"] == "x"


def test_a_key_of_another_kind_is_refused_at_load(tmp_path: Path) -> None:
    path = tmp_path / "mod.yaml"
    path.write_text(MESSAGE + "    do: 'log(\"x\")'\n    row: lowest_empty\n", encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(path)
    text = str(info.value)
    assert "'do' belongs to a 'do' action; this one is a 'place' action" in text
    assert "'row' says where a piece given by its column goes" in text
    assert "mod.yaml:10:" in text and "mod.yaml:11:" in text


def test_a_misspelt_kind_is_one_error_of_the_schema_and_nothing_said_after_it(tmp_path):
    """``kind: plac`` is named once, with its suggestion; no error follows from a kind that
    does not exist (a "move action" missing ``pieces``, keys "of another kind")."""
    path = tmp_path / "mod.yaml"
    path.write_text(CONNECT.replace("kind: place", "kind: plac"), encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(path)
    assert len(info.value.errors) == 1, str(info.value)
    assert "mod.yaml:10:11:" in str(info.value) and "did you mean 'place'?" in str(info.value)


def _exact(game: Game) -> tuple:
    st = game.state
    return (st.hash(), list(st.board.items()), list(st.tokens), st.next_id, st.pending)


@pytest.mark.parametrize("sid", ["tic-tac-toe", "connect-four", "breakthrough"])
def test_an_action_interrupted_midway_is_taken_back_exactly(sid: str, monkeypatch) -> None:
    """The cheap undo records of the generic kinds (a place keeps only the sizes of the tokens
    and board, a move copies them) restore the same dicts in the same order."""
    import random

    game = Game(load_scenario(sid), seed=1, record=False)
    rng = random.Random(5)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    game.state.pieces_of(game.state.seats[0])  # the derived indexes are built, then dropped
    before = _exact(game)
    action = rng.choice(game.legal_actions())

    def interrupted(*_game: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(game.loop, "after_action", interrupted)
    with pytest.raises(KeyboardInterrupt):
        game.apply(action)
    assert _exact(game) == before
    monkeypatch.undo()
    game.apply(action)  # and the game goes on from there as if nothing had happened
    assert game.history[-1][1] == str(action)


def test_line_of_counts_pieces_beyond_the_grids_rows() -> None:
    """A hand edit that puts pieces below the last row (outside tic-tac-toe's table of masks)
    is still read right by line_of: the general test takes over."""
    game = Game(load_scenario("tic-tac-toe"), seed=1, record=False)
    line = game.scenario.rules.expr('line_of(3, "x")')
    assert line is not None
    for x in range(3):
        game.state.add_token("mark", "x", (x, 3))
    game.state_changed()
    assert line({"$game": game}) is True
    game.state.add_token("mark", "o", (0, 0))
    game.state_changed()
    assert line({"$game": game}) is True


def test_a_place_kinds_listing_by_occupied_cells_is_the_free_cells_in_order() -> None:
    """A place kind without ``where`` in a pure game lists from a table keyed by the occupied
    cells' bitmask (kept for every game of the scenario, a tuple nobody may change): in every
    position of random games, undone ones and copies included, the list is the free cells in
    the grid's order, as the cell-by-cell listing gives it."""
    import random

    scenario = load_scenario("tic-tac-toe")
    rng = random.Random(3)
    cells = [(x, y) for y in range(3) for x in range(3)]
    for seed in range(30):
        game = Game(scenario, seed=seed, record=False).clone()
        while not game.over:
            listed = game.legal_actions()
            free = [f"place {x},{y}" for x, y in cells if (x, y) not in game.state.board]
            assert sorted(str(a) for a in listed) == sorted(free)
            kind = game.kinds["place"]
            assert list(kind.legal(game, game.pending.seat)) == listed
            game.apply(rng.choice(listed))
    game = Game(scenario, seed=1, record=False)
    game.state.add_token("mark", "x", (7, 0))  # off the bitmasks' layout: listed cell by cell
    game.state_changed()
    assert len(game.legal_actions()) == 9


TWO_MARKS = """format: 1
id: two-marks
title: Two marks a turn
extends: tic-tac-toe
phases:
  - {id: play, seat: active, end: true, doc: put marks, then end}
actions:
  - id: place
    kind: place
    piece: mark
    ends_turn: false
"""


def test_undo_of_a_place_that_keeps_the_decision_restores_the_state(tmp_path: Path) -> None:
    """A place that does not end the decision keeps its cheap undo record (the sizes of the
    token and board dicts, the scalars): undo gives back the same dicts in the same order."""
    game = _game(tmp_path, TWO_MARKS)
    game.apply("place 0,0")
    game.apply("end")
    before = _exact(game)
    game.apply("place 1,1")
    game.apply("place 2,2")
    assert game.can_undo()
    assert game.undo() == "place 2,2"
    assert game.undo() == "place 1,1"
    assert _exact(game) == before and not game.can_undo()
    game.apply("place 1,1")  # and the game goes on from there
    assert game.state.token_at((1, 1)) is not None


PLACE_AND_MOVE = """format: 1
id: place-and-move
title: Breakthrough with drops, several actions a turn
extends: breakthrough
phases:
  - {id: play, seat: active, end: true, doc: place and move pawns, then end}
actions:
  - id: place
    kind: place
    piece: pawn
    ends_turn: false
  - id: move
    kind: move
    pieces:
      pawn:
        - {directions: [forward], only: move}
        - {directions: [forward-left, forward-right]}
    capture: remove
    ends_turn: false
"""


def test_undo_through_places_moves_and_captures_of_one_decision(tmp_path: Path) -> None:
    """Several actions of one decision, undone in any depth: places (only the sizes kept),
    moves and captures (the board copied, the token dict only when a token is removed) give
    back the same dicts in the same order, and the same legal actions."""
    import random

    rng, undone, captures = random.Random(11), 0, 0
    for seed in range(8):
        game = _game(tmp_path, PLACE_AND_MOVE, seed)
        assert game.pure
        kept: list[tuple] = []
        while not game.over and len(game.history) < 400:
            if kept and rng.random() < 0.35:
                assert game.can_undo()
                game.undo()
                assert (_exact(game), [str(a) for a in game.legal_actions()]) == kept.pop()
                undone += 1
                continue
            before = (_exact(game), [str(a) for a in game.legal_actions()])
            action = rng.choice(game.legal_actions())
            tokens = len(game.state.tokens)
            game.apply(action)
            captures += len(game.state.tokens) < tokens
            kept = [] if str(action) == "end" else [*kept, before]
    assert undone > 100 and captures > 10


TAKE = """format: 1
id: take
title: Take a mark of the other seat
extends: tic-tac-toe
phases:
  - {id: play, seat: active, end: true, doc: place, or take one of the other's marks}
actions:
  - id: place
    kind: place
    piece: mark
    ends_turn: false
  - id: take
    kind: do
    target: piece
    piece: mark
    owner: other
    do: "remove_token(unit)"
"""


def test_a_target_piece_action_may_name_another_seats_piece(tmp_path: Path) -> None:
    """``owner: other`` (the author trial's Nine Men's Morris: a mill takes a piece of the
    other's choosing): the action lists and takes only the other seat's pieces."""
    game = _game(tmp_path, TAKE)
    game.apply("place 0,0")
    assert [str(a) for a in game.legal_actions() if a.verb == "take"] == []
    game.apply("end")
    game.apply("place 1,1")
    assert [str(a) for a in game.legal_actions() if a.verb == "take"] == ["take 0,0"]
    with pytest.raises(IllegalAction, match="1,1 holds no mark of another seat"):
        game.apply("take 1,1")
    game.apply("take 0,0")
    assert game.state.token_at((0, 0)) is None and game.state.token_at((1, 1)) is not None


def test_owner_without_target_piece_is_refused(tmp_path: Path) -> None:
    text = TAKE.replace("    target: piece\n", "")
    with pytest.raises(ScenarioErrors, match="'owner' says whose piece a 'target: piece' "
                                             "action names: it needs 'target: piece'"):
        _game(tmp_path, text)
