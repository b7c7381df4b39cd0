"""``dg simulate``: plan the games, deal them to an executor (local processes, or a Dask cluster
with ``--scheduler``), print the report (text, ``--markdown``, ``--json``, ``--svg``).

Progress goes to stderr while the games run, only when stderr is a terminal and the report is
not ``--json`` (a rich progress bar).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

from distant_galaxy.cli.spec import check_seed_run
from distant_galaxy.errors import EngineError
from distant_galaxy.play.controllers import bot_problem
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.simulate.cluster import cluster_executor
from distant_galaxy.simulate.compare import compare_reports
from distant_galaxy.simulate.executor import default_jobs, local_executor
from distant_galaxy.simulate.games import Source, preload, scenario_for
from distant_galaxy.simulate.plan import Plan, make_cases
from distant_galaxy.simulate.run import simulate
from distant_galaxy.simulate.svg import report_svg
from distant_galaxy.simulate.text import report_markdown, report_text
from distant_galaxy.text import shorten

SCHEDULER_ENV = "DG_SCHEDULER"


def run_simulate(args: argparse.Namespace) -> int:
    if args.report:
        if args.scenario or args.compare:
            raise EngineError("--report FILE prints a saved report again and plays nothing: "
                              "name no scenario (nor --compare) with it")
        report = _read_report(Path(args.report))
    else:
        if not args.scenario:
            raise EngineError("dg simulate: name a scenario (an id or a file), or --report FILE")
        report = _play(args)
    _print(report, args)
    return 1 if any(c["errors"] for r in _reports(report) for c in r["cases"]) else 0


def _reports(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [report, report["compare"]["report"]] if "compare" in report else [report]


def _read_report(path: Path) -> dict[str, Any]:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EngineError(f"{path}: not a dg simulate --json report ({exc})") from None
    if not isinstance(report, dict) or "cases" not in report:
        raise EngineError(f"{path}: not a dg simulate --json report (no 'cases')")
    return report


def _play(args: argparse.Namespace) -> dict[str, Any]:
    check_seed_run(args.first_seed, args.games, "--first-seed")
    options = tuple(args.option)
    scheduler = args.scheduler or os.environ.get(SCHEDULER_ENV) or None
    sources = [_source(args.scenario, bool(scheduler))]
    # played here or by workers forked from here: loaded once, into the games' cache
    base = load_scenario(args.scenario, None, options) if scheduler \
        else scenario_for(sources[0], None, options)[0]
    plan = Plan(base.id, tuple(make_cases(base, variants_of(base, args.variant),
                                          args.players or [_most(base)], seat_bots(args.seat),
                                          options)),
                args.games, args.first_seed, args.rotate, args.max_actions)
    _check_seats(plan, seat_bots(args.seat))
    plans = [plan]
    if args.compare:
        plans.append(replace(plan, scenario=_check_compare(args.compare, plan, options)))
        sources.append(_source(args.compare, bool(scheduler)))
    start = time.perf_counter()
    with _executor(scheduler, args.jobs, sources, plan) as (executor, workers):
        total = len(plan.cases) * plan.games * len(sources)
        with _progress(not args.json and sys.stderr.isatty(), total) as tick:
            reports = [simulate(p, src, executor, workers, tick)
                       for p, src in zip(plans, sources, strict=True)]
    seconds = time.perf_counter() - start
    if not args.json:
        print(f"{total} games in {seconds:.1f} s on {workers} worker{'s' * (workers != 1)}"
              f"{' at ' + scheduler if scheduler else ''}", file=sys.stderr)
    for report, source in zip(reports, (args.scenario, args.compare), strict=False):
        report["source"] = source  # (as named: a mod's path, for `dg run` of one game again)
    if args.compare:
        return compare_reports(reports[0], reports[1], args.compare)
    return reports[0]


def _check_seats(plan: Plan, bots: dict[str, str]) -> None:
    """A ``--seat NAME=BOT`` whose seat plays in no game of the run is refused, as ``dg run``
    refuses it (it was ignored: ``--players 2 --seat green=random`` in Asteroid Belt)."""
    playing = {s for case in plan.cases for s in case.seats}
    for name in bots:
        if name not in playing:
            raise EngineError(f"--seat {shorten(name)}: no such seat in these games (seats: "
                              f"{', '.join(sorted(playing))})")


def _most(scenario: Any) -> int:
    return int(scenario.players.get("max", len(scenario.seats)))


def variants_of(scenario: Any, wanted: list[str]) -> list[str | None]:
    """The variants to play: none named → the scenario itself; ``all`` → it and every variant;
    ``base`` → the scenario itself."""
    known = sorted(scenario.variants)
    if not wanted:
        return [None]
    out: list[str | None] = []
    for name in wanted:
        chosen: list[str | None]
        if name == "all":
            chosen = [None, *known]
        elif name == "base":
            chosen = [None]
        elif name in known:
            chosen = [name]
        else:
            raise EngineError(f"--variant {name}: {scenario.id} has no such variant (variants: "
                              f"{', '.join(known) or 'none'}; or base, all)")
        out += [v for v in chosen if v not in out]
    return out


def seat_bots(pairs: list[str]) -> dict[str, str]:
    """``SEAT=BOT`` pairs as a mapping (a human cannot play a simulation)."""
    out: dict[str, str] = {}
    for pair in pairs:
        seat, sep, bot = pair.partition("=")
        if not (sep and seat and bot):
            raise EngineError(f"--seat {pair}: expected SEAT=BOT")
        if bot == "human":
            raise EngineError(f"--seat {pair}: a simulation plays bots only")
        out[seat] = bot
    return out


def _source(name: str, travels: bool) -> Source:
    path = Path(name)
    if travels and path.is_file():
        return Source.travelling(path)
    return Source(name)


def _check_compare(name: str, plan: Plan, options: tuple[str, ...]) -> str:
    """The second scenario's id; it must have the seats, variants and bots the plan plays."""
    other = load_scenario(name, None, options)
    for case in plan.cases:
        if case.variant is not None and case.variant not in other.variants:
            raise EngineError(f"--compare {name}: it has no variant {case.variant!r}")
        missing = [s for s in case.seats if s not in other.seat_ids(case.players)]
        if missing:
            raise EngineError(f"--compare {name}: with {case.players} players it has no seat "
                              f"{missing[0]!r}")
        bots = other.bots()
        for seat, bot in case.bots:
            problem = bot_problem(bots, bot)
            if problem:
                raise EngineError(f"--compare {name}: seat {seat}'s bot {bot!r}: {problem}")
    return other.id


@contextlib.contextmanager
def _executor(scheduler: str | None, jobs: int | None, sources: list[Source], plan: Plan
              ) -> Iterator[tuple[Executor, int]]:
    if scheduler:
        with cluster_executor(scheduler, sources, plan, log=_stderr) as pair:
            yield pair
        return
    workers = default_jobs() if jobs is None else max(1, jobs)
    if workers == 1 or multiprocessing.get_start_method() == "fork":
        # what the games load, loaded here first: the forked workers inherit it
        preload(sources, sorted({(c.variant, c.options) for c in plan.cases}, key=str))
    with local_executor(workers) as executor:
        yield executor, workers


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


@contextlib.contextmanager
def _progress(show: bool, total: int) -> Iterator[Callable[[int], None] | None]:
    if not show:
        yield None
        return
    with Progress(console=Console(stderr=True), transient=True) as bar:  # never on stdout
        task = bar.add_task("games", total=total)
        yield lambda n: bar.advance(task, n)


def _print(report: dict[str, Any], args: argparse.Namespace) -> None:
    if args.svg:
        out = Path(args.svg)
        partial = out.with_name(out.name + ".part")
        partial.write_text(report_svg(report), encoding="utf-8")
        partial.replace(out)  # a failed write leaves the old chart as it was
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    elif args.markdown:
        print(report_markdown(report))
    else:
        print(report_text(report))
