"""How long `dg validate` of every shipped scenario takes, against bare interpreter start-up.

Both are whole processes, measured alternately in one run (the machines are noisy, so the figure
that matters is the ratio). Usage: python bench/bench_validate.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stdout}{done.stderr}")
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    bare = [sys.executable, "-c", "pass"]
    validate = [sys.executable, "-m", "distant_galaxy", "validate"]
    imports = [sys.executable, "-c", "import distant_galaxy.scenario.model"]
    rows = {"bare interpreter": [], "import engine": [], "dg validate (all shipped)": []}
    for _ in range(args.repeat):
        rows["bare interpreter"].append(timed(bare))
        rows["import engine"].append(timed(imports))
        rows["dg validate (all shipped)"].append(timed(validate))
    base = statistics.median(rows["bare interpreter"])
    print(f"{'what':<28}{'median s':>10}{'× bare start-up':>18}")
    for name, values in rows.items():
        med = statistics.median(values)
        print(f"{name:<28}{med:>10.3f}{med / base:>18.1f}")


if __name__ == "__main__":
    main()
