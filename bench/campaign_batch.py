"""Seeded all-bot runs of a whole campaign, in two processes, compared (issue 14, "Done when").

Each process plays the campaign for seeds 0..N-1 (every stage with the scenarios' default bots,
each in a temporary folder: save, stage logs) and prints one summary line per seed: the stages'
seeds, results, points, log sha256 and the final standing. The parent runs two such processes
with different ``PYTHONHASHSEED`` values, checks that every run finished with a standing and that
both processes agree line by line, and prints the figures for docs/campaign.md.

    nice -n 10 python bench/campaign_batch.py --runs 100

It also prints the figures of docs/campaign.md: each stage's results with their tiers, how often
two civilizations end equal (each pair, any two, the first place; 95 % Wilson intervals), who is
first and the mean points.
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
from distant_galaxy.simulate.stats import wilson


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
    print(f"campaign {campaign}: {len(rows)} seeded all-bot runs per process, 2 processes "
          f"(PYTHONHASHSEED 1 and 2): {times[0]:.1f} s and {times[1]:.1f} s")
    print(f"finished with a standing: {finished} of {len(rows)}; identical across the two "
          f"processes: {'yes' if same else 'NO'}")
    for line in figures(rows):
        print("  " + line)
    return 0 if same and finished == len(rows) else 1


def share(count: int, runs: int) -> str:
    """``count of runs (rate, its 95 % Wilson interval)``."""
    lo, hi = wilson(count, runs)
    return f"{count} of {runs} ({100 * count / max(runs, 1):.0f} %, {100 * lo:.0f}-{100 * hi:.0f} %)"


def figures(rows: list[dict]) -> list[str]:
    """The figures of docs/campaign.md: each stage's results (with tiers), the civilizations
    equal in the final standing (each pair, any two, the first place), who is first, the means."""
    n = len(rows)
    results: dict[str, Counter[str]] = {}
    for r in rows:
        for st in r["stages"]:
            if st["status"] == "done":
                key = str(st["winner"]) + (f" ({st['tier']})" if st["tier"] else "")
                results.setdefault(st["id"], Counter())[key] += 1
    out = [f"stage {sid}: " + ", ".join(f"{k} {c}" for k, c in counts.most_common())
           for sid, counts in results.items()]
    standings = [r["standing"] for r in rows]
    civs = list(standings[0]) if standings else []
    for i, a in enumerate(civs):
        for b in civs[i + 1:]:
            out.append(f"{a} = {b} at the end: {share(sum(s[a] == s[b] for s in standings), n)}")
    out.append("any two equal at the end: "
               + share(sum(len(set(s.values())) < len(s) for s in standings), n))
    out.append("a tie for first: " + share(sum(list(s.values()).count(max(s.values())) > 1
                                               for s in standings), n))
    leaders: Counter[str] = Counter(c for s in standings for c, v in s.items()
                                    if v == max(s.values()))
    out.append("first in the final standing (ties count for each): "
               + ", ".join(f"{c} {k}" for c, k in leaders.most_common()))
    totals: Counter[str] = Counter()
    for s in standings:
        totals.update(s)
    out.append("mean campaign points: " + ", ".join(f"{c} {totals[c] / n:.2f}" for c in civs))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--campaign", default="global")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    return child(args.campaign, args.runs) if args.child else parent(args.campaign, args.runs)


if __name__ == "__main__":
    raise SystemExit(main())
