"""Games per second of ``dg simulate`` for each shipped scenario on 1 and 2 workers (issue 18).

For each scenario, plays the same seeded games (its default bots, the base scenario, the most
seats) once with ``--jobs 1`` (in this process) and once with ``--jobs 2`` (a process pool; its
start-up counted), checks that both reports are identical, and prints wall-clock games per
second, the speed-up (1-worker time / 2-worker time) and the CPU seconds per game (this process
and its workers). On a machine shared with other jobs the wall-clock figures and the speed-up
move from run to run; the CPU time per game shows what the games themselves cost.

    python bench/bench_simulate.py                      # default game counts per scenario
    python bench/bench_simulate.py --scale 0.5 --json   # half the games, one JSON row each
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from typing import Any

from distant_galaxy import load_scenario
from distant_galaxy.simulate.executor import local_executor
from distant_galaxy.simulate.games import Source
from distant_galaxy.simulate.plan import Plan, make_cases
from distant_galaxy.simulate.run import simulate

#: Games per scenario (each run takes some seconds on one core).
GAMES = {"tic-tac-toe": 4000, "breakthrough": 400, "connect-four": 2000, "aborigine-clash": 400,
         "fleet-battle": 400, "asteroid-belt": 60}


def cpu() -> float:
    """CPU seconds of this process and of its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(plan: Plan, sid: str, jobs: int) -> tuple[dict[str, Any], float, float]:
    """(report, wall seconds, CPU seconds) of one run with ``jobs`` workers."""
    c0, t0 = cpu(), time.perf_counter()
    with local_executor(jobs) as executor:  # the pool's start and shutdown are counted
        report = simulate(plan, Source(sid), executor, jobs)
    return report, time.perf_counter() - t0, cpu() - c0


def bench(sid: str, games: int) -> dict[str, Any]:
    base = load_scenario(sid)
    plan = Plan(sid, tuple(make_cases(base, [None], [int(base.players.get("max", 2))], {})),
                games)
    one, w1, c1 = timed(plan, sid, 1)
    two, w2, c2 = timed(plan, sid, 2)
    if one != two:
        raise SystemExit(f"{sid}: the reports of 1 and 2 workers differ")
    return {"scenario": sid, "games": games, "games_per_s_1": round(games / w1, 1),
            "games_per_s_2": round(games / w2, 1), "speedup": round(w1 / w2, 2),
            "cpu_ms_per_game_1": round(1000 * c1 / games, 2),
            "cpu_ms_per_game_2": round(1000 * c2 / games, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the game counts")
    ap.add_argument("--scenario", action="append", default=[], help="only these (repeatable)")
    ap.add_argument("--json", action="store_true", help="one JSON object per scenario")
    args = ap.parse_args(argv)
    chosen = args.scenario or list(GAMES)
    if not args.json:
        print("| scenario | games | 1 worker (games/s) | 2 workers (games/s) | speed-up | "
              "CPU ms/game (1 / 2 workers) |\n|---|---|---|---|---|---|")
    for sid in chosen:
        row = bench(sid, max(2, int(GAMES.get(sid, 100) * args.scale)))
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"| {sid} | {row['games']} | {row['games_per_s_1']} | {row['games_per_s_2']} | "
                  f"**{row['speedup']}×** | {row['cpu_ms_per_game_1']} / "
                  f"{row['cpu_ms_per_game_2']} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
