"""The executor seam (distant_galaxy.simulate.executor): chunks, order, progress."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from distant_galaxy.simulate.executor import (
    InlineExecutor,
    chunk_size,
    chunks,
    local_executor,
    run_chunks,
)


def slow_squares(items: list[int]) -> list[int]:
    time.sleep(0.001 * (10 - items[0] % 10))  # later chunks finish first
    return [i * i for i in items]


def test_results_come_back_in_task_order_whoever_finishes_first():
    seen: list[int] = []
    with ThreadPoolExecutor(4) as pool:
        out = run_chunks(pool, slow_squares, list(range(20)), 3, seen.append)
    assert out == [i * i for i in range(20)]
    assert sum(seen) == 20 and sorted(seen) == [2] + [3] * 6


def test_inline_executor_runs_at_once_and_keeps_errors_in_the_future():
    ex = InlineExecutor()
    assert ex.submit(pow, 2, 5).result() == 32
    with pytest.raises(ZeroDivisionError):
        ex.submit(divmod, 1, 0).result()


def test_one_job_is_inline():
    assert isinstance(local_executor(1), InlineExecutor)


def test_chunks_and_their_size():
    assert chunks([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
    assert chunk_size(10, 2) == 1
    assert chunk_size(8000, 2) == 16
    assert chunk_size(640, 2) == 10


def test_inline_progress_is_told_chunk_by_chunk():
    told: list[tuple[int, int]] = []
    done: list[int] = []

    def fn(part: list[int]) -> list[int]:
        done.extend(part)
        return part

    out = run_chunks(InlineExecutor(), fn, list(range(5)), 2, lambda n: told.append((n, len(done))))
    assert out == [0, 1, 2, 3, 4]
    assert told == [(2, 2), (2, 4), (1, 5)]  # each chunk told as soon as it is played
