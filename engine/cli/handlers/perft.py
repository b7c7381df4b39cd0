"""``dg perft SCENARIO DEPTH [--divide]``: print the perft count and how long it took."""

from __future__ import annotations

import argparse
import time

from distant_galaxy.harness.perft import divide, new_game, perft


def run_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        print("dg perft: DEPTH must be 0 or more")
        return 2
    game = new_game(args.scenario, args.variant, args.seed, args.option)
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
