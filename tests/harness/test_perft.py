"""Perft (issue 7): exact counts of action sequences pin legal actions, apply and clone down.

Tic-tac-toe has 255,168 complete games; breakthrough 8×8 has 22 / 484 / 11,132 lines at depths
1 / 2 / 3 (the published perft figures); Connect Four 7 / 49 / 343 / 2,401 / 16,807.
"""

from __future__ import annotations

import pytest

from distant_galaxy.cli.main import main
from distant_galaxy.harness.perft import divide, new_game, perft


@pytest.mark.parametrize("depth, count", [(0, 1), (1, 9), (2, 72), (3, 504), (5, 15120)])
def test_tic_tac_toe_perft_shallow(depth, count):
    assert perft(new_game("tic-tac-toe"), depth) == count


def test_tic_tac_toe_has_255168_complete_games():
    """Depth 9 counts every complete game (lines end early where someone wins)."""
    assert perft(new_game("tic-tac-toe"), 9) == 255_168


@pytest.mark.parametrize("depth, count", [(1, 22), (2, 484), (3, 11_132)])
def test_breakthrough_perft(depth, count):
    assert perft(new_game("breakthrough"), depth) == count


@pytest.mark.parametrize("depth, count", [(1, 7), (2, 49), (3, 343), (4, 2_401), (5, 16_807)])
def test_connect_four_perft(depth, count):
    """7^n until a line is possible (depth 7); depth 6 = 117,649 runs in the bench."""
    assert perft(new_game("connect-four"), depth) == count


def test_divide_sums_to_perft():
    parts = divide(new_game("breakthrough"), 2)
    assert len(parts) == 22 and all(n == 22 for _, n in parts)


def test_perft_command(capsys):
    assert main(["perft", "breakthrough", "2"]) == 0
    assert "perft(2) = 484" in capsys.readouterr().out
    assert main(["perft", "tic-tac-toe", "2", "--divide"]) == 0
    out = capsys.readouterr().out
    assert "place 1,1: 8" in out and "perft(2) = 72" in out
    assert main(["perft", "breakthrough", "1", "--variant", "small"]) == 0
    assert "perft(1) = 16" in capsys.readouterr().out
