"""The executor seam: deal tasks to any :class:`concurrent.futures.Executor`, results in order.

``dg simulate`` and ``dg reliability`` hand their games to :func:`run_chunks` with an executor:
a local :class:`~concurrent.futures.ProcessPoolExecutor` (:func:`local_executor`; all cores by
default), :class:`InlineExecutor` (one job: in this process), or a Dask cluster's
``client.get_executor()`` (:mod:`distant_galaxy.simulate.cluster`) — the same interface, so one
code path. Tasks go out in small chunks (:func:`chunk_size`), so cheap and dear games mix and a
free worker takes the next chunk; the results come back in task order whatever worker played
them, so the report does not depend on the number of workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class InlineExecutor(Executor):
    """Runs each task at once in the calling process (``--jobs 1``: no process to start, and
    a debugger or profiler sees the games)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future, as a pool does
            future.set_exception(exc)
        return future


def default_jobs() -> int:
    """Every core of this machine (``os.cpu_count()``)."""
    return os.cpu_count() or 1


def local_executor(jobs: int | None = None) -> Executor:
    """In this process for one job, else a process pool of ``jobs`` workers (default: every
    core)."""
    jobs = default_jobs() if jobs is None else jobs
    if jobs <= 1:
        return InlineExecutor()
    return ProcessPoolExecutor(max_workers=jobs)


def chunk_size(tasks: int, workers: int) -> int:
    """Tasks per chunk: about 32 chunks per worker, at most 16 tasks a chunk (a chunk of one
    dear game and one of many cheap ones both stay short)."""
    return max(1, min(16, tasks // (max(1, workers) * 32)))


def chunks(items: Sequence[T], size: int) -> list[list[T]]:
    """``items`` cut into lists of ``size`` (the last may be shorter)."""
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def run_chunks(executor: Executor, fn: Callable[[list[T]], list[R]], items: Sequence[T],
               size: int = 1, on_done: Callable[[int], None] | None = None) -> list[R]:
    """``fn`` over ``items`` in chunks of ``size`` on ``executor``; the results in the order of
    ``items``. ``on_done(n)`` is told how many items finished, as each chunk comes back."""
    parts = chunks(items, size)
    if isinstance(executor, InlineExecutor):  # one chunk after the other, the progress told
        out: list[R] = []
        for part in parts:
            out += fn(part)
            if on_done is not None:
                on_done(len(part))
        return out
    futures = {executor.submit(fn, part): i for i, part in enumerate(parts)}
    results: list[list[R] | None] = [None] * len(parts)
    for future in _completed(futures):
        i = futures[future]
        results[i] = future.result()
        if on_done is not None:
            on_done(len(parts[i]))
    return [r for part in results for r in part or []]


def _completed(futures: dict[Future[Any], int]) -> Iterator[Future[Any]]:
    yield from as_completed(futures)
