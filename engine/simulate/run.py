"""A simulation from start to report: the plan's games on an executor, summarized per case.

The report is plain data (``dg simulate --json`` prints it): the scenario, the seeds, the turn
order, and per case :func:`~distant_galaxy.simulate.summary.summarize`'s numbers. It holds no
time or worker count, so the same command gives the same report on one core, on many, or on a
cluster; :func:`distant_galaxy.simulate.compare.compare_reports` adds the differences of a second
scenario played on the same seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from distant_galaxy.build import json_header
from distant_galaxy.simulate.executor import chunk_size, run_chunks
from distant_galaxy.simulate.games import Source, play_chunk
from distant_galaxy.simulate.plan import Plan
from distant_galaxy.simulate.summary import summarize


def simulate(plan: Plan, source: Source, executor: Executor, workers: int,
             on_done: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play every game of ``plan`` on ``executor`` (``workers``: how many run at once, for the
    chunk size) and return the report."""
    tasks = plan.tasks(source)
    outcomes = run_chunks(executor, play_chunk, tasks, chunk_size(len(tasks), workers), on_done)
    cases = []
    for i, case in enumerate(plan.cases):
        cases.append(summarize(case, outcomes[i * plan.games:(i + 1) * plan.games]))
    return {"scenario": plan.scenario, **json_header(), "games": plan.games,
            "seeds": [plan.first_seed, plan.first_seed + plan.games - 1],
            "turn_order": "rotated" if plan.rotate else "scenario", "cases": cases}
