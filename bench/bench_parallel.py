"""Parallel runs (issue 35, item 4): games per second of ``dg simulate --jobs 2`` against
``--jobs 1``, and on a Dask ``LocalCluster`` of 2 workers, for Asteroid Belt and Clash.

    python bench/bench_parallel.py [--rounds 3] [--games N] [--no-dask] [--json]

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

A shared Linux machine hides a speed-up for a second reason: with ``sched_autogroup_enabled``
(the default of most distributions) the scheduler shares the CPU fairly between *sessions*, not
processes, so while other sessions keep the cores busy, ``--jobs 2``'s two workers get together
the share one process would get. So each run's CPU is also followed (Linux: ``/proc``, polled
every 20 ms): the CPU of each worker process and of the rest (the parent: start-up, loading,
dealing, the report; for the cluster, the client and this process, which holds the scheduler).
The **critical path** is the rest plus the busiest worker: on an idle machine with a core per
worker the run cannot take less, and the games take that when nothing else waits. The
**idle-machine estimate** of the speed-up is the ``--jobs 1`` run's CPU / the parallel run's
critical path, per round (min / median / best) — what the wall clock would show with the cores
free, measured without needing them free.
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
#: Games per run when ``--games`` is not given: enough that what a run does once (dg's start-up
#: and the scenario's loading in the parent, about 0.3 CPU s) is a few per cent of the games'
#: CPU (Asteroid Belt about 0.12 CPU s a game, Clash about 0.017), as a real batch is; a short
#: run measures the start-up instead (20 Clash games: 0.35 CPU s of games)
DEFAULT_GAMES = {"asteroid-belt": 200, "aborigine-clash": 1000}


#: How often a run's processes are looked at (seconds)
POLL = 0.02
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def proc_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) of process ``pid`` so far, from ``/proc`` (None: gone, or no
    ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime (fields 14, 15)


def proc_children(pid: int) -> list[int]:
    """The child processes of ``pid`` (``/proc/PID/task/*/children``; [] where there is none)."""
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                out += [int(x) for x in f.read().split()]
    except OSError:
        pass
    return out


def timed(cmd: list[str], outside: list[int] = ()) -> tuple[dict, float, float, dict[int, float]]:
    """The JSON report of ``cmd``, its wall seconds, the CPU seconds of it and its children,
    and each worker's CPU seconds during the run: the children of ``cmd``'s process, and the
    processes ``outside`` (a cluster's workers; their CPU before the run is subtracted)."""
    start = {pid: proc_cpu(pid) or 0.0 for pid in outside}
    seen: dict[int, float] = {}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        while proc.poll() is None:
            for pid in proc_children(proc.pid):
                cpu = proc_cpu(pid)
                if cpu is not None:
                    seen[pid] = cpu
            for pid in outside:
                cpu = proc_cpu(pid)
                if cpu is not None:
                    seen[pid] = cpu - start[pid]
            time.sleep(POLL)
        out, err = proc.communicate()
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed (exit {proc.returncode}):\n{err}")
    report = json.loads(out)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return report, wall, cpu, seen


def critical_path(cpu: float, workers: dict[int, float], extra: float = 0.0) -> float:
    """The CPU of a run's critical path: what its workers did not do (``cpu`` is the run's
    whole CPU with its own workers in it; ``extra``: CPU spent elsewhere for it, a cluster's
    scheduler) plus the busiest worker."""
    if not workers:
        return cpu + extra
    return max(cpu - sum(workers.values()), 0.0) + extra + max(workers.values())


@contextlib.contextmanager
def local_cluster(enabled: bool) -> Iterator[tuple[str, list[int]] | None]:
    """The address of a Dask LocalCluster of 2 single-thread worker processes on 127.0.0.1 and
    the workers' process ids."""
    if not enabled:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        yield None
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        pids = sorted(client.run(os.getpid).values())
        yield cluster.scheduler_address, pids


DASK = "Dask LocalCluster, 2 workers"


def bench(n_rounds: int, games: int | None, cluster: tuple[str, list[int]] | None,
          scenarios: tuple[str, ...] = SCENARIOS) -> list[dict]:
    """Per scenario, the three ways' runs of ``games`` games (None: ``DEFAULT_GAMES``),
    alternated over ``n_rounds`` rounds: the rows of the report."""
    dg = dg_command(None)
    ways = {"--jobs 1": ["--jobs", "1"], "--jobs 2": ["--jobs", "2"]}
    if cluster is not None:
        ways[DASK] = ["--scheduler", cluster[0]]
    rows = []
    for sid in scenarios:
        rows.append(_scenario_row(sid, n_rounds, games or DEFAULT_GAMES[sid], dg, ways, cluster))
    return rows


def _scenario_row(sid: str, n_rounds: int, games: int, dg: str, ways: dict[str, list[str]],
                  cluster: tuple[str, list[int]] | None) -> dict:
    """One scenario's rounds: each way's wall clock, CPU and critical path per round."""
    base = [dg, "simulate", sid, "--games", str(games), "--json"]
    walls: dict[str, list[float]] = {w: [] for w in ways}
    cpus: dict[str, list[float]] = {w: [] for w in ways}
    paths: dict[str, list[float]] = {w: [] for w in ways}
    busiest: dict[str, list[float]] = {w: [] for w in ways}
    first: dict | None = None  # the first report: every other must equal it
    loads = []
    for r in range(n_rounds):
        order = list(ways) if r % 2 == 0 else list(ways)[::-1]
        for way in order:
            outside = cluster[1] if way == DASK and cluster else []
            mine = time.process_time()  # (this process holds the cluster's scheduler, and
            # polls: counted as the scheduler's, on the safe side)
            report, wall, cpu, workers = timed(base + ways[way], outside)
            scheduler = time.process_time() - mine if outside else 0.0
            if first is None:
                first = report
            elif report != first:
                sys.exit(f"{sid}: the report of {way} differs from the first run's")
            if outside:  # the workers are not children of the run: their CPU joins it
                paths[way].append(critical_path(cpu, {}, scheduler)
                                  + max(workers.values(), default=0.0))
                cpu += sum(workers.values()) + scheduler
            else:
                paths[way].append(critical_path(cpu, workers))
            walls[way].append(wall)
            cpus[way].append(cpu)
            busiest[way].append(max(workers.values(), default=cpu))
        loads.append(os.getloadavg()[0])
    return _row(sid, games, n_rounds, loads, walls, cpus, paths, busiest)


def _row(sid: str, games: int, n_rounds: int, loads: list[float], walls: dict[str, list[float]],
         cpus: dict[str, list[float]], paths: dict[str, list[float]],
         busiest: dict[str, list[float]]) -> dict:
    one, one_cpu = walls["--jobs 1"], cpus["--jobs 1"]
    row: dict = {"scenario": sid, "games": games, "rounds": n_rounds,
                 "load_average": [round(x, 2) for x in loads], "ways": {}}
    for way, w in walls.items():
        speed = [a / b for a, b in zip(one, w, strict=True)]  # per round: 1-job time / this way's time
        idle = [a / b for a, b in zip(one_cpu, paths[way], strict=True)]
        row["ways"][way] = {
            "games_per_s": {"min": round(games / max(w), 2), "median":
                            round(games / statistics.median(w), 2),
                            "best": round(games / min(w), 2)},
            "speedup": _spread(speed),
            "cpu_ms_per_game": round(1000 * statistics.median(cpus[way]) / games, 1),
            "cpu_s": {"median": round(statistics.median(cpus[way]), 2)},
            "critical_path_cpu_s": {"median": round(statistics.median(paths[way]), 2)},
            "busiest_worker_cpu_s": {"median": round(statistics.median(busiest[way]), 2)},
            "idle_speedup_estimate": _spread(idle)}
    return row


def _spread(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 2), "median": round(statistics.median(values), 2),
            "best": round(max(values), 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="alternated rounds (default 3)")
    ap.add_argument("--games", type=int, default=None,
                    help="games per run (default: Asteroid Belt 200, Clash 1000)")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster")
    ap.add_argument("--scenario", action="append", choices=SCENARIOS, help="only these")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    with local_cluster(not args.no_dask) as cluster:
        rows = bench(args.rounds, args.games, cluster, tuple(args.scenario or SCENARIOS))
    out = {"bench": "parallel", "cpus": os.cpu_count(), "target": TARGET, "rows": rows,
           "dask": cluster is not None, "autogroup": autogroup()}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{os.cpu_count()} cores (autogroup scheduling: {out['autogroup']}); wall clock; "
          "speed-up per round vs --jobs 1, min / median / best; idle-machine estimate: --jobs "
          "1's CPU / the critical path's")
    for r in rows:
        print(f"{r['scenario']} ({r['games']} games, {r['rounds']} rounds, load average "
              f"{', '.join(map(str, r['load_average']))}):")
        for way, f in r["ways"].items():
            g, sp, est = f["games_per_s"], f["speedup"], f["idle_speedup_estimate"]
            print(f"  {way:<30} {g['median']:.2f} games/s (best {g['best']:.2f}), speed-up "
                  f"{sp['min']:.2f}× / {sp['median']:.2f}× / {sp['best']:.2f}×; "
                  f"{f['cpu_ms_per_game']:.1f} CPU ms a game, CPU {f['cpu_s']['median']:.2f} s, "
                  f"critical path {f['critical_path_cpu_s']['median']:.2f} s (busiest worker "
                  f"{f['busiest_worker_cpu_s']['median']:.2f} s): idle-machine estimate "
                  f"{est['min']:.2f}× / {est['median']:.2f}× / {est['best']:.2f}×")
    return 0


def autogroup() -> bool | None:
    """Whether the scheduler shares the CPU between sessions (Linux autogroup), None: unknown."""
    try:
        with open("/proc/sys/kernel/sched_autogroup_enabled", encoding="ascii") as f:
            return f.read().strip() == "1"
    except OSError:
        return None


if __name__ == "__main__":
    raise SystemExit(main())
