"""Parallel runs (issue 35, item 4): games per second of ``dg simulate --jobs 2`` against
``--jobs 1``, and on a Dask ``LocalCluster`` of 2 workers, for Asteroid Belt and Clash.

    python bench/bench_parallel.py [--rounds 3] [--games 20] [--no-dask] [--json]

Each round runs, for each scenario, the same ``dg simulate SCENARIO --games N --json`` as a child
process three ways — ``--jobs 1``, ``--jobs 2`` and ``--scheduler`` of a ``LocalCluster(2
workers, 1 thread each, processes)`` on 127.0.0.1 started by this bench once (its start is not
counted; each run's client connection and the workers' probe are) — in an order that alternates
from round to round. A parallel speed-up is a wall-clock figure: games per wall second, min and
median of the rounds (the best round is the least disturbed), and the speed-up = games/s of the
parallel run / games/s of ``--jobs 1`` in the same round (min and median of the rounds). The
reports of the three must be identical (the same games, any number of workers). Target: ≥ 1.8×
on a 2-core machine — which a machine shared with other jobs cannot show: the load average
during the run is printed beside the figures; the CPU seconds per game show what the games cost.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_startup import dg_command  # bench/bench_startup.py

SCENARIOS = ("asteroid-belt", "aborigine-clash")
TARGET = 1.8


def timed(cmd: list[str]) -> tuple[dict, float, float]:
    """The JSON report of ``cmd``, its wall seconds, and the CPU seconds of it and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed (exit {done.returncode}):\n{done.stderr}")
    report = json.loads(done.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return report, wall, cpu


@contextlib.contextmanager
def local_cluster(enabled: bool) -> Iterator[str | None]:
    """The address of a Dask LocalCluster of 2 single-thread worker processes on 127.0.0.1."""
    if not enabled:
        yield None
        return
    try:
        from distributed import LocalCluster
    except ImportError:
        yield None
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def bench(n_rounds: int, games: int, address: str | None) -> list[dict]:
    dg = dg_command(None)
    ways = {"--jobs 1": ["--jobs", "1"], "--jobs 2": ["--jobs", "2"]}
    if address is not None:
        ways["Dask LocalCluster, 2 workers"] = ["--scheduler", address]
    rows = []
    for sid in SCENARIOS:
        base = [dg, "simulate", sid, "--games", str(games), "--json"]
        walls: dict[str, list[float]] = {w: [] for w in ways}
        cpus: dict[str, list[float]] = {w: [] for w in ways}
        first: dict | None = None  # the first report: every other must equal it
        loads = []
        for r in range(n_rounds):
            order = list(ways) if r % 2 == 0 else list(ways)[::-1]
            for way in order:
                report, wall, cpu = timed(base + ways[way])
                if first is None:
                    first = report
                elif report != first:
                    sys.exit(f"{sid}: the report of {way} differs from the first run's")
                walls[way].append(wall)
                cpus[way].append(cpu)
            loads.append(os.getloadavg()[0])
        one = walls["--jobs 1"]
        row: dict = {"scenario": sid, "games": games, "rounds": n_rounds,
                     "load_average": [round(x, 2) for x in loads], "ways": {}}
        for way in ways:
            w = walls[way]
            speed = [a / b for a, b in zip(one, w, strict=True)]  # per round: 1-job time / this way's time
            row["ways"][way] = {
                "games_per_s": {"min": round(games / max(w), 2), "median":
                                round(games / statistics.median(w), 2),
                                "best": round(games / min(w), 2)},
                "speedup": {"min": round(min(speed), 2), "median": round(statistics.median(speed), 2),
                            "best": round(max(speed), 2)},
                # (a LocalCluster's workers are not this bench's finished children: not counted)
                "cpu_ms_per_game": None if way.startswith("Dask") else
                round(1000 * statistics.median(cpus[way]) / games, 1)}
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="alternated rounds (default 3)")
    ap.add_argument("--games", type=int, default=20, help="games per run (default 20)")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    with local_cluster(not args.no_dask) as address:
        rows = bench(args.rounds, args.games, address)
    out = {"bench": "parallel", "cpus": os.cpu_count(), "target": TARGET, "rows": rows,
           "dask": address is not None}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{os.cpu_count()} cores; wall clock; speed-up per round vs --jobs 1, min / median / best")
    for r in rows:
        print(f"{r['scenario']} ({r['games']} games, {r['rounds']} rounds, load average "
              f"{', '.join(map(str, r['load_average']))}):")
        for way, f in r["ways"].items():
            g, s = f["games_per_s"], f["speedup"]
            cpu = f["cpu_ms_per_game"]
            print(f"  {way:<30} {g['median']:.2f} games/s (best {g['best']:.2f}), speed-up "
                  f"{s['min']:.2f}× / {s['median']:.2f}× / {s['best']:.2f}×"
                  + (f", {cpu:.1f} CPU ms a game" if cpu is not None else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
