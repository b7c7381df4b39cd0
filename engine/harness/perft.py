"""Perft: count the action sequences of length DEPTH from the start of a game.

Like chess perft: every legal action of the pending decision is applied to a copy of the game
(``Game.clone``) and the lines below it are counted; a line ends early where the game ends (it
counts once), and the last ply is counted without being applied (each of its actions ends exactly
one line). It exercises legal actions, apply and clone, and pins them down with exact counts:
tic-tac-toe has 255,168 complete games (depth 9), breakthrough 8×8 has 22 / 484 / 11,132 lines at
depths 1 / 2 / 3. ``dg perft`` prints these counts (:mod:`distant_galaxy.cli.handlers.perft`).
"""

from __future__ import annotations

from collections.abc import Iterable

from distant_galaxy.core.game import Game
from distant_galaxy.scenario.load import load_scenario


def perft(game: Game, depth: int) -> int:
    """The number of action sequences of length ``depth`` (shorter where the game ends)."""
    if depth <= 0 or game.over:
        return 1
    actions = game.legal_actions()
    if not actions:  # cannot happen while a decision is pending; counted as an ended line
        return 1
    if depth == 1:
        return len(actions)
    total = 0
    for action in list(actions):
        child = game.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def divide(game: Game, depth: int) -> list[tuple[str, int]]:
    """``perft(depth - 1)`` below each legal action (to find where two engines differ)."""
    out = []
    for action in list(game.legal_actions()):
        child = game.clone()
        child.apply(action)
        out.append((str(action), perft(child, depth - 1)))
    return out


def new_game(scenario_name: str, variant: str | None = None, seed: int = 1,
             options: Iterable[str] = ()) -> Game:
    """A fresh game of a scenario (its variant and options; all seats, no log) to count from."""
    return Game(load_scenario(scenario_name, variant, options), seed=seed, record=False)
