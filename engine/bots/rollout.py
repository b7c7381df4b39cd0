"""Playouts of the search bot and how a finished (or cut-off) playout is scored.

A playout plays on a copy of the game until it ends or ``depth`` plies have been played. A game
that ended scores 1 for its winner and 0 for the other seats (a draw: ``1/seats`` each). A winner
that is no seat is a side: it scores 1 for every seat whose ``side`` (the scenario's ``seats:``)
it names — episode 5's civilizations win together — and 0 for the others (the Aborigines, an
automatic side, win against every seat). A playout cut off
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
    from distant_galaxy.scenario.model import Scenario


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
    return score(result, seats, seat_sides(game.scenario))


def seat_sides(scenario: Scenario) -> dict[str, str]:
    """Seat → the side it plays for (the ``side`` of its ``seats:`` entry), where declared."""
    return {str(s["id"]): str(s["side"]) for s in scenario.seats if s.get("side")}


def verdict(game: Game) -> dict[str, Any]:
    """Who the scenario would declare the winner if its round limit were reached now."""
    res = game.hook.dg_limit_result(game=game) if "dg_limit_result" in game.hooked else None
    if res is None:
        res = game.scenario.limit_result(game)
    return res


def score(result: dict[str, Any], seats: list[str], sides: dict[str, str] | None = None
          ) -> dict[str, float]:
    """1 for the winning seat (or every seat of the winning side: ``sides`` maps a seat to its
    side; a result's own ``sides`` may list a side's seats), 0 for the others; a draw gives each
    seat ``1/len(seats)``."""
    winner = result.get("winner")
    if winner is None:
        share = 1.0 / len(seats) if seats else 0.0
        return dict.fromkeys(seats, share)
    listed = result.get("sides")
    winners: set[Any] = {winner}
    if isinstance(listed, dict) and isinstance(listed.get(winner), (list, tuple)):
        winners |= set(listed[winner])
    side_of = sides or {}
    return {s: 1.0 if s in winners or side_of.get(s) in winners else 0.0 for s in seats}
