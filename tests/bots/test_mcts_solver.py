"""The search bot's solver (``solve=yes``, MCTS-Solver as OpenSpiel's ``MCTSBot(solve=True)``,
issue 32): an end reached in the tree by a line with no die and no hidden value is proved, a
proved win is played and a proved loss avoided, and a proved root ends the search early; lines
with dice or hidden values prove nothing."""

from __future__ import annotations

import pytest

from bots.test_mcts import ttt
from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.budget import Budget, parse_budget
from distant_galaxy.bots.mcts import MctsBot
from distant_galaxy.errors import EngineError


def test_a_win_in_one_is_proved_and_ends_the_search() -> None:
    # x: 0,0 1,0 — o: 0,1 1,1; x wins at 2,0
    game = ttt(["place 0,0", "place 0,1", "place 1,0", "place 1,1"])
    bot = MctsBot("x", 1, Budget(iterations=5000))
    assert str(bot.choose(game)) == "place 2,0"
    assert bot.last["proved"] is True and bot.last["iterations"] < 5000


def test_a_forced_line_is_proved_through_the_opponents_replies() -> None:
    # x: 0,0 2,2 — o: 1,1 2,0 (o just threatened 0,2); x must block at 0,2, and every other
    # move loses to o's 0,2: those children are proved losses, never chosen
    game = ttt(["place 0,0", "place 1,1", "place 2,2", "place 2,0"])
    bot = MctsBot("x", 2, Budget(iterations=3000, reuse=False))
    assert str(bot.choose(game)) == "place 0,2"


def test_without_solve_the_search_spends_its_whole_budget() -> None:
    game = ttt(["place 0,0", "place 0,1", "place 1,0", "place 1,1"])
    bot = MctsBot("x", 1, parse_budget("400,solve=no"))
    assert str(bot.choose(game)) == "place 2,0"
    assert bot.last["proved"] is False and bot.last["iterations"] == 400


def test_lines_with_dice_prove_nothing() -> None:
    """Pig's every roll is a die, and no game ends without one: however often a line ends in
    the tree, nothing is proved."""
    game = Game(load_scenario("pig"), seed=3)
    game.state.players["red"].counters.update(score=90, total=5)  # roll, or hold at 95
    bot = MctsBot("red", 3, Budget(iterations=300, depth=30))
    bot.choose(game)
    assert bot.last["proved"] is False and bot.last["iterations"] == 300


def test_solve_is_an_option_with_a_checked_value() -> None:
    assert parse_budget("200").solve is True and parse_budget("200,solve=no").solve is False
    with pytest.raises(EngineError, match="solve=maybe: choose one of yes, no"):
        parse_budget("200,solve=maybe")
