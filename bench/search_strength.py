"""Seeded match series of the search bot against other bots: wins, draws, losses and time.

    python bench/search_strength.py tic-tac-toe --bot mcts:200 --vs random --games 50
    python bench/search_strength.py asteroid-belt --seats 2 --bot mcts:1s --vs greedy --games 2
    python bench/search_strength.py aborigine-clash --bot mcts:1s,rollout=default --vs civ --games 4
    python bench/search_strength.py aborigine-clash --side --bot mcts:28,root=halving,rollout=default --vs civ

Game ``i`` has seed ``seed + i``; the search bot takes each seat in turn (game ``i`` gives it seat
``i mod seats``), every other seat plays ``--vs`` (``--side``: the search bot plays every seat of
its seat's side, e.g. the four civilizations of episode 5 against its automatic Aborigines). A
controller is given the seat's view where the engine offers one (``game.view(seat)``). Prints one
line per game and a summary (``--json``: the summary as JSON). Thinking is measured in CPU seconds
of the search bot (the machine may be shared), so iteration budgets give reproducible series and
a CPU cost per decision. ``deviated`` counts the search bot's decisions that were not its
default bot's choice (the halving root's ``last["prior"]``), ``capped`` those stopped by ``cap=``.
The figures go in docs/bots.md; the test suite plays a small sample only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.rollout import score, seat_sides
from distant_galaxy.play.controllers import make_bot


def play_one(scenario_id: str, bot: str, vs: str, seed: int, seat_index: int,
             options: list[str], players: int | None = None, side: bool = False
             ) -> dict[str, Any]:
    """One game: the search bot at seat ``seat_index`` (``side``: at every seat of that seat's
    side too), ``vs`` elsewhere; its result and time (``players``: the first seats of the
    scenario only, e.g. 2-seat Asteroid Belt)."""
    sc = load_scenario(scenario_id, None, options)
    seat_ids = [str(s["id"]) for s in sc.seats][:players] if players else None
    game = Game(sc, seats=seat_ids, seed=seed, record=False)
    seats = list(game.state.seats)
    me = seats[seat_index % len(seats)]
    sides = seat_sides(sc)
    mine = {s for s in seats if s == me or (side and me in sides and sides.get(s) == sides[me])}
    bots = sc.bots()
    ctrls = {s: make_bot(bots, bot if s in mine else vs, s, seed) for s in seats}
    think = {s: 0.0 for s in seats}
    decisions, longest, deviated, capped = 0, 0.0, 0, 0
    while not game.over:
        seat = game.pending.seat
        view = game.view(seat) if hasattr(game, "view") else game
        t0 = time.process_time()  # CPU time: the machine may be shared
        action = ctrls[seat].choose(view)
        spent = time.process_time() - t0
        think[seat] += spent
        if seat in mine:
            decisions += 1
            longest = max(longest, spent)
            last = getattr(ctrls[seat], "last", None) or {}
            deviated += last.get("prior") not in (None, str(action))  # not the default bot's
            capped += bool(last.get("capped"))
        game.apply(action)
    winner = game.result["winner"]
    won = score(game.result, seats, sides)[me] == 1.0  # a side's win is its seats'
    return {"seed": seed, "seat": me if len(mine) == 1 else sides[me], "winner": winner,
            "round": game.result.get("round"),
            "outcome": "win" if won else "draw" if winner is None else "loss",
            "decisions": decisions, "think_s": round(sum(think[s] for s in mine), 2),  # CPU s
            "longest_s": round(longest, 2),  # the longest decision
            "deviated": deviated, "capped": capped}  # decisions off the default bot's; at the cap


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario")
    p.add_argument("--bot", default="mcts:200")
    p.add_argument("--vs", default="random")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--seats", type=int, default=None,
                   help="play with the scenario's first N seats only (e.g. 2 in Asteroid Belt)")
    p.add_argument("--side", action="store_true",
                   help="the search bot plays every seat of its seat's side (e.g. all four "
                        "civilizations of episode 5), not that seat alone")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    rows = []
    t0 = time.perf_counter()
    for i in range(a.games):
        row = play_one(a.scenario, a.bot, a.vs, a.seed + i, i, a.option, a.seats, a.side)
        rows.append(row)
        if not a.json:
            print(json.dumps(row), flush=True)
    tally = {k: sum(r["outcome"] == k for r in rows) for k in ("win", "draw", "loss")}
    seats = sorted({r["seat"] for r in rows})
    per_seat = {s: {k: sum(r["outcome"] == k for r in rows if r["seat"] == s)
                    for k in ("win", "draw", "loss")} for s in seats}
    decisions = sum(r["decisions"] for r in rows)
    summary = {"scenario": a.scenario, "seats": a.seats, "bot": a.bot, "vs": a.vs, "games": a.games,
               "seeds": f"{a.seed}..{a.seed + a.games - 1}", **tally, "per_seat": per_seat,
               "win_rate": round(tally["win"] / max(1, a.games), 3),
               "cpu_s_per_decision": round(sum(r["think_s"] for r in rows) / max(1, decisions), 3),
               "longest_decision_s": max((r.get("longest_s", 0.0) for r in rows), default=0.0),
               "deviated": sum(r["deviated"] for r in rows),
               "capped": sum(r["capped"] for r in rows),
               "wall_s": round(time.perf_counter() - t0, 1)}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
