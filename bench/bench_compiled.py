"""Bench: the compiled build (``pip install .`` with a C compiler) against the pure-Python install.

    python bench/bench_compiled.py --compiled /path/to/compiled-venv/bin/python
    python bench/bench_compiled.py --pure .venv/bin/python --compiled ... --rounds 7 --json

Each round runs one child process per side (the order flips every round), each child measures
in its own CPU time (``time.process_time``, after the imports and a warm-up): random playouts of
tic-tac-toe, breakthrough and Connect Four from a clone of the start (µs per move, as
``bench/vs_openspiel.py`` plays ours), and Asteroid Belt greedy-vs-random games (µs per greedy
decision and per apply, as ``bench/bench_asteroid_belt.py``). The table shows min and median
per side and the ratio pure / compiled (> 1: the compiled build is faster). The child says
whether its engine is compiled (``distant_galaxy.core.state`` an extension module); the bench
refuses to compare two builds of the same kind.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: Random playouts per child: (scenario, games).
PLAYOUTS = (("tic-tac-toe", 1500), ("breakthrough", 150), ("connect-four", 300))
ASTEROID_GAMES, ASTEROID_ACTIONS = 4, 400


def child() -> dict:
    """One round's figures in this process (the engine this interpreter imports)."""
    sys.path.insert(0, str(HERE))
    from bench_asteroid_belt import decision_figures  # bench/bench_asteroid_belt.py
    from vs_openspiel import ours  # bench/vs_openspiel.py

    import distant_galaxy.core.state as state

    out: dict = {"compiled": not state.__file__.endswith(".py")}
    for scenario_id, games in PLAYOUTS:
        play = ours(scenario_id)
        rng = random.Random(7)
        play(rng)  # warm-up
        start = time.process_time()
        moves = sum(play(rng) for _ in range(games))
        out[f"{scenario_id}, µs per random-playout move"] = (time.process_time() - start) / moves * 1e6
    figs = decision_figures(1, ASTEROID_GAMES, max_actions=ASTEROID_ACTIONS)
    out["Asteroid Belt greedy decision, µs"] = figs["greedy"].min * 1e6
    out["Asteroid Belt apply, µs"] = figs["apply"].min * 1e6
    return out


def run_child(python: str) -> dict:
    done = subprocess.run([python, str(Path(__file__).resolve()), "--child"], capture_output=True,
                          text=True, check=True, cwd=tempfile.gettempdir())
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pure", default=sys.executable, help="python of the pure-Python install")
    ap.add_argument("--compiled", help="python of the compiled install (required)")
    ap.add_argument("--rounds", type=int, default=5, help="alternated rounds (default 5, ≥ 5)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child()))
        return []
    if not args.compiled:
        ap.error("--compiled PYTHON is required")
    # absolute, as given (not resolved: a venv's python is a link that must stay the venv's);
    # the children run in a temporary folder
    sides = {"pure": os.path.abspath(args.pure), "compiled": os.path.abspath(args.compiled)}
    got: dict[str, list[dict]] = {"pure": [], "compiled": []}
    for i in range(args.rounds):
        for name in list(sides) if i % 2 == 0 else list(sides)[::-1]:
            got[name].append(run_child(sides[name]))
    for name, figures in got.items():
        if any(f.pop("compiled") != (name == "compiled") for f in figures):
            raise SystemExit(f"the {name} side's engine is not a {name} build")
    rows = []
    for key in got["pure"][0]:
        pure = [f[key] for f in got["pure"]]
        comp = [f[key] for f in got["compiled"]]
        rows.append({"measure": key,
                     "pure": {"min": round(min(pure), 2), "median": round(statistics.median(pure), 2)},
                     "compiled": {"min": round(min(comp), 2),
                                  "median": round(statistics.median(comp), 2)},
                     "ratio": {"min": round(min(pure) / min(comp), 3),
                               "median": round(statistics.median(pure) / statistics.median(comp), 3)}})
    if args.json:
        print(json.dumps({"bench": "compiled", "rounds": args.rounds, "rows": rows}, indent=2))
        return rows
    print(f"{args.rounds} alternated rounds, CPU time; ratio = pure / compiled (> 1: compiled faster)")
    print("| measure | pure (min / median) | compiled (min / median) | ratio (min / median) |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['measure']} | {r['pure']['min']:.2f} / {r['pure']['median']:.2f} | "
              f"{r['compiled']['min']:.2f} / {r['compiled']['median']:.2f} | "
              f"{r['ratio']['min']:.3f}× / {r['ratio']['median']:.3f}× |")
    return rows


if __name__ == "__main__":
    main()
