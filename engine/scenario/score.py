"""The final score shown with a result: a victory's ``score:``, one number per seat.

A victory condition may say how the seats compare when it ends the game (``score:
'pieces(player.seat)'`` in Othello, the seeds each side keeps in Kalah): the expression is
evaluated for each seat, with ``seat`` and ``player``, on the final state. It is shown, not
logged: the log's ``game_over`` event is the same with or without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import EngineError
from distant_galaxy.scenario.context import RuleContext

if TYPE_CHECKING:
    from distant_galaxy.core.view import GameLike

__all__ = ["final_score"]


def final_score(game: GameLike) -> list[tuple[str, Any]] | None:
    """``[(seat, value), ...]`` in turn order when the game is over and the victory that ended
    it has a ``score:``; None otherwise (or when the score cannot be evaluated: it is shown,
    never a reason for an error)."""
    result = game.result
    rules = getattr(game.scenario, "rules", None)
    if not result or rules is None or not getattr(rules, "scores", None):
        return None
    score = next((rules.scores[str(v.get("id"))] for v in game.scenario.data.get("victory", [])
                  if isinstance(v, dict) and str(v.get("id")) in rules.scores
                  and v.get("reason", "victory") == result.get("reason")), None)
    if score is None:
        return None
    st = game.state
    try:
        return [(seat, score(RuleContext(game, seat=seat, player=st.players[seat])))
                for seat in st.seats]
    except EngineError:
        return None
