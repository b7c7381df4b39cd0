"""The conformance and reliability harness (tests/conformance, bench/reliability.py, dg reliability).

It plays seeded random games of every scenario and variant that ``dg list`` shows, choosing uniformly
among the legal actions, and checks on the way:

* the invariants of :mod:`engine.invariants` after every action, and that the game ends within the
  scenario's limit;
* illegal input at random points — malformed texts and well-formed actions made by mutating legal
  ones (shifted cells, swapped token ids, changed numbers, wrong seat) — is refused with an
  :class:`~engine.errors.ActionError` carrying a message, and leaves the state hash unchanged;
* ``undo`` restores the state exactly;
* the JSONL log replays (:func:`engine.runner.replay_log`);
* a save interrupted by a failing write leaves the previous save readable;
* save and restore at a step continues identically (same events, same final hash);
* a tampered log is reported at the first bad line.

:class:`Tally` counts what was tried and lists every failure with the scenario, seed and action, so
a failure can be re-run alone.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

from engine.actions import Action
from engine.errors import ActionError, EngineError, LogError, SaveError
from engine.game import Game
from engine.invariants import check_invariants
from engine.log import LogWriter, make_header
from engine.scenario import Scenario, load_scenario

DEFAULT_MAX_ACTIONS = 20_000
"""Random games of a scenario without a round limit must end within this many actions."""


# -- the cases: every scenario and variant ----------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One scenario file and variant; ``players`` is the (min, max) seat count."""

    label: str
    path: str
    variant: str | None
    players: tuple[int, int] | None = None
    load_error: str | None = None

    def seat_count(self, seed: int) -> int | None:
        """The seat count used with ``seed`` (seeds cycle through min..max players)."""
        if self.players is None:
            return None
        lo, hi = self.players
        return lo + seed % (hi - lo + 1)


def shipped_cases(extra: list[str | Path] | None = None) -> list[Case]:
    """A case per scenario and variant of ``dg list`` (engine.catalog), plus ``extra`` files."""
    from engine.catalog import catalog
    from engine.scenario import scenarios_dir

    out: list[Case] = []
    for entry in catalog():
        path = Path(entry["path"])
        if not path.is_absolute():
            path = scenarios_dir().parent / path
        players = _players(entry.get("players"))
        error = entry["title"] if str(entry["title"]).startswith("(does not load") else None
        for variant in [None, *entry["variants"]]:
            label = entry["id"] + (f"[{variant}]" if variant else "")
            out.append(Case(label, str(path), variant, players, error))
    for p in extra or []:
        out.extend(file_cases(p))
    return out


def file_cases(path: str | Path) -> list[Case]:
    """The cases (base and every variant) of one scenario file."""
    from engine.loader import load_yaml_file

    data = load_yaml_file(path).data
    players = data.get("players", {})
    n = len(data.get("seats", []))
    span = (int(players.get("min", n)), int(players.get("max", n)))
    return [Case(data["id"] + (f"[{v}]" if v else ""), str(path), v, span)
            for v in [None, *sorted(data.get("variants", {}))]]


def _players(text: Any) -> tuple[int, int] | None:
    try:
        lo, hi = str(text).split("-")
        return int(lo), int(hi)
    except ValueError:
        return None


_SCENARIOS: dict[tuple[str, str | None], Scenario] = {}


def scenario_of(case: Case) -> Scenario:
    """The loaded scenario of a case (cached per process)."""
    key = (case.path, case.variant)
    if key not in _SCENARIOS:
        _SCENARIOS[key] = load_scenario(case.path, case.variant)
    return _SCENARIOS[key]


def seats_for(case: Case, seed: int) -> list[str]:
    return scenario_of(case).seat_ids(case.seat_count(seed))


# -- counts and failures ----------------------------------------------------------------------
@dataclass
class Tally:
    """What a run tried, and every failure (with what it takes to reproduce it)."""

    games: int = 0
    actions: int = 0
    decisions_checked: int = 0
    illegal_tried: int = 0
    illegal_rejected: int = 0
    undos: int = 0
    saves_interrupted: int = 0
    saves_recovered: int = 0
    restores_checked: int = 0
    logs_replayed: int = 0
    logs_tampered: int = 0
    tampering_detected: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, case: Case, seed: int, message: str) -> None:
        self.failures.append(f"{case.label} seed {seed}: {message}")

    def add(self, other: Tally) -> None:
        for k, v in asdict(other).items():
            if k == "failures":
                self.failures.extend(v)
            else:
                setattr(self, k, getattr(self, k) + v)

    def counts(self) -> dict[str, int]:
        return {k: v for k, v in asdict(self).items() if k != "failures"}


# -- illegal input ------------------------------------------------------------------------------
GARBAGE = ["", "   ", "\t", "!!!", "@#$ 1,2", "42", "-", "é∂ƒ", "move\x00E1", "end end end",
           "fly E1 1,1", "teleport", "x" * 5000, "move E1 a,b", "move E1 1,", "move E1 ,1",
           "move E1 1;2", "place 9999999999999999999999,1", "undo", "quit", "__class__",
           "{}", "null", "END 1"]


def malformed_inputs(game: Game, rng: random.Random, k: int = 4) -> list[str]:
    """A few texts that are not actions of this game (garbage, unknown verbs, bad arguments)."""
    legal = {str(a) for a in game.legal_actions()}
    out = rng.sample(GARBAGE, k)
    out.append("".join(chr(rng.randrange(33, 127)) for _ in range(rng.randrange(1, 20))))
    verbs = sorted(game.kinds)
    verb = rng.choice(verbs)
    out.append(f"{verb} {rng.choice(['??', '1,2,3', 'x,y', '-1,-1', '', '99999,99999 extra'])}")
    return [t for t in out if t.strip() not in legal]


def mutated_actions(game: Game, rng: random.Random, k: int = 6) -> list[Action]:
    """Well-formed actions made by mutating legal ones, that are not in the legal list."""
    legal = game.legal_actions()
    if not legal:
        return []
    legal_set = set(legal)
    tokens = sorted(game.state.tokens)
    grid = game.scenario.grid
    out: list[Action] = []
    for _ in range(k * 4):
        if len(out) >= k:
            break
        base = rng.choice(legal)
        args = list(base.args)
        choice = rng.randrange(4)
        if args and choice < 3:
            i = rng.randrange(len(args))
            args[i] = _mutate_arg(args[i], rng, tokens, grid.width, grid.height)
        elif choice == 3 and args:
            args.pop(rng.randrange(len(args)))
        else:
            args.append(rng.choice(["1,1", "E1", "0", "extra"]))
        cand = Action(base.verb, tuple(args))
        if cand not in legal_set and cand not in out:
            out.append(cand)
    return out


def _mutate_arg(arg: str, rng: random.Random, tokens: list[str], width: int, height: int) -> str:
    bits = arg.split(",")
    if len(bits) == 2 and all(b.lstrip("-").isdigit() for b in bits):
        x, y = int(bits[0]), int(bits[1])
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (2, -1), (-3, 2)])
        far = rng.choice([None, (-1, y), (x, -1), (width, y), (x, height), (width + 7, height + 7)])
        nx, ny = far if far is not None else (x + dx, y + dy)
        return f"{nx},{ny}"
    if arg in tokens or (tokens and arg[:1].isalpha() and arg[1:].isdigit()):
        others = [t for t in tokens if t != arg] or ["T999999"]
        return rng.choice([rng.choice(others), "T999999", arg + "0"])
    if arg.lstrip("-").isdigit():
        return str(int(arg) + rng.choice([1, -1, 7, 10**6, -(10**6)]))
    return rng.choice([arg + "x", arg.upper() + "_", "nothing", arg[:-1] or "x"])


def probe_illegal(game: Game, rng: random.Random, tally: Tally, case: Case, seed: int) -> bool:
    """Try malformed and illegal inputs; each must raise ActionError and change nothing.

    Returns False when an illegal input was accepted (the game must then stop: it has diverged).
    """
    before = game.state.hash()
    n_events = len(game.events)
    legal_before = [str(a) for a in game.legal_actions()]
    pend = game.pending
    tries: list[tuple[Action | str, str | None]] = [(t, None) for t in malformed_inputs(game, rng)]
    tries += [(a, None) for a in mutated_actions(game, rng)]
    others = [s for s in game.state.seats if pend is not None and s != pend.seat]
    if others and legal_before:
        tries.append((rng.choice(game.legal_actions()), rng.choice(others)))
    for what, seat in tries:
        tally.illegal_tried += 1
        try:
            game.apply(what, seat=seat)
        except ActionError as exc:
            if not str(exc).strip():
                tally.fail(case, seed, f"illegal input {str(what)[:80]!r} refused without a message")
            elif game.state.hash() != before or len(game.events) != n_events:
                tally.fail(case, seed, f"illegal input {str(what)[:80]!r} changed the state")
                return False
            else:
                tally.illegal_rejected += 1
            continue
        except Exception as exc:
            tally.fail(case, seed, f"illegal input {str(what)[:80]!r} (seat {seat}) raised "
                                   f"{type(exc).__name__}: {exc}")
            if game.state.hash() != before:
                return False
            continue
        tally.fail(case, seed, f"illegal input {str(what)[:80]!r} (seat {seat}) was accepted at "
                               f"action {len(game.history) - 1} (legal: {legal_before[:8]}…)")
        return False
    if [str(a) for a in game.legal_actions()] != legal_before:
        tally.fail(case, seed, "the legal actions changed after refused inputs")
        return False
    return True


# -- random play -------------------------------------------------------------------------------
@dataclass
class Played:
    """A finished random game: the actions in order, the log text, the final hash."""

    game: Game
    actions: list[str]
    log: str
    final_hash: str
    ok: bool


def random_game(case: Case, seed: int, tally: Tally, *, probes: float = 0.0,
                undo_probes: float = 0.0, invariants: bool = True,
                max_actions: int = DEFAULT_MAX_ACTIONS, stop_after: int | None = None) -> Played:
    """Play a game choosing uniformly among the legal actions (``random.Random(seed)``).

    ``probes`` is the chance per decision to try illegal inputs, ``undo_probes`` the chance to
    apply an action, undo it (the state must come back exactly) and apply it again. Illegal
    inputs draw from their own generator, so the choices — and the log — do not depend on them.
    ``stop_after`` stops the game early (not a failure; the game is then not over).
    """
    scenario = scenario_of(case)
    seats = seats_for(case, seed)
    lines: list[str] = []
    writer = _TextLog(lines)
    writer(make_header(scenario.id, scenario.variant, seats, seed, source=str(scenario.path)))
    choose = random.Random(f"choose:{seed}")
    probe_rng = random.Random(f"probe:{seed}")
    actions: list[str] = []
    ok = True
    try:
        game = Game(scenario, seats=seats, seed=seed, sink=writer)
    except Exception as exc:
        tally.fail(case, seed, f"set-up failed: {type(exc).__name__}: {exc}")
        raise
    tally.games += 1
    limit = scenario.limits.get("rounds")
    while not game.over:
        if invariants:
            broken = check_invariants(game)
            tally.decisions_checked += 1
            if broken:
                tally.fail(case, seed, f"after action {len(actions)} "
                                       f"({actions[-1] if actions else 'set-up'}): "
                                       + "; ".join(broken[:5]))
                ok = False
                break
        legal = game.legal_actions()
        if not legal:
            tally.fail(case, seed, f"no legal action at action {len(actions)}")
            ok = False
            break
        if (probes and probe_rng.random() < probes
                and not probe_illegal(game, probe_rng, tally, case, seed)):
            ok = False
            break
        if stop_after is not None and len(actions) >= stop_after:
            break
        if len(actions) >= max_actions:
            tally.fail(case, seed, f"the game did not end within {max_actions} actions "
                                   f"(round {game.state.round}, limit {limit})")
            ok = False
            break
        action = choose.choice(legal)
        try:
            applied = False
            if undo_probes and probe_rng.random() < undo_probes:
                before = game.state.hash()
                game.apply(action)
                applied = True
                if game.can_undo():
                    game.undo()
                    tally.undos += 1
                    applied = False
                    if game.state.hash() != before:
                        tally.fail(case, seed, f"undo of action {len(actions)} '{action}' did "
                                               "not restore the state")
                        ok = False
                        break
            if not applied:
                game.apply(action)
        except Exception as exc:
            tally.fail(case, seed, f"legal action {len(actions)} '{action}' failed: "
                                   f"{type(exc).__name__}: {exc}")
            ok = False
            break
        actions.append(str(action))
        tally.actions += 1
    if ok and invariants:
        broken = check_invariants(game)
        if broken:
            tally.fail(case, seed, "at the end: " + "; ".join(broken[:5]))
            ok = False
    if ok and game.result is not None:
        writer({"kind": "result", **game.result})
    return Played(game, actions, "".join(lines), game.state.hash(), ok)


class _TextLog(LogWriter):
    """A log writer that keeps the JSONL text in memory."""

    def __init__(self, lines: list[str]):
        super().__init__(None)
        self.lines = lines

    def __call__(self, record: dict[str, Any]) -> None:
        from engine.log import dumps

        self.lines.append(dumps(record) + "\n")


# -- determinism, replay, saves -----------------------------------------------------------------
def replay_text(text: str, folder: Path) -> Any:
    """Replay a log given as text (written to ``folder``); returns the ReplayReport."""
    from engine.runner import replay_log

    path = folder / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    return replay_log(path)


def play_actions(case: Case, seed: int, actions: list[str]) -> Game:
    scenario = scenario_of(case)
    game = Game(scenario, seats=seats_for(case, seed), seed=seed)
    for a in actions:
        game.apply(a)
    return game


def check_save_restore(case: Case, seed: int, actions: list[str], folder: Path, tally: Tally,
                       steps: list[int] | None = None) -> None:
    """Save after each step in ``steps`` (default: every step), restore, continue identically."""
    from engine.saves import read_save, save_game

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
    header = {"scenario": scenario.id, "variant": case.variant, "seed": seed,
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
        with mock.patch("engine.saves.os.fsync", side_effect=OSError(28, "No space left on device")):
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

    with mock.patch("engine.saves.os.fdopen", half_writer):
        yield


def interrupted_save(game: Game, path: Path, header: dict[str, Any], tally: Tally, case: Case,
                     seed: int, rng: random.Random) -> None:
    """Save (good), change nothing on disk with a failing save, check the good one survives."""
    from engine.saves import read_save, save_game

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
    from engine.log import dumps

    return "".join(lines[:n]) + dumps(rec) + "\n" + "".join(lines[n + 1:]), n + 1, exact


def check_tampered(text: str, folder: Path, rng: random.Random, tally: Tally, case: Case,
                   seed: int) -> None:
    from engine.runner import replay_log

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
    if ok:
        # a cut exactly after a complete action is a valid log of an unfinished game
        if bad.endswith("\n") and not exact:
            tally.tampering_detected += 1
            return
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


def run(cases: list[Case], games: int, *, first_seed: int = 1, progress: bool = False) -> Tally:
    """Play ``games`` games round-robin over ``cases`` with every check; return the tally."""
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
            if progress and (i + 1) % 50 == 0:
                print(f"  {i + 1}/{games} games, {tally.actions} actions, "
                      f"{len(tally.failures)} failures", file=sys.stderr)
    return tally


def _run_chunk(args: tuple[list[Case], list[str], int, int, int]) -> Tally:
    cases, extra_paths, games, first_seed, offset = args
    for p in extra_paths:
        register_example_plugin(Path(p))
    tally = Tally()
    loadable = [c for c in cases if _loads(c, tally)]
    with tempfile.TemporaryDirectory(prefix="dg-reliability-") as tmp:
        for i in range(offset, offset + games):
            case = loadable[i % len(loadable)]
            full_check(case, first_seed + i // len(loadable), Path(tmp), tally)
    return tally


def _loads(case: Case, tally: Tally) -> bool:
    try:
        scenario_of(case)
        return True
    except EngineError as exc:
        if tally is not None:
            tally.fail(case, 0, f"does not load: {str(exc).splitlines()[0]}")
        return False


def run_parallel(cases: list[Case], games: int, jobs: int, first_seed: int = 1,
                 plugin_roots: list[str] | None = None) -> Tally:
    """:func:`run` split over ``jobs`` processes (same games and seeds as a serial run)."""
    if jobs <= 1:
        return run(cases, games, first_seed=first_seed)
    from concurrent.futures import ProcessPoolExecutor

    total = Tally()
    loadable = [c for c in cases if _loads(c, total)]
    if not loadable:
        return total
    per = -(-games // jobs)
    chunks = [(loadable, plugin_roots or [], min(per, games - k * per), first_seed, k * per)
              for k in range(jobs) if games - k * per > 0]
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_run_chunk, chunks):
            total.add(part)
    return total


# -- the example plugin (tests/example_plugin) outside pytest -------------------------------------
def register_example_plugin(root: Path) -> None:
    """Make ``dg_example_race`` importable and registered (as tests/conftest.py does)."""
    from engine import plugins

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
def format_report(tally: Tally, cases: list[Case], seconds: float) -> str:
    c = tally.counts()
    lines = [
        f"scenarios/variants : {len(cases)} ({', '.join(x.label for x in cases)})",
        f"games              : {c['games']}",
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="reliability", description=__doc__.splitlines()[0])
    add_arguments(p)
    return run_command(p.parse_args(argv))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    p.add_argument("--scenario", action="append", default=[],
                   help="only this scenario id or file (repeatable); default: every shipped one")
    p.add_argument("--example", action="store_true",
                   help="also play the example race of tests/ (its plugin is registered)")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")


def run_command(args: argparse.Namespace) -> int:
    roots: list[str] = []
    extra: list[str | Path] = []
    if args.example:
        repo = Path(__file__).resolve().parent.parent
        roots.append(str(repo / "tests" / "example_plugin"))
        register_example_plugin(Path(roots[0]))
        extra.append(repo / "tests" / "data" / "scenarios" / "race.yaml")
    cases = shipped_cases(extra)
    if args.scenario:
        cases = [c for c in cases if c.label.split("[")[0] in args.scenario or c.path
                 in args.scenario]
    if not cases:
        print("no scenarios to play (none shipped; use --example)", file=sys.stderr)
        return 2
    start = time.perf_counter()
    tally = run_parallel(cases, args.games, args.jobs, args.seed, roots)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({**tally.counts(), "failures": tally.failures, "seconds": seconds,
                          "cases": [c.label for c in cases]}, indent=1))
    else:
        print(format_report(tally, cases, seconds))
    return 1 if tally.failures else 0


__all__ = [
    "Case",
    "Tally",
    "check_save_restore",
    "failing_write",
    "file_cases",
    "interrupted_save",
    "main",
    "probe_illegal",
    "random_game",
    "run",
    "run_parallel",
    "shipped_cases",
    "tamper_log",
]


def _register_cli() -> None:
    from engine.cli import COMMANDS, extra_subcommands

    @extra_subcommands
    def _add(sub: Any) -> None:
        p = sub.add_parser("reliability", help="play many random games with every check and "
                                                "print the counts (docs/reliability.md)")
        add_arguments(p)

    COMMANDS["reliability"] = run_command


_register_cli()
