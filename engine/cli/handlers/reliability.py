"""``dg reliability``: run the reliability harness and print its report (docs/reliability.md).

``--example`` also plays the example race of the repository's tests (``tests/example_plugin``
and ``tests/data/scenarios/race.yaml``): that needs a checkout, so the paths are found here, on
the command line's side, never by the harness.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from distant_galaxy.build import json_header
from distant_galaxy.cli.term import progress, progress_wanted
from distant_galaxy.errors import EngineError
from distant_galaxy.harness.reliability import (
    format_report,
    register_example_plugin,
    run_parallel,
    shipped_cases,
)

#: The checkout this module was imported from, in an editable install (``engine/cli/handlers/``
#: is three levels down); a plain install is found from the current folder instead.
CHECKOUT = Path(__file__).resolve().parents[3]


def example_paths(root: Path | None = None) -> tuple[Path, Path]:
    """The example plugin's folder and the race scenario of a checkout's ``tests/``: under
    ``root``, else the checkout of an editable install, else the current folder."""
    roots = [root] if root is not None else [CHECKOUT, Path.cwd()]
    for base in roots:
        plugin = base / "tests" / "example_plugin"
        race = base / "tests" / "data" / "scenarios" / "race.yaml"
        if plugin.is_dir() and race.is_file():
            return plugin, race
    where = " or ".join(str(b) for b in roots)
    raise EngineError(f"--example needs the repository's tests/ folder (not found under {where}; "
                      "run it from a checkout)")


def run_reliability(args: argparse.Namespace) -> int:
    args.scenario = [*args.scenario, *getattr(args, "scenarios", [])]
    roots: list[str] = []
    extra: list[str | Path] = []
    if args.example:
        plugin, race = example_paths()
        roots.append(str(plugin))
        register_example_plugin(plugin)
        extra.append(race)
    shipped = {c.label.split("[")[0] for c in shipped_cases()} if args.scenario else set()
    # a file that is no shipped scenario (a mod) is played too (issue 15, item 10)
    mods = [Path(s) for s in args.scenario if s not in shipped and Path(s).is_file()]
    cases = shipped_cases([*extra, *mods])
    if args.scenario:
        wanted = set(args.scenario) | {str(m) for m in mods}
        cases = [c for c in cases if c.label.split("[")[0] in wanted or c.path in wanted]
    if not cases:
        print("no scenarios to play (none shipped; use --example)", file=sys.stderr)
        return 2
    start = time.perf_counter()
    with progress(args.games, "games", progress_wanted(args.json)) as advance:
        tally = run_parallel(cases, args.games, args.jobs, args.seed, roots, advance=advance)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({**json_header(), **tally.counts(), "failures": tally.failures, "seconds": seconds,
                          "cases": [c.label for c in cases]}, indent=1))
    else:
        print(format_report(tally, cases, seconds))
    return 1 if tally.failures else 0
