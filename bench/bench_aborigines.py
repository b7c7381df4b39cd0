"""Episode 5 bench: CPU time per Aborigine turn and per whole game, and the outcomes of N seeded
games.

    python bench/bench_aborigines.py [--games 40] [--rounds 5] [--players 1-4] [--bot civ] [--json]
    python bench/bench_aborigines.py --games 500 --rounds 1   # the outcomes of 500 games

The scenario is loaded once, before any timing. Each round plays the same seeded games (seat
counts rotating over ``--players``); the figures are CPU time (``time.process_time``), the mean
per Aborigine turn and per game of each round, min and median over the rounds (at least 5 when
timing; ``--rounds 1`` only counts outcomes). Every game must finish with a result and its reason
(three portals closed, four zones held, turn limit); the script exits 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time

import distant_galaxy_episodes.aborigines.plugin as ab
from distant_galaxy import Game, load_scenario
from distant_galaxy.play.runner import make_controllers


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=40, help="seeded games per round (default 40)")
    p.add_argument("--rounds", type=int, default=5, help="rounds (≥ 5 for the timings; 1: outcomes)")
    p.add_argument("--json", action="store_true", help="print the timings as JSON")
    p.add_argument("--players", default="1-4", help="a number or a range such as 1-4")
    p.add_argument("--bot", default="civ")
    args = p.parse_args(argv)
    lo, _, hi = args.players.partition("-")
    counts = list(range(int(lo), int(hi or lo) + 1))
    sc = load_scenario("aborigine-clash")
    turn_times: list[float] = []
    original = ab.aborigine_turn

    def timed(game):
        t0 = time.process_time()
        original(game)
        turn_times.append(time.process_time() - t0)

    ab.aborigine_turn = timed
    outcomes: collections.Counter[str] = collections.Counter()
    game_times: list[float] = []
    rounds: list[int] = []
    bad: list[tuple[int, str]] = []
    per_round: list[tuple[float, float]] = []  # (mean turn, mean game) of each round
    try:
        for r in range(max(args.rounds, 1)):
            turn_times.clear()
            game_times.clear()
            first = r == 0
            for seed in range(args.games):
                _play(sc, seed, counts, args.bot, game_times, outcomes if first else None,
                      rounds if first else [], bad if first else [])
            per_round.append((statistics.fmean(turn_times), statistics.fmean(game_times)))
    finally:
        ab.aborigine_turn = original
    return _report(args, per_round, outcomes, rounds, bad)


def _play(sc, seed: int, counts: list[int], bot: str, game_times: list[float],
          outcomes: collections.Counter[str] | None, rounds: list[int],
          bad: list[tuple[int, str]]) -> None:
    """One seeded game, its CPU time appended to ``game_times``; outcomes counted when given."""
    seats = sc.seat_ids(counts[seed % len(counts)])
    t0 = time.process_time()
    g = Game(sc, seats=seats, seed=seed)
    ctr = make_controllers(sc, seats, {s: bot for s in seats}, seed, {}, None)
    while not g.over:
        g.apply(ctr[g.pending.seat].choose(g))
    game_times.append(time.process_time() - t0)
    if outcomes is None:
        return
    res = g.result or {}
    reason = res.get("reason", "")
    kind = ("turn limit" if "turn limit" in reason else
            "three portals closed" if "closed" in reason else
            "four zones held" if "hold" in reason else None)
    if kind is None:
        bad.append((seed, reason))
        return
    outcomes[f"{res.get('winner')}: {kind}"] += 1
    rounds.append(g.state.round)


def _report(args, per_round: list[tuple[float, float]], outcomes: collections.Counter[str],
            rounds: list[int], bad: list[tuple[int, str]]) -> int:
    turn = [t * 1000 for t, _ in per_round]
    whole = [g * 1000 for _, g in per_round]
    if args.json:
        print(json.dumps({"bench": "aborigines", "unit": "ms, CPU time", "rounds": len(per_round),
                          "games_per_round": args.games,
                          "aborigine_turn": {"min": round(min(turn), 4),
                                             "median": round(statistics.median(turn), 4)},
                          "game": {"min": round(min(whole), 3),
                                   "median": round(statistics.median(whole), 3)},
                          "bad": len(bad)}, indent=2))
        return 1 if bad else 0
    print(f"games: {args.games} per round ({args.bot} bots, {args.players} players)")
    for k, v in sorted(outcomes.items()):
        print(f"  {k}: {v}")
    print(f"  mean rounds: {statistics.mean(rounds):.2f}")
    print(f"CPU time, {len(per_round)} rounds (min / median of the rounds' means):")
    print(f"  Aborigine turn: {min(turn):.3f} / {statistics.median(turn):.3f} ms")
    print(f"  whole game: {min(whole):.1f} / {statistics.median(whole):.1f} ms")
    if bad:
        print(f"{len(bad)} games without a known reason: {bad[:5]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
