"""Kalah(6,4) in YAML alone (issue 31, item 4), against an independent small reference written
here: the same number of move sequences to depth 6 (perft), and the same positions along random
games — seeds in every pit and store, whose turn it is, and the end."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.harness.perft import new_game, perft

Board = tuple[int, ...]  # 0-5 south's pits, 6 south's store, 7-12 north's pits, 13 north's store


class Kalah:
    """The reference: Kalah(6,4) on a list of 14 counts, written from the rules alone."""

    def __init__(self, board: Board = (4,) * 6 + (0,) + (4,) * 6 + (0,), mover: int = 0):
        self.board, self.mover = board, mover

    def over(self) -> bool:
        return sum(self.board[0:6]) == 0 or sum(self.board[7:13]) == 0

    def moves(self) -> list[int]:
        if self.over():
            return []
        first = 0 if self.mover == 0 else 7
        return [i for i in range(first, first + 6) if self.board[i] > 0]

    def play(self, pit: int) -> Kalah:
        b = list(self.board)
        store, skip = (6, 13) if self.mover == 0 else (13, 6)
        n, b[pit], i = b[pit], 0, pit
        while n:
            i = (i + 1) % 14
            if i == skip:
                continue
            b[i] += 1
            n -= 1
        mine = range(0, 6) if self.mover == 0 else range(7, 13)
        if i in mine and b[i] == 1 and b[12 - i] > 0:
            b[store] += b[i] + b[12 - i]
            b[i] = b[12 - i] = 0
        return Kalah(tuple(b), self.mover if i == store else 1 - self.mover)

    def winner(self) -> str | None:
        south, north = sum(self.board[0:7]), sum(self.board[7:14])
        return None if south == north else ("south" if south > north else "north")


def reference_perft(pos: Kalah, depth: int) -> int:
    moves = pos.moves()
    if depth == 0 or not moves:
        return 1
    if depth == 1:
        return len(moves)
    return sum(reference_perft(pos.play(m), depth - 1) for m in moves)


def _cell(index: int) -> tuple[int, int]:
    """The scenario's cell of a reference index (south: bottom row left to right, its store at
    the right; north: top row right to left, its store at the left)."""
    if index <= 6:
        return (index + 1, 1)
    return (13 - index, 0) if index < 13 else (0, 0)


def _board_of(game: Game) -> Board:
    st = game.state
    return tuple(game.token_counter(st.token_at(_cell(i)), "seeds") for i in range(14))


def _action(pit: int) -> str:
    x, y = _cell(pit)
    return f"sow {x},{y}"


def test_the_reference_counts_its_first_moves() -> None:
    assert [reference_perft(Kalah(), d) for d in (1, 2)] == [6, 5 * 6 + 5]  # the third pit sows home: 5 more


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_matches_the_reference(depth: int) -> None:
    assert perft(new_game("kalah"), depth) == reference_perft(Kalah(), depth)


def test_perft_matches_the_reference_to_depth_6() -> None:
    expected = reference_perft(Kalah(), 6)
    assert perft(new_game("kalah"), 6) == expected


def _random_games(n: int) -> Iterator[list[int]]:
    rng = random.Random(31)
    for _ in range(n):
        pos, line = Kalah(), []
        while pos.moves():
            move = rng.choice(pos.moves())
            line.append(move)
            pos = pos.play(move)
        yield line


def test_random_games_keep_the_reference_s_positions() -> None:
    for line in _random_games(12):
        game, pos = new_game("kalah"), Kalah()
        for move in line:
            assert not game.over
            assert game.pending.seat == ("south", "north")[pos.mover]
            assert sorted(str(a) for a in game.legal_actions()) == \
                sorted(_action(m) for m in pos.moves())
            game.apply(_action(move))
            pos = pos.play(move)
            assert _board_of(game) == pos.board
        assert game.over and game.result["winner"] == pos.winner()
