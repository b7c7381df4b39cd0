"""``dg perft SCENARIO DEPTH``: count the action sequences of length DEPTH from the start.

Like chess perft: every legal action of the pending decision is applied to a copy of the game
(``Game.clone``) and the lines below it are counted; a line ends early where the game ends (it
counts once), and the last ply is counted without being applied (each of its actions ends exactly
one line). It exercises legal actions, apply and clone, and pins them down with exact counts:
tic-tac-toe has 255,168 complete games (depth 9), breakthrough 8×8 has 22 / 484 / 11,132 lines at
depths 1 / 2 / 3.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from distant_galaxy.cli.main import extra_subcommands
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


def new_game(scenario_name: str, variant: str | None = None, seed: int = 1) -> Game:
    """A fresh game of a scenario (all seats, no log) to count from."""
    return Game(load_scenario(scenario_name, variant), seed=seed, record=False)


@extra_subcommands
def add(sub: Any) -> None:
    p = sub.add_parser("perft", help="count the action sequences of length DEPTH from the start")
    p.add_argument("scenario", help="scenario id or path to a .yaml file")
    p.add_argument("depth", type=int, help="how many actions deep (a line ends early where the "
                   "game ends)")
    p.add_argument("--variant", help="a variant of the scenario")
    p.add_argument("--seed", type=int, default=1, help="seed of the game's dice (default 1)")
    p.add_argument("--divide", action="store_true", help="also print the count below each "
                   "first action")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.depth < 0:
        print("dg perft: DEPTH must be 0 or more")
        return 2
    game = new_game(args.scenario, args.variant, args.seed)
    t0 = time.perf_counter()
    if args.divide and args.depth > 0:
        parts = divide(game, args.depth)
        for text, n in parts:
            print(f"{text}: {n}")
        total = sum(n for _, n in parts) if parts else 1
    else:
        total = perft(game, args.depth)
    dt = time.perf_counter() - t0
    print(f"perft({args.depth}) = {total}  ({dt:.2f} s)")
    return 0
