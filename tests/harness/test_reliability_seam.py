"""``dg reliability`` deals its games through the executor seam of ``dg simulate``
(distant_galaxy.harness.reliability.run_parallel): the same tally as a serial run, for any
number of workers; a scenario that does not load is one failure, not one per chunk."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from distant_galaxy.harness.reliability import Case, run, run_parallel, shipped_cases


def cases() -> list[Case]:
    return [c for c in shipped_cases() if c.label.startswith("tic-tac-toe")]


def test_same_tally_serially_inline_and_on_two_processes():
    serial = run(cases(), 12)
    for tally in (run_parallel(cases(), 12, 1), run_parallel(cases(), 12, 2)):
        assert tally.counts() == serial.counts()
        assert tally.failures == serial.failures == []
    assert serial.games == 12


def test_any_executor_will_do():
    """An executor of processes (the fault checks patch the save's write for a moment, so they
    are not for threads of one process)."""
    with ProcessPoolExecutor(2) as pool:
        tally = run_parallel(cases()[:2], 4, 2, executor=pool)
    assert tally.counts() == run(cases()[:2], 4).counts()


def test_a_case_that_does_not_load_fails_once(tmp_path):
    bad = Case("nothing", str(tmp_path / "nothing.yaml"), None)
    tally = run_parallel([bad, *cases()[:1]], 40, 2)
    assert len(tally.failures) == 1 and "does not load" in str(tally.failures[0])
    assert tally.games == 40


def test_progress_is_told_every_game():
    seen: list[int] = []
    tally = run_parallel(cases()[:2], 6, 2, advance=seen.append)
    assert sum(seen) == 6 and len(seen) == 6  # one game a chunk for so few
    assert tally.counts() == run(cases()[:2], 6).counts()
