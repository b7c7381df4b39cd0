"""Start-up cost of ``dg``, as CPU time of whole processes, against a bare interpreter.

Each command runs as a child process; its CPU time (user + system) is the change in
``resource.getrusage(RUSAGE_CHILDREN)`` around it, so other jobs on a busy machine do not count,
only the child's own work. Every round runs alternated pairs — ``python -c pass``, then the
command — and the figure is the ratio of the command's CPU time to the bare interpreter's (min and
median over the rounds; medians of per-round ratios are the robust figure).

    python bench/bench_startup.py [--rounds 9] [--dg PATH] [--json]

The targets (issue 35): ``dg --help`` and ``dg list`` at most 6× the bare interpreter, ``dg
validate asteroid-belt`` (a shipped scenario) at most 12×; ``dg validate`` of every shipped
scenario and campaign at most 15× (issue 10). The exit status is 1 when a target is missed.

The children may write ``.pyc`` files (``PYTHONDONTWRITEBYTECODE`` is dropped from their
environment), so after the warm-up round they run as an installed package does, from bytecode;
the rule parser's tables come from the user's cache folder (``distant_galaxy.cache``) after the
first ``dg validate``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

TARGETS = {"dg --help": 6.0, "dg list": 6.0, "dg validate asteroid-belt": 12.0,
           "dg validate": 15.0}


CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def child_cpu(cmd: list[str]) -> float:
    """CPU seconds (user + system) that running ``cmd`` to its end cost."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          env=CHILD_ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed (exit {done.returncode}):\n{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def dg_command(explicit: str | None) -> str:
    """The ``dg`` script next to this interpreter (the same environment), or on the PATH."""
    if explicit:
        return explicit
    beside = Path(sys.executable).with_name("dg")
    found = str(beside) if beside.exists() else shutil.which("dg")
    if not found:
        sys.exit("no dg command found: install the package (pip install -e .) or pass --dg PATH")
    return found


def measure(commands: dict[str, list[str]], rounds: int) -> dict[str, dict[str, list[float]]]:
    """Per command: its CPU times, the bare interpreter's measured just before, and the ratios."""
    bare = [sys.executable, "-c", "pass"]
    out: dict[str, dict[str, list[float]]] = {
        name: {"cpu": [], "bare": [], "ratio": []} for name in commands}
    for cmd in [bare, *commands.values()]:  # warm the file cache and .pyc files once
        child_cpu(cmd)
    for _ in range(rounds):
        for name, cmd in commands.items():
            base = child_cpu(bare)
            cost = child_cpu(cmd)
            row = out[name]
            row["bare"].append(base)
            row["cpu"].append(cost)
            row["ratio"].append(cost / base if base else float("inf"))
    return out


def report(results: dict[str, dict[str, list[float]]]) -> tuple[str, bool]:
    """The table of figures, and whether every target is met (on the median ratio)."""
    lines = [f"{'command':<27}{'CPU min ms':>11}{'median ms':>11}{'bare med ms':>12}"
             f"{'ratio min':>10}{'ratio med':>10}  target"]
    ok = True
    for name, row in results.items():
        med_ratio = statistics.median(row["ratio"])
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            met = med_ratio <= target
            ok = ok and met
            verdict = f"≤ {target:g}× {'met' if met else 'MISSED'}"
        lines.append(f"{name:<27}{min(row['cpu']) * 1e3:>11.1f}"
                     f"{statistics.median(row['cpu']) * 1e3:>11.1f}"
                     f"{statistics.median(row['bare']) * 1e3:>12.1f}"
                     f"{min(row['ratio']):>9.1f}×{med_ratio:>9.1f}×  {verdict}")
    return "\n".join(lines), ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=9, help="alternated pairs per command (≥ 5)")
    ap.add_argument("--dg", help="the dg executable (default: the one beside this interpreter)")
    ap.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = ap.parse_args(argv)
    dg = dg_command(args.dg)
    commands = {"dg --help": [dg, "--help"], "dg list": [dg, "list"],
                "dg validate asteroid-belt": [dg, "validate", "asteroid-belt"],
                "dg validate": [dg, "validate"]}
    results = measure(commands, max(args.rounds, 5))
    if args.json:
        print(json.dumps(results, indent=1))
    table, ok = report(results)
    print(f"{sys.executable} ({sys.version.split()[0]}), {max(args.rounds, 5)} rounds")
    print(table)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
