"""Asteroid Belt balance: 3-seat greedy games with the seat order rotated (issue 11 item 19).

Each seed is played with the three factions in one of the three rotations of the turn order
(seed % 3), so a faction's edge is told apart from its seat's. Prints the wins per faction and
per seat position, round-limit ends and mean rounds; exits 1 when a faction's win rate is outside
the target band.

    python bench/balance_asteroid_belt.py --games 150
    python bench/balance_asteroid_belt.py --games 500 --variant quick
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from distant_galaxy import Game
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario

FACTIONS = ["orange", "purple", "green"]


def rotation(seed: int) -> list[str]:
    """The turn order of a seed: the factions rotated by ``seed % 3``."""
    k = seed % len(FACTIONS)
    return FACTIONS[k:] + FACTIONS[:k]


def play(variant: str | None, seed: int) -> tuple[list[str], dict]:
    """One greedy game with the rotated turn order; (order, result)."""
    sc = scenario(variant)
    order = rotation(seed)
    game = Game(sc, seats=order, seed=seed, record=False)
    bots = {s: sc.bots()["greedy"](s, seed) for s in order}
    while not game.over:
        assert game.pending is not None
        game.apply(bots[game.pending.seat].choose(game))
    return order, {**(game.result or {}), "rounds": game.state.round}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--low", type=float, default=0.25)
    ap.add_argument("--high", type=float, default=0.42)
    args = ap.parse_args(argv)
    by_faction: Counter[str] = Counter()
    by_position: Counter[int] = Counter()
    limit_ends, rounds = 0, 0
    t = time.process_time()
    for seed in range(args.games):
        order, res = play(args.variant, seed)
        rounds += res["rounds"]
        if res.get("rule") == "limits":
            limit_ends += 1
        if res.get("winner"):
            by_faction[res["winner"]] += 1
            by_position[order.index(res["winner"])] += 1
    n = args.games
    print(f"{n} seeded 3-seat greedy games, variant {args.variant or 'standard'}, seat order "
          f"rotated ({time.process_time() - t:.0f} CPU s)")
    print("| faction | wins | rate |\n| --- | --- | --- |")
    for f in FACTIONS:
        print(f"| {f} | {by_faction[f]} | {by_faction[f] / n:.1%} |")
    print("| seat position | wins | rate |\n| --- | --- | --- |")
    for i in range(len(FACTIONS)):
        print(f"| {i + 1} | {by_position[i]} | {by_position[i] / n:.1%} |")
    print(f"draws: {n - sum(by_faction.values())}; round-limit ends: {limit_ends}; "
          f"mean rounds: {rounds / n:.1f}")
    ok = all(args.low <= by_faction[f] / n <= args.high for f in FACTIONS)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
