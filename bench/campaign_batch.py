"""Seeded all-bot runs of a whole campaign, in two processes, compared (issue 14, "Done when").

Each process plays the campaign for seeds 0..N-1 (every stage with the scenarios' default bots,
each in a temporary folder: save, stage logs) and prints one summary line per seed: the stages'
seeds, results, points, log sha256 and the final standing. The parent runs two such processes
with different ``PYTHONHASHSEED`` values, checks that every run finished with a standing and that
both processes agree line by line, and prints the figures for docs/campaign.md.

    nice -n 10 python bench/campaign_batch.py --runs 100
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from distant_galaxy.campaign.runner import play_campaign


def summary(campaign: str, seed: int) -> dict:
    """One whole campaign with bots, summed up."""
    with tempfile.TemporaryDirectory() as folder:
        run = play_campaign(campaign, seed, Path(folder) / "c.campaign.json")
        stages = [{"id": e["id"], "status": e["status"], "seed": e.get("seed"),
                   "winner": (e.get("result") or {}).get("winner"),
                   "tier": (e.get("result") or {}).get("tier"),
                   "reason": (e.get("result") or {}).get("reason"),
                   "points": e["points"], "log_sha256": e.get("log_sha256")}
                  for e in run.done]
        return {"seed": seed, "over": run.over, "standing": run.standing(), "stages": stages}


def child(campaign: str, runs: int) -> int:
    for seed in range(runs):
        print(json.dumps(summary(campaign, seed), sort_keys=True), flush=True)
    return 0


def parent(campaign: str, runs: int) -> int:
    outputs, times = [], []
    for hash_seed in ("1", "2"):
        started = time.perf_counter()
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, __file__, "--child", "--campaign", campaign,
                              "--runs", str(runs)], capture_output=True, text=True, env=env,
                             check=True)
        times.append(time.perf_counter() - started)
        outputs.append(out.stdout.splitlines())
    same = outputs[0] == outputs[1]
    rows = [json.loads(line) for line in outputs[0]]
    finished = sum(1 for r in rows if r["over"] and r["standing"])
    leaders: Counter[str] = Counter()
    stage_winners: dict[str, Counter[str]] = {}
    totals: Counter[str] = Counter()
    for r in rows:
        best = max(r["standing"].values())
        leaders.update(c for c, n in r["standing"].items() if n == best)
        totals.update(r["standing"])
        for st in r["stages"]:
            if st["status"] == "done":
                stage_winners.setdefault(st["id"], Counter())[str(st["winner"])] += 1
    print(f"campaign {campaign}: {len(rows)} seeded all-bot runs per process, 2 processes "
          f"(PYTHONHASHSEED 1 and 2): {times[0]:.1f} s and {times[1]:.1f} s")
    print(f"finished with a standing: {finished} of {len(rows)}; identical across the two "
          f"processes: {'yes' if same else 'NO'}")
    for sid, counts in stage_winners.items():
        print(f"  stage {sid}: winners " + ", ".join(f"{w} {n}" for w, n in counts.most_common()))
    print("  first in the final standing (ties count for each): "
          + ", ".join(f"{c} {n}" for c, n in leaders.most_common()))
    print("  mean campaign points: " + ", ".join(f"{c} {totals[c] / len(rows):.2f}"
                                                  for c in totals))
    return 0 if same and finished == len(rows) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--campaign", default="global")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    return child(args.campaign, args.runs) if args.child else parent(args.campaign, args.runs)


if __name__ == "__main__":
    raise SystemExit(main())
