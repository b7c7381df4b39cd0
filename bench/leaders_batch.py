"""Seeded ``civ``-bot games of Clash with the Aborigines with the Leaders option: how the leaders
are used (docs/options.md, "Figures").

Seeds 0..N-1, 1-4 players by seed (1 + seed % 4), the default bots. Prints the winners, the
leaders' boardings and landings by kind, the fates by rule and outcome, the rescues, and how
often each leader's effect acted (the ``modifiers`` the episode's events name). Exits 1 if a game
did not finish.

    nice -n 10 python bench/leaders_batch.py --games 200
    nice -n 10 python bench/leaders_batch.py --games 200 --ignore-leaders   # the bot before
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any

from distant_galaxy import load_scenario
from distant_galaxy.play.runner import logged_game, make_controllers
from distant_galaxy_episodes.aborigines.leader_bot import LEADER_WEIGHTS

MAX_ACTIONS = 20_000


def play(scenario: Any, seed: int) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """One game; (its result or None, its event records)."""
    seats = scenario.seat_ids(1 + seed % 4)
    records: list[dict[str, Any]] = []
    controllers = make_controllers(scenario, seats, {}, seed, {}, None)
    game, _ = logged_game(scenario, seats, seed, records.append,
                          {s: c.name for s, c in controllers.items()})
    for _ in range(MAX_ACTIONS):
        if game.over:
            break
        seat = game.state.pending.seat
        game.apply(controllers[seat].choose(game))
    return game.state.result, [r for r in records if r.get("kind") == "event"]


def tally(events: list[dict[str, Any]], c: Counter) -> None:
    """Count what the leaders did in one game's events."""
    for e in events:
        t = e.get("type")
        if t in ("leader_boarded", "leader_landed"):
            c[f"{t} {e['leader_kind']}"] += 1
        elif t == "leader_fate":
            c[f"fate {e['rule']} {e['fate']}"] += 1
        elif t == "leader_rescue":
            c["rescue " + ("freed" if e.get("freed") else "none")] += 1
        for m in e.get("modifiers") or []:
            for kind in ("Admiral", "General", "Diplomat"):
                if str(m).startswith(kind):
                    c[f"effect {kind} on {t}"] += 1
        if t == "takeover" and e.get("outcome") == "cancelled":
            c["effect Diplomat cancelled a take-over"] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--ignore-leaders", action="store_true",
                        help="the civ bot without its leader weights (it never boards or lands)")
    args = parser.parse_args(argv)
    scenario = load_scenario("aborigine-clash", options=["leaders"])
    if args.ignore_leaders:
        scenario.stash[LEADER_WEIGHTS] = None
    winners: Counter = Counter()
    c: Counter = Counter()
    unfinished = 0
    for seed in range(args.games):
        result, events = play(scenario, seed)
        if result is None:
            unfinished += 1
            continue
        winners[result["winner"]] += 1
        tally(events, c)
    print(f"{args.games} games, finished {args.games - unfinished}; winners: "
          + ", ".join(f"{k} {v}" for k, v in sorted(winners.items())))
    for key in sorted(c):
        print(f"  {key}: {c[key]}")
    return 1 if unfinished else 0


if __name__ == "__main__":
    sys.exit(main())
