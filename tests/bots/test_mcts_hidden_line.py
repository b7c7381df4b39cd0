"""The search bot on a view whose simulated lines need a hidden value (RB.4's secret orders): the
iteration is scored as a draw instead of reading it (engine/bots/mcts.py, "Hidden values"), and
with determinization such lines are played on a world drawn from the view."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.budget import parse_budget
from distant_galaxy.bots.mcts import MctsBot
from distant_galaxy.bots.rollout import needs_hidden_value
from distant_galaxy.core.hidden import HiddenInformation
from distant_galaxy.errors import EngineError


def test_a_refused_hidden_read_is_recognised_through_the_wrapping_error():
    try:
        try:
            raise HiddenInformation("secret 'order:x' is hidden")
        except HiddenInformation as inner:
            raise EngineError("end: secret 'order:x' is hidden") from inner
    except EngineError as exc:
        assert needs_hidden_value(exc)
    assert not needs_hidden_value(EngineError("a rule's own fault"))


@pytest.mark.parametrize("root", ["uct", "halving"])
def test_lines_that_need_a_hidden_value_are_played_on_a_determinized_world(root: str):
    """Fleet Battle with secret orders (RB.4): without determinization every simulated line that
    reaches the end phase needs the enemy's order and is scored as a draw; with it (the default)
    the order is drawn from the enemy's bag of orders and the line is played on — in the tree
    and at the halving root (``root=halving``: its samples play on the same kind of worlds)."""
    game = Game(load_scenario("fleet-battle", None, ["secret-orders"]), seed=3)
    seat = game.pending.seat
    stops = {}
    for det in ("yes", "no"):
        bot = MctsBot(seat, 3, parse_budget(f"20,root={root},depth=40,determinize={det}"))
        assert bot.choose(game.view(seat)) in game.legal_actions()
        stops[det] = bot.last["hidden_stops"]
    assert stops["yes"] == 0 and stops["no"] == bot.last["iterations"] > 0
