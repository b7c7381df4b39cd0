"""Episode 5 bench: time per Aborigine turn and per whole game, and the outcomes of N seeded games.

    python bench/bench_aborigines.py [--games 500] [--players 1-4] [--bot civ]

Every game must finish with a result and its reason (three portals closed, four zones held, turn
limit); the script exits 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time

import distant_galaxy_episodes.aborigines.plugin as ab
from distant_galaxy import Game, load_scenario
from distant_galaxy.play.runner import make_controllers


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--players", default="1-4", help="a number or a range such as 1-4")
    p.add_argument("--bot", default="civ")
    args = p.parse_args(argv)
    lo, _, hi = args.players.partition("-")
    counts = list(range(int(lo), int(hi or lo) + 1))
    sc = load_scenario("aborigine-clash")
    turn_times: list[float] = []
    original = ab.aborigine_turn

    def timed(game):
        t0 = time.perf_counter()
        original(game)
        turn_times.append(time.perf_counter() - t0)

    ab.aborigine_turn = timed
    outcomes: collections.Counter[str] = collections.Counter()
    game_times, rounds, bad = [], [], []
    try:
        for seed in range(args.games):
            seats = sc.seat_ids(counts[seed % len(counts)])
            t0 = time.perf_counter()
            g = Game(sc, seats=seats, seed=seed)
            ctr = make_controllers(sc, seats, {s: args.bot for s in seats}, seed, {}, None)
            while not g.over:
                g.apply(ctr[g.pending.seat].choose(g))
            game_times.append(time.perf_counter() - t0)
            res = g.result or {}
            reason = res.get("reason", "")
            kind = ("turn limit" if "turn limit" in reason else
                    "three portals closed" if "closed" in reason else
                    "four zones held" if "hold" in reason else None)
            if kind is None:
                bad.append((seed, reason))
                continue
            outcomes[f"{res.get('winner')}: {kind}"] += 1
            rounds.append(g.state.round)
    finally:
        ab.aborigine_turn = original
    ms = [t * 1000 for t in turn_times]
    gs = [t * 1000 for t in game_times]
    print(f"games: {args.games} ({args.bot} bots, {args.players} players)")
    for k, v in sorted(outcomes.items()):
        print(f"  {k}: {v}")
    print(f"  mean rounds: {statistics.mean(rounds):.2f}")
    print(f"Aborigine turn: {len(ms)} turns, mean {statistics.mean(ms):.3f} ms, "
          f"median {statistics.median(ms):.3f} ms, max {max(ms):.2f} ms")
    print(f"whole game: mean {statistics.mean(gs):.1f} ms, median {statistics.median(gs):.1f} ms, "
          f"max {max(gs):.1f} ms")
    if bad:
        print(f"{len(bad)} games without a known reason: {bad[:5]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
