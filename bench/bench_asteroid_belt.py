"""Asteroid Belt bench: games per second, time per bot decision, cost of a state clone; with
``--games N`` also N seeded bot games per variant and seat count, and greedy vs random.

    python bench/bench_asteroid_belt.py               # quick table
    python bench/bench_asteroid_belt.py --games 500   # + 500 games × {standard, quick, hard} × {2, 3}
"""

from __future__ import annotations

import argparse
import time

from distant_galaxy.core.game import Game
from distant_galaxy_episodes.asteroid_belt.selfplay import play_game, scenario

SEATS = {2: ["orange", "purple"], 3: ["orange", "purple", "green"]}


def row(name: str, value: str) -> None:
    print(f"| {name:<44} | {value:>22} |")


def games_per_second(bots: list[str], n: int) -> float:
    sc = scenario()
    t = time.perf_counter()
    for seed in range(n):
        play_game(sc, seed, dict(zip(SEATS[len(bots)], bots, strict=False)))
    return n / (time.perf_counter() - t)


def decision_times(n_games: int = 5) -> dict[str, float]:
    sc = scenario()
    kinds = sc.bots()
    spent: dict[str, list[float]] = {"greedy": [0.0, 0], "random": [0.0, 0]}  # type: ignore[dict-item]
    for seed in range(n_games):
        game = Game(sc, seats=SEATS[2], seed=seed, record=False)
        ctrls = {"orange": kinds["greedy"]("orange", seed), "purple": kinds["random"]("purple", seed)}
        while not game.over:
            c = ctrls[game.pending.seat]  # type: ignore[union-attr]
            t = time.perf_counter()
            a = c.choose(game)
            spent[c.name][0] += time.perf_counter() - t
            spent[c.name][1] += 1
            game.apply(a)
    return {k: v[0] / max(v[1], 1) for k, v in spent.items()}


def clone_cost(n: int = 2000) -> float:
    sc = scenario()
    game = Game(sc, seats=SEATS[3], seed=1, record=False)
    kinds = sc.bots()
    ctrls = {s: kinds["greedy"](s, 1) for s in SEATS[3]}
    for _ in range(300):   # a mid-game position
        if game.over:
            break
        game.apply(ctrls[game.pending.seat].choose(game))  # type: ignore[union-attr]
    t = time.perf_counter()
    for _ in range(n):
        game.clone()
    return (time.perf_counter() - t) / n


def many_games(n: int, variants: list[str | None]) -> None:
    print(f"\n{n} seeded games per variant and seat count (seats alternate greedy/random):")
    print("| variant  | seats | errors | winners | round-limit ends | mean rounds | sec |")
    for variant in variants:
        sc = scenario(variant)
        for seats in (2, 3):
            t = time.perf_counter()
            errors = winners = limit = rounds = 0
            for seed in range(n):
                bots = {s: ("greedy" if (seed + i) % 2 else "random")
                        for i, s in enumerate(SEATS[seats])}
                try:
                    res = play_game(sc, seed, bots)
                except Exception as exc:
                    errors += 1
                    print(f"  seed {seed}: {exc!r}")
                    continue
                assert res["rounds"] <= sc.limits["rounds"] and res["reason"]
                winners += res["winner"] is not None
                limit += "round limit" in res["reason"]
                rounds += res["rounds"]
            print(f"| {variant or 'standard':<8} | {seats:>5} | {errors:>6} | {winners:>7} | "
                  f"{limit:>16} | {rounds / max(n - errors, 1):>11.1f} | "
                  f"{time.perf_counter() - t:>4.0f}|")


def greedy_vs_random(n: int) -> None:
    sc = scenario()
    wins = 0
    for seed in range(n):
        g = seed % 2
        bots = {"orange": "greedy" if g == 0 else "random",
                "purple": "random" if g == 0 else "greedy"}
        wins += play_game(sc, seed, bots)["winner"] == SEATS[2][g]
    print(f"\ngreedy vs random, {n} seeded 2-seat games (seats alternate): greedy wins {wins} "
          f"= {wins / n:.1%}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=0, help="also run N games per variant/seats")
    ap.add_argument("--vs", type=int, default=0, help="greedy vs random over N games")
    ap.add_argument("--variant", action="append", choices=["standard", "quick", "hard"],
                    help="with --games: only these variants (default: all three)")
    ap.add_argument("--games-only", action="store_true", help="skip the speed table")
    args = ap.parse_args()
    variants = [None if v == "standard" else v for v in (args.variant or
                                                         ["standard", "quick", "hard"])]
    if args.games_only:
        many_games(args.games, variants)
        return
    print("| measure                                      |                  value |")
    print("|----------------------------------------------|------------------------|")
    row("games/s, random vs random (2 seats)", f"{games_per_second(['random', 'random'], 10):.2f}")
    row("games/s, greedy vs random (2 seats)", f"{games_per_second(['greedy', 'random'], 10):.2f}")
    row("games/s, greedy ×3 (3 seats)", f"{games_per_second(['greedy'] * 3, 10):.2f}")
    dt = decision_times()
    row("time per greedy decision", f"{dt['greedy'] * 1e6:.0f} µs")
    row("time per random decision (legal list)", f"{dt['random'] * 1e6:.0f} µs")
    row("cost of a state clone (game.clone, mid-game)", f"{clone_cost() * 1e6:.1f} µs")
    if args.vs:
        greedy_vs_random(args.vs)
    if args.games:
        many_games(args.games, variants)


if __name__ == "__main__":
    main()
