"""The conformance and reliability harness (tests/conformance, bench/reliability.py, dg reliability).

It plays seeded random games of every scenario and variant that ``dg list`` shows, choosing uniformly
among the legal actions, and checks on the way:

* the invariants of :mod:`distant_galaxy.harness.invariants` after every action, and that the
  game ends within the scenario's limit;
* illegal input at random points — malformed texts and well-formed actions made by mutating legal
  ones (shifted cells, swapped token ids, changed numbers, wrong seat) — is refused with an
  :class:`~distant_galaxy.errors.ActionError` carrying a message, and leaves the state hash unchanged;
* ``undo`` restores the state exactly;
* the JSONL log replays (:func:`distant_galaxy.play.runner.replay_log`);
* a save interrupted by a failing write leaves the previous save readable;
* save and restore at a step continues identically (same events, same final hash);
* a tampered log is reported at the first bad line.

:class:`Tally` counts what was tried and lists every failure with the scenario, seed and action, so
a failure can be re-run alone.

The games and illegal inputs are in :mod:`distant_galaxy.harness.conformance`, the checks on
saves and logs in :mod:`distant_galaxy.harness.faults`; this module runs them (:func:`full_check`,
serially, or dealt a few games at a time to the executor seam of ``dg simulate``), formats the
report (``dg reliability`` prints it, from :mod:`distant_galaxy.cli.handlers.reliability`), and
re-exports the harness's public names
(``from distant_galaxy.harness.reliability import random_game`` keeps working).
"""

from __future__ import annotations

import contextlib
import random
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path

from distant_galaxy import plugins
from distant_galaxy.errors import EngineError
from distant_galaxy.harness.conformance import (
    DEFAULT_MAX_ACTIONS,
    GARBAGE,
    Case,
    Played,
    Tally,
    file_cases,
    malformed_inputs,
    mutated_actions,
    play_actions,
    probe_illegal,
    random_game,
    replay_text,
    scenario_of,
    seats_for,
    shipped_cases,
)
from distant_galaxy.harness.faults import (
    check_save_restore,
    check_tampered,
    failing_write,
    interrupted_save,
    tamper_log,
)
from distant_galaxy.simulate.executor import chunk_size, local_executor, run_chunks


# -- one full check of a game, as the report runs it ----------------------------------------------
def full_check(case: Case, seed: int, folder: Path, tally: Tally, *, restore_points: int = 8
               ) -> None:
    """Random game with probes, replay of its log, a tampered log, saves interrupted and restored."""
    rng = random.Random(f"faults:{seed}")
    try:
        played = random_game(case, seed, tally, probes=0.15, undo_probes=0.0)
    except Exception as exc:
        tally.fail(case, seed, f"crash: {type(exc).__name__}: {exc}")
        return
    if not played.ok:
        return
    report = replay_text(played.log, folder)
    tally.logs_replayed += 1
    if not report.ok:
        tally.fail(case, seed, f"replay differs at line {report.line}: {report.message}")
    check_tampered(played.log, folder, rng, tally, case, seed)
    n = len(played.actions)
    steps = sorted({0, n, *(rng.randrange(n + 1) for _ in range(restore_points))})
    check_save_restore(case, seed, played.actions, folder, tally, steps)
    game = play_actions(case, seed, played.actions[: rng.randrange(n + 1)])
    header = {"scenario": case.label, "seed": seed}
    save = folder / "interrupted.save"
    if save.exists():
        save.unlink()
    interrupted_save(game, save, header, tally, case, seed, rng)


def run(cases: list[Case], games: int, *, first_seed: int = 1, progress: bool = False,
        advance: Callable[[int], None] | None = None) -> Tally:
    """Play ``games`` games round-robin over ``cases`` with every check; return the tally.
    ``advance(n)``, if given, is called as games finish (a progress bar)."""
    tally = Tally()
    loadable = []
    for case in cases:
        try:
            scenario_of(case)
            loadable.append(case)
        except EngineError as exc:
            tally.fail(case, 0, f"does not load: {str(exc).splitlines()[0]}")
    if not loadable:
        return tally
    with tempfile.TemporaryDirectory(prefix="dg-reliability-") as tmp:
        for i in range(games):
            case = loadable[i % len(loadable)]
            seed = first_seed + i // len(loadable)
            full_check(case, seed, Path(tmp), tally)
            if advance is not None:
                advance(1)
            if progress and (i + 1) % 50 == 0:
                print(f"  {i + 1}/{games} games, {tally.actions} actions, "
                      f"{len(tally.failures)} failures", file=sys.stderr)
    return tally


@dataclass(frozen=True)
class GameChecker:
    """Every check of the games a worker is dealt, by index: game ``i`` is
    ``cases[i % len(cases)]`` with seed ``first_seed + i // len(cases)`` (the order :func:`run`
    plays them in). Picklable, so a process pool or a cluster can call it."""

    cases: tuple[Case, ...]
    plugin_roots: tuple[str, ...]
    first_seed: int

    def __call__(self, indices: list[int]) -> list[Tally]:
        for p in self.plugin_roots:  # in a worker: the example plugin registered first
            register_example_plugin(Path(p))
        tally = Tally()
        n = len(self.cases)
        with tempfile.TemporaryDirectory(prefix="dg-reliability-") as tmp:
            for i in indices:
                full_check(self.cases[i % n], self.first_seed + i // n, Path(tmp), tally)
        return [tally]


def _loads(case: Case, tally: Tally) -> bool:
    try:
        scenario_of(case)
        return True
    except EngineError as exc:
        tally.fail(case, 0, f"does not load: {str(exc).splitlines()[0]}")
        return False


def run_parallel(cases: list[Case], games: int, jobs: int, first_seed: int = 1,
                 plugin_roots: list[str] | None = None, executor: Executor | None = None,
                 advance: Callable[[int], None] | None = None) -> Tally:
    """:func:`run`'s games and checks dealt to ``executor`` (default: ``jobs`` local processes,
    this process for one) a few games at a time, through the seam of ``dg simulate``
    (:func:`distant_galaxy.simulate.executor.run_chunks`): cheap and dear scenarios mix over the
    workers, and the tally (its failures in game order) does not depend on their number.
    ``advance(n)``, if given, is told as each chunk of ``n`` games finishes (a progress bar)."""
    total = Tally()
    loadable = tuple(c for c in cases if _loads(c, total))
    if not loadable or games <= 0:
        return total
    check = GameChecker(loadable, tuple(plugin_roots or ()), first_seed)
    with contextlib.ExitStack() as stack:
        if executor is None:
            executor = stack.enter_context(local_executor(jobs))
        for part in run_chunks(executor, check, range(games), chunk_size(games, jobs), advance):
            total.add(part)
    return total


# -- the example plugin (tests/example_plugin) outside pytest -------------------------------------
def register_example_plugin(root: Path) -> None:
    """Make ``dg_example_race`` importable and registered (as tests/conftest.py does)."""
    site = Path(tempfile.gettempdir()) / "dg-example-plugin-site"
    dist = site / "dg_example_race-0.1.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: dg-example-race\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        "[distant_galaxy.plugins]\nexample_race = dg_example_race\n")
    for p in (str(site), str(root)):
        if p not in sys.path:
            sys.path.insert(0, p)
    plugins.refresh()


# -- the report -----------------------------------------------------------------------------------
def _coverage(games: int, cases: list[Case]) -> str:
    """`` (game i plays case i mod N: …)``, said when some cases got no game or fewer than
    others (nothing when every case got the same number)."""
    n = len(cases)
    if not n or games % n == 0:
        return ""
    if games < n:
        return (f" (game i plays case i mod {n}: only the first {games} were played, from "
                f"{cases[0].label} to {cases[games - 1].label}; --games {n} plays each)")
    return (f" (game i plays case i mod {n}: the first {games % n} cases got one game more; "
            f"a multiple of {n} plays each as often)")


def format_report(tally: Tally, cases: list[Case], seconds: float) -> str:
    c = tally.counts()
    lines = [
        f"scenarios/variants : {len(cases)} ({', '.join(x.label for x in cases)})",
        f"games              : {c['games']}{_coverage(c['games'], cases)}",
        f"actions            : {c['actions']}",
        f"invariant checks   : {c['decisions_checked']}",
        f"illegal tried      : {c['illegal_tried']}",
        f"illegal rejected   : {c['illegal_rejected']}",
        f"saves interrupted  : {c['saves_interrupted']}",
        f"saves recovered    : {c['saves_recovered']}",
        f"restores checked   : {c['restores_checked']}",
        f"logs replayed      : {c['logs_replayed']}",
        (f"logs tampered      : {c['logs_tampered']} (detected at the right line: "
         f"{c['tampering_detected']})"),
        f"failures           : {len(tally.failures)} (mismatches, crashes, lost saves)",
        f"time               : {seconds:.1f} s",
    ]
    lines += [f"  FAIL {f}" for f in tally.failures[:50]]
    return "\n".join(lines)


__all__ = [  # the harness's public names, wherever they live
    "DEFAULT_MAX_ACTIONS",
    "GARBAGE",
    "Case",
    "GameChecker",
    "Played",
    "Tally",
    "check_save_restore",
    "check_tampered",
    "failing_write",
    "file_cases",
    "interrupted_save",
    "malformed_inputs",
    "mutated_actions",
    "play_actions",
    "probe_illegal",
    "random_game",
    "replay_text",
    "run",
    "run_parallel",
    "scenario_of",
    "seats_for",
    "shipped_cases",
    "tamper_log",
]
