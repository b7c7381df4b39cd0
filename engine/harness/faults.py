"""Saves and logs under stress: save/restore continuation, interrupted saves, tampered logs.

Owns :func:`check_save_restore` (save at a step, restore, continue: same events, same final
hash), :func:`failing_write` and :func:`interrupted_save` (a write that fails at ``fsync`` or
half-way must leave the previous save readable and unchanged, with no temporary left), and
:func:`tamper_log` / :func:`check_tampered` (a truncated, edited, shortened or garbled log must be
reported at the first bad line). The games come from :mod:`distant_galaxy.harness.conformance`.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError, LogError, SaveError
from distant_galaxy.harness.conformance import Case, Tally, scenario_of, seats_for
from distant_galaxy.play.log import dumps
from distant_galaxy.play.runner import replay_log
from distant_galaxy.play.saves import read_save, save_game


def check_save_restore(case: Case, seed: int, actions: list[str], folder: Path, tally: Tally,
                       steps: list[int] | None = None) -> None:
    """Save after each step in ``steps`` (default: every step), restore, continue identically."""
    scenario = scenario_of(case)
    ref = Game(scenario, seats=seats_for(case, seed), seed=seed)
    marks = [len(ref.events)]
    for a in actions:
        ref.apply(a)
        marks.append(len(ref.events))
    final = ref.state.hash()
    ref_events = [json.dumps(e, sort_keys=True) for e in ref.events]
    wanted = set(range(len(actions) + 1)) if steps is None else set(steps)
    game = Game(scenario, seats=seats_for(case, seed), seed=seed)
    path = folder / "restore.save"
    header = {"scenario": scenario.id, "variant": case.variant,
              "options": list(case.options), "seed": seed,
              "source": str(scenario.path)}
    for i in range(len(actions) + 1):
        if i in wanted:
            save_game(game, header, path)
            payload = read_save(path)
            again = Game(scenario, state=payload["state"], seed=seed)
            again.history = [tuple(a) for a in payload["actions"]]  # type: ignore[misc]
            if [list(h) for h in again.history] != [list(h) for h in game.history]:
                tally.fail(case, seed, f"save at step {i}: the action history differs")
            try:
                for a in actions[i:]:
                    again.apply(a)
            except EngineError as exc:
                tally.fail(case, seed, f"restored at step {i}: action failed: {exc}")
                continue
            events = [json.dumps(e, sort_keys=True) for e in again.events]
            tally.restores_checked += 1
            if again.state.hash() != final:
                tally.fail(case, seed, f"restored at step {i}: final hash differs")
            elif events != ref_events[marks[i]:]:
                first = next((j for j, (x, y) in enumerate(zip(events, ref_events[marks[i]:], strict=False))
                              if x != y), None)
                tally.fail(case, seed, f"restored at step {i}: events differ (event {first})")
        if i < len(actions):
            game.apply(actions[i])


@contextmanager
def failing_write(mode: str = "fsync") -> Iterator[None]:
    """Make the next atomic save fail: at ``fsync`` (disk full) or half-way through ``write``."""
    if mode == "fsync":
        with mock.patch("distant_galaxy.play.saves.os.fsync",
                        side_effect=OSError(28, "No space left on device")):
            yield
        return
    real_fdopen = os.fdopen

    def half_writer(fd: int, *a: Any, **kw: Any) -> Any:
        fh = real_fdopen(fd, *a, **kw)
        real_write = fh.write

        def write(text: str) -> int:
            real_write(text[: len(text) // 2])
            fh.flush()
            raise OSError(5, "Input/output error")

        fh.write = write  # type: ignore[method-assign]
        return fh

    with mock.patch("distant_galaxy.play.saves.os.fdopen", half_writer):
        yield


def interrupted_save(game: Game, path: Path, header: dict[str, Any], tally: Tally, case: Case,
                     seed: int, rng: random.Random) -> None:
    """Save (good), change nothing on disk with a failing save, check the good one survives."""
    if not path.exists():
        save_game(game, header, path)
    good = read_save(path)["state"].hash()
    tally.saves_interrupted += 1
    try:
        with failing_write(rng.choice(["fsync", "write"])):
            save_game(game, header, path)
    except OSError:
        pass
    else:
        tally.fail(case, seed, "an injected write failure did not reach the caller")
    try:
        back = read_save(path)["state"].hash()
    except SaveError as exc:
        tally.fail(case, seed, f"the previous save was lost: {exc}")
        return
    leftovers = [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    if back != good:
        tally.fail(case, seed, "the previous save changed")
    elif leftovers:
        tally.fail(case, seed, f"temporary files left: {leftovers}")
    else:
        tally.saves_recovered += 1
    save_game(game, header, path)  # the next good save


def tamper_log(text: str, rng: random.Random) -> tuple[str, int, bool] | None:
    """A damaged copy of a log and the line where replay must report it.

    Returns (text, line, exact): ``exact`` is False when the report may come at that line or later
    (an edited action that is still legal only shows in the events after it).
    """
    lines = text.splitlines(keepends=True)
    if len(lines) < 3:
        return None
    kind = rng.choice(["truncate", "edit", "delete", "garbage"])
    n = rng.randrange(1, len(lines))  # 0-based, never the header
    if kind == "truncate":
        cut = rng.randrange(1, max(2, len(lines[n]) - 1))
        return "".join(lines[:n]) + lines[n][:cut], n + 1, True
    if kind == "garbage":
        return "".join(lines[:n]) + '{"kind": "event", oops\n' + "".join(lines[n + 1:]), n + 1, True
    if kind == "delete":
        cands = [i for i in range(1, len(lines)) if i + 1 >= len(lines) or lines[i] != lines[i + 1]]
        n = rng.choice(cands)
        return "".join(lines[:n] + lines[n + 1:]), n + 1, False
    rec = json.loads(lines[n])
    if rec.get("kind") == "action":
        rec["action"] = rec["action"] + " 0,0"
        exact = False
    else:
        rec["tampered"] = rng.randrange(1000)
        exact = True
    return "".join(lines[:n]) + dumps(rec) + "\n" + "".join(lines[n + 1:]), n + 1, exact


def check_tampered(text: str, folder: Path, rng: random.Random, tally: Tally, case: Case,
                   seed: int) -> None:
    damaged = tamper_log(text, rng)
    if damaged is None:
        return
    bad, line, exact = damaged
    path = folder / "tampered.jsonl"
    path.write_text(bad, encoding="utf-8")
    tally.logs_tampered += 1
    try:
        report = replay_log(path)
        got, ok = report.line, report.ok
    except LogError as exc:
        got, ok = _line_of(str(exc)), False
    if ok:  # only a log that was reported counts as detected (a cut log is incomplete)
        tally.fail(case, seed, f"a log damaged at line {line} replays as fine")
    elif got is None or got < line or (exact and got != line):
        tally.fail(case, seed, f"a log damaged at line {line} was reported at line {got}")
    else:
        tally.tampering_detected += 1


def _line_of(message: str) -> int | None:
    parts = message.split(":")
    for p in parts[1:]:
        if p.strip().isdigit():
            return int(p)
    return None
