"""The reliability run (distant_galaxy.harness.reliability): a progress callback sees every game,
and handing the games out in smaller chunks for it changes nothing in the tally."""

from __future__ import annotations

from distant_galaxy.harness.reliability import run, run_parallel, shipped_cases


def test_progress_counts_every_game_and_leaves_the_tally_as_it_was():
    cases = [c for c in shipped_cases() if c.label in ("tic-tac-toe", "tic-tac-toe[+wide]")]
    seen: list[int] = []
    with_bar = run_parallel(cases, 6, 2, advance=seen.append)
    without = run_parallel(cases, 6, 2)
    assert sum(seen) == 6 and len(seen) > 2  # chunks smaller than one per job
    assert with_bar.counts() == without.counts() and with_bar.failures == without.failures == []
    serial: list[int] = []
    assert run(cases, 6, advance=serial.append).counts() == without.counts()
    assert serial == [1] * 6
