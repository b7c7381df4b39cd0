"""Rule contexts: the cheap constructors make the same dict as ``RuleContext(...)``."""

from __future__ import annotations

from distant_galaxy.core.game import Game
from distant_galaxy.scenario.context import RuleContext, game_context, seat_context
from distant_galaxy.scenario.load import load_scenario


def test_seat_and_game_contexts_equal_the_keyword_ones() -> None:
    game = Game(load_scenario("tic-tac-toe"), seed=1, record=False)
    player = game.state.players["o"]
    made, plain = seat_context(game, "o", player), RuleContext(game, seat="o", player=player)
    assert type(made) is RuleContext and list(made.items()) == list(plain.items())
    assert made["round"] == 1 and made["player"] is player  # lazy names still work
    bare = game_context(game)
    assert type(bare) is RuleContext and list(bare.items()) == list(RuleContext(game).items())
    assert bare["seat"] == "x"
