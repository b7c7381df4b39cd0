"""Othello in YAML alone (issue 31, items 1 and 4): the flank rule as defines, the flips as one
loop (``set_owner``), a player without a move passes (``no_legal_action: pass``).

Perft 1-6 are the published counts (4 / 12 / 56 / 244 / 1,396 / 8,200; depth 7 = 55,092 is in
docs/authoring.md). Random games are checked against a small independent reference written here:
the same legal moves, the same discs after each, passes and the winner."""

from __future__ import annotations

import random

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.harness.perft import new_game, perft
from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy.scenario.find import scenarios_dir
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.validate import validate_one

OTHELLO = scenarios_dir() / "classic" / "othello.yaml"
DIRS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
Board = dict[tuple[int, int], str]


def flips(board: Board, cell: tuple[int, int], seat: str) -> list[tuple[int, int]]:
    """The reference: the discs a disc of ``seat`` on the empty ``cell`` turns."""
    out: list[tuple[int, int]] = []
    for dx, dy in DIRS:
        line, (x, y) = [], (cell[0] + dx, cell[1] + dy)
        while board.get((x, y)) not in (None, seat):
            line.append((x, y))
            x, y = x + dx, y + dy
        if line and board.get((x, y)) == seat:
            out += line
    return out


def moves(board: Board, seat: str) -> list[tuple[int, int]]:
    return [(x, y) for y in range(8) for x in range(8)
            if (x, y) not in board and flips(board, (x, y), seat)]


def _board_of(game: Game) -> Board:
    return {pos: game.state.tokens[tid].owner for pos, tid in game.state.board.items()}


@pytest.mark.parametrize("depth, count", [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1_396),
                                          (6, 8_200)])
def test_othello_perft(depth: int, count: int) -> None:
    assert perft(new_game("othello"), depth) == count


def test_othello_is_yaml_alone_in_at_most_60_lines_and_its_rule_tests_pass() -> None:
    assert validate_one(str(OTHELLO)) == []
    assert load_scenario(OTHELLO).data.get("plugins", []) == []
    assert len(OTHELLO.read_text(encoding="utf-8").splitlines()) <= 60
    results = run_file(OTHELLO)
    assert len(results) == 3 and all(r.ok for r in results), results


def test_random_games_follow_the_reference() -> None:
    rng = random.Random(31)
    for _ in range(3):
        game = new_game("othello")
        board = _board_of(game)
        seat, other = "black", "white"
        while True:
            mine = moves(board, seat)
            if not mine:
                seat, other = other, seat  # a pass
                mine = moves(board, seat)
                if not mine:
                    break
            assert game.pending.seat == seat
            assert sorted(str(a) for a in game.legal_actions()) == \
                sorted(f"place {x},{y}" for x, y in mine)
            x, y = rng.choice(mine)
            for cell in flips(board, (x, y), seat):
                board[cell] = seat
            board[(x, y)] = seat
            game.apply(f"place {x},{y}")
            assert _board_of(game) == board
            seat, other = other, seat
        black, white = (sum(1 for o in board.values() if o == s) for s in ("black", "white"))
        assert game.over
        assert game.result["winner"] == (None if black == white else
                                         "black" if black > white else "white")
