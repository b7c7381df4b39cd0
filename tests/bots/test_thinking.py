"""The search bot's "thinking" line (distant_galaxy.bots.thinking, issue 32 item 4): shown only
where someone watches (``Controller.thinking``), after a short delay, at most every tenth of a
second, cleared when the bot has decided; the search and its choice are the same with it."""

from __future__ import annotations

from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.budget import parse_budget
from distant_galaxy.bots.mcts import MctsBot
from distant_galaxy.bots.thinking import Thinking


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_nothing_before_the_delay_then_at_most_every_tenth_of_a_second() -> None:
    lines: list[str | None] = []
    clock = Clock()
    t = Thinking(lines.append, "red", 200, None, clock=clock)
    for done in range(1, 51):  # 50 iterations of 10 ms each: 0.5 s
        clock.now += 0.01
        t.tick(done)
    t.close()
    assert lines[0] == "red thinking… 10/200 iterations, 0.1 s"
    assert len(lines) == 6 and lines[-1] is None  # 0.1, 0.2, 0.3, 0.4, 0.5 s, then cleared


def test_a_quick_decision_shows_nothing_and_clears_nothing() -> None:
    lines: list[str | None] = []
    clock = Clock()
    t = Thinking(lines.append, "x", 200, None, clock=clock)
    t.tick(1)
    t.close()
    assert lines == []


def test_a_time_budget_shows_the_seconds() -> None:
    t = Thinking(print, "x", None, 0.5, "playouts")
    assert t.text(12, 0.25) == "x thinking… 0.2/0.5 s, 12 playouts"


def test_the_bot_reports_while_it_searches_and_chooses_the_same() -> None:
    """Both roots report their iterations (playouts); the line ends cleared, and the choice is
    the one the bot makes with nobody watching."""
    for budget in ("300", "40,root=halving,candidates=3"):
        game = Game(load_scenario("connect-four"), seed=1, record=False)
        seat = game.pending.seat
        quiet = MctsBot(seat, 1, parse_budget(budget)).choose(game)
        lines: list[str | None] = []
        bot = MctsBot(seat, 1, parse_budget(budget))
        bot.thinking = lines.append
        bot.thinking_pace = (0.0, 0.0)  # a line after every iteration
        assert bot.choose(game) == quiet
        assert lines and lines[-1] is None and all("thinking…" in str(x) for x in lines[:-1])
        assert f"/{parse_budget(budget).iterations} " in str(lines[-2])
