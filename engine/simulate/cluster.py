"""``--scheduler tcp://HOST:PORT``: the same games on a Dask distributed cluster.

The cluster's ``client.get_executor()`` is a :class:`concurrent.futures.Executor`, so the games
go through the same seam as locally (:func:`distant_galaxy.simulate.executor.run_chunks`). What
travels with a task: the task itself (scenario name or a scenario FILE's text, variant, options,
seats, bots, seed). What must be installed on every worker: this engine (the same version) and
every plugin the scenario names (episodes are Python packages). Before any game,
:func:`probe_worker` runs on every worker and loads each scenario of the plan there; a worker
that cannot is reported by address with the reason, and nothing is played.

Dask is an optional extra (``pip install "distant-galaxy-engine[cluster]"``), imported only
here and only when a scheduler is named.
"""

from __future__ import annotations

import contextlib
import platform
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from importlib import metadata
from typing import Any

from distant_galaxy.errors import EngineError
from distant_galaxy.simulate.games import Source, scenario_for
from distant_galaxy.simulate.plan import Plan
from distant_galaxy.version import ENGINE_VERSION

INSTALL_HINT = 'pip install "distant-galaxy-engine[cluster]"'
CONNECT_TIMEOUT = "20s"
"""How long to wait for the scheduler to answer."""


def probe_worker(sources: list[Source], cases: list[tuple[str | None, tuple[str, ...]]]
                 ) -> dict[str, Any]:
    """Run on a worker: its engine version, Python, the game plugins installed there, and
    whether each scenario (with each variant and options) loads (then it stays loaded for the
    games)."""
    loads: dict[str, str] = {}
    for source in sources:
        for variant, options in cases:
            label = source.name + (f"[{variant}]" if variant else "")
            try:
                scenario_for(source, variant, options)
                loads[label] = "ok"
            except EngineError as exc:
                loads[label] = str(exc).splitlines()[0]
    plugins = sorted(ep.name for ep in metadata.entry_points(group="distant_galaxy.plugins"))
    return {"engine": ENGINE_VERSION, "python": platform.python_version(), "plugins": plugins,
            "loads": loads, "travels": [s.name for s in sources if s.text is not None]}


def problems(answers: dict[str, dict[str, Any]]) -> list[str]:
    """What keeps the cluster from playing: per worker, a different engine or a scenario that
    does not load there."""
    out = []
    for worker, info in sorted(answers.items()):
        if info.get("engine") != ENGINE_VERSION:
            out.append(f"worker {worker}: engine {info.get('engine')!r}, this is "
                       f"{ENGINE_VERSION!r} (install the same version on the workers)")
        for label, status in info.get("loads", {}).items():
            if status != "ok":
                out.append(f"worker {worker}: {label} does not load there: {status} (the "
                           "engine and every plugin the scenario names must be installed on "
                           "the workers; a scenario file's text travels with the tasks)")
    return out


def describe(answers: dict[str, dict[str, Any]], threads: int) -> str:
    """One line about the cluster the games will run on."""
    info = next(iter(answers.values()), {})
    travels = info.get("travels") or []
    return (f"cluster: {len(answers)} workers, {threads} threads; engine {ENGINE_VERSION} and "
            f"the scenarios load on every worker (plugins there: "
            f"{', '.join(info.get('plugins', [])) or 'none'})"
            + (f"; sent with the tasks: {', '.join(travels)}" if travels else ""))


def _distributed() -> Any:
    try:
        import distributed  # the [cluster] extra
    except ImportError:
        raise EngineError(f"--scheduler needs Dask distributed: {INSTALL_HINT}") from None
    return distributed


@contextlib.contextmanager
def cluster_executor(address: str, sources: list[Source], plan: Plan,
                     log: Callable[[str], None] | None = None) -> Iterator[tuple[Executor, int]]:
    """A Dask cluster's executor and its thread count, after every worker passed the probe."""
    distributed = _distributed()
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise EngineError(f"--scheduler {address}: cannot reach the scheduler ({exc})") from None
    try:
        cases = sorted({(c.variant, c.options) for c in plan.cases}, key=str)
        answers = client.run(probe_worker, sources, cases)
        if not answers:
            raise EngineError(f"--scheduler {address}: the cluster has no worker")
        found = problems(answers)
        if found:
            raise EngineError("the cluster cannot play these games:\n  " + "\n  ".join(found))
        threads = sum(client.nthreads().values())
        if log is not None:
            log(describe(answers, threads))
        yield client.get_executor(), threads
    finally:
        client.close()
