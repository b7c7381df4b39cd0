"""Episode 5 balance: win rates, rounds and end reasons of N seeded bot games (issue 11 item 11).

    python bench/balance_aborigines.py [--games 500] [--players 1-4] [--bot civ] [--scenario ID]

Seed ``s`` plays with ``players[s % len(players)]`` seats, every seat played by ``--bot``. The
report: per side the wins (and share), the median and quartile rounds, the end reasons, then the
same per number of players. The targets of issue 11 item 11 (median >= 6 rounds, neither side
above 65 %) are checked at the end; the exit code is 1 when a game ends without a known reason.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from dataclasses import dataclass

from distant_galaxy import Game, Scenario, load_scenario
from distant_galaxy.play.runner import make_controllers

MEDIAN_ROUNDS = 6      # issue 11 item 11
MAX_SHARE = 0.65


@dataclass(frozen=True)
class Outcome:
    """One finished game."""

    seed: int
    players: int
    winner: str
    reason: str
    rounds: int


def end_reason(reason: str) -> str:
    """The kind of end: three portals closed, four zones held, the turn limit (or the text)."""
    if "turn limit" in reason:
        return "turn limit"
    if "closed" in reason:
        return "portals closed"
    if "hold" in reason:
        return "zones held"
    return reason or "?"


def play(sc: Scenario, seed: int, players: int, bot: str) -> Outcome:
    """One seeded game with ``bot`` on every seat."""
    seats = sc.seat_ids(players)
    g = Game(sc, seats=seats, seed=seed)
    ctr = make_controllers(sc, seats, {s: bot for s in seats}, seed, {}, None)
    while not g.over:
        g.apply(ctr[g.pending.seat].choose(g))
    res = g.result or {}
    return Outcome(seed, players, str(res.get("winner")), end_reason(str(res.get("reason", ""))),
                   g.state.round)


def summary(games: list[Outcome], title: str) -> list[str]:
    """Lines: wins per side with share, rounds (median, quartiles, mean), end reasons."""
    n = len(games)
    rounds = sorted(o.rounds for o in games)
    q = statistics.quantiles(rounds, n=4) if n > 1 else [rounds[0]] * 3
    wins = collections.Counter(o.winner for o in games)
    ends = collections.Counter(f"{o.winner}: {o.reason}" for o in games)
    out = [f"{title}: {n} games; rounds median {statistics.median(rounds):g} "
           f"(quartiles {q[0]:g}-{q[2]:g}, mean {statistics.mean(rounds):.2f}, "
           f"min {rounds[0]}, max {rounds[-1]})"]
    out += [f"  {side}: {k} ({k / n:.0%})" for side, k in sorted(wins.items())]
    out += [f"    {end}: {k}" for end, k in sorted(ends.items())]
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--players", default="1-4", help="a number or a range such as 1-4")
    p.add_argument("--bot", default="civ")
    p.add_argument("--scenario", default="aborigine-clash", help="a scenario id or file (a mod)")
    args = p.parse_args(argv)
    lo, _, hi = args.players.partition("-")
    counts = list(range(int(lo), int(hi or lo) + 1))
    sc = load_scenario(args.scenario)
    games = [play(sc, s, counts[s % len(counts)], args.bot) for s in range(args.games)]
    lines = summary(games, f"{args.scenario}, {args.bot} bots, {args.players} players")
    for k in counts:
        lines += summary([o for o in games if o.players == k], f"{k} player(s)")
    print("\n".join(lines))
    median = statistics.median(o.rounds for o in games)
    top = max(collections.Counter(o.winner for o in games).values()) / len(games)
    print(f"targets: median rounds {median:g} >= {MEDIAN_ROUNDS}: "
          f"{'yes' if median >= MEDIAN_ROUNDS else 'no'}; largest share {top:.0%} <= "
          f"{MAX_SHARE:.0%}: {'yes' if top <= MAX_SHARE else 'no'}")
    unknown = [o for o in games if o.reason not in ("turn limit", "portals closed", "zones held")]
    if unknown:
        print(f"{len(unknown)} games without a known end: {unknown[:5]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
