"""Playouts of the search bot and how a finished (or cut-off) playout is scored.

A playout plays on a copy of the game until it ends or ``depth`` plies have been played. A game
that ended scores 1 for its winner and 0 for the other seats (a draw: ``1/seats`` each; a winner
that is no seat, e.g. a side of automatic players, scores 0 for every seat). A playout cut off
at ``depth`` is scored by the scenario's own verdict at its round limit (the ``dg_limit_result``
hook, else the ``limits:`` section's ``rank_by``) — the one generic judgement of a game not yet
over that every scenario has; where that verdict is a draw, the cut-off playout is one too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.play.controllers import Controller


def playout(game: Game, depth: int, rng: random.Random,
            policy: dict[str, Controller] | None = None) -> bool:
    """Play ``game`` on for at most ``depth`` plies (random actions, or each seat's controller
    in ``policy``); whether it ended."""
    for _ in range(depth):
        if game.state.result is not None:
            return True
        pend = game.state.pending
        legal = game.legal_actions()
        if pend is None or not legal:
            return game.state.result is not None
        ctrl = policy.get(pend.seat) if policy else None
        action = ctrl.choose(game) if ctrl is not None else legal[rng.randrange(len(legal))]
        if action is None:
            action = legal[rng.randrange(len(legal))]
        game.apply(action)
    return game.state.result is not None


def outcome(game: Game, seats: list[str]) -> dict[str, float]:
    """Each seat's score of a playout: from the result, else from the scenario's limit verdict."""
    result = game.state.result
    if result is None:
        result = verdict(game)
    return score(result, seats)


def verdict(game: Game) -> dict[str, Any]:
    """Who the scenario would declare the winner if its round limit were reached now."""
    res = game.hook.dg_limit_result(game=game) if "dg_limit_result" in game.hooked else None
    if res is None:
        res = game.scenario.limit_result(game)
    return res


def score(result: dict[str, Any], seats: list[str]) -> dict[str, float]:
    """1 for the winning seat (or every seat of a winning side named in ``sides``), 0 for the
    others; a draw gives each seat ``1/len(seats)``."""
    winner = result.get("winner")
    if winner is None:
        share = 1.0 / len(seats) if seats else 0.0
        return dict.fromkeys(seats, share)
    sides = result.get("sides")
    winners: set[Any] = {winner}
    if isinstance(sides, dict) and isinstance(sides.get(winner), (list, tuple)):
        winners |= set(sides[winner])
    return {s: 1.0 if s in winners else 0.0 for s in seats}
