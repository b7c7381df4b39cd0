"""``dg perft SCENARIO DEPTH [--divide]``: print the perft count and how long it took."""

from __future__ import annotations

import argparse
import json
import time

from distant_galaxy.build import json_header
from distant_galaxy.cli.term import progress, progress_wanted
from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError
from distant_galaxy.harness.perft import divide, new_game, perft


def run_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        raise EngineError("DEPTH must be 0 or more")
    game = new_game(args.scenario, args.variant, args.seed, args.option)
    t0 = time.perf_counter()
    parts: list[tuple[str, int]] = []
    if args.depth > 1 and not game.over:
        parts = divided(game, args.depth)
        total = sum(n for _, n in parts) if parts else 1
    elif args.divide and args.depth == 1:
        parts = divide(game, 1)
        total = sum(n for _, n in parts) if parts else 1
    else:
        total = perft(game, args.depth)
    dt = time.perf_counter() - t0
    shown = parts if args.divide else []
    if getattr(args, "json", False):
        print(json.dumps({**json_header(), "scenario": game.scenario.id, "variant": game.variant,
                          "options": list(game.options), "seed": args.seed,
                          "depth": args.depth, "count": total, "seconds": round(dt, 3),
                          "divide": dict(shown) if args.divide else None}, sort_keys=True))
        return 0
    for text, n in shown:
        print(f"{text}: {n}")
    print(f"perft({args.depth}) = {total}  ({dt:.2f} s)")
    return 0


def divided(game: Game, depth: int) -> list[tuple[str, int]]:
    """``divide``: the count below each first action, with a progress bar over the first
    actions on a terminal (their sum is ``perft(game, depth)``)."""
    actions = list(game.legal_actions())
    out = []
    with progress(len(actions), f"perft {depth}", progress_wanted()) as advance:
        for action in actions:
            child = game.clone()
            child.apply(action)
            out.append((str(action), perft(child, depth - 1)))
            advance(1)
    return out
