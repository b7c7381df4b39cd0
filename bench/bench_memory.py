"""Peak memory (issue 35, item 6): of ``dg simulate asteroid-belt --games N`` and of a whole campaign.

    python bench/bench_memory.py [--games 500] [--json]
    python bench/bench_memory.py --games 50 100 200 500   # the peak at each size

Each command runs as the child of a fresh wrapper process (``--jobs 1``: the games in that one
process, so its peak is the whole run's); its peak resident set size is the wrapper's
``getrusage(RUSAGE_CHILDREN).ru_maxrss`` after it (CPU time includes the wrapper's start).
``dg simulate`` runs with ``N / 5`` games and with ``N`` (or with each of several ``--games``):
a peak that does not grow with the number of games beyond the results kept shows as close
figures. The campaign (``dg campaign
new global``, then ``dg campaign play --all --quiet``, every civilization a bot) runs in a
temporary folder; its figure is the larger of the two processes' peaks. The bare interpreter
(``python -c pass``) and ``dg validate asteroid-belt`` (the engine and scenario loaded, nothing
played) are the baselines.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_startup import dg_command  # bench/bench_startup.py

#: A wrapper process that runs the command and prints its own children's peak (KiB): a fresh
#: process per command, so the figure is that command's alone.
WRAPPER = ("import resource, subprocess, sys\n"
           "done = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, cwd=sys.argv[1])\n"
           "if done.returncode:\n"
           "    sys.exit(done.returncode)\n"
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")


def peak_mb(cmd: list[str], cwd: str | None = None) -> dict:
    """Run ``cmd`` (in a wrapper process); its peak RSS in MB, CPU and wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", WRAPPER, cwd or ".", *cmd],
                          capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed (exit {done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"peak_mb": round(int(done.stdout.split()[-1]) / 1024, 1), "cpu_s": round(cpu, 2),
            "wall_s": round(wall, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, nargs="+", default=[500],
                    help="games of the larger simulate run (several: a run of each size)")
    ap.add_argument("--no-campaign", action="store_true", help="skip the campaign")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    dg = dg_command(None)
    sizes = [max(1, args.games[0] // 5), args.games[0]] if len(args.games) == 1 else args.games
    out: dict = {"bench": "memory", "games": max(sizes), "sizes": sizes, "rows": []}
    runs = [("python -c pass", [sys.executable, "-c", "pass"]),
            ("dg validate asteroid-belt", [dg, "validate", "asteroid-belt"])]
    runs += [(f"dg simulate asteroid-belt --games {n} --jobs 1",
              [dg, "simulate", "asteroid-belt", "--games", str(n), "--jobs", "1", "--json"])
             for n in sizes]
    for label, cmd in runs:
        out["rows"].append({"command": label, **peak_mb(cmd)})
    if not args.no_campaign:
        with tempfile.TemporaryDirectory() as tmp:
            new = peak_mb([dg, "campaign", "new", "global", "--seed", "35"], cwd=tmp)
            play = peak_mb([dg, "campaign", "play", "--all", "--quiet"], cwd=tmp)
            stages = len(list(Path(tmp).glob("*.jsonl")))
        out["rows"].append({"command": "dg campaign new global --seed 35; dg campaign play --all",
                            "peak_mb": max(new["peak_mb"], play["peak_mb"]),
                            "cpu_s": round(new["cpu_s"] + play["cpu_s"], 2),
                            "wall_s": round(new["wall_s"] + play["wall_s"], 2),
                            "stages": stages})
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print("| command | peak RSS, MB | CPU s | wall s |\n|---|---|---|---|")
    for r in out["rows"]:
        print(f"| `{r['command']}` | {r['peak_mb']:.1f} | {r['cpu_s']:.2f} | "
              f"{r['wall_s']:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
