"""The same ``dg simulate`` report locally and on a Dask cluster (issue 18, "Done when").

Runs ``dg simulate SCENARIO --games N --json`` with ``--jobs 1``, with ``--jobs 2`` and on a
two-worker Dask ``LocalCluster`` started here (``--scheduler``), and prints the SHA-256 of each
report; exits 1 unless all three are byte-identical. Needs the ``[cluster]`` extra.

    python bench/simulate_same_json.py                  # asteroid-belt, 200 games
    python bench/simulate_same_json.py tic-tac-toe --games 2000
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import sys
import time

from distributed import LocalCluster

from distant_galaxy.cli.main import main as dg


def report(argv: list[str]) -> str:
    """The JSON ``dg simulate argv --json`` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = dg(["simulate", *argv, "--json"])
    if code != 0:
        raise SystemExit(f"dg simulate {' '.join(argv)} exited {code}")
    return out.getvalue()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", nargs="?", default="asteroid-belt")
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    base = [args.scenario, "--games", str(args.games)]
    texts = {}
    for name, extra in (("--jobs 1", ["--jobs", "1"]), ("--jobs 2", ["--jobs", "2"])):
        t = time.perf_counter()
        texts[name] = report(base + extra)
        print(f"{name:<22} {hashlib.sha256(texts[name].encode()).hexdigest()} "
              f"({time.perf_counter() - t:.0f} s)", flush=True)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        t = time.perf_counter()
        texts["LocalCluster, 2"] = report([*base, "--scheduler", cluster.scheduler_address])
        print(f"{'LocalCluster, 2':<22} "
              f"{hashlib.sha256(texts['LocalCluster, 2'].encode()).hexdigest()} "
              f"({time.perf_counter() - t:.0f} s)")
    same = len(set(texts.values())) == 1
    print("identical" if same else "DIFFERENT")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
