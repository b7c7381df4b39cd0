"""Determinism (issue 6, item 3): same seed and actions ⇒ the same bytes, in any process.

* two child processes with different ``PYTHONHASHSEED`` write byte-identical logs with ``dg run``,
  identical to the log of the same game played in this process, and ``dg replay`` confirms them;
* every log of the suite's random games replays (``distant_galaxy.play.runner.replay_log``);
* saving at every step (``distant_galaxy.play.saves``) and restoring (``GameState.from_json`` of the saved JSON)
  continues identically: the same events and the same final hash.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from distant_galaxy.harness.reliability import (
    Case,
    Tally,
    check_save_restore,
    random_game,
    replay_text,
    scenario_of,
    seats_for,
)

ALL_STEPS = os.environ.get("DG_CONFORMANCE_RESTORE_ALL", "") not in ("", "0")
MAX_RESTORE_POINTS = 120
"""Restore points per game by default (every step when the game is shorter, or when
DG_CONFORMANCE_RESTORE_ALL=1)."""


def _run_child(case: Case, seed: int, log: Path, hashseed: str, env: dict[str, str]) -> str:
    cmd = [sys.executable, "-m", "distant_galaxy", "run", case.path, "--seed", str(seed), "--log",
           str(log), "--quiet", "--json"]
    if case.variant:
        cmd += ["--variant", case.variant]
    for option in case.options:
        cmd += ["--option", option]
    n = case.seat_count(seed)
    if n is not None:
        cmd += ["--players", str(n)]
    out = subprocess.run(cmd, check=False, env={**env, "PYTHONHASHSEED": hashseed}, capture_output=True,
                         text=True, timeout=240)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_two_processes_same_log(case: Case, tmp_path: Path, plugin_env: dict[str, str]):
    from distant_galaxy.play.runner import new_session, play

    seed = 7
    a, b, here = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "here.jsonl"
    out_a = _run_child(case, seed, a, "0", plugin_env)
    out_b = _run_child(case, seed, b, "4242", plugin_env)
    assert a.read_bytes() == b.read_bytes()
    assert out_a == out_b
    session = new_session(scenario_of(case), seed, seats_for(case, seed), {}, here)
    assert play(session)
    assert here.read_bytes() == a.read_bytes()
    replay = subprocess.run([sys.executable, "-m", "distant_galaxy", "replay", str(a)], env=plugin_env,
                            check=False, capture_output=True, text=True, timeout=240)
    assert replay.returncode == 0, replay.stderr
    assert "replay matches" in replay.stdout


def test_every_log_replays(case: Case, seed: int, tmp_path: Path):
    played = random_game(case, seed, Tally(), undo_probes=0.2, invariants=False)
    report = replay_text(played.log, tmp_path)
    assert report.ok, (report.line, report.message, report.expected, report.actual)
    assert report.records == played.log.count("\n")


def test_save_and_restore_at_every_step(case: Case, tmp_path: Path):
    played = random_game(case, 3, Tally(), invariants=False)
    n = len(played.actions)
    steps = None
    if not ALL_STEPS and n + 1 > MAX_RESTORE_POINTS:
        steps = sorted({round(i * n / (MAX_RESTORE_POINTS - 1)) for i in range(MAX_RESTORE_POINTS)})
    tally = Tally()
    check_save_restore(case, 3, played.actions, tmp_path, tally, steps)
    assert not tally.failures, "\n".join(tally.failures)
    assert tally.restores_checked == (n + 1 if steps is None else len(steps))
